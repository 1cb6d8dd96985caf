"""Pattern puzzles: pairs or triples at chosen positions of one suit's order — adjacent, with
a gap, or of equal rank — so the answer turns on the level rank and the trump chain.

Difficulty score (tier: `tractor`/`titanic` 0 easy, 1–2 medium, 3+ hard; `decompose` 0–1
easy, 2–3 medium, 4+ hard), one point each for: level cards or
jokers involved (the trump chain); a skipped level rank; equal-rank level cards; printed ranks
that look adjacent but are not (or the reverse); width 3; three or more ranks; for `decompose`,
a rank split across units and four or more units.
"""

from __future__ import annotations

import itertools
import random

from tutor.rules import TRUMP, Card, Trump, decompose, is_titanic, is_tractor

from .common import RANK_ORDER, Candidate, Pool, other_suits, random_trump, text, tier, unit_themes


def _looks_adjacent(kinds: list[Card]) -> bool:
    """Printed ranks form a run (what a beginner sees), ignoring the level rank."""
    ranks = sorted({RANK_ORDER[c.rank] for c in kinds if not c.is_joker})
    return len(ranks) == len(kinds) and all(b - a == 1 for a, b in itertools.pairwise(ranks))


def _chain(pool: Pool, rng: random.Random, eff: int, width: int, count: int) -> list[Card] | None:
    """`count` kinds, each step down adjacent, skipping one, or equal; `width` copies each."""
    positions = sorted(pool.by_suit[eff])
    pos = rng.choice(positions)
    kinds: list[Card] = []
    for _ in range(count):
        options = [k for k in pool.by_suit[eff].get(pos, []) if k not in kinds]
        if not options:
            return None
        kinds.append(rng.choice(options))
        pos -= rng.choices([1, 2, 0], [5, 3, 2])[0]
    cards = [k for k in kinds for _ in range(width)]
    try:
        pool.take(cards)
    except ValueError:
        return None
    return cards


def _level_score(cards: list[Card], trump: Trump) -> tuple[int, set[str]]:
    kinds = sorted(set(cards), key=lambda c: -trump.position(c))
    themes = unit_themes(cards, trump)
    chain = any(c.is_joker or c.rank == trump.level for c in kinds)
    equal = len({trump.position(c) for c in kinds}) < len(kinds)
    if chain:
        themes.add("trump-chain")
    skip = "level-skip" in themes  # found inside a tractor/titanic by unit_themes
    return chain + skip + equal + (len(kinds) >= 3), themes


def generate(rng: random.Random) -> Candidate | None:
    """A question drawn first (and for yes/no questions the answer wanted), so both stay even."""
    question = rng.choices(["tractor", "titanic", "decompose"], [4, 2, 4])[0]
    want = rng.random() < 0.5
    for _ in range(40):
        trump = random_trump(rng)
        pool = Pool(trump, rng)
        eff = TRUMP if rng.random() < 0.5 else rng.choice(other_suits(trump, -1))
        if question == "decompose":
            found = _decompose(rng, trump, pool, eff)
        else:
            found = _yes_no(rng, trump, pool, eff, question)
        if found is not None and found.features.get("answer", want) == want:
            return found
    return None


def _yes_no(rng: random.Random, trump: Trump, pool: Pool, eff: int,
            question: str) -> Candidate | None:
    width = 2 if question == "tractor" else 3
    count = rng.choice([2, 2, 2, 3])
    cards = _chain(pool, rng, eff, width, count)
    if cards is None:
        return None
    if question == "titanic" and rng.random() < 0.25:
        cards = cards[:-1]  # a triple and a pair: never a titanic
    if rng.random() < 0.08:  # occasionally a card of another suit sneaks in
        stray = pool.singles(rng.choice([e for e in (0, 1, 2, 3, TRUMP) if e != eff and e in
                                         pool.by_suit]), 1)
        if stray:
            cards = cards[:-1] + stray + stray if width == 2 else cards
    test = is_tractor if question == "tractor" else is_titanic
    answer = test(cards, trump)
    score, themes = _level_score(cards, trump)
    looks = _looks_adjacent(list(set(cards)))
    score += (looks != answer) + (width == 3)
    themes |= {"pattern", "tractor" if width == 2 else "titanic"}
    fields = {"level": trump.level, "suit": trump.suit, "cards": text(_shuffle(rng, cards))}
    return Candidate(question, fields, sorted(themes, key=lambda t: (t != "pattern", t)),
                     tier(score, 1, 3), {"answer": answer, "score": score})


def _shuffle(rng: random.Random, cards: list[Card]) -> list[Card]:
    """Pairs stay together (as a player would lay them out) but units come in any order."""
    groups: dict[Card, list[Card]] = {}
    for c in cards:
        groups.setdefault(c, []).append(c)
    order = list(groups.values())
    rng.shuffle(order)
    return [c for g in order for c in g]


def _decompose(rng: random.Random, trump: Trump, pool: Pool, eff: int) -> Candidate | None:
    cards: list[Card] = []
    for _ in range(rng.choice([2, 3, 3, 4])):
        width = rng.choices([1, 2, 3], [3, 5, 2])[0]
        part = _chain(pool, rng, eff, width, rng.choice([1, 1, 2]))
        if part:
            cards += part
    if len(cards) < 4 or len(cards) > 14:
        return None
    units = decompose(cards, trump)
    if len(units) < 2 or all(u.width == 1 for u in units):
        return None
    score, themes = _level_score(cards, trump)
    kinds_per_unit = [set(u.cards) for u in units]
    split = any(a & b for i, a in enumerate(kinds_per_unit) for b in kinds_per_unit[i + 1:])
    score += split + (len(units) >= 4) + any(u.length > 1 for u in units)
    themes |= {"pattern", "several-units"}
    fields = {"level": trump.level, "suit": trump.suit,
              "cards": text(sorted(cards, key=lambda c: -trump.position(c)))}
    return Candidate("decompose", fields, sorted(themes, key=lambda t: (t != "pattern", t)),
                     tier(score), {"score": score})
