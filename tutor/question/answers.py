"""Reading a learner's answer: cards, yes/no, numbers, seats and choices, with errors that
say what went wrong and how to write the answer."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from tutor.rules import Card, CardError, format_cards, parse_cards
from tutor.text import Text, both

from .errors import AnswerError
from .model import Question


def bad_answer(q: Question, why: Text | None = None) -> AnswerError:
    """An AnswerError that says what went wrong (if given) and the expected format."""
    fmt = q.answer_format()
    if why is None:
        why = both("question.answer_unreadable")
    return AnswerError(Text(f"{why.en} {fmt.en}", f"{why.zh}{fmt.zh}"))


def answer_text(q: Question, answer: Any) -> str:
    """The answer as text; lists of strings or cards are joined with spaces."""
    if isinstance(answer, str):
        return answer.strip()
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if isinstance(answer, int):
        return str(answer)
    if isinstance(answer, Sequence):
        return " ".join(str(a) for a in answer)
    raise bad_answer(q)


def answer_cards(q: Question, answer: Any, allow_empty: bool = False) -> list[Card]:
    """Cards from an answer (`"10H 10H"` or a list of cards)."""
    if isinstance(answer, Sequence) and not isinstance(answer, str):
        try:
            cards = parse_cards(answer)
        except (CardError, TypeError):
            raise bad_answer(q) from None
    else:
        text = answer_text(q, answer)
        try:
            cards = parse_cards(text)
        except CardError:
            bad = next(t for t in re.split(r"[\s,;]+", text) if t and not _is_card(t))
            raise bad_answer(q, both("question.answer_not_card", token=bad)) from None
    if not cards and not allow_empty:
        raise bad_answer(q, both("question.answer_empty"))
    return cards


def _is_card(token: str) -> bool:
    try:
        parse_cards(token)
    except CardError:
        return False
    return True


def sorted_cards(cards: Iterable[int]) -> tuple[Card, ...]:
    """A canonical multiset form for comparing card answers."""
    return tuple(sorted(Card(c) for c in cards))


def ascii_cards(cards: Iterable[int]) -> str:
    """Cards in canonical ASCII (`10H SJ`), the form answers are written in."""
    return format_cards(list(cards))


YES = {"yes", "y", "true", "是", "对", "是的"}
NO = {"no", "n", "false", "否", "不是", "不"}


def answer_yes_no(q: Question, answer: Any) -> bool:
    """`yes`/`no` (also 是/否, true/false)."""
    if isinstance(answer, bool):
        return answer
    text = answer_text(q, answer).lower()
    if text in YES:
        return True
    if text in NO:
        return False
    raise bad_answer(q)


def answer_int(q: Question, answer: Any, lo: int, hi: int) -> int:
    """One whole number (`"200"`, `"×8"`, `8`) in [lo, hi]."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        value = answer
    else:
        text = answer_text(q, answer).lower().lstrip("x×*").strip()
        if not re.fullmatch(r"[+-]?\d+", text):
            raise bad_answer(q)
        value = int(text)
    if not lo <= value <= hi:
        raise bad_answer(q, both("question.answer_range", value=value, lo=lo, hi=hi))
    return value


def answer_seat(q: Question, answer: Any, alone: bool = False) -> int | None:
    """A seat 0–4 (`"3"`, `"seat 3"`, `"3号位"`); with `alone`, also `alone`/`一打四` (None)."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        text = str(answer)
    else:
        text = answer_text(q, answer).lower()
    if alone and text in ("alone", "none", "一打四", "无", "没有"):
        return None
    m = re.fullmatch(r"(?:seat\s*)?([0-4])(?:\s*号位?)?", text)
    if not m:
        raise bad_answer(q)
    return int(m.group(1))


def answer_choice(q: Question, answer: Any, keys: Iterable[str]) -> str:
    """One of the option keys of a `Choice` input."""
    text = answer_text(q, answer)
    keys = list(keys)
    if text not in keys:
        raise bad_answer(q, both("question.answer_choose"))
    return text
