"""Determinization: deal the unseen cards to the hidden hands (and the kitty), consistent
with what the observer knows, and weigh each deal by how well it explains what happened.

Hard constraints: hand sizes, shown voids, level cards shown while bidding, and the friend
call (a revealed friend means nobody between the declarer and them held a copy; a holder who
played a copy without being revealed is not the friend). Soft evidence (weights): who passed
with strong level cards, and, while the friend is unknown, a seat feeding 10+ points to a
trick the other side was winning is less likely. Readings that weighed more of the play (the
follows by rates fitted on self-play, the top cards a seat did not play) placed the cards
better yet made the search play no better in the arena: they are `lab.ai.sampler`'s.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from tutor.rules import RANKS, Observation

from .memory import Memory, played_cards
from .team import follow_events

FEED_LIKELIHOOD = 0.55  # a seat feeding points to an opponent's winning trick: less likely
PASS_LIKELIHOOD = {2: 0.8, 3: 0.5}  # passing while holding 2 / 3 identical level cards


@dataclass
class Sample:
    """One guess of the hidden cards: every seat's hand, the kitty, and its weight."""

    hands: list[list[int]]
    kitty: list[int]
    weight: float
    friend: int | None


class Sampler:
    """Draws weighted deals for one observation (build once per decision)."""

    def __init__(self, obs: Observation, mem: Memory) -> None:
        self.obs, self.mem = obs, mem
        n = mem.players
        self.players = n
        eff = mem.trump.table.eff
        self.eff = eff
        self.me = obs.seat
        self.declarer = mem.declarer
        self.sizes = list(mem.hidden_sizes)
        self.kitty_size = obs.rules.kitty if mem.kitty_unknown else 0
        # forced cards: level cards shown in bids and still held
        self.forced = [Counter(mem.shown[s]) if s != self.me else Counter() for s in range(n)]
        pool = Counter({k: c for k, c in enumerate(mem.unseen) if c > 0})
        for s in range(n):
            for k, c in self.forced[s].items():
                take = min(c, pool[k], self.sizes[s])
                self.forced[s][k] = take
                pool[k] -= take
        self.pool = [k for k, c in pool.items() for _ in range(c)]
        self.banned: list[set[int]] = [set() for _ in range(n)]  # kinds a seat cannot hold
        self.card = obs.friend_card
        self.holder_rule = obs.rules.friend_rule == "holder" and self.card is not None
        if self.holder_rule and obs.friend is not None:
            seat = (self.declarer + 1) % n
            while seat != obs.friend:
                self.banned[seat].add(int(self.card))
                seat = (seat + 1) % n
        self.feeds = self._feed_evidence() if obs.friend is None else []
        self._places: dict[tuple, list[list[int]]] = {}  # `_allowed`'s, by strictness
        self.passers = {s for s in range(n)} - {s for s, _ in obs.bids} - {self.me,
                                                                            self.declarer}
        # what every deal's reading needs, the same for all of them: the seats that played a
        # copy of the called card (they held one at the call), the level cards each passer
        # has played
        self._showed = ({seat for seat, cards, _ in played_cards(obs) if int(self.card) in cards}
                        if self.holder_rule and obs.friend is None else set())
        self._level_kinds = frozenset(k for k in range(len(eff)) if _rank(k) == obs.level)
        self._level_played = {s: Counter(c for c in mem.played_by[s].elements()
                                         if c in self._level_kinds) for s in self.passers}

    def _feed_evidence(self) -> list[tuple[int, int]]:
        """(feeder, winner) pairs: a follower gave 10+ points to a trick another seat was
        winning and did not take it over."""
        return [(e.seat, e.winner) for e in follow_events(self.obs, everyone=True)
                if e.kind == "feed10"]

    def draw(self, rng: random.Random, tries: int = 6) -> Sample:
        """One weighted deal; inconsistent with the friend call only if `tries` all fail."""
        fallback = None
        for _ in range(tries):
            dealt = self._deal(rng)
            if dealt is None:
                continue
            hands, kitty, tilted = dealt
            friend, ok = self.implied_friend(hands)
            weight = tilted * self._weight(hands, friend)
            if ok:
                return Sample(hands, kitty, weight, friend)
            fallback = Sample(hands, kitty, 0.05 * weight, friend)
        if fallback is None and self._relaxed():
            return self.draw(rng, tries)
        if fallback is None:
            hands, kitty, _ = self._deal(rng, strict=False)  # type: ignore[misc]
            fallback = Sample(hands, kitty, 0.01, None)
        return fallback


    def _relaxed(self) -> bool:
        """No deal fit what the seats are known to hold: drop any softer reading of them
        and say whether there was one (the lab's refusals); this sampler has none."""
        return False

    def _deal(self, rng: random.Random, strict: bool = True):
        """Hands, kitty, and the deal's weight (1: each card goes to a seat in proportion to
        its free places)."""
        n = self.players
        cap = [self.sizes[s] - sum(self.forced[s].values()) for s in range(n)] + [self.kitty_size]
        hands: list[list[int]] = [[] for _ in range(n)]
        for s in range(n):
            for k, c in self.forced[s].items():
                hands[s].extend([k] * c)
        kitty: list[int] = []
        cards = list(self.pool)
        rng.shuffle(cards)
        allowed = self._allowed(cap, strict)
        # most constrained cards first (a stable sort: equal counts keep the shuffle's order)
        cards.sort(key=lambda k: len(allowed[k]))
        for k in cards:
            places = allowed[k]
            room = 0
            for s in places:
                room += cap[s]
            if not room:
                return None
            # a place with room, each in proportion to its room
            r = rng.random() * room
            pick = -1
            for s in places:
                free = cap[s]
                if free > 0:
                    pick = s
                    r -= free
                    if r < 0:
                        break
            s = pick
            cap[s] -= 1
            (kitty if s == n else hands[s]).append(k)
        hands[self.me] = [int(c) for c in self.obs.hand]
        if not self.kitty_size:
            kitty = [int(c) for c in (self.obs.buried or ())]
        return hands, kitty, 1.0

    def _allowed(self, cap: list[int], strict: bool) -> list[list[int]]:
        """For each kind, the places (seats, then the kitty as seat n) with room at the
        start of a deal that may take it: not void in its suit nor barred from it. The
        same for every deal of a decision, so worked out once per `strict`."""
        key = (strict, tuple(c > 0 for c in cap))
        cached = self._places.get(key)
        if cached is not None:
            return cached
        n, eff, voids, banned = self.players, self.eff, self.mem.voids, self.banned
        room = [s for s in range(n + 1) if cap[s] > 0]
        places = [room if not strict else
                  [s for s in room if s == n or (eff[k] not in voids[s] and k not in banned[s])]
                  for k in range(len(eff))]
        self._places[key] = places
        return places

    def implied_friend(self, hands: list[list[int]]) -> tuple[int | None, bool]:
        """The friend this deal implies (under the holder rule; else the one revealed, if
        any), and whether that agrees with what was seen."""
        obs = self.obs
        if not self.holder_rule:
            return obs.friend, True
        if obs.friend is not None:
            return obs.friend, True
        card = int(self.card)  # type: ignore[arg-type]
        n, showed = self.players, self._showed
        friend = None  # `holder_friend` of the hands at the call
        for step in range(1, n):
            seat = (self.declarer + step) % n
            if seat in showed or card in hands[seat]:
                friend = seat
                break
        ok = friend is None or self.mem.played_by[friend][card] == 0
        return friend, ok

    def evidence(self, hands: list[list[int]], friend: int | None) -> float:
        """The soft evidence's weight of a deal (any deal: a drawn one, or the true one when
        measuring how well the evidence tells it from the others)."""
        return self._weight(hands, friend)

    def _weight(self, hands: list[list[int]], friend: int | None, w: float = 1.0) -> float:
        """`w` (a weight other readings gave the deal) times the feeds' and the passes'."""
        side = {self.declarer} | ({friend} if friend is not None else set())
        for feeder, winner in self.feeds:
            if (feeder in side) != (winner in side):
                w *= FEED_LIKELIHOOD
        for s in self.passers:
            held = Counter(c for c in hands[s] if c in self._level_kinds)
            held.update(self._level_played[s])
            most = max(held.values(), default=0)
            w *= PASS_LIKELIHOOD.get(min(most, 3), 1.0)
        return w


def _rank(kind: int) -> str:
    return "joker" if kind >= 52 else RANKS[kind % 13]
