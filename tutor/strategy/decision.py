"""One mined decision judged as the bank asks it: a card play or a bid as the review judges
it, and, with the judge that plays like players, the declarer's bury or call among the
choices a player would weigh (`setup.judge_options`) instead of against the recorded one.
Mining, the referee and the verification all judge through here, so they weigh the same
candidates."""

from __future__ import annotations

from tutor.review.jobs import HandRecord, judge_at
from tutor.review.review import Budget, Judged
from tutor.review.setup import judge_options
from tutor.rules import CallFriend, action_from_dict


def judge_decision(record: HandRecord, index: int, budget: Budget) -> Judged | None:
    """Action `index` of `record` judged with `budget`, as the bank asks it."""
    kind = record.actions[index].get("type")
    if budget.shipped or kind not in ("bury", "callfriend"):
        return judge_at(record, index, budget)
    call = None
    if kind == "bury":  # the bury is valued with the call the hand made after it
        call = next(a for a in map(action_from_dict, record.actions[index + 1:])
                    if isinstance(a, CallFriend))
    return judge_options(record.position(index), index, call, budget)
