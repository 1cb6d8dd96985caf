"""Bidding (亮主, RULES.md §7): showing level cards after the deal to set the trump suit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import SUITS, Card, card
from .errors import IllegalBid, IllegalPlay, cards_text


@dataclass(frozen=True)
class StandingBid:
    """The bid to beat: who showed how many level cards of which suit."""

    seat: int
    suit: str
    count: int


def bid_error(hand: Sequence[int], cards: Sequence[int], level: str, seat: int,
              standing: StandingBid | None, decks: int) -> IllegalBid | None:
    """Why showing `cards` is not a legal bid now, or None if it is."""
    if not 1 <= len(cards) <= decks:
        return IllegalBid("bid_too_many", max=decks)
    first = Card(cards[0])
    if first.is_joker or first.rank != level or any(c != first for c in cards):
        return IllegalBid("bid_not_level", level=level)
    if list(hand).count(first) < len(cards):
        return IllegalPlay("not_in_hand", cards=cards_text(cards))
    if standing is not None:
        if len(cards) <= standing.count:
            return IllegalBid("bid_too_weak", n=standing.count)
        if standing.seat == seat and first.suit != standing.suit:
            return IllegalBid("bid_own_suit", suit=standing.suit)
    return None


def bid_options(hand: Sequence[int], level: str, seat: int, standing: StandingBid | None,
                decks: int) -> list[tuple[Card, ...]]:
    """Every legal bid for this seat now (each a tuple of identical level cards)."""
    out = []
    for suit in SUITS:
        c = card(level, suit)
        held = list(hand).count(c)
        for n in range(1, min(held, decks) + 1):
            if bid_error(hand, (c,) * n, level, seat, standing, decks) is None:
                out.append((c,) * n)
    return out


def kitty_trump_suit(kitty: Sequence[int], level: str) -> str:
    """No bid in a later hand: the first level card in the kitty sets the suit, else the first
    non-joker card's suit."""
    for c in kitty:
        if Card(c).rank == level:
            return Card(c).suit  # type: ignore[return-value]
    for c in kitty:
        if not Card(c).is_joker:
            return Card(c).suit  # type: ignore[return-value]
    raise ValueError("a kitty of jokers only cannot set a trump suit")
