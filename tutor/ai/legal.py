"""Legal choices computed from an observation alone (the player never sees the Hand)."""

from __future__ import annotations

from tutor.rules import SUITS, Card, Observation


def bid_options(obs: Observation) -> list[tuple[Card, ...]]:
    """Every legal bid for the observing seat now: 1–decks identical level cards."""
    decks = obs.rules.decks
    standing = obs.standing_bid
    out: list[tuple[Card, ...]] = []
    for suit in SUITS:
        card = Card(f"{obs.level}{suit}")
        held = obs.hand.count(card)
        for n in range(1, min(held, decks) + 1):
            if standing is not None:
                if n <= standing.count:
                    continue
                if standing.seat == obs.seat and suit != standing.suit:
                    continue
            out.append((card,) * n)
    return out


def callable_cards() -> list[Card]:
    """Every card a friend call may name (any non-joker)."""
    return [Card(k) for k in range(52)]
