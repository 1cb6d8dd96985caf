"""Kitty-suit questions (§7, lesson step `kitty_suit`): nobody bid in a later hand, so the
kitty is turned up; which suit does it make trump?"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.rules import SUIT_NAMES_ZH, SUIT_SYMBOLS, SUITS, kitty_trump_suit
from tutor.text import Text, both

from ..answers import answer_choice, answer_text, ascii_cards
from ..fields import Fields
from ..inputs import Choice, Input
from ..kind import Kind
from ..model import Question, Solution
from ..text import join, mark


def suit_label(suit: str) -> Text:
    """`♥` / `红桃♥`."""
    return Text(SUIT_SYMBOLS[suit], f"{SUIT_NAMES_ZH[suit]}{SUIT_SYMBOLS[suit]}")


class KittySuitKind(Kind):
    name = "kitty_suit"
    questions: ClassVar[dict[str, Text]] = {"suit": both("kitty_suit.q_suit")}
    steps: ClassVar[dict[str, str]] = {"kitty_suit": "suit"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        kitty = f.cards("kitty", 1)
        if all(c.is_joker for c in kitty):
            raise f.error("kitty", both("kitty_suit.err_jokers"))
        return {"level": trump.level, "kitty": kitty}

    def prompt(self, q: Question) -> Text:
        pos = q.position
        return join([both("kitty_suit.turned_up", level=pos["level"], cards=mark(pos["kitty"])),
                     q.asks()])

    def answer_format(self, q: Question) -> Text:
        return both("kitty_suit.format")

    def answer_input(self, q: Question) -> Input:
        return Choice(tuple((s, suit_label(s)) for s in SUITS))

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        symbols = {v: k for k, v in SUIT_SYMBOLS.items()}
        text = answer_text(q, answer).upper()
        value = answer_choice(q, symbols.get(text, text), SUITS)
        return value, value

    def solve(self, q: Question) -> Solution:
        pos = q.position
        level, kitty = pos["level"], pos["kitty"]
        suit = kitty_trump_suit(kitty, level)
        hit = next((c for c in kitty if c.rank == level), None)
        if hit is not None:
            why = both("kitty_suit.first_level", level=level, card=mark([hit]))
        else:
            first = next(c for c in kitty if not c.is_joker)
            why = both("kitty_suit.first_card", level=level, card=mark([first]))
        return Solution(suit, suit, join([why, both("kitty_suit.trump", suit=suit_label(suit))]))

    def public_position(self, q: Question) -> dict[str, Any]:
        return {"level": q.position["level"], "kitty": ascii_cards(q.position["kitty"])}


KIND = KittySuitKind()
