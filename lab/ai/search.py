"""The search with every option tried on it: play mode's `SearchPlayer` plus the research.

`ResearchSearchPlayer` takes `SearchPlayer`'s options (`budget_s`, `playouts`, `candidates`,
`prior`, `policy`, `leaf`) and these, none of which play mode's strengths use:
`infer` = k > 0 draws k deals per playout deal and keeps one by play inference over the
last tricks (`inference`); `particles` = m > 0 draws them from a whole-hand particle set of
m deals (`particles`); `temperature` softens the model of the others' play for both.
`setup` = k > 0 picks the declarer's bury and call among up to k candidates each by
playouts, with the same budget (`setup_search`; those playouts always play to the end:
valued as play begins, the state value prefers voiding a suit that playouts do not).
`teams` = `believed` plays the samples out with each seat knowing only what it would of the
teams until the friend shows, `read` with each seat's heuristic reading of them (`sampled`:
every seat knows the sample's friend; see `rollout`). `evidence` is how the sampler reads the
friend from the follows (`feeds`, `fitted` or `none`) and `refusals` how it reads who holds
the top cards from plays that did not use them (`off`, `weigh`, `deal` or `tilt`; see
`sampler`). `view` is what each playout seat sees of the hidden cards (`sample`, `kitty` or
`full`, see `rollout.VIEWS`). `bids` = k > 0 picks each bid or pass by playing every choice
out on k deals (`bid_search`), and `bid_cap` = c > 0 spends at most about c playouts on a bid
by successive halving of the choices. `leaf_tricks` plays a value leaf on that many tricks
after the candidate's, and `value` names the model's file (default the shipped one).

With none of them set it plays exactly as `SearchPlayer` (the same moves for the same seed).
What each measured, and why none is a strength: the docstrings of `bid_search`, `refusals`,
`team`, `sampler`, `rollout` and `tutor.ai.strength`.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tutor.ai.decision import PlayerSpec
from tutor.ai.memory import Memory
from tutor.ai.player import Player
from tutor.ai.rollout import Playout
from tutor.ai.sampler import Sample, Sampler
from tutor.ai.search import DEFAULT_BUDGET_S, PRIOR, SearchPlayer, SearchReport
from tutor.ai.state_value import load_value
from tutor.rules import Action, Hand, Observation, Phase

from .bid_search import BidReport, search_bid
from .inference import TEMPERATURE, PastPlay, past_plays, play_likelihood, window_start
from .particles import ParticleFilter
from .rollout import VIEWS, ResearchPlayout, seat_beliefs
from .sampler import EVIDENCE, REFUSALS, ResearchSampler
from .setup_search import SetupReport, search_setup, setup_candidates

TEAMS = ("sampled", "believed", "read")  # what the seats of a playout know of the teams
# the options `SearchPlayer` itself takes: a spec with only these is play mode's player
PRODUCT_OPTIONS = frozenset({"budget_s", "playouts", "candidates", "prior", "policy", "leaf",
                             "tolerance", "looks"})


class ResearchSearchPlayer(SearchPlayer):
    """`SearchPlayer` with the research options (see the module's text)."""

    def __init__(self, seed: int = 0, budget_s: float = DEFAULT_BUDGET_S,
                 playouts: int | None = None, candidates: int = 4,
                 prior: float = PRIOR, policy: str = "quick", infer: int = 0,
                 particles: int = 0, temperature: float = TEMPERATURE,
                 setup: int = 0, teams: str = "sampled", evidence: str = "feeds",
                 refusals: str = "off", view: str = "sample", bids: int = 0,
                 bid_cap: int = 0, leaf: str = "end", leaf_tricks: int = 0,
                 value: str | None = None, tolerance: float = 0.0, looks: int = 4) -> None:
        if evidence not in EVIDENCE:
            raise ValueError(f"evidence must be one of {', '.join(EVIDENCE)}, not {evidence!r}")
        if refusals not in REFUSALS:
            raise ValueError(f"refusals must be one of {', '.join(REFUSALS)}, "
                             f"not {refusals!r}")
        if view not in VIEWS:
            raise ValueError(f"view must be one of {', '.join(VIEWS)}, not {view!r}")
        if teams not in TEAMS:
            raise ValueError(f"teams must be one of {', '.join(TEAMS)}, not {teams!r}")
        super().__init__(seed, budget_s, playouts, candidates, prior, policy, leaf, tolerance,
                         looks)
        if infer < 0 or particles < 0:
            raise ValueError("infer and particles must be 0 (off) or a number of deals")
        if setup < 0:
            raise ValueError("setup must be 0 (the heuristic's) or a number of candidates")
        if bids < 0:
            raise ValueError("bids must be 0 (the heuristic's) or a number of deals")
        if bid_cap < 0:
            raise ValueError("bid_cap must be 0 (none) or a number of playouts")
        if leaf_tricks < 0:
            raise ValueError("leaf_tricks must be 0 or more")
        if (value is not None or leaf_tricks) and leaf != "value":
            raise ValueError("value and leaf_tricks are read only with leaf=value")
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
        if value is not None:
            self.model = load_value(value)
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
        return super().act(obs)

    def search_setup(self, obs: Observation) -> SetupReport:
        """Evaluate up to `setup` bury (or call) candidates for `obs` by playouts."""
        cands = setup_candidates(obs, self.setup)
        return search_setup(obs, cands, self.rng(obs), self.playouts, self.budget_s,
                            self.prior, self.policy)

    def _sampler(self, obs: Observation, mem: Memory) -> Sampler:
        return ResearchSampler(obs, mem, self.evidence, self.refusals)

    def _dealer(self, obs: Observation, sampler: Sampler, rng: random.Random
                ) -> Callable[[], Sample]:
        """From a particle set (`particles`), or `_draw`'s deals."""
        history = past_plays(obs) if self.infer else []
        since = window_start(obs, history)
        pool = ParticleFilter(obs, self.seed, self.particles,
                              self.temperature).samples(sampler) if self.particles else []
        if pool:
            return lambda: _pick(pool, rng)
        return lambda: self._draw(sampler, rng, obs, history, since)

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

    def _playouts(self, obs: Observation, mem: Memory, sample: Sample
                  ) -> Callable[[], Playout]:
        """Playouts whose seats know the teams as `teams` says and see the hidden cards as
        `view` says."""
        hidden = self.teams != "sampled" and obs.friend is None
        read = hidden and self.teams == "read"
        beliefs = seat_beliefs(Hand.from_observation(
            obs, sample.hands, sample.kitty, sample.friend)) if read else None

        def new() -> Playout:
            hand = Hand.from_observation(obs, sample.hands, sample.kitty, sample.friend)
            return ResearchPlayout(hand, obs.current, mem.voids, hidden, beliefs, self.view,
                                   obs.sides_known)
        return new


def _pick(pool: list[Sample], rng: random.Random) -> Sample:
    """One particle, drawn in proportion to its weight (so it counts as one full sample)."""
    pick = rng.choices(pool, [s.weight for s in pool])[0]
    return Sample(pick.hands, pick.kitty, 1.0, pick.friend)


def build(spec: PlayerSpec) -> Player:
    """The player `spec` describes: play mode's own (`spec.build()`) unless it is a search
    with research options, then a `ResearchSearchPlayer`."""
    if not isinstance(spec, PlayerSpec):  # a hindsight player (`lab.commands.hindsight`)
        return spec.build()
    options = dict(spec.options)
    if spec.kind != "search" or options.keys() <= PRODUCT_OPTIONS:
        return spec.build()
    return ResearchSearchPlayer(seed=spec.seed, **options)

