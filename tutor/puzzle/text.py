"""Bilingual text: every sentence a learner sees exists in English and Chinese.

`Text` pairs the two; helpers render cards and seats the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.rules import Text, format_cards

LANGS = ("en", "zh")


def _join(a: str, b: str, sep: str) -> str:
    return b if not a else a if not b else a + sep + b


def join(parts: Iterable[Text]) -> Text:
    """Sentences one after another (a space between English sentences, none in Chinese)."""
    en = zh = ""
    for part in parts:
        en, zh = _join(en, part.en, " "), _join(zh, part.zh, "")
    return Text(en, zh)


def sentence(text: Text) -> Text:
    """A phrase made a sentence: capitalised, with a full stop (`。`)."""
    return Text(text.en[:1].upper() + text.en[1:] + ".", text.zh + "。")


def same(text: str) -> Text:
    """Text that reads the same in both languages (cards, numbers)."""
    return Text(text, text)


def cards(cs: Iterable[int]) -> str:
    """Cards for people: `10♥ 10♥`, `小王`."""
    return format_cards(list(cs), unicode=True)


def seat(i: int) -> Text:
    """`seat 3` / `3号位`."""
    return Text(f"seat {i}", f"{i}号位")


def seat_cap(i: int) -> Text:
    """`Seat 3` / `3号位` (sentence start)."""
    return Text(f"Seat {i}", f"{i}号位")
