"""Play inference: how well a sampled deal explains what the other seats just played.

The recent tricks are walked backwards from the sampled hands, giving back each seat the
cards it played, and at every play by another seat the heuristic tactics are asked what that
seat would have played holding the sampled cards. Deals under which the others played as our
model of them predicts are more likely; the search plays out those (sampling-importance-
resampling), so a learner's opponents stop "finding" cards that their play has ruled out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tutor.rules import Card, Observation

from .memory import Memory
from .tactics import POINTS, Context, choose_play

MISMATCH = 0.3  # likelihood of a play our model would not have made (models are imperfect)
WINDOW = 2  # finished tricks looked back at, besides the one in progress


def play_history(obs: Observation, window: int = WINDOW) -> list[tuple[tuple, int, tuple]]:
    """(plays before it in its trick, seat, cards) for the last `window` tricks and the current
    one, oldest first."""
    tricks = [t.plays for t in obs.tricks[-window:]] if window else []
    if obs.current:
        tricks.append(tuple(obs.current))
    return [(tuple(plays[:i]), seat, cards) for plays in tricks
            for i, (seat, cards) in enumerate(plays)]


def consistency(obs: Observation, mem: Memory, history: Sequence[tuple[tuple, int, tuple]],
                hands: Sequence[Sequence[int]], kitty: Sequence[int],
                friend: int | None) -> float:
    """Likelihood of the others' recent plays under a sampled deal (1.0: all as predicted)."""
    n = mem.players
    held = [Counter(int(c) for c in h) for h in hands]
    kit = Counter(int(c) for c in kitty)
    kitty_points = float(sum(POINTS[c] for c in kit.elements()))
    side = {mem.declarer} | ({friend} if friend is not None else set())
    likelihood = 1.0
    for before, seat, cards in reversed(history):
        held[seat].update(int(c) for c in cards)
        if seat == obs.seat:
            continue
        pool = [0] * 54
        for other in range(n):
            if other != seat:
                for k, m in held[other].items():
                    pool[k] += m
        if seat != mem.declarer:
            for k, m in kit.items():
                pool[k] += m
        mine = seat in side
        ctx = Context(seat, [Card(k) for k in held[seat].elements()], mem.trump,
                      [(s, tuple(c)) for s, c in before],
                      [1.0 if (o in side) == mine else 0.0 for o in range(n)], pool, mem.voids,
                      [0 if o == seat else sum(held[o].values()) for o in range(n)], n,
                      0.0 if mine else 1.0, kitty_points, fast=True)
        if sorted(map(int, choose_play(ctx).cards)) != sorted(map(int, cards)):
            likelihood *= MISMATCH
    return likelihood
