"""Level-change puzzles: defender points near the boundaries, some with a kitty to add.

Difficulty score (tier: 0 easy, 1–2 medium, 3+ hard), one point each for: a kitty to add;
a multiplier above 2 (pair or more); the `max` rule with more than one candidate; P exactly on
a boundary; the declarer side taking the last trick (the kitty does not count); P of 240+.
"""

from __future__ import annotations

import random

from tutor.rules import card_points, kitty_multiplier, multiplier_candidates

from .common import Candidate, Pool, random_trump, text, tier
from .tricks import build_lead


def generate(rng: random.Random) -> Candidate | None:
    """One level-change puzzle near a boundary, or None."""
    boundary = rng.choice([0, 60, 60, 120, 120, 180, 180, 240, 300])
    with_kitty = rng.random() < 0.6
    fields: dict = {}
    score = 0
    if not with_kitty:
        points = max(0, min(300, boundary + rng.choice([-5, 0, 0, 5, 10, -10, 25, -25])))
        total = points
    else:
        trump = random_trump(rng)
        pool = Pool(trump, rng)
        n = rng.choice([1, 2, 2, 4, 4, 5, 6, 7])
        last = build_lead(pool, rng, rng.choice(list(pool.by_suit)), n)
        if last is None:
            return None
        kitty = pool.kitty()
        kp = card_points(kitty)
        winner = "declarer" if rng.random() < 0.2 else "defenders"
        rule = "max" if rng.random() < 0.2 else "first"
        mult = kitty_multiplier(last, trump, rule)
        bonus = kp * mult if winner == "defenders" else 0
        points = boundary - bonus + rng.choice([-5, 0, 0, 5, 15, -15])
        if not 0 <= points <= 300 - kp:
            return None
        total = points + bonus
        fields = {"level": trump.level, "suit": trump.suit, "kitty": text(trump.sort(kitty)),
                  "last": text(last), "last_winner": winner, "rule": rule}
        score += 1 + (mult > 2) + (rule == "max" and len(multiplier_candidates(last, trump)) > 2) \
            + (winner == "declarer")
    score += (total % 60 == 0) + (total >= 240)
    themes = ["level"]
    if with_kitty:
        themes.append("kitty-counted")
    if total % 60 == 0:
        themes.append("boundary")
    fields = {"points": points, **fields}
    return Candidate("change", fields, themes, tier(score, 1, 3), {"score": score, "P": total})
