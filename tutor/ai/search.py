"""Determinized Monte Carlo search: sample hidden hands consistent with the observation,
play each candidate out on every sample with the heuristic, pick the best weighted mean."""

from __future__ import annotations

import random
import time

from tutor.rules import Action, Hand, Observation, Phase, Play

from .bid_search import BidReport, search_bid
from .budget import budget_spent, ranked_means
from .heuristic import context_from_memory, heuristic_choice
from .inference import TEMPERATURE, PastPlay, past_plays, play_likelihood, window_start
from .memory import build_memory
from .particles import ParticleFilter
from .player import Player
from .rollout import VIEWS, Playout, outcome_value, seat_beliefs
from .sampler import EVIDENCE, REFUSALS, Sample, Sampler
from .setup_search import SetupReport, search_setup, setup_candidates
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
TEAMS = ("sampled", "believed", "read")  # what the seats of a playout know of the teams
PRIOR = 0.25  # 积分 head start for the heuristic's own choice: few samples are noisy


class SearchPlayer(Player):
    """Search for card play (and, with `setup`, for the bury and the friend call); bidding
    and the rest come from the heuristic.

    Budget: `budget_s` seconds per decision (default 0.5), or a fixed number of playouts
    (`playouts`, which makes decisions reproducible and machine-independent). `policy` plays
    the samples out with `quick` rules (default), the `heuristic` tactics (about 3x slower),
    or the tactics for the rest of the `trick` only;
    `infer` = k > 0 draws k deals per playout deal and keeps one by play inference over the
    last tricks; `particles` = m > 0 draws them from a whole-hand particle set of m deals;
    `temperature` softens the model of the others' play for both. `setup` = k > 0 picks the
    declarer's bury and call among up to k candidates each by playouts, with the same budget
    (0: the heuristic's bury and call; those playouts always play to the end: valued as
    play begins, the state value prefers voiding a suit that playouts do not). `teams` =
    `believed` plays the samples out with each seat knowing only what it would of the teams
    until the friend shows (`sampled`: every seat knows the sample's friend). `evidence` is
    how the sampler reads the friend from the follows (`feeds`, `fitted` or `none`, see
    `Sampler`); `refusals` how it reads who holds the top cards from plays that did not use
    them (`off`, `weigh`, `deal` or `tilt`);
    `view` what each playout seat sees of the hidden cards (`sample`, `kitty` or `full`, see
    `rollout.VIEWS`). `bids` = k > 0 picks each bid or pass by playing every choice out on k
    deals (`bid_search`; 0: the heuristic's), and `bid_cap` = c > 0 spends at most about c
    playouts on a bid by successive halving of the choices (0: k on every choice).
    `leaf` = `value` stops each playout between tricks, `leaf_tricks` tricks after the one
    the candidate is played in, and values the deal there by the learned outcome model
    (`state_value`; `value`: its file, default the shipped one) instead of playing to the end;
    in games under other rules than the model learned (`state_value.fits`) it plays to the end.
    """

    name = "search"

    def __init__(self, seed: int = 0, budget_s: float = DEFAULT_BUDGET_S,
                 playouts: int | None = None, candidates: int = 4,
                 prior: float = PRIOR, policy: str = "quick", infer: int = 0,
                 particles: int = 0, temperature: float = TEMPERATURE,
                 setup: int = 0, teams: str = "sampled", evidence: str = "feeds",
                 refusals: str = "off", view: str = "sample", bids: int = 0,
                 bid_cap: int = 0, leaf: str = "end", leaf_tricks: int = 0,
                 value: str | None = None) -> None:
        super().__init__(seed)
        if evidence not in EVIDENCE:
            raise ValueError(f"evidence must be one of {', '.join(EVIDENCE)}, not {evidence!r}")
        if refusals not in REFUSALS:
            raise ValueError(f"refusals must be one of {', '.join(REFUSALS)}, "
                             f"not {refusals!r}")
        if view not in VIEWS:
            raise ValueError(f"view must be one of {', '.join(VIEWS)}, not {view!r}")
        if teams not in TEAMS:
            raise ValueError(f"teams must be one of {', '.join(TEAMS)}, not {teams!r}")
        if policy not in POLICIES:
            raise ValueError(f"playout policy must be one of {', '.join(POLICIES)}, "
                             f"not {policy!r}")
        if infer < 0 or particles < 0:
            raise ValueError("infer and particles must be 0 (off) or a number of deals")
        if setup < 0:
            raise ValueError("setup must be 0 (the heuristic's) or a number of candidates")
        if bids < 0:
            raise ValueError("bids must be 0 (the heuristic's) or a number of deals")
        if bid_cap < 0:
            raise ValueError("bid_cap must be 0 (none) or a number of playouts")
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}, not {leaf!r}")
        if leaf_tricks < 0:
            raise ValueError("leaf_tricks must be 0 or more")
        if (value is not None or leaf_tricks) and leaf != "value":
            raise ValueError("value and leaf_tricks are read only with leaf=value")
        self.budget_s = budget_s
        self.playouts = playouts
        self.max_candidates = candidates
        self.prior = prior
        self.policy = policy
        self.infer = infer
        self.particles = particles
        self.temperature = temperature
        self.setup = setup
        self.teams = teams
        self.evidence = evidence
        self.refusals = refusals
        self.view = view
        self.bids = bids
        self.bid_cap = bid_cap
        self.leaf_tricks = leaf_tricks
        self.model = load_value(value) if leaf == "value" else None
        self.last: SearchReport | SetupReport | BidReport | None = None

    def act(self, obs: Observation) -> Action:
        if self.setup and obs.phase in (Phase.BURYING, Phase.CALLING):
            setup = self.search_setup(obs)
            self.last = setup
            return setup.best
        if self.bids and obs.phase == Phase.BIDDING:
            bid = search_bid(obs, self.bids, self.rng(obs), cap=self.bid_cap or None)
            self.last = bid
            return bid.best
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
        sampler = Sampler(obs, mem, self.evidence, self.refusals)
        totals = [0.0] * len(cands)
        weight_sum = 0.0
        samples = playouts = 0
        history = past_plays(obs) if self.infer else []
        since = window_start(obs, history)
        pool = ParticleFilter(obs, self.seed, self.particles,
                              self.temperature).samples(sampler) if self.particles else []
        hidden = self.teams != "sampled" and obs.friend is None
        read = hidden and self.teams == "read"
        setup = time.perf_counter() - start  # the budget's pace counts the deals after this
        leaves = (Leaves(self.model, obs.seat, obs.declarer, obs.levels)  # other games: to the end
                  if self.model is not None and fits(obs.rules) and obs.declarer is not None
                  else None)
        while True:
            sample = (_pick(pool, rng) if pool
                      else self._draw(sampler, rng, obs, history, since))
            beliefs = seat_beliefs(Hand.from_observation(
                obs, sample.hands, sample.kitty, sample.friend)) if read else None
            for i, cand in enumerate(cands):
                hand = Hand.from_observation(obs, sample.hands, sample.kitty, sample.friend)
                playout = Playout(hand, obs.current, mem.voids, hidden, beliefs, self.view,
                                  obs.sides_known)
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

    def search_setup(self, obs: Observation) -> SetupReport:
        """Evaluate up to `setup` bury (or call) candidates for `obs` by playouts."""
        cands = setup_candidates(obs, self.setup)
        return search_setup(obs, cands, self.rng(obs), self.playouts, self.budget_s,
                            self.prior, self.policy)

    def _draw(self, sampler: Sampler, rng: random.Random, obs: Observation,
              history: list[PastPlay], start: int) -> Sample:
        """One deal to play out: straight from the sampler, or with `infer` = k, one of k
        drawn deals picked by how well it explains the others' recent plays."""
        if not self.infer:
            return sampler.draw(rng)
        drawn = [sampler.draw(rng) for _ in range(self.infer)]
        weights = [d.weight * play_likelihood(obs, history, d.hands, d.kitty, start,
                                                   self.temperature)
                   for d in drawn]
        pick = rng.choices(drawn, weights)[0] if sum(weights) > 0 else drawn[0]
        pick.weight = 1.0  # resampled in proportion to its weight already
        return pick


def _pick(pool: list[Sample], rng: random.Random) -> Sample:
    """One particle, drawn in proportion to its weight (so it counts as one full sample)."""
    pick = rng.choices(pool, [s.weight for s in pool])[0]
    return Sample(pick.hands, pick.kitty, 1.0, pick.friend)


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
