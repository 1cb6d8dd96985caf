"""Judging a bid or a pass against the heuristic's choice there (what the hint says): both
are played out to the end of the hand, the heuristic finishing the bidding, the bury and the
friend call for every seat, then its tactics playing the cards; in hindsight on the true
deal, fairly on deals of the hidden cards that hold whatever the other seats showed.

Judged against every legal choice, the quick playouts condemned bids any player would make:
in match 1's first hand a pair of 2♥ with 13 trumps was a blunder 2.72 积分 behind a single
2♣; on 48 deals the quick policy made the pair -1.95 积分 against -0.38 for passing, the
heuristic's own tactics -0.83 against -0.56. A bid is now judged against the heuristic's
choice only, whose bids a search could not better (`lab.ai.bid_search`) and which the hint
gives, as the bury and the call are (`setup`); the tactics play nearer a person than the
quick rules do, and two choices played by them cost what the old five did. They play with
the teams as each seat knows them (`rollout.REFEREE`), the friend hidden until it shows,
unless the judge is the shipped bank's (`Budget.policy` "quick": every seat knows the teams).
"""

from __future__ import annotations

import zlib

from tutor.ai.bidding import bid_choices, bidding_deals, set_up
from tutor.ai.explain import bid_reason
from tutor.ai.heuristic import heuristic_choice
from tutor.ai.rollout import REFEREE, Playout
from tutor.ai.sampler import Sample
from tutor.rules import Action, Bid, Card, Hand

from .review import DEFAULT_BUDGET, Budget, Judged, decision_seed, verdict
from .values import outcomes, true_deal


def bid_policy(budget: Budget) -> str:
    """Who plays the cards out after a bid: the tactics, with the teams as each seat knows
    them, or known to all for the shipped bank's judge ("quick")."""
    return "heuristic" if budget.shipped else REFEREE


def _cards(action: Action) -> tuple[Card, ...]:
    return tuple(action.cards) if isinstance(action, Bid) else ()


def judge_bid(position: Hand, action: Action, index: int,
              budget: Budget = DEFAULT_BUDGET) -> Judged | None:
    """Judge the learner's bid or pass `action` (the seat to act's) against the heuristic's
    choice; None when it had no choice (no level card to show) or chose as the heuristic."""
    seat = action.seat
    obs = position.observation(seat)
    if len(bid_choices(obs)) < 2:
        return None
    heuristic = heuristic_choice(obs)[0]
    if type(heuristic) is type(action) and sorted(_cards(heuristic)) == sorted(_cards(action)):
        return None
    choices = [action, heuristic]
    seed = decision_seed(obs, "bid")

    def start(deal: Sample, k: int) -> Playout | None:
        # every choice meets the same cards should everyone pass and the deck be dealt again
        again = zlib.crc32(bytes(int(c) for c in deal.kitty)) ^ seed
        return set_up(obs, choices[k], deal, again)

    deals = bidding_deals(obs, budget.fair_deals, seed)
    policy = bid_policy(budget)
    fair = outcomes(seat, 2, start, deals, 1, seed, policy)
    hind = outcomes(seat, 2, start, [true_deal(position)], budget.hindsight_repeats, seed, policy)
    plays = [_cards(c) for c in choices]
    return verdict(index, 0, plays, 0, fair, hind, bid_reason(obs, heuristic), "bid", "bid")
