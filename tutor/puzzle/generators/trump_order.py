"""Trump-order puzzles: cards from a dealt hand, biased towards the cards that confuse.

Difficulty score (tier: 0–1 easy, 2–3 medium, 4+ hard), one point each for: two level cards of
different plain suits (equal); the trump-suit level card with other level cards; both jokers;
the trump suit's A or K with a high level (Q, K, A); seven or more cards; for `trumps`, plain
cards of a rank next to the level rank.
"""

from __future__ import annotations

import random

from tutor.rules import Card

from .common import RANK_ORDER, Candidate, deal, random_trump, text, tier


def generate(rng: random.Random) -> Candidate | None:
    """One trump-order puzzle, or None if the hand is short of trumps."""
    hands, _ = deal(rng)
    trump = random_trump(rng)
    question = "order" if rng.random() < 0.6 else "trumps"
    hand = hands[rng.randrange(5)]
    pool = [c for c in hand if trump.is_trump(c)] if question == "order" else list(hand)
    if len(pool) < 6:
        return None
    n = rng.randrange(5, 10)

    def weight(c: Card) -> float:
        """Jokers, level cards, A and K are picked more often."""
        return 4.0 if c.is_joker or c.rank == trump.level or c.rank in ("A", "K") else 1.0

    cards: list[Card] = []
    while len(cards) < n and pool:
        c = rng.choices(pool, [weight(x) for x in pool])[0]
        pool.remove(c)
        cards.append(c)
    levels = {c.suit for c in cards if not c.is_joker and c.rank == trump.level}
    plain_levels = levels - {trump.suit}
    near = question == "trumps" and any(
        not trump.is_trump(c) and abs(RANK_ORDER[c.rank] - RANK_ORDER[trump.level]) == 1
        for c in cards)
    score = (len(plain_levels) >= 2) + (trump.suit in levels and bool(plain_levels)) \
        + (len({c for c in cards if c.is_joker}) == 2) \
        + (RANK_ORDER[trump.level] >= 10 and any(c.suit == trump.suit and c.rank in ("A", "K")
                                                 for c in cards)) + (n >= 7) + near
    themes = ["trump_order"] + (["trump-chain"] if levels else [])
    fields = {"level": trump.level, "suit": trump.suit, "cards": text(cards)}
    return Candidate(question, fields, themes, tier(score), {"score": score})
