"""The referee: a second, stronger valuation that certifies what is taught. It plays the
cards out with the heuristic's tactics for every seat (`rollout.REFEREE`), each seat knowing
the teams only as it would at the table, where the judge plays the quick rules: a strategy
answer is taught only when it holds when better players play the cards out.

The tactics are the stronger players: as the hard player's answers in the candidate's trick
they add +0.104 积分 a hand [+0.030, +0.178] over the quick rules (`tutor.ai.strength`), and
they cost about twice as much a playout (3.4 against 1.7 ms).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tutor.ai.rollout import REFEREE
from tutor.review.jobs import HandRecord
from tutor.review.review import Budget, Judged

from .criterion import clearly_best, fair_best
from .decision import judge_decision


def referee_budget(budget: Budget) -> Budget:
    """The same work as `budget`, played out by the referee."""
    return replace(budget, policy=REFEREE)


def refereed(record: HandRecord, index: int, budget: Budget) -> Judged | None:
    """Action `index` of `record` valued by the referee (same candidates, deals and seeds
    as the judge with `budget`)."""
    return judge_decision(record, index, referee_budget(budget))


def certified(record: HandRecord, judged: Judged, budget: Budget) -> bool:
    """Whether the referee, valuing the position with `budget`'s work, finds the judge's
    clear best clearly best too (`criterion.clearly_best`: the margin, its spare errors and
    hindsight agreeing), the criterion `verify --referee` asks again with four times the
    work. Asking only that the referee's top agree and each gap pass twice its error let
    through positions the verification then failed: of 40 puzzles of 40 hands, 30 stayed
    clearly best (0.75), the ten failures a gap at the margin or the referee's playouts of
    the true deal preferring another play."""
    best = clearly_best(judged)
    if judged.decision == "bid":  # a bid is played out by the referee's players already
        return best is not None  # (`review.bidding.bid_policy`): valuing it again adds nothing
    ref = refereed(record, judged.index, budget)
    if best is None or ref is None:
        return False
    clear = clearly_best(ref)
    return clear is not None and _same(ref, clear, judged.candidates[best].cards)


def referee_view(record: dict[str, Any], index: int, stated: list, budget: Budget
                 ) -> tuple[bool, bool]:
    """Whether `stated` (sorted cards) is the referee's top choice at action `index`, and
    whether it is clearly best by the referee's values (`criterion.clearly_best`)."""
    ref = refereed(HandRecord.from_dict(record), index, budget)
    if ref is None:
        return False, False
    top = _same(ref, fair_best(ref), stated)
    clear = clearly_best(ref)
    return top, clear is not None and _same(ref, clear, stated)


def _same(judged: Judged, k: int, cards) -> bool:
    return sorted(judged.candidates[k].cards) == sorted(cards)
