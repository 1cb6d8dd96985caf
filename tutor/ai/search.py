"""Determinized Monte Carlo search: sample hidden hands consistent with the observation,
play each candidate out on every sample with the heuristic, pick the best weighted mean.

Its options are the ones play mode's strengths set (`strength`): work, candidates, head
start, playout policy and where a playout stops. The options tried and not shipped (play
and particle inference, readings of the friend and the top cards, what playout seats know,
searching the bids, the bury and the call) are `lab.ai.search`'s, each with its figure.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from tutor.rules import Action, Hand, Observation, Phase, Play

from .budget import budget_spent, ranked_means
from .heuristic import context_from_memory, heuristic_choice
from .memory import Memory, build_memory
from .player import Player
from .rollout import Playout, outcome_value
from .sampler import Sample, Sampler
from .state_value import Leaves, fits, load_value
from .tactics import (
    Choice,
    Context,
    choose_play,
    follow_candidates,
    lead_candidates,
    score_follow,
    score_lead,
)

DEFAULT_BUDGET_S = 0.5
LEAVES = ("end", "value")  # where a playout stops: the hand's end, or the learned value
POLICIES = ("quick", "heuristic", "trick")
PRIOR = 0.25  # 积分 head start for the heuristic's own choice: few samples are noisy


class SearchPlayer(Player):
    """Search for card play; bidding, the bury and the friend call come from the heuristic.

    Budget: `budget_s` seconds per decision (default 0.5), or a fixed number of playouts
    (`playouts`, which makes decisions reproducible and machine-independent). `candidates`
    is how many of the tactics' best plays are searched (the heuristic's first, with a head
    start of `prior` 积分). `policy` plays the samples out with `quick` rules (default), the
    `heuristic` tactics (about 3x slower), or the tactics for the rest of the `trick` only.
    `leaf` = `value` stops each playout between tricks, at the end of the trick the
    candidate is played in, and values the deal there by the learned outcome model
    (`state_value`) instead of playing to the end; in games under other rules than the model
    learned (`state_value.fits`) it plays to the end.
    """

    name = "search"

    def __init__(self, seed: int = 0, budget_s: float = DEFAULT_BUDGET_S,
                 playouts: int | None = None, candidates: int = 4,
                 prior: float = PRIOR, policy: str = "quick", leaf: str = "end") -> None:
        super().__init__(seed)
        if policy not in POLICIES:
            raise ValueError(f"playout policy must be one of {', '.join(POLICIES)}, "
                             f"not {policy!r}")
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}, not {leaf!r}")
        self.budget_s = budget_s
        self.playouts = playouts
        self.max_candidates = candidates
        self.prior = prior
        self.policy = policy
        self.leaf_tricks = 0  # tricks a value leaf plays on after the candidate's
        self.model = load_value() if leaf == "value" else None
        self.last: SearchReport | None = None

    def act(self, obs: Observation) -> Action:
        if obs.phase != Phase.PLAYING:
            return heuristic_choice(obs)[0]
        report = self.search(obs)
        self.last = report
        return Play(obs.seat, report.best)

    def search(self, obs: Observation) -> SearchReport:
        """Evaluate the candidate plays for `obs` and report their weighted mean values."""
        start = time.perf_counter()
        mem = build_memory(obs)
        ctx = context_from_memory(obs, mem)
        cands = candidate_plays(ctx, self.max_candidates)
        if len(cands) == 1:
            return SearchReport(cands[0].cards, [(cands[0], 0.0, 0.0)], 0, 0)
        rng = self.rng(obs)
        draw = self._dealer(obs, self._sampler(obs, mem), rng)
        totals = [0.0] * len(cands)
        weight_sum = 0.0
        samples = playouts = 0
        setup = time.perf_counter() - start  # the budget's pace counts the deals after this
        leaves = (Leaves(self.model, obs.seat, obs.declarer, obs.levels)  # other games: to the end
                  if self.model is not None and fits(obs.rules) and obs.declarer is not None
                  else None)
        while True:
            sample = draw()
            new_playout = self._playouts(obs, mem, sample)
            for i, cand in enumerate(cands):
                playout = new_playout()
                playout.apply(Play(obs.seat, cand.cards))
                playouts += 1
                if leaves is not None:
                    totals[i] += leaves.play(playout, rng, self.policy, self.leaf_tricks, i,
                                             sample.weight)
                    continue
                result = playout.run(rng, self.policy)
                totals[i] += sample.weight * outcome_value(result, obs.seat, obs.rules.decks)
            weight_sum += sample.weight
            samples += 1
            if budget_spent(playouts, self.playouts, self.budget_s, start, setup, samples):
                break
        if leaves is not None:
            leaves.add_to(totals)
        means, order = ranked_means(totals, weight_sum, self.prior)  # 0: the heuristic's
        ranked = [(cands[i], means[i], cands[i].value) for i in order]
        return SearchReport(cands[order[0]].cards, ranked, samples, playouts)

    def _sampler(self, obs: Observation, mem: Memory) -> Sampler:
        """What deals the hidden cards for this decision."""
        return Sampler(obs, mem)

    def _dealer(self, obs: Observation, sampler: Sampler, rng: random.Random
                ) -> Callable[[], Sample]:
        """The deals to play out, one per call: straight from the sampler."""
        return lambda: sampler.draw(rng)

    def _playouts(self, obs: Observation, mem: Memory, sample: Sample
                  ) -> Callable[[], Playout]:
        """A fresh playout of `sample` from the observed position, one per call: every seat
        knows the sample's hands and teams."""
        def new() -> Playout:
            hand = Hand.from_observation(obs, sample.hands, sample.kitty, sample.friend)
            return Playout(hand, obs.current, mem.voids, revealed=obs.sides_known)
        return new


class SearchReport:
    """The chosen cards, every candidate with its mean outcome, and the effort spent."""

    def __init__(self, best, ranked: list[tuple[Choice, float, float]], samples: int,
                 playouts: int) -> None:
        self.best = best
        self.ranked = ranked
        self.samples = samples
        self.playouts = playouts


def candidate_plays(ctx: Context, k: int) -> list[Choice]:
    """The heuristic's choice plus its other best-scoring options, up to `k` in all."""
    top = choose_play(ctx)
    scored: list[Choice] = [top]
    if ctx.current:
        for play in follow_candidates(ctx):
            scored.append(score_follow(ctx, play))
    else:
        for cards, kind in lead_candidates(ctx):
            scored.append(score_lead(ctx, cards, kind))
    seen, out = set(), []
    for ch in [top, *sorted(scored[1:], key=lambda c: -c.value)]:
        key = tuple(sorted(ch.cards))
        if key not in seen:
            seen.add(key)
            out.append(ch)
        if len(out) >= k:
            break
    return out
