"""A question's answer in words for people, in the reader's language.

An answer is graded and saved in its canonical text (`ok`, `1`, `A C`, `declarer 2`,
`10H 10H`); people read it as the question's own choices name it: the label of the option
chosen, `Seat 1` / `1号位`, cards drawn in their symbols, `The throw succeeds` / `甩牌成功`.
The verdict under a question, the teacher's results and the teacher's CSV all say answers
through `answer_words`.
"""

from __future__ import annotations

import json
from functools import singledispatch
from typing import Any

from tutor.rules import CardError, parse_cards
from tutor.text import Text, both

from .errors import AnswerError
from .inputs import Choice, Input, Number, Numbers, PickCards, Several, SideLevels, ThrowOutcome
from .model import Question
from .scoring_text import side_text
from .text import listing, mark, plain, same, seat_cap

NONE = "none"


def answer_words(q: Question, answer: Any, lang: str) -> str:
    """`answer` in words for a reader of `lang`, from the question's own labels (else as given)."""
    try:
        _, text = q.kind.parse_answer(q, answer)
    except (AnswerError, CardError, TypeError, ValueError):
        return plain(_cards_or_text(_as_text(answer)).get(lang), lang)
    return plain(words(q.answer_input(), text).get(lang), lang)


def _as_text(answer: Any) -> str:
    """A stored answer as text: a string as it is, none as nothing, else compact JSON."""
    if answer is None:
        return ""
    if isinstance(answer, str):
        return answer.strip()
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


def _cards_or_text(text: str) -> Text:
    """Cards (`10H 10H`, groups split by `|`) as card marks joined by `+`, else the text."""
    groups = [g for g in text.split("|") if g.strip()]
    try:
        parsed = [parse_cards(g) for g in groups]
    except CardError:
        return same(text)
    if not parsed or not all(parsed):
        return same(text)
    return same(" + ".join(mark(g) for g in parsed))


def _none() -> Text:
    return both("question.words_none")


def _option(options: tuple[tuple[str, Text], ...], key: str) -> Text:
    """The label of option `key` (or of the same cards), else a seat, else cards or the key."""
    if key in dict(options):
        return dict(options)[key]
    cards = _card_set(key)
    found = [label for k, label in options if cards is not None and _card_set(k) == cards]
    if found:
        return found[0]
    return seat_cap(int(key)) if key.isdigit() else _cards_or_text(key)


def _card_set(text: str) -> list[int] | None:
    """The cards of one group (`10H KH`) in a canonical order; None if it is not cards."""
    try:
        return None if "|" in text else sorted(parse_cards(text)) or None
    except CardError:
        return None


@singledispatch
def words(spec: Input, text: str) -> Text:
    """The canonical answer `text` to an input `spec` in words, cards as marks."""
    return same(text)


@words.register
def _choice(spec: Choice, text: str) -> Text:
    return _option(spec.options, text)


@words.register
def _several(spec: Several, text: str) -> Text:
    if text == NONE:
        return _none()
    return listing(_option(spec.options, key) for key in text.split())


@words.register
def _pick(spec: PickCards, text: str) -> Text:
    return _none() if text == NONE else _cards_or_text(text)


@words.register
def _throw(spec: ThrowOutcome, text: str) -> Text:
    if text == "ok":
        return both("question.words_throw_ok")
    return both("question.words_throw_fails", cards=_cards_or_text(text).en)


@words.register
def _number(spec: Number, text: str) -> Text:
    return same(text)


@words.register
def _numbers(spec: Numbers, text: str) -> Text:
    values = text.split()
    if len(values) != len(spec.labels):
        return same(text)
    return listing(label + Text(f": {v}", f"：{v}")
                   for label, v in zip(spec.labels, values, strict=True))


@words.register
def _side_levels(spec: SideLevels, text: str) -> Text:
    if text == NONE:
        return side_text(NONE, 0)
    side, _, levels = text.partition(" ")
    return side_text(side, int(levels)) if levels.isdigit() else same(text)
