"""A review split into one job per decision, for worker processes: each job carries the
hand as plain values and the index of the decision, and rebuilds the position itself."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.rules import Hand, Play, RuleSet, action_from_dict, action_to_dict

from .review import DEFAULT_BUDGET, Budget, Judged, hand_start, judge_play


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

    def position(self, index: int) -> Hand:
        """The hand as it stood before action `index`."""
        hand = Hand(self.seed, RuleSet.from_dict(self.rules), self.levels, self.declarer)
        for data in self.actions[:index]:
            hand.apply(action_from_dict(data))
        return hand


def decisions(hand: Hand, seat: int) -> list[int]:
    """The indices of `seat`'s card plays in `hand`: the decisions a review judges."""
    return [i for i, a in enumerate(hand.actions) if a.seat == seat and isinstance(a, Play)]


def judge_at(record: HandRecord, index: int, budget: Budget = DEFAULT_BUDGET) -> Judged | None:
    """Judge action `index` of the recorded hand (a job for a worker process)."""
    action = action_from_dict(record.actions[index])
    assert isinstance(action, Play)
    return judge_play(record.position(index), action.cards, index, budget)
