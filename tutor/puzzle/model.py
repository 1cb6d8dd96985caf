"""Value types of the puzzle layer: a puzzle, its solution, and a graded attempt."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .text import Text

if TYPE_CHECKING:
    from .types.base import PuzzleType


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One puzzle as read from the bank: metadata, the question key and the parsed position.

    The position holds no answer; `solve()` asks the rules core for it.
    """

    id: str
    type: str
    themes: tuple[str, ...]
    difficulty: int  # 1 easy, 2 medium, 3 hard
    question: str
    position: Mapping[str, Any] = field(repr=False)
    raw: Mapping[str, Any] = field(repr=False)  # the entry as written in the file
    file: str = ""

    @property
    def kind(self) -> PuzzleType:
        """The puzzle type object that reads, solves and grades this puzzle."""
        from .types import TYPES

        return TYPES[self.type]

    def prompt(self, lang: str = "en") -> str:
        """The question as a learner reads it."""
        return self.kind.prompt(self).get(lang)

    def answer_format(self, lang: str = "en") -> str:
        """How to write an answer to this puzzle."""
        return self.kind.answer_format(self).get(lang)

    def solve(self) -> Solution:
        """The answer and its explanation, computed by the rules core."""
        return self.kind.solve(self)

    def public(self) -> dict[str, Any]:
        """The JSON-ready form sent to a browser: the question and what it shows, no answer."""
        kind = self.kind
        return {
            "id": self.id,
            "type": self.type,
            "themes": list(self.themes),
            "difficulty": self.difficulty,
            "question": self.question,
            "prompt": kind.prompt(self).as_dict(),
            "answer_format": kind.answer_format(self).as_dict(),
            "position": kind.public_position(self),
        }


@dataclass(frozen=True)
class Solution:
    """The answer to a puzzle (`value` for comparing, `text` in the answer format) and why."""

    value: Any
    text: str
    explanation: Text


@dataclass(frozen=True)
class Grade:
    """A graded attempt: right or wrong, the expected answer, and the explanation."""

    correct: bool
    given: str  # the learner's answer, normalised to the answer format
    expected: str
    explanation: Text

    def text(self, lang: str = "en") -> str:
        """Verdict and explanation in one paragraph."""
        if self.correct:
            head = Text("Correct.", "正确。")
        else:
            head = Text(f"Not quite: the answer is {self.expected}.",
                        f"不对：答案是 {self.expected}。")
        return (head + self.explanation).get(lang)
