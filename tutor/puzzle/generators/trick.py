"""Trick-winner puzzles: a trick built from a 3-deck pool (see `tricks`).

Difficulty score (tier: 0–1 easy, 2–3 medium, 4+ hard), one point each for: the lead does not
win; a trump takes over; a second trump overtrumps; each trap (higher cards of the wrong shape;
capped at 2); a mixed play; equal off-suit level cards; a multi-unit lead; three or more cards.
"""

from __future__ import annotations

import random

from .common import Candidate, Pool, random_trump, text, tier, unit_themes
from .tricks import build_trick


def generate(rng: random.Random) -> Candidate | None:
    """One trick-winner puzzle, or None."""
    trump = random_trump(rng)
    pool = Pool(trump, rng)
    n = rng.choice([1, 1, 2, 2, 2, 3, 4, 4, 5, 6])
    players = rng.choice([5, 5, 5, 4, 3])
    built = build_trick(rng, trump, pool, n, players)
    if built is None:
        return None
    plays, feat = built
    if feat["winner"] == 0 and feat["takeovers"] == 0 and not feat["traps"] and rng.random() < 0.7:
        return None  # mostly skip tricks where the lead simply stands
    score = (feat["winner"] != 0) + feat["trumped"] + feat["overtrump"] + min(2, feat["traps"]) \
        + (feat["mixed"] > 0) + feat["equal_levels"] + (feat["lead_units"] > 1) + (n >= 3)
    themes = {"trick"} | unit_themes(plays[0], trump)
    if feat["trumped"]:
        themes.add("trumping")
    if feat["traps"]:
        themes.add("shape-trap")
    if feat["equal_levels"]:
        themes.add("trump-chain")
    fields = {"level": trump.level, "suit": trump.suit, "leader": rng.randrange(5),
              "plays": [text(trump.sort(p)) for p in plays]}
    return Candidate("winner", fields, sorted(themes, key=lambda t: (t != "trick", t)),
                     tier(score, 2, 4), {"score": score})
