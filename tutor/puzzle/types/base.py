"""What every puzzle type provides, and helpers for reading answers.

A type reads its position from a file entry, solves it with the rules core, explains the
solution in both languages, reads a learner's answer and says what a browser may see.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

from tutor.rules import Card, CardError, parse_cards

from ..errors import AnswerError
from ..fields import Fields
from ..model import Puzzle, Solution
from ..text import Text


class PuzzleType:
    """Base class of the puzzle types; subclasses fill in every method."""

    name: str = ""
    questions: ClassVar[dict[str, Text]] = {}  # question key -> what it asks; first is default

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        """Parse and check the position fields; raise PuzzleFileError on bad input."""
        raise NotImplementedError

    def solve(self, p: Puzzle) -> Solution:
        """The answer and its explanation, from the rules core."""
        raise NotImplementedError

    def prompt(self, p: Puzzle) -> Text:
        """The question with its position, as a learner reads it."""
        raise NotImplementedError

    def answer_format(self, p: Puzzle) -> Text:
        """How to write an answer."""
        raise NotImplementedError

    def parse_answer(self, p: Puzzle, answer: Any) -> tuple[Any, str]:
        """The answer as a comparable value and as normalised text; AnswerError if unreadable."""
        raise NotImplementedError

    def is_correct(self, p: Puzzle, given: Any, solution: Solution) -> bool:
        """Does the parsed answer match the solution?"""
        return given == solution.value

    def public_position(self, p: Puzzle) -> dict[str, Any]:
        """What the question shows, JSON-ready; never the answer."""
        raise NotImplementedError


def answer_text(answer: Any, p: Puzzle) -> str:
    """The answer as text; lists of strings/cards are joined with spaces."""
    if isinstance(answer, str):
        return answer.strip()
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if isinstance(answer, int):
        return str(answer)
    if isinstance(answer, Sequence):
        return " ".join(str(a) for a in answer)
    raise AnswerError(_fmt(p))


def _fmt(p: Puzzle) -> Text:
    fmt = p.kind.answer_format(p)
    return Text(f"Cannot read that answer. {fmt.en}", f"无法识别这个答案。{fmt.zh}")


def bad_answer(p: Puzzle, en: str = "", zh: str = "") -> AnswerError:
    """An AnswerError that says what went wrong (if given) and the expected format."""
    fmt = p.kind.answer_format(p)
    if en:
        return AnswerError(Text(f"{en} {fmt.en}", f"{zh}{fmt.zh}"))
    return AnswerError(_fmt(p))


def answer_cards(p: Puzzle, answer: Any) -> list[Card]:
    """Cards from an answer (`"10H 10H"` or a list of cards)."""
    if isinstance(answer, Sequence) and not isinstance(answer, str):
        try:
            return parse_cards(answer)
        except (CardError, TypeError):
            raise bad_answer(p) from None
    text = answer_text(answer, p)
    try:
        cards = parse_cards(text)
    except CardError:
        bad = next(t for t in re.split(r"[\s,;]+", text) if t and not _is_card(t))
        raise bad_answer(p, f"'{bad}' is not a card (write rank then suit: AS, 10H, 7♦, SJ, BJ).",
                         f"「{bad}」不是一张牌（先写点数再写花色：AS、10H、7♦、SJ、BJ）。"
                         ) from None
    if not cards:
        raise bad_answer(p, "The answer is empty.", "答案是空的。")
    return cards


def _is_card(token: str) -> bool:
    try:
        parse_cards(token)
    except CardError:
        return False
    return True


YES = {"yes", "y", "true", "是", "对", "是的"}
NO = {"no", "n", "false", "否", "不是", "不"}


def answer_yes_no(p: Puzzle, answer: Any) -> bool:
    """`yes`/`no` (also 是/否, true/false)."""
    if isinstance(answer, bool):
        return answer
    text = answer_text(answer, p).lower()
    if text in YES:
        return True
    if text in NO:
        return False
    raise bad_answer(p)


def answer_int(p: Puzzle, answer: Any, lo: int, hi: int) -> int:
    """One whole number (`"200"`, `"×8"`, `8`)."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        value = answer
    else:
        text = answer_text(answer, p).lower().lstrip("x×*").strip()
        if not re.fullmatch(r"[+-]?\d+", text):
            raise bad_answer(p)
        value = int(text)
    if not lo <= value <= hi:
        raise bad_answer(p, f"{value} is out of range ({lo} to {hi}).",
                         f"{value} 超出范围（{lo}到{hi}）。")
    return value


def answer_seat(p: Puzzle, answer: Any, alone: bool = False) -> int | None:
    """A seat number 0–4 (`"3"`, `"seat 3"`, `"3号位"`); with `alone`, also `alone`/`一打四`."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        text = str(answer)
    else:
        text = answer_text(answer, p).lower()
    if alone and text in ("alone", "none", "一打四", "无", "没有"):
        return None
    m = re.fullmatch(r"(?:seat\s*)?([0-4])(?:\s*号位?)?", text)
    if not m:
        raise bad_answer(p)
    return int(m.group(1))


def sorted_cards(cards: Sequence[int]) -> tuple[Card, ...]:
    """A canonical multiset form for comparing card answers."""
    return tuple(sorted(Card(c) for c in cards))
