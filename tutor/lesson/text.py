"""Bilingual text and the card notation `[[AH AH KH KH]]` used inside lesson pages."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tutor.rules import Card, Text, format_cards, parse_cards

LANGS = ("en", "zh")
CARD_MARK = re.compile(r"\[\[(.*?)\]\]", re.S)


def join(parts: Iterable[Text]) -> Text:
    """Sentences one after another: a space between English ones, none between Chinese."""
    parts = [p for p in parts if p.en or p.zh]
    return Text(" ".join(p.en for p in parts), "".join(p.zh for p in parts))


def mark(cards: Iterable[int]) -> str:
    """Cards in lesson notation, drawn as cards by the Learn page: `[[AH AH KH KH]]`."""
    return f"[[{format_cards(cards)}]]"


def marked_cards(text: str) -> list[list[Card]]:
    """Every `[[...]]` group of a text, parsed (raises CardError on a bad card)."""
    return [parse_cards(m.group(1)) for m in CARD_MARK.finditer(text)]


def split_marks(text: str) -> list[str | list[Card]]:
    """The text cut into plain strings and card lists, in order (for renderers)."""
    out: list[str | list[Card]] = []
    last = 0
    for m in CARD_MARK.finditer(text):
        out.append(text[last:m.start()])
        out.append(parse_cards(m.group(1)))
        last = m.end()
    out.append(text[last:])
    return [part for part in out if part != ""]
