"""Legal-follow puzzles: a follower's hand from a deal (thinned to mid-hand size), a lead of a
chosen shape from the cards the follower does not hold, and four candidate plays — legal ones
from the rules core's own enumeration, illegal near-misses checked by `follow_error`.

Difficulty score (tier: 0–1 easy, 2–3 medium, 4+ hard), one point each for: a triple, tractor
or titanic in the lead; a throw lead; a trump lead; an illegal candidate that breaks only the
shape rule; two or more legal candidates; a triple or tractor in the follower's suit cards.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import islice

from tutor.rules import TRUMP, Card, decompose, follow_error, legal_follows

from .common import Candidate, Pool, deal, in_suit, other_suits, random_trump, text, tier
from .tricks import LEAD_SHAPES

SHAPE_ERRORS = {"must_follow_pair", "must_follow_triple", "must_follow_triple_pair",
                "must_follow_tractor", "must_follow_pairs", "must_follow_shape"}


def _mutate(rng: random.Random, play: list[Card], hand: list[Card]) -> list[Card] | None:
    """Swap one or two cards of a play for other cards of the hand."""
    out = list(play)
    spare = list((Counter(hand) - Counter(play)).elements())
    for _ in range(rng.choice([1, 1, 2])):
        if not spare:
            return None
        i = rng.randrange(len(out))
        j = rng.randrange(len(spare))
        out[i], spare[j] = spare[j], out[i]
    return out


def generate(rng: random.Random) -> Candidate | None:
    """One legal-follow candidate puzzle, or None."""
    hands, _ = deal(rng)
    trump = random_trump(rng)
    n = rng.choice([2, 2, 3, 4, 4, 5, 6])
    led = TRUMP if rng.random() < 0.25 else rng.choice(other_suits(trump, -1))
    # mid-hand: the whole suit holding of a dealt hand plus a few other cards
    have = in_suit(hands[0], trump, led)
    rest = [c for c in hands[0] if trump.effective_suit(c) != led]
    hand = have + rng.sample(rest, min(len(rest), rng.randrange(2, 8)))
    pool = Pool(trump, rng)
    pool.take(hand)
    if rng.random() < 0.5:  # give the follower some shape to keep
        w, length = rng.choice([(2, 1), (2, 1), (3, 1), (2, 2)])
        extra = pool.unit(led, w, length)
        if extra:
            hand += extra
            have = in_suit(hand, trump, led)
    if not have or (len(have) <= n and rng.random() < 0.6):
        return None  # mostly puzzles where the shape rule, not just the suit rule, decides
    if len(hand) > 31:
        return None
    template = rng.choice(LEAD_SHAPES[n])
    lead: list[Card] = []
    for w, length in template:
        unit = pool.unit(led, w, length)
        if unit is None:
            return None
        lead += unit
    lead_units = decompose(lead, trump)
    if sorted((u.width, u.length) for u in lead_units) != sorted(template):
        return None
    # sorted, so the puzzles do not depend on the order the rules core enumerates them in
    legal = sorted(sorted(p) for p in islice(legal_follows(hand, lead, trump), 3000))
    if not legal:
        return None
    rng.shuffle(legal)
    illegal: dict[tuple, tuple[list[Card], str]] = {}
    for _ in range(60):
        base = rng.choice(legal)
        cand = _mutate(rng, base, hand)
        if cand is None:
            break
        err = follow_error(hand, lead, cand, trump)
        if err is not None:
            illegal.setdefault(tuple(sorted(cand)), (cand, err.key))
    if not illegal:
        return None
    n_legal = min(len(legal), rng.choice([1, 1, 2, 2, 3]))
    n_illegal = min(len(illegal), 4 - n_legal)
    bad = list(illegal.values())
    rng.shuffle(bad)
    bad.sort(key=lambda x: x[1] not in SHAPE_ERRORS)  # prefer the subtle ones
    plain = [b for b in bad if b[1] not in SHAPE_ERRORS]
    bad = [b for b in bad if b[1] in SHAPE_ERRORS] + plain[:1]
    n_illegal = min(len(bad), 4 - n_legal)
    chosen = [(p, None) for p in legal[:n_legal]] + bad[:n_illegal]
    if len(chosen) < 3:
        return None
    rng.shuffle(chosen)
    keys = {k for _, k in chosen if k}
    suit_units = decompose(have, trump) if have else []
    score = any(u.width == 3 or u.length > 1 for u in lead_units) + (len(lead_units) > 1) \
        + (led == TRUMP) + bool(keys & SHAPE_ERRORS) + (n_legal >= 2) \
        + any(u.width == 3 or u.length > 1 for u in suit_units)
    themes = {"follow"}
    for u in lead_units:
        if u.kind != "single":
            themes.add(u.kind)
    if len(lead_units) > 1:
        themes.add("several-units")
    fields = {"level": trump.level, "suit": trump.suit, "lead": text(lead),
              "hand": text(trump.sort(hand)),
              "candidates": [text(trump.sort(p)) for p, _ in chosen]}
    return Candidate("legal", fields, sorted(themes, key=lambda t: (t != "follow", t)),
                     tier(score), {"score": score, "errors": sorted(keys)})
