"""Kitty puzzles: a last trick built from a 3-deck pool, a kitty, declarer and friend.

Difficulty score (tier: 0–1 easy, 2–3 medium, 4+ hard), one point each for: the lead does not
win; the winner trumps; several lead changes; a trap (higher cards of the wrong shape, or a
mixed play); the winning play earns more than one multiplier (first ≠ largest) or the rule is
`max`; a tractor or titanic in the winning play; the declarer side wins (the bonus is 0 though
the play earns a multiplier); six or more cards per play.
"""

from __future__ import annotations

import random

from tutor.rules import card_points, kitty_multiplier, multiplier_candidates

from .common import Candidate, Pool, random_trump, text, tier, unit_themes
from .tricks import build_trick


def generate(rng: random.Random) -> Candidate | None:
    """One kitty puzzle, or None when the deal does not give one."""
    trump = random_trump(rng)
    pool = Pool(trump, rng)
    n = rng.choice([1, 2, 2, 3, 4, 4, 5, 6, 7, 7])
    template = None
    if rng.random() < 0.2:  # triple + tractor: the first match (6) is not the largest (8+)
        template = rng.choice([[(3, 1), (2, 2)], [(3, 1), (2, 2)], [(3, 1), (2, 3)]])
        n = sum(w * length for w, length in template)
    built = build_trick(rng, trump, pool, n, template=template)
    if built is None:
        return None
    plays, feat = built
    kitty = pool.kitty()
    if card_points(kitty) == 0:
        return None
    declarer = rng.randrange(5)
    friend = None if rng.random() < 0.12 else rng.choice([s for s in range(5) if s != declarer])
    leader = rng.randrange(5)
    winner_seat = (leader + feat["winner"]) % 5
    declarer_wins = winner_seat in (declarer, friend)
    if declarer_wins and rng.random() < 0.6:
        return None  # keep most puzzles about a real bonus
    rule = "max" if rng.random() < 0.2 else "first"
    winning = plays[feat["winner"]]
    found = multiplier_candidates(winning, trump, lead=plays[0])
    first_vs_max = kitty_multiplier(winning, trump, "first", plays[0]) != kitty_multiplier(
        winning, trump, "max", plays[0])
    question = "multiplier" if not declarer_wins and rng.random() < 0.25 else "bonus"
    big = any(k in ("tractor", "titanic") for k, _ in found)
    score = (feat["winner"] != 0) + feat["trumped"] + (feat["takeovers"] >= 2) \
        + bool(feat["traps"] or feat["mixed"]) + (first_vs_max or rule == "max") + big \
        + declarer_wins + (n >= 6)
    themes = {"kitty"} | unit_themes(winning, trump)
    if feat["trumped"]:
        themes.add("trumping")
    if feat["traps"]:
        themes.add("shape-trap")
    if first_vs_max or rule == "max":
        themes.add("first-vs-max")
    if declarer_wins:
        themes.add("declarer-wins-last")
    if friend is None:
        themes.add("alone")
    fields = {"level": trump.level, "suit": trump.suit, "rule": rule, "declarer": declarer,
              "friend": "alone" if friend is None else friend, "leader": leader,
              "plays": [text(trump.sort(p)) for p in plays], "kitty": text(trump.sort(kitty))}
    return Candidate(question, fields, sorted(themes, key=lambda t: (t != "kitty", t)),
                     tier(score, 2, 5), {"score": score})
