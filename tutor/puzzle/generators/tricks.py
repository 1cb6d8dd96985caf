"""Building whole tricks for trick-winner and kitty puzzles: a lead of a chosen shape and
followers who follow low or high, break the shape, run short, trump, or discard.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.rules import TRUMP, Card, Trump, decompose, throw_check, trick_winner

from .common import Pool, other_suits, shape

LEAD_SHAPES: dict[int, list[list[tuple[int, int]]]] = {
    1: [[(1, 1)]],
    2: [[(2, 1)], [(2, 1)], [(1, 1), (1, 1)]],
    3: [[(3, 1)], [(2, 1), (1, 1)]],
    4: [[(2, 2)], [(2, 2)], [(2, 1), (2, 1)], [(3, 1), (1, 1)]],
    5: [[(3, 1), (2, 1)], [(2, 2), (1, 1)], [(2, 1), (2, 1), (1, 1)]],
    6: [[(3, 2)], [(2, 3)], [(2, 2), (2, 1)], [(3, 1), (3, 1)]],
    7: [[(3, 1), (2, 2)], [(3, 1), (2, 2)], [(3, 2), (1, 1)], [(2, 3), (1, 1)],
        [(3, 1), (2, 1), (2, 1)]],
}

ROLES = {"follow_low": 3.0, "follow_high": 1.5, "follow_broken": 1.5, "short": 1.0,
         "trump_match": 2.0, "trump_broken": 1.0, "discard": 1.5}


def build_lead(pool: Pool, rng: random.Random, led: int, n: int,
               template: list[tuple[int, int]] | None = None) -> list[Card] | None:
    """A lead of n cards in `led`, of the given (or a random) shape of units."""
    template = template or rng.choice(LEAD_SHAPES[n])
    lead: list[Card] = []
    for width, length in template:
        unit = pool.unit(led, width, length)
        if unit is None:
            return None
        lead += unit
    if shape(lead, pool.trump) != sorted(template):
        return None  # units merged into a bigger one: not the shape we asked for
    return lead


def _units(pool: Pool, eff: int, lead_units: list[Any], how: str) -> list[Card] | None:
    out: list[Card] = []
    for u in lead_units:
        above = u.top if how == "high" else None
        below = u.top if how == "low" else None
        unit = pool.unit(eff, u.width, u.length, above=above, below=below)
        if unit is None:
            return None
        out += unit
    return out


def follower(pool: Pool, rng: random.Random, led: int, lead_units: list[Any], n: int,
             role: str) -> list[Card] | None:
    """One follower's play in the given role (None if the pool cannot make it)."""
    trump = pool.trump
    others = other_suits(trump, led)
    if led == TRUMP and role in ("trump_match", "trump_broken"):
        role = "follow_high" if role == "trump_match" else "follow_broken"
    if role == "follow_low":
        return _units(pool, led, lead_units, "low")
    if role == "follow_high":
        return _units(pool, led, lead_units, "high")
    if role == "follow_broken":
        return pool.singles(led, n)
    if role == "trump_match":
        return _units(pool, TRUMP, lead_units, "any")
    if role == "trump_broken":
        return pool.singles(TRUMP, n)
    if role == "short" and n > 1:
        k = rng.randrange(1, n)
        first = pool.singles(led, k)
        rest = pool.singles(rng.choice([TRUMP, *others]) if others else TRUMP, n - k)
        return None if first is None or rest is None else first + rest
    return pool.singles(None, n, avoid=[led, TRUMP])


def build_trick(rng: random.Random, trump: Trump, pool: Pool, n: int, players: int = 5,
                template: list[tuple[int, int]] | None = None
                ) -> tuple[list[list[Card]], dict[str, Any]] | None:
    """A trick of `players` plays of `n` cards whose lead stands, with its features."""
    led = TRUMP if rng.random() < 0.25 else rng.choice(other_suits(trump, -1))
    lead = build_lead(pool, rng, led, n, template)
    if lead is None:
        return None
    lead_units = decompose(lead, trump)
    plays = [lead]
    for _ in range(players - 1):
        role = rng.choices(list(ROLES), list(ROLES.values()))[0]
        play = follower(pool, rng, led, lead_units, n, role)
        if play is None:
            return None
        plays.append(play)
    if len(lead_units) > 1 and not throw_check(lead, plays[1:], trump).ok:
        return None  # a throw that would have failed cannot be the lead
    lead_shape = shape(lead, trump)
    takeovers = [i for i in range(1, players) if trick_winner(plays[: i + 1], trump) == i]
    for i in takeovers:
        if shape(plays[i], trump) != lead_shape:
            return None  # e.g. a tractor over two pairs: RULES.md leaves this open; skip it
    return plays, features(plays, trump, takeovers)


def _top(cards: list[Card], trump: Trump) -> tuple[int, int]:
    return max((1 if trump.is_trump(c) else 0, trump.position(c)) for c in cards)


def features(plays: list[list[Card]], trump: Trump, takeovers: list[int]) -> dict[str, Any]:
    """What makes a trick hard to read: who takes over, trumping, traps, equal level cards."""
    lead = plays[0]
    led_trump = trump.is_trump(lead[0])
    lead_shape = shape(lead, trump)
    winner = trick_winner(plays, trump)
    trump_takeovers = [i for i in takeovers if trump.is_trump(plays[i][0]) and not led_trump]
    traps = 0
    mixed = 0
    for i in range(1, len(plays)):
        if i in takeovers:
            continue
        s = shape(plays[i], trump)
        if s is None:
            mixed += 1
        best = trick_winner(plays[:i], trump)
        suits = {trump.effective_suit(c) for c in plays[i]}
        if s is not None and s != lead_shape and suits <= {trump.effective_suit(lead[0]), TRUMP} \
                and _top(plays[i], trump) > _top(plays[best], trump):
            traps += 1
    off_levels = {c for p in plays for c in p
                  if not c.is_joker and c.rank == trump.level and c.suit != trump.suit}
    return {
        "winner": winner,
        "takeovers": len(takeovers),
        "trumped": bool(trump_takeovers),
        "overtrump": len(trump_takeovers) >= 2,
        "traps": traps,
        "mixed": mixed,
        "equal_levels": len(off_levels) >= 2,
        "lead_units": len(decompose(lead, trump)),
        "n": len(lead),
    }
