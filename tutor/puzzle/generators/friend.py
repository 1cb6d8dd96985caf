"""Friend puzzles from a deal: the declarer takes the kitty and buries 7 cards, then calls.

Difficulty score (tier: 0 easy, 1–2 medium, 3+ hard). `holder`: one point each for a seat
skipped before the friend, going round past seat 4, the declarer holding a copy, a copy buried,
the declarer alone. `nth_played`: one point each for the Nth copy inside a pair, the declarer
playing it (alone), the Nth never appearing, N = 3, the declarer having played an earlier copy.
"""

from __future__ import annotations

import random

from tutor.rules import ALL_CARDS, Card

from .common import Candidate, deal, text, tier


def _copies(rng: random.Random) -> tuple[int, Card, list[int], int]:
    hands, kitty = deal(rng)
    declarer = rng.randrange(5)
    full = hands[declarer] + kitty
    rng.shuffle(full)
    hands[declarer], kitty = full[7:], full[:7]  # a random bury
    card = rng.choice([c for c in ALL_CARDS if not c.is_joker])
    copies = [h.count(card) for h in hands]
    return declarer, card, copies, kitty.count(card)


def generate(rng: random.Random) -> Candidate | None:
    """One friend puzzle: `holder` 60%, `nth_played` 40%."""
    if rng.random() < 0.6:
        return _holder(rng)
    return _nth(rng)


def _holder(rng: random.Random) -> Candidate | None:
    declarer, card, copies, buried = _copies(rng)
    order = [(declarer + i) % 5 for i in range(1, 5)]
    first = next((s for s in order if copies[s]), None)
    skipped = 0 if first is None else order.index(first)
    if first == order[0] and rng.random() < 0.6:
        return None  # the next seat is the easy case: keep some, not most
    score = (skipped > 0) + (first is not None and first < declarer) + (copies[declarer] > 0) \
        + (buried > 0) + (first is None)
    themes = ["friend"] + (["alone"] if first is None else [])
    fields = {"declarer": declarer, "card": text([card]), "copies": copies}
    return Candidate("holder", fields, themes, tier(score, 1, 3), {"score": score})


def _nth(rng: random.Random) -> Candidate | None:
    declarer, card, copies, _buried = _copies(rng)
    plays: list[list[int]] = []
    for s in range(5):
        left = copies[s]
        while left:
            k = 2 if left >= 2 and rng.random() < 0.4 else 1
            plays.append([s, k])
            left -= k
    rng.shuffle(plays)
    nth = rng.choice([1, 2, 2, 3])
    before, who, in_pair = 0, None, False
    for s, k in plays:
        if before < nth <= before + k:
            who, in_pair = s, k > 1 and nth > before + 1
            break
        before += k
    earlier_declarer = any(s == declarer for s, _ in plays[: [p[0] for p in plays].index(who)]) \
        if who is not None else False
    score = in_pair + (who == declarer) + (who is None) + (nth == 3) + earlier_declarer
    themes = ["friend", "nth-played"] + (["alone"] if who in (None, declarer) else [])
    fields = {"declarer": declarer, "card": text([card]), "nth": nth, "played": plays}
    return Candidate("nth_played", fields, themes, tier(score, 1, 3), {"score": score})
