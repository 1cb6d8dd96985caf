"""Text helpers shared by the puzzle types: trump, suits and units in both languages."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tutor.rules import Trump, Unit, format_cards

from ..model import Puzzle
from ..text import Text, cards, join, sentence


def trump_text(trump: Trump) -> Text:
    """`level 2, trump ♠ (spades)` / `打2，主黑桃♠`."""
    return Text(trump.describe("en"), trump.describe("zh"))


def suit_text(trump: Trump, card: int) -> Text:
    """The effective suit of a card: `♥` or `trumps` / `主牌`."""
    eff = trump.effective_suit(card)
    return Text(trump.suit_label(eff, "en"), trump.suit_label(eff, "zh"))


def unit_text(unit: Unit) -> Text:
    """`pair 10♥ 10♥` / `对子 10♥ 10♥`."""
    return Text(unit.describe("en"), unit.describe("zh"))


def listing(items: Iterable[Text]) -> Text:
    """Items joined with commas: `a, b, c` / `a、b、c`."""
    items = list(items)
    return Text(", ".join(t.en for t in items), "、".join(t.zh for t in items))


def ascii_cards(cards: Sequence[int]) -> str:
    """Cards in canonical ASCII (`10H SJ`)."""
    return format_cards(list(cards))


def trump_public(trump: Trump) -> dict[str, Any]:
    """What a browser needs to know about the trump."""
    return {"level": trump.level, "suit": trump.suit, "text": trump_text(trump).as_dict()}


def cards_prompt(p: Puzzle, question: Text) -> Text:
    """`Level 2, trump ♥. Cards: … .` followed by the question (puzzles about a card set)."""
    pos = p.position
    return join([sentence(trump_text(pos["trump"])),
                 Text(f"Cards: {cards(pos['cards'])}.", f"牌：{cards(pos['cards'])}。"),
                 question])
