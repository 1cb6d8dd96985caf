"""Bid search: each legal choice at a bid (pass, and every bid the hand could show) played
out to the end of the hand on deals of the hidden cards, the heuristic finishing the
bidding, the bury, the friend call and the card play for every seat.

The trump suit decides much of a hand, and the heuristic picks it from its own cards alone
(the strongest suit, if strong enough). In the heuristic's seat, its card play unchanged,
this search with 12 deals a choice gained +0.049 积分 a hand [−0.001, +0.098] over it in
the arena (300 deals, seed 16) and +0.037 [−0.032, +0.105] (seed 17), most of it as a
defender; it costs 0.86 s a bid decision (p50; p95 1.4 s). With 8 deals, 0.52 s (p95
0.87 s), it gained +0.025 [−0.032, +0.081] (seed 16). A first version with the quick policy
and 24 deals gained only +0.026 [−0.022, +0.074].

On top of hard's card play (160 playouts), 8 deals gained over hard itself +0.039 积分 a
hand [−0.025, +0.103], levels +0.013 [−0.004, +0.031] (seed 16, 300 deals, paired: a
seat's hand is the same with and without the search unless its bids differ, 37% of them).
As a defender in those hands +0.25 [+0.02, +0.48], as the friend −0.27 [−0.75, +0.22]. Its
bid decisions took p50 0.60 s, p95 2.0 s with both cores busy, over the one-second bound,
and the gain is not significant, so it is not part of "hard".

A cap (`bid_cap`, successive halving of the choices) keeps the five- and six-choice bids in
bounds: with 24 playouts, bench p95 0.86 s a bid (1.45 s without). On hard, paired the same
way (`arena --only bidding --field heuristic`, seed 17, the first 177 deals), it gained
+0.036 积分 a hand [−0.053, +0.125], levels −0.005 [−0.028, +0.019]; 36% of the hands
replayed, as a defender +0.25 [−0.02, +0.53], as the friend −0.33 [−1.14, +0.47]. Pooled
with seed 16, +0.038 [−0.014, +0.090]: still not significant, so still not in "hard".
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass

from tutor.ai.bidding import bid_choices, bidding_deals, set_up
from tutor.ai.heuristic import heuristic_choice
from tutor.ai.rollout import UNPLAYABLE, outcome_value, unplayable_as_worst
from tutor.rules import Action, Observation, Phase

BID_POLICY = "heuristic"  # the playout policy a bid is searched with (see the module's text)


@dataclass
class BidReport:
    """The chosen bid or pass, the choices still in the running at the end (all of them
    without a cap) best first with their mean outcomes, and the playouts run."""

    best: Action
    ranked: list[tuple[Action, float]]
    playouts: int


def halving_rounds(choices: int, deals: int, cap: int | None) -> list[int]:
    """Deals each surviving choice is played out on in each round, the best half (rounded
    up) going on after every round but the last: one round of `deals` when every choice
    fits in `cap` playouts (None: no cap), else successive halving, `cap` shared out evenly
    over the rounds (and each survivor's deals never more than `deals` in all)."""
    if cap is None or choices * deals <= cap:
        return [deals]
    if cap < 1:
        raise ValueError("a bid search's cap is at least one playout")
    rounds, alive = [], choices
    count = max(1, math.ceil(math.log2(choices)))
    for r in range(count):
        more = max(1, cap // count // alive)
        if r == count - 1 or sum(rounds) + more >= deals:  # the last round: survivors only
            rounds.append(min(more, deals - sum(rounds)))
            break
        rounds.append(more)
        alive = math.ceil(alive / 2)
    return rounds


def search_bid(obs: Observation, deals: int, rng: random.Random,
               policy: str = BID_POLICY, cap: int | None = None) -> BidReport:
    """The choice with the best mean outcome for `obs`'s seat over up to `deals` fair deals
    (the heuristic's own on a tie), with at most about `cap` playouts in all (None: every
    choice on every deal; see `halving_rounds`). A pure function of `obs` and `rng`'s state."""
    if obs.phase != Phase.BIDDING:
        raise ValueError("a bid is searched in the bidding phase only")
    own = heuristic_choice(obs)[0]
    choices = bid_choices(obs)
    choices.sort(key=lambda c: c != own)  # the heuristic's first: it wins ties
    if len(choices) == 1:
        return BidReport(own, [(own, 0.0)], 0)
    seed = rng.getrandbits(32)
    rounds = halving_rounds(len(choices), deals, cap)
    drawn = bidding_deals(obs, sum(rounds), seed)
    states = []  # the same random playout for every choice on a deal
    for _ in drawn:
        states.append(rng.getstate())
        rng.getrandbits(32)
    scores: list[list[float]] = [[] for _ in choices]
    alive = list(range(len(choices)))
    done = 0
    means: list[float] = []
    order: list[int] = []  # places in `alive`, best first
    for r, count in enumerate(rounds):
        for j in range(done, done + count):
            deal = drawn[j]
            # every choice meets the same cards should everyone pass and the deck be dealt again
            again = zlib.crc32(bytes(int(c) for c in deal.kitty)) ^ seed
            for k in alive:
                rng.setstate(states[j])
                playout = set_up(obs, choices[k], deal, again)
                scores[k].append(UNPLAYABLE if playout is None else outcome_value(
                    playout.run(rng, policy), obs.seat, obs.rules.decks))
        done += count
        rows = unplayable_as_worst([scores[k] for k in alive])
        means = [sum(row) / len(row) for row in rows]
        order = sorted(range(len(alive)), key=lambda i: (-means[i], alive[i]))
        if r < len(rounds) - 1:
            keep = sorted(order[:math.ceil(len(alive) / 2)])
            alive, means = [alive[i] for i in keep], [means[i] for i in keep]
    return BidReport(choices[alive[order[0]]], [(choices[alive[i]], means[i]) for i in order],
                     sum(len(row) for row in scores))
