"""Choosing the next puzzle: near the learner's rating, shifted by a difficulty offset, within
a theme, never one the learner already tried (lichess's puzzle selection, simplified).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping

from .model import Puzzle
from .rating import Rating, puzzle_start

OFFSETS: dict[str, int] = {"easiest": -600, "easier": -300, "normal": 0, "harder": 300,
                           "hardest": 600}
WINDOWS = (100, 200, 400, 800, 100000)  # widened until something fits


def target_rating(learner: Rating, offset: str | int = "normal") -> float:
    """The rating to aim at: the learner's plus the offset (a name from OFFSETS or points)."""
    if isinstance(offset, str):
        if offset not in OFFSETS:
            raise ValueError(f"offset must be one of {', '.join(OFFSETS)} or a number")
        offset = OFFSETS[offset]
    return learner.rating + offset


def choose(learner: Rating, puzzles: Iterable[Puzzle], ratings: Mapping[str, Rating] | None = None,
           theme: str | None = None, offset: str | int = "normal",
           tried: Collection[str] = (), rng: random.Random | None = None,
           rating_of: Callable[[Puzzle], Rating] | None = None) -> Puzzle | None:
    """A puzzle of `theme` (any theme if None) not in `tried`, rated near the target.

    `ratings` maps puzzle ids to stored ratings; a puzzle without one starts from its tier.
    Among the puzzles in the narrowest window that holds any, one is picked at random.
    """
    rng = rng or random.Random()
    ratings = ratings or {}
    rate = rating_of or (lambda p: ratings.get(p.id) or puzzle_start(p.difficulty))
    pool = [p for p in puzzles if p.id not in tried and (theme is None or theme in p.themes)]
    if not pool:
        return None
    target = target_rating(learner, offset)
    scored = [(abs(rate(p).rating - target), p) for p in pool]
    for window in WINDOWS:
        near = [p for d, p in scored if d <= window]
        if near:
            return rng.choice(sorted(near, key=lambda p: p.id))
    return None
