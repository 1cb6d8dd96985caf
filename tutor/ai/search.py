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
from collections import Counter
from collections.abc import Callable, Sequence

from tutor.rules import Action, Hand, Observation, Phase, Play, Trump

from .budget import LOOKS, budget_spent, checkpoints, contenders, ranked_deals
from .heuristic import context_from_memory, heuristic_choice
from .memory import Memory, build_memory
from .player import Player
from .rollout import JUDGE, REFEREE, Playout, outcome_value
from .sampler import Sample, Sampler
from .state_value import Leaves, fits, load_value
from .tactics import (
    POINTS,
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
POLICIES = ("quick", "heuristic", "trick", JUDGE, REFEREE)  # the last two: the judge's
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

    With a playout count, the work goes where the choice is open: every candidate meets the
    same deals (each built once, `Playout.fork`), and at each 1/`looks` share of the deals
    (a quarter by default) a candidate behind the leader by more than two standard errors
    of their paired difference is dropped (`budget.contenders`); when one is left the
    search ends. A close call keeps the whole budget, unless `tolerance` (积分) is set: then
    a candidate is dropped too once it almost surely beats the leader by no more than that,
    so only a call that is close and still unclear keeps it. Plays that differ only in
    which off-suit level card they spend are searched once (`play_class`). Stopping early
    changed one of the 46 choices normal (then 80 playouts to the end) and hard made at
    `bench ai`'s positions, and saved 58% of their playouts; the arena's figures are in
    `strength`.
    """

    name = "search"

    def __init__(self, seed: int = 0, budget_s: float = DEFAULT_BUDGET_S,
                 playouts: int | None = None, candidates: int = 4,
                 prior: float = PRIOR, policy: str = "quick", leaf: str = "end",
                 tolerance: float = 0.0, looks: int = LOOKS, bidding: str = "classic") -> None:
        super().__init__(seed)
        self.bidding = bidding
        if policy not in POLICIES:
            raise ValueError(f"playout policy must be one of {', '.join(POLICIES)}, "
                             f"not {policy!r}")
        if leaf not in LEAVES:
            raise ValueError(f"leaf must be one of {', '.join(LEAVES)}, not {leaf!r}")
        self.budget_s = budget_s
        self.playouts = playouts
        self.max_candidates = candidates
        self.prior = prior
        self.tolerance = tolerance
        if looks < 1:
            raise ValueError(f"looks must be a whole number of at least 1, not {looks!r}")
        self.looks = looks
        self.policy = policy
        self.leaf_tricks = 0  # tricks a value leaf plays on after the candidate's
        self.model = load_value() if leaf == "value" else None
        self.last: SearchReport | None = None

    def act(self, obs: Observation) -> Action:
        if obs.phase != Phase.PLAYING:
            return heuristic_choice(obs, self.bidding)[0]
        report = self.search(obs)
        self.last = report
        return Play(obs.seat, report.best)

    def search(self, obs: Observation) -> SearchReport:
        """Evaluate the candidate plays for `obs` and report their weighted mean values."""
        start = time.perf_counter()
        mem = build_memory(obs)
        ctx = context_from_memory(obs, mem)
        cands = candidate_plays(ctx, self.max_candidates, marked_kinds(obs))
        if len(cands) == 1:
            return SearchReport(cands[0].cards, [(cands[0], 0.0, 0.0)], 0, 0)
        rng = self.rng(obs)
        draw = self._dealer(obs, self._sampler(obs, mem), rng)
        values: list[list[float | None]] = []  # each deal's outcome of each candidate played
        weights: list[float] = []  # each deal's
        active = list(range(len(cands)))  # the candidates still played out
        playouts = 0
        setup = time.perf_counter() - start  # the budget's pace counts the deals after this
        leaves = (Leaves(self.model, obs.seat, obs.declarer, obs.levels)  # other games: to the end
                  if self.model is not None and fits(obs.rules) and obs.declarer is not None
                  else None)
        deals = (max(1, -(-self.playouts // len(cands))) if self.playouts is not None
                 else None)
        checks = checkpoints(deals, self.looks) if deals is not None else set()
        while True:
            sample = draw()
            deal = len(values)
            new_playout = self._playouts(obs, mem, sample)
            row: list[float | None] = [None] * len(cands)
            for i in active:
                playout = new_playout()
                playout.apply(Play(obs.seat, cands[i].cards))
                playouts += 1
                if leaves is not None:
                    row[i] = leaves.play(playout, rng, self.policy, self.leaf_tricks, deal, i)
                else:
                    row[i] = outcome_value(playout.run(rng, self.policy), obs.seat,
                                           obs.rules.decks)
            values.append(row)
            weights.append(sample.weight)
            if (len(values) >= deals if deals is not None else
                    budget_spent(playouts, None, self.budget_s, start, setup, len(values))):
                break
            if len(values) in checks:  # drop the clearly worse; a clear best ends it early
                if leaves is not None:
                    leaves.add_to(values)
                active = contenders(values, weights, active, self.prior,
                                    tolerance=self.tolerance)
                if len(active) == 1:
                    break
        if leaves is not None:
            leaves.add_to(values)
        means, order = ranked_deals(values, weights, active, self.prior)  # 0: the heuristic's
        ranked = [(cands[i], means[i], cands[i].value) for i in order]
        return SearchReport(cands[order[0]].cards, ranked, len(values), playouts)

    def _sampler(self, obs: Observation, mem: Memory) -> Sampler:
        """What deals the hidden cards for this decision."""
        return Sampler(obs, mem)

    def _dealer(self, obs: Observation, sampler: Sampler, rng: random.Random
                ) -> Callable[[], Sample]:
        """The deals to play out, one per call: straight from the sampler."""
        return lambda: sampler.draw(rng)

    def _playouts(self, obs: Observation, mem: Memory, sample: Sample
                  ) -> Callable[[], Playout]:
        """A fresh playout of `sample` from the observed position, one per call (the deal is
        built once and copied): every seat knows the sample's hands and teams."""
        hand = Hand.from_observation(obs, sample.hands, sample.kitty, sample.friend)
        return Playout(hand, obs.current, mem.voids, revealed=obs.sides_known).fork


class SearchReport:
    """The chosen cards, every candidate with its mean outcome, and the effort spent."""

    def __init__(self, best, ranked: list[tuple[Choice, float, float]], samples: int,
                 playouts: int) -> None:
        self.best = best
        self.ranked = ranked
        self.samples = samples
        self.playouts = playouts


def candidate_plays(ctx: Context, k: int, marked: frozenset[int]) -> list[Choice]:
    """The heuristic's choice plus its other best-scoring options, up to `k` in all, one of
    each set of equivalent plays (`play_class`; `marked`: kinds that are never equivalent
    to another, `marked_kinds(obs)`, the called friend card until the friend shows)."""
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
        key = play_class(ch.cards, ctx.hand, ctx.trump, marked)
        if key not in seen:
            seen.add(key)
            out.append(ch)
        if len(out) >= k:
            break
    return out


def marked_kinds(obs: Observation) -> frozenset[int]:
    """Kinds no other kind can stand for in `play_class`: the called friend card until the
    friend has shown (playing a copy may reveal the friend)."""
    if obs.friend is None and obs.friend_card is not None:
        return frozenset({int(obs.friend_card)})
    return frozenset()


def play_class(cards: Sequence[int], hand: Sequence[int], trump: Trump,
               marked: frozenset[int] = frozenset()) -> tuple:
    """What a play is for the rest of the hand: each kind played and each kind kept as
    (effective suit, place in it, points, copies). Plays of one class differ only in
    which off-suit level card they spend (those rank alike in trump, RULES.md §2), so
    searching one of them is searching all; a `marked` kind stands for itself."""
    def shape(kinds: Sequence[int]) -> tuple:
        eff, pos = trump.table.eff, trump.table.pos
        return tuple(sorted((eff[c], pos[c], POINTS[c], n, c if c in marked else -1)
                            for c, n in Counter(kinds).items()))

    kept = list(hand)
    for c in cards:
        kept.remove(c)
    return shape(cards), shape(kept)
