"""What every kind of question provides: the one plug-in model for lessons and puzzles.

A kind reads its position from a content table, solves it with `tutor.rules`, explains the
solution in both languages, reads and checks a learner's answer, and declares its input.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.text import Text, both, has

from .answers import answer_int
from .fields import Fields
from .inputs import Input, Number
from .model import Question, Solution

HINT = "hint"  # catalogue key of a kind's rule reminder: `<kind>.hint`, `<kind>.hint_<question>`


class Kind:
    """Base class of the kinds; subclasses fill in every method that raises here."""

    name: ClassVar[str] = ""
    questions: ClassVar[dict[str, Text]] = {}  # question key -> what it asks; first is default
    steps: ClassVar[dict[str, str]] = {}  # lesson step `type` -> question key it asks

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        """Parse and check the position fields; raise `f.error(...)` on bad input."""
        raise NotImplementedError

    def question(self, f: Fields, key: str, wording: Text | None = None) -> Question:
        """The question `key` about the position in `f`; every other field of `f` must have
        been read already (an unread one is a typo, and an error)."""
        position = self.read(f, key)
        f.finish()
        return Question(type=self.name, question=key, position=position, wording=wording)

    def solve(self, q: Question) -> Solution:
        """The answer and its explanation, from the rules core."""
        raise NotImplementedError

    def prompt(self, q: Question) -> Text:
        """The position as a learner reads it, ending with `q.asks()`."""
        raise NotImplementedError

    def seen(self, q: Question) -> dict[str, Any] | None:
        """A card play's position as its seat knew it, with its `source` (where it comes
        from), for a page to draw with its position view (`tutor.question.seen`); None where
        the prompt tells the whole position."""
        return None

    def ask(self, q: Question) -> Text:
        """What is asked beside a position the page draws (`seen`); the prompt otherwise."""
        return self.prompt(q)

    def answer_format(self, q: Question) -> Text:
        """How to write an answer (for typed answers and error messages)."""
        raise NotImplementedError

    def answer_input(self, q: Question) -> Input:
        """The input a page draws for this question."""
        raise NotImplementedError

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        """The answer as a comparable value and as normalised text; AnswerError if unreadable."""
        raise NotImplementedError

    def is_correct(self, q: Question, given: Any, solution: Solution) -> bool:
        """Does the parsed answer match the solution?"""
        return given == solution.value

    def explain(self, q: Question, given: Any, correct: bool, solution: Solution) -> Text:
        """Why the answer is right or wrong; by default the solution's explanation."""
        return solution.explanation

    def hint(self, q: Question, given: Any) -> Text:
        """What a first wrong answer is told: the rule it missed, never the answer. By
        default the catalogue's reminder for this question (`<kind>.hint_<question>`) or for
        the kind (`<kind>.hint`); a kind may say something about `given` (the parsed wrong
        answer) that does not give the solution away."""
        return both(self.hint_key(q, "hint_" + q.question))

    def hint_key(self, q: Question, specific: str) -> str:
        """`<kind>.<specific>` if the catalogue has it, else `<kind>.hint`."""
        key = f"{self.name}.{specific}"
        return key if has(key) else f"{self.name}.{HINT}"

    def public_position(self, q: Question) -> dict[str, Any]:
        """What the question shows, JSON-ready; never the answer."""
        raise NotImplementedError


class NumberKind(Kind):
    """A kind whose every question is answered with one whole number from 0 to `most`."""

    most: ClassVar[int] = 0

    def answer_input(self, q: Question) -> Input:
        return Number(0, self.most)

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        value = answer_int(q, answer, 0, self.most)
        return value, str(value)
