"""积分 puzzles: five players' levels, a declarer (with a friend or alone), P and failed throws.

Difficulty score (tier: 0 easy, 1–2 medium, 3+ hard), one point each for: a failed throw;
the declarer alone; a riser stopped at A; nobody rising; the defenders rising (three players);
levels spread widely (J or above for someone, 2 or 3 for someone else).
"""

from __future__ import annotations

import random

from tutor.rules import RANK_VALUE, RANKS, level_change

from .common import Candidate, tier


def generate(rng: random.Random) -> Candidate | None:
    """One 积分 puzzle."""
    levels = [rng.choice(RANKS[: rng.randrange(3, 14)]) for _ in range(5)]
    declarer = rng.randrange(5)
    friend = None if rng.random() < 0.15 else rng.choice([s for s in range(5) if s != declarer])
    points = rng.choice([0, 5, 30, 55, 60, 85, 115, 120, 150, 175, 180, 200, 240, 255, 300, 360])
    failed = [0] * 5
    if rng.random() < 0.35:
        for _ in range(rng.choice([1, 1, 2])):
            failed[rng.randrange(5)] += 1
    side, n = level_change(points)
    values = [RANK_VALUE[v] for v in levels]
    team = {declarer} | ({friend} if friend is not None else set())
    risers = team if side == "declarer" else set(range(5)) - team if side == "defenders" else set()
    capped = any(values[i] + n > 14 for i in risers)
    spread = max(values) >= 11 and min(values) <= 3
    score = (sum(failed) > 0) + (friend is None) + capped + (side == "none") \
        + (side == "defenders") + spread
    themes = ["score"] + (["alone"] if friend is None else []) + (["cap-at-A"] if capped else []) \
        + (["failed-throw"] if sum(failed) else [])
    fields = {"levels": levels, "declarer": declarer,
              "friend": "alone" if friend is None else friend, "points": points}
    if sum(failed):
        fields["failed"] = failed
    return Candidate("score", fields, themes, tier(score, 1, 3), {"score": score})
