"""A question: a kind, what it asks, and the position it asks about; its solution and a grade.

The position never holds the answer: `solve()` asks the rules core through the kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tutor.text import Text, both

if TYPE_CHECKING:
    from .inputs import Input
    from .kind import Kind


@dataclass(frozen=True, eq=False, kw_only=True)
class Question:
    """One question: `type` names its kind, `question` what the kind is asked about it."""

    type: str
    question: str
    position: Mapping[str, Any] = field(repr=False)
    wording: Text | None = None  # the content's own wording of the question, if any

    @property
    def kind(self) -> Kind:
        """The kind that reads, solves and grades this question."""
        from .kinds import KINDS

        return KINDS[self.type]

    def asks(self) -> Text:
        """What is asked, in one sentence."""
        return self.wording or self.kind.questions[self.question]

    def prompt(self) -> Text:
        """The position as a learner reads it (card marks for cards), ending with the question."""
        return self.kind.prompt(self)

    def seen(self) -> dict[str, Any] | None:
        """The card play's position a page draws with its position view, or None."""
        return self.kind.seen(self)

    def ask(self) -> Text:
        """What is asked beside the position a page draws (the prompt when it draws none)."""
        return self.kind.ask(self)

    def answer_format(self) -> Text:
        """How to write an answer."""
        return self.kind.answer_format(self)

    def answer_input(self) -> Input:
        """The input a page draws for the answer."""
        return self.kind.answer_input(self)

    def solve(self) -> Solution:
        """The answer and its explanation, computed by the rules core."""
        return self.kind.solve(self)

    def grade(self, answer: Any) -> Grade:
        """Grade an answer; AnswerError (saying the expected format) if it cannot be read."""
        from .words import answer_words

        kind = self.kind
        given, given_text = kind.parse_answer(self, answer)
        solution = kind.solve(self)
        correct = kind.is_correct(self, given, solution)
        words = Text(*(answer_words(self, solution.text, lang) for lang in ("en", "zh")))
        return Grade(correct, given_text, solution.text,
                     kind.explain(self, given, correct, solution), words)

    def hint(self, answer: Any) -> Text:
        """A pointer to the rule a wrong `answer` missed, without the solution; AnswerError
        if the answer cannot be read."""
        given, _ = self.kind.parse_answer(self, answer)
        return self.kind.hint(self, given)

    def public(self) -> dict[str, Any]:
        """The JSON-ready form sent to a browser: what is asked and shown, never the answer."""
        kind = self.kind
        return {"type": self.type, "question": self.question,
                "prompt": kind.prompt(self).as_dict(),
                "answer_format": kind.answer_format(self).as_dict(),
                "position": kind.public_position(self)}


@dataclass(frozen=True)
class Solution:
    """The answer (`value` for comparing, `text` in the answer format) and why."""

    value: Any
    text: str
    explanation: Text


@dataclass(frozen=True)
class Grade:
    """A graded answer: right or wrong, the expected answer, and the explanation."""

    correct: bool
    given: str  # the learner's answer, normalised to the answer format
    expected: str
    explanation: Text
    expected_words: Text | None = None  # `expected` as people read it (None: as it is)

    def head(self) -> Text:
        """`Correct.` or `Not quite: the answer is …`, the answer in words."""
        if self.correct:
            return both("question.correct")
        words = self.expected_words or Text(self.expected, self.expected)
        return both("question.not_quite", answer=words)

    def text(self, lang: str = "en") -> str:
        """Verdict and explanation in one paragraph."""
        return (self.head() + Text(" ", "") + self.explanation).get(lang)
