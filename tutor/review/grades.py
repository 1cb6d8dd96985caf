"""How a decision's cost becomes a grade, and a hand's decisions an accuracy.

Costs are in 积分 for the learner, as the review's playouts measure them (a card point of
side margin counts 0.04, so 10 points ≈ 0.4). The thresholds are chosen so that giving the
opponents a 10 that a 2 could have kept from them is a blunder, and the scatter of the
fair view's playouts (a few hundredths) stays below an inaccuracy:

    inaccuracy ≥ 0.10   mistake ≥ 0.20   blunder ≥ 0.40

A decision's accuracy is 100·exp(−cost / 0.25) on the fair view's cost (100 for the best
play, about 67 at an inaccuracy's 0.10, 20 at a blunder's 0.40); a hand's accuracy is the
mean over the learner's decisions that had a choice.
"""

from __future__ import annotations

import math

GRADES = ("inaccuracy", "mistake", "blunder")
SIGNIFICANCE = 2.0  # a cost counts when it exceeds this many standard errors
THRESHOLDS = {"inaccuracy": 0.10, "mistake": 0.20, "blunder": 0.40}
ACCURACY_SCALE = 0.25


def counted(gap: float, error: float) -> float:
    """The cost a gap between two plays' mean outcomes counts as: all of it when it exceeds
    twice its standard error, else nothing (a smaller gap may be the playouts' scatter)."""
    return gap if gap > SIGNIFICANCE * error else 0.0


def grade(cost: float) -> str | None:
    """The grade a cost earns, or None below an inaccuracy."""
    found = None
    for name in GRADES:
        if cost >= THRESHOLDS[name] - 1e-9:
            found = name
    return found


def milder(a: str | None, b: str | None) -> str | None:
    """The less severe of two grades (None when either is None)."""
    if a is None or b is None:
        return None
    return GRADES[min(GRADES.index(a), GRADES.index(b))]


def accuracy(cost: float) -> float:
    """One decision's accuracy in percent from its fair cost."""
    return 100.0 * math.exp(-max(0.0, cost) / ACCURACY_SCALE)
