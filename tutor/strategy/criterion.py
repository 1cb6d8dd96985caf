"""When a judged decision is a puzzle: one candidate clearly right and every other clearly
worse (lichess's rule for its puzzles, with the review's judge as the engine).

The best fair candidate must beat every other by at least a mistake (`grades.THRESHOLDS`,
0.20 积分) with one and a half standard errors to spare, each gap more than twice its
standard error (`grades.SIGNIFICANCE`), and hindsight must agree on which play is best. A
decision with one choice, or whose candidates are all within an inaccuracy, never passes.

The spare is the verification's lesson (`verify`: 4× the deals and playouts). With no spare,
54 of 60 puzzles (0.90) stayed clearly best, the failures close gaps inflated by the
winner's curse (the largest of several close estimates is too large). With one error to
spare, 180 of 200 (0.90, sample seed 11), the failures now wide gaps of two to three
errors in positions of great spread. One and a half errors keeps 1,978 of those 2,237
puzzles and, on that sample, 166 of 180 (0.92: an estimate made after looking; the
closing figure is on a fresh sample).
"""

from __future__ import annotations

from tutor.review.grades import SIGNIFICANCE, THRESHOLDS
from tutor.review.review import Judged

MARGIN = THRESHOLDS["mistake"]
SPARE = 1.5  # standard errors a gap keeps beyond the margin
SCREEN = THRESHOLDS["inaccuracy"]  # a cheap first look keeps a lead of this much
SCREEN_SPARE = 0.05  # and of this much beyond its standard error


def fair_best(judged: Judged) -> int:
    """The index of the candidate the fair view values highest (the first of equals)."""
    scores = [c.fair.score for c in judged.candidates]
    return max(range(len(scores)), key=lambda k: (scores[k], -k))


def clearly_best(judged: Judged, margin: float = MARGIN) -> int | None:
    """The candidate that beats every other by `margin` plus `SPARE` standard errors of the
    gap (and by more than twice that error) and that hindsight finds best too, or None."""
    best = _agreed_best(judged)
    if best is None or any(gap - SPARE * error < margin or gap <= SIGNIFICANCE * error
                           for gap, error in gaps(judged, best)):
        return None
    return best


def leads_by(judged: Judged, margin: float = SCREEN, spare: float = SCREEN_SPARE) -> bool:
    """The cheap first look a card play must pass before the full judgement is spent: the
    fair best leads every other by `margin`, and by `spare` beyond the gap's error, and the
    one hindsight playout agrees. On 396 card plays of 4 mined hands 29 passed it, and 20 of
    the 22 puzzles the lead alone (55% of the plays) had let through."""
    best = _agreed_best(judged)
    return best is not None and all(gap >= margin and gap - error >= spare
                                    for gap, error in gaps(judged, best))


def _agreed_best(judged: Judged) -> int | None:
    """The fair best, when there is a choice and hindsight finds the same play best."""
    cands = judged.candidates
    if len(cands) < 2:
        return None
    best = fair_best(judged)
    return best if sorted(cands[best].cards) == sorted(judged.best_hindsight) else None


def gaps(judged: Judged, best: int) -> list[tuple[float, float]]:
    """How far each other candidate is below `best` in the fair view, with its error."""
    top = judged.candidates[best].fair.score
    return [(top - c.fair.score, c.fair_error)
            for k, c in enumerate(judged.candidates) if k != best]
