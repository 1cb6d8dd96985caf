"""Judging a bid or a pass: each legal choice (pass, and every bid the hand could show) is
played out to the end of the hand, the heuristic finishing the bidding, the bury and the
friend call for every seat, then the quick policy playing the cards; in hindsight on the
true deal, fairly on deals of the hidden cards that hold whatever the other seats showed.
"""

from __future__ import annotations

import zlib

from tutor.ai.bidding import bid_choices, bidding_deals, set_up
from tutor.ai.explain import bid_reason
from tutor.ai.rollout import Playout
from tutor.ai.sampler import Sample
from tutor.rules import Action, Bid, Card, Hand

from .review import DEFAULT_BUDGET, Budget, Judged, verdict
from .values import outcomes, true_deal


def _cards(action: Action) -> tuple[Card, ...]:
    return tuple(action.cards) if isinstance(action, Bid) else ()


def judge_bid(position: Hand, action: Action, index: int,
              budget: Budget = DEFAULT_BUDGET) -> Judged | None:
    """Judge the learner's bid or pass `action` (the seat to act's) against every other
    legal choice; None when it had no choice (no level card to show)."""
    seat = action.seat
    obs = position.observation(seat)
    choices = bid_choices(obs)
    if len(choices) < 2:
        return None
    mine = next(k for k, c in enumerate(choices) if _cards(c) == _cards(action)
                and type(c) is type(action))
    choices.insert(0, choices.pop(mine))
    seed = zlib.crc32(repr(("bid", index, sorted(int(c) for c in obs.hand))).encode())

    def start(deal: Sample, k: int) -> Playout | None:
        # every choice meets the same cards should everyone pass and the deck be dealt again
        again = zlib.crc32(bytes(int(c) for c in deal.kitty)) ^ seed
        return set_up(obs, choices[k], deal, again)

    fair = outcomes(seat, len(choices), start, bidding_deals(obs, budget.fair_deals, seed), 1,
                    seed)
    hind = outcomes(seat, len(choices), start, [true_deal(position)], budget.hindsight_repeats,
                    seed)
    plays = [_cards(c) for c in choices]
    best = max(range(len(choices)), key=lambda k: (fair.value(k).score, -k))
    reason = bid_reason(obs, choices[best])
    return verdict(index, 0, plays, 0, fair, hind, reason, "bid", "bid")
