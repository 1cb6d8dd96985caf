"""Valuing candidate plays by playing each out to the end of the hand.

Two views of one decision: *hindsight* plays the candidates out on the true deal (the other
seats' real cards), *fair* on deals drawn from what the learner could see (the search's
sampler, weighted by its inference). Every candidate meets the same deals and the same random
playouts (common random numbers), so the differences between candidates are not noise of
their own.

The cards are played out by the budget's policy (`review.Budget`): `rollout.JUDGE` has each
seat know the teams only as it would at the table and play as a player would;
`rollout.REFEREE` (the heuristic's tactics for every seat) is the stronger, slower second
opinion that certifies what is taught (`strategy.referee`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tutor.ai.memory import Memory
from tutor.ai.rollout import (
    SMOOTHING,
    UNPLAYABLE,
    Playout,
    outcome_value,
    unplayable_as_worst,
)
from tutor.ai.sampler import Sample, Sampler
from tutor.rules import Card, Hand, Observation, Play


@dataclass(frozen=True)
class Value:
    """A candidate's weighted mean outcome for the learner: 积分 (with the point margin's
    small tie-break, as the search counts it) and the side's card points beyond the even
    mark (`rollout.even_mark`)."""

    score: float
    margin: float


@dataclass(frozen=True)
class Outcomes:
    """Every playout's outcome for each candidate (`scores[k][j]`: candidate k, playout j),
    with each playout's weight; means and paired differences come from here."""

    scores: list[list[float]]
    margins: list[list[float]]
    weights: list[float]

    def value(self, k: int) -> Value:
        """Candidate `k`'s weighted means."""
        total = sum(self.weights) or 1.0
        return Value(sum(w * x for w, x in zip(self.weights, self.scores[k], strict=True)) / total,
                     sum(w * x for w, x in zip(self.weights, self.margins[k], strict=True)) / total)

    def gap(self, better: int, worse: int) -> tuple[float, float]:
        """How much more `better` scored than `worse` (weighted mean of the paired
        differences) and the standard error of that mean."""
        w = self.weights
        total = sum(w)
        if total <= 0:
            return 0.0, 0.0
        diffs = [a - b for a, b in zip(self.scores[better], self.scores[worse], strict=True)]
        mean = sum(wi * d for wi, d in zip(w, diffs, strict=True)) / total
        spread = sum(wi * wi * (d - mean) ** 2 for wi, d in zip(w, diffs, strict=True))
        return mean, spread ** 0.5 / total


def true_deal(hand: Hand) -> Sample:
    """The real cards of every seat and the kitty at this moment of `hand` (hindsight)."""
    n = hand.rules.players
    return Sample([list(hand.cards_of(s)) for s in range(n)], list(hand.kitty), 1.0,
                  hand.friend)


def fair_deals(obs: Observation, mem: Memory, count: int, seed: int) -> list[Sample]:
    """`count` deals consistent with `obs`, drawn by the search's sampler (it reads only
    `obs` and what it deduced from it)."""
    rng = random.Random(seed)
    sampler = Sampler(obs, mem)
    return [sampler.draw(rng) for _ in range(count)]


def outcomes(seat: int, count: int, start: Callable[[Sample, int], Playout | None],
             deals: Sequence[Sample], repeats: int, seed: int,
             policy: str = "quick") -> Outcomes:
    """`count` candidates played out on every deal, `repeats` times each, with `policy` for
    every seat (`Playout.run`): `start(deal, k)` sets candidate k up on a deal (None: it
    cannot be played there, which counts as the worst outcome seen). The same deals and
    random playouts serve every candidate."""
    scores: list[list[float]] = [[] for _ in range(count)]
    margins: list[list[float]] = [[] for _ in range(count)]
    weights: list[float] = []
    for d, deal in enumerate(deals):
        for r in range(repeats):
            for k in range(count):
                playout = start(deal, k)
                if playout is None:
                    scores[k].append(UNPLAYABLE)
                    margins[k].append(0.0)
                    continue
                result = playout.run(random.Random(seed * 7919 + d * 131 + r), policy)
                value = outcome_value(result, seat, playout.hand.rules.decks)
                scores[k].append(value)
                margins[k].append((value - result.score[seat]) / SMOOTHING)
            weights.append(deal.weight)
    return Outcomes(unplayable_as_worst(scores), margins, weights)


def play_outcomes(obs: Observation, mem: Memory, candidates: Sequence[tuple[Card, ...]],
                  deals: Sequence[Sample], repeats: int, seed: int,
                  policy: str = "quick") -> Outcomes:
    """Each candidate play of the seat that sees `obs`, played out on every deal."""

    built: list = [None, None]  # the last deal and its playout: each deal is built once

    def start(deal: Sample, k: int) -> Playout:
        if built[0] is not deal:
            hand = Hand.from_observation(obs, deal.hands, deal.kitty, deal.friend)
            built[:] = [deal, Playout(hand, obs.current, mem.voids, revealed=obs.sides_known)]
        playout = built[1].fork()
        playout.apply(Play(obs.seat, candidates[k]))
        return playout

    return outcomes(obs.seat, len(candidates), start, deals, repeats, seed, policy)
