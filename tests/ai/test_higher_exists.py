"""`higher_exists`' single-unit shortcut answers exactly as the general (set-based) rule."""

from __future__ import annotations

import random

from tutor.ai.tactics import higher_exists
from tutor.rules import SUITS, Trump


def _general(pool, trump, suit, width, length, top):
    pos = trump.table.pos
    have = {pos[k] for k in range(54) if trump.table.eff[k] == suit and pool[k] >= width}
    return any(p > top and all(p - i in have for i in range(1, length)) for p in have)


def test_higher_exists_agrees_with_the_general_rule():
    rng = random.Random(3)
    answers = set()
    for _ in range(20000):
        trump = Trump(rng.choice("23456789JQKA"), rng.choice(SUITS))
        pool = [rng.choice((0, 0, 1, 2, 3)) for _ in range(54)]
        args = (pool, trump, rng.randrange(5), rng.randint(1, 3), rng.choice((1, 1, 2, 3)),
                rng.randint(-1, 16))
        got = higher_exists(*args)
        assert got == _general(*args), args
        answers.add(got)
    assert answers == {True, False}
