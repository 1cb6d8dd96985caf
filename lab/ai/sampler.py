"""The sampler's research readings: more of the play read into the weights of a deal.

`Sampler` (the search's) reads the friend from the feeds: a seat feeding 10+ points to a
trick the other side was winning is less likely its ally. Here, `evidence` `fitted` weighs
every follow by the rates fitted on self-play (`team`) instead, and `none` reads nothing from
them. The fitted evidence reads the friend far better, yet the search played worse with it in
the arena (see `team`). With `reading` `weigh`, `deal` or `tilt`, a play that did not use a
kind the seat would most likely have played, had it held one (a suit's top kind when
leading, a card beating the winner when following), weighs against the deals that give it
one (`refusals`); `deal` deals it none where a holder would almost surely have played it;
`tilt` deals it those kinds less often, in proportion to the chance of refusing, and weighs
the deal to undo the tilt: the same deals as `weigh`, with far more of the weight in use.
None of them made the search play better in the arena (see `refusals`).
"""

from __future__ import annotations

import random

from tutor.ai.memory import Memory
from tutor.ai.sampler import Sampler
from tutor.ai.team import follow_events
from tutor.rules import Observation

from .refusals import BAN_BELOW, FLOOR, beat_rate, certain, refusal_likelihood, refusals
from .team import team_likelihood

EVIDENCE = ("feeds", "fitted", "none")  # how the friend is read from the follows
REFUSALS = ("off", "weigh", "deal", "tilt")  # how plays that did not use top cards are read


class ResearchSampler(Sampler):
    """A `Sampler` with the friend read by `evidence` and the top cards by `reading`; with
    `feeds` and `off` it draws the very deals `Sampler` does."""

    def __init__(self, obs: Observation, mem: Memory, evidence: str = "feeds",
                 reading: str = "off") -> None:
        if evidence not in EVIDENCE:
            raise ValueError(f"evidence must be one of {', '.join(EVIDENCE)}, not {evidence!r}")
        if reading not in REFUSALS:
            raise ValueError(f"refusals must be one of {', '.join(REFUSALS)}, not {reading!r}")
        super().__init__(obs, mem)
        n = self.players
        unknown = obs.friend is None
        if evidence != "feeds":
            self.feeds = []
        self.events = follow_events(obs) if unknown and evidence == "fitted" else []
        # kinds a seat is dealt none of because it did not play them when it would have
        self.refused: list[set[int]] = [set() for _ in range(n)]
        self.refusals = refusals(obs) if reading != "off" else []
        # (seat, kind) -> (index, chance of refusing) of each refusal the deal is tilted by
        self.tilt: dict[tuple[int, int], list[tuple[int, float]]] = {}
        if reading in ("deal", "tilt"):
            friend = next((s for s in range(n) if s != self.declarer and mem.side_p[s] >= 0.999),
                          None)
            ban = BAN_BELOW if reading == "deal" else 1.0
            strong, self.refusals = certain(self.refusals, self.declarer, friend,
                                            mem.friend_known, ban)
            for i, r in enumerate(strong):
                if reading == "deal":
                    self.refused[r.seat] |= r.kinds
                    continue
                chance = max(1.0 - beat_rate(r, self.declarer, friend), FLOOR)
                for k in r.kinds:
                    self.tilt.setdefault((r.seat, k), []).append((i, chance))

    def _relaxed(self) -> bool:
        """No deal left every refusal unbroken: a seat chose after all, so drop them."""
        if not any(self.refused):
            return False
        self.refused = [set() for _ in self.refused]
        return True

    def _deal(self, rng: random.Random, strict: bool = True):
        """Hands, kitty, and the deal's weight for the tilt: each card goes to a seat in
        proportion to its free places, times the chance of each refusal the seat would then
        first break (`tilt`); the weight, the product of each step's mean factor, undoes
        that, so a tilted deal weighs as it would if drawn untilted and weighed."""
        n, eff = self.players, self.eff
        cap = [self.sizes[s] - sum(self.forced[s].values()) for s in range(n)] + [self.kitty_size]
        hands: list[list[int]] = [[] for _ in range(n)]
        for s in range(n):
            for k, c in self.forced[s].items():
                hands[s].extend([k] * c)
        kitty: list[int] = []
        cards = list(self.pool)
        rng.shuffle(cards)
        voids, banned, refused = self.mem.voids, self.banned, self.refused

        def options(k: int) -> list[int]:
            if not strict:
                return [s for s in range(n + 1) if cap[s] > 0]
            return [s for s in range(n + 1)
                    if cap[s] > 0 and (s == n or (eff[k] not in voids[s] and k not in banned[s]
                                                  and k not in refused[s]))]

        tilt = self.tilt if strict else {}
        broken: set[int] = set()  # refusals whose seat already holds a refused kind
        for s in range(n):
            for k in self.forced[s]:
                broken.update(i for i, _ in tilt.get((s, k), ()))
        weight = 1.0

        def factor(s: int, k: int) -> float:
            f = 1.0
            for i, chance in tilt.get((s, k), ()):
                if i not in broken:
                    f *= chance
            return f

        # most constrained cards first
        cards.sort(key=lambda k: len(options(k)))
        for k in cards:
            opts = options(k)
            if not opts:
                return None
            shares = [cap[s] * factor(s, k) for s in opts] if tilt else [cap[s] for s in opts]
            total = sum(shares)
            if tilt:
                weight *= total / sum(cap[s] for s in opts)
            r = rng.random() * total
            s = opts[-1]
            for seat, share in zip(opts, shares, strict=True):
                r -= share
                if r < 0:
                    s = seat
                    break
            cap[s] -= 1
            (kitty if s == n else hands[s]).append(k)
            broken.update(i for i, _ in tilt.get((s, k), ()))
        hands[self.me] = [int(c) for c in self.obs.hand]
        if not self.kitty_size:
            kitty = [int(c) for c in (self.obs.buried or ())]
        return hands, kitty, weight

    def _weight(self, hands: list[list[int]], friend: int | None, w: float = 1.0) -> float:
        w = team_likelihood(self.events, self.declarer, friend) if self.events else w
        if self.refusals:
            w *= refusal_likelihood(self.refusals, hands, self.declarer, friend)
        return super()._weight(hands, friend, w)
