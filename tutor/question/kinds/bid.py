"""Bid questions (亮主, §7, lesson step `bid`): select cards from your hand that make a legal
bid over the standing bid. Any legal bid is right; the rules core judges it."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from tutor.rules import SUIT_NAMES_ZH, SUIT_SYMBOLS, Card, StandingBid, bid_error, bid_options
from tutor.text import Text, both

from ..answers import answer_cards, ascii_cards, bad_answer, sorted_cards
from ..fields import Fields
from ..inputs import Input, PickCards
from ..kind import Kind
from ..model import Question, Solution
from ..text import join, listing, mark, seat

DECKS = 3


class BidKind(Kind):
    name = "bid"
    questions: ClassVar[dict[str, Text]] = {"bid": both("bid.q_bid")}
    steps: ClassVar[dict[str, str]] = {"bid": "bid"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        hand = f.cards("hand", 1)
        you = f.seat("seat", default=1)
        cards = f.cards("standing", 0, DECKS, default="")
        standing_seat = f.seat("standing_seat", default=0)
        standing = None
        if cards:
            first = cards[0]
            if any(c != first for c in cards) or first.rank != trump.level:
                raise f.error("standing", both("bid.err_standing", level=trump.level))
            standing = StandingBid(standing_seat, first.suit, len(cards))
        pos = {"level": trump.level, "hand": hand, "seat": you, "standing": standing,
               "standing_cards": cards}
        if not self._options(pos):
            raise f.error("hand", both("bid.err_no_bid"))
        return pos

    def _options(self, pos: Any) -> list[tuple[Card, ...]]:
        return bid_options(pos["hand"], pos["level"], pos["seat"], pos["standing"], DECKS)

    def prompt(self, q: Question) -> Text:
        pos = q.position
        head = both("bid.you", level=pos["level"], seat=pos["seat"])
        if pos["standing"] is None:
            standing = both("bid.no_bid")
        else:
            standing = both("bid.standing", seat=seat(pos["standing"].seat),
                            cards=mark(pos["standing_cards"]))
        return join([head, standing, q.asks()])

    def answer_format(self, q: Question) -> Text:
        return both("bid.format")

    def answer_input(self, q: Question) -> Input:
        return PickCards(tuple(q.position["hand"]), plain=True)

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        cards = answer_cards(q, answer)
        if Counter(cards) - Counter(q.position["hand"]):
            raise bad_answer(q, both("bid.not_shown"))
        return sorted_cards(cards), ascii_cards(cards)

    def is_correct(self, q: Question, given: Any, solution: Solution) -> bool:
        return self._error(q, given) is None

    def _error(self, q: Question, cards: Any) -> Text | None:
        pos = q.position
        err = bid_error(pos["hand"], cards, pos["level"], pos["seat"], pos["standing"], DECKS)
        return None if err is None else Text(err.text("en"), err.text("zh"))

    def _legal(self, cards: Any) -> Text:
        suit = Card(cards[0]).suit
        return both("bid.legal", cards=mark(cards),
                    suit=Text(SUIT_SYMBOLS[suit], f"{SUIT_NAMES_ZH[suit]}{SUIT_SYMBOLS[suit]}"))

    def solve(self, q: Question) -> Solution:
        options = self._options(q.position)
        first = options[0]
        why = join([self._legal(first),
                    both("bid.all", bids=listing(Text(mark(o), mark(o)) for o in options))])
        return Solution(sorted_cards(first), ascii_cards(first), why)

    def explain(self, q: Question, given: Any, correct: bool, solution: Solution) -> Text:
        if correct:
            return self._legal(given)
        why = self._error(q, given)
        return join([why, solution.explanation]) if why else solution.explanation

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        standing = pos["standing"]
        return {"level": pos["level"], "seat": pos["seat"], "hand": ascii_cards(pos["hand"]),
                "standing": ascii_cards(pos["standing_cards"]),
                "standing_seat": None if standing is None else standing.seat}


KIND = BidKind()
