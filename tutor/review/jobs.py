"""A hand's review as one job per decision: each job carries the hand as plain values and
the index of the decision and rebuilds the position itself, so worker processes can take
them in any order; `review_hand` runs them all here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.rules import (
    Bid,
    Bury,
    CallFriend,
    Hand,
    Pass,
    Play,
    RuleSet,
    action_from_dict,
    action_to_dict,
)

from .bidding import judge_bid
from .review import DEFAULT_BUDGET, Budget, HandReview, Judged, hand_start, judge_play
from .setup import judge_bury, judge_call


@dataclass(frozen=True)
class HandRecord:
    """What rebuilds a hand: its seed, rules, levels, starting declarer and actions."""

    seed: int
    rules: dict[str, Any]
    levels: tuple[int, ...]
    declarer: int | None
    actions: tuple[dict[str, Any], ...]

    @classmethod
    def of(cls, hand: Hand) -> HandRecord:
        start = hand_start(hand)
        return cls(hand.seed, hand.rules.to_dict(), tuple(hand.levels), start.declarer,
                   tuple(action_to_dict(a) for a in hand.actions))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandRecord:
        """A record from its JSON form (`dataclasses.asdict` of one, as a mined line holds)."""
        return cls(data["seed"], data["rules"], tuple(data["levels"]), data["declarer"],
                   tuple(data["actions"]))

    def position(self, index: int) -> Hand:
        """The hand as it stood before action `index`."""
        hand = Hand(self.seed, RuleSet.from_dict(self.rules), self.levels, self.declarer)
        for data in self.actions[:index]:
            hand.apply(action_from_dict(data))
        return hand


def decisions(hand: Hand, seat: int) -> list[int]:
    """The indices of `seat`'s bids and passes, bury, friend call and card plays in `hand`:
    the decisions a review judges."""
    return [i for i, a in enumerate(hand.actions)
            if a.seat == seat and isinstance(a, (Bid, Pass, Bury, CallFriend, Play))]


def judge_at(record: HandRecord, index: int, budget: Budget = DEFAULT_BUDGET) -> Judged | None:
    """Judge action `index` of the recorded hand (a job for a worker process)."""
    action = action_from_dict(record.actions[index])
    position = record.position(index)
    if isinstance(action, Bury):
        call = next(a for a in map(action_from_dict, record.actions[index + 1:])
                    if isinstance(a, CallFriend))
        return judge_bury(position, action, call, index, budget)
    if isinstance(action, CallFriend):
        return judge_call(position, action, index, budget)
    if isinstance(action, (Bid, Pass)):
        return judge_bid(position, action, index, budget)
    assert isinstance(action, Play)
    return judge_play(position, action.cards, index, budget)


def review_hand(hand: Hand, seat: int, budget: Budget = DEFAULT_BUDGET,
                progress=None) -> HandReview:
    """Judge every decision of `seat` in the finished `hand` (bids, bury, call, card plays).
    `progress(done, total)` is called after each."""
    record, indices = HandRecord.of(hand), decisions(hand, seat)
    review = HandReview(seat)
    for done, index in enumerate(indices, start=1):
        judged = judge_at(record, index, budget)
        if judged is not None:
            review.decisions.append(judged)
        if progress is not None:
            progress(done, len(indices))
    return review
