"""Interactive steps: a position, a question, and answers graded by the rules core.

Three input kinds: `cards` (select cards from `pick_from`), `choice` (one of `options()`)
and `number`. A lesson file never states an answer; `solution()` computes it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple

from tutor.rules import Card, CardError, Trump, parse_cards

from .fields import Fields
from .text import Text, mark


class Verdict(NamedTuple):
    """The grading of one answer: right or wrong, and why, in English and Chinese."""

    correct: bool
    explanation_en: str
    explanation_zh: str

    def text(self, lang: str = "en") -> str:
        return self.explanation_zh if lang == "zh" else self.explanation_en


def verdict(correct: bool, why: Text) -> Verdict:
    return Verdict(correct, why.en, why.zh)


class Step:
    """Base of every step type; subclasses read their position in `read(fields)`."""

    type: ClassVar[str] = ""
    input: ClassVar[str] = ""  # "cards", "choice" or "number"
    default_question: ClassVar[Text] = Text("", "")

    def __init__(self, f: Fields, trump: Trump) -> None:
        self.trump: Trump = trump
        self.read(f)
        self.question: Text = f.text("question", required=False) or self.default_question
        self.validate(f)

    def read(self, f: Fields) -> None:
        """Read the type's own position fields."""

    def validate(self, f: Fields) -> None:
        """Raise `f.error(...)` if the rules core cannot answer this position."""

    def prompt(self) -> Text:
        """The position, as text with card marks (shown above the question)."""
        return Text("", "")

    def check(self, answer: Any) -> Verdict:
        """Grade an answer; a malformed answer is wrong, with a message saying why."""
        value = self.parse(answer)
        if isinstance(value, Text):
            return verdict(False, value)
        return self.judge(value)

    def parse(self, answer: Any) -> Any:
        """The answer as the type's value, or a Text saying what is wrong with it."""
        return answer

    def judge(self, value: Any) -> Verdict:
        raise NotImplementedError

    def solution(self) -> Any:
        """A correct answer, computed by the rules core."""
        raise NotImplementedError

    def wrong_answer(self) -> Any:
        """An answer the rules core marks wrong (for tests and demonstrations)."""
        raise NotImplementedError


class CardsStep(Step):
    """Select cards from `pick_from` (at most `max_select`; 0 means any number)."""

    input = "cards"
    pick_from: list[Card]
    max_select: int = 0

    def parse(self, answer: Any) -> Any:
        try:
            cards = parse_cards(answer) if isinstance(answer, str) else [Card(c) for c in answer]
        except (CardError, TypeError, ValueError):
            return Text("Select cards by clicking them.", "请点击选择牌。")
        extra = Counter(cards) - Counter(self.pick_from)
        if extra:
            return Text("Select only cards that are shown.", "只能选择显示出来的牌。")
        if not cards:
            return Text("Select some cards first.", "请先选择牌。")
        if self.max_select and len(cards) > self.max_select:
            return Text(f"Select at most {self.max_select} card(s).",
                        f"最多选择{self.max_select}张牌。")
        return cards

    def wrong_answer(self) -> Any:
        """The first selection of the solution's size (or size 1) that is marked wrong."""
        from itertools import combinations

        size = len(self.solution())
        for n in (size, 1, size + 1, size - 1):
            if n < 1 or n > len(self.pick_from):
                continue
            for combo in combinations(self.pick_from, n):
                if not self.check(list(combo)).correct:
                    return list(combo)
        raise AssertionError("every selection is right")


class ChoiceStep(Step):
    """Choose one of `options()`: (key, label) pairs; labels may hold card marks."""

    input = "choice"

    def options(self) -> list[tuple[str, Text]]:
        raise NotImplementedError

    def parse(self, answer: Any) -> Any:
        keys = [k for k, _ in self.options()]
        if str(answer) not in keys:
            return Text("Choose one of the options.", "请选择一个选项。")
        return str(answer)

    def label(self, key: str) -> Text:
        return dict(self.options())[key]

    def wrong_answer(self) -> Any:
        """An option other than the solution, chosen without asking `check`: a test that
        expects it graded wrong can then catch a `check` that accepts more than the solution."""
        right = self.solution()
        return next(k for k, _ in self.options() if k != right)


class NumberStep(Step):
    """Answer with a whole number."""

    input = "number"

    def parse(self, answer: Any) -> Any:
        try:
            if isinstance(answer, bool):
                raise ValueError
            return int(str(answer).strip())
        except ValueError:
            return Text("Write a whole number.", "请填写一个整数。")

    def judge(self, value: Any) -> Verdict:
        right = self.solution()
        return verdict(value == right, self.explain(right))

    def explain(self, right: int) -> Text:
        raise NotImplementedError

    def wrong_answer(self) -> Any:
        return self.solution() + 1


YES_NO = [("yes", Text("Yes", "是")), ("no", Text("No", "否"))]


def cards_text(cards: Sequence[int]) -> Text:
    """Cards as a mark, the same in both languages."""
    return Text(mark(cards), mark(cards))
