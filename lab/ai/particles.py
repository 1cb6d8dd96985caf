"""Whole-hand inference: a particle set of guessed deals, re-weighted by every play as it comes.

The particles are drawn at the first trick from what the observer knew then (its cards, the
bids). Each later play by another seat is then, in every particle:
- made possible: cards the seat played but did not hold there are swapped in from another
  hidden holder (never a level card shown in the bidding, never into a shown void);
- checked against what is certain: a follow the rules forbid from that hand kills it;
- weighed by how likely that seat was to choose it, seen from its own view then
  (`inference.play_probability`);
- and a void it shows sends its remaining cards of that suit elsewhere.
The set is resampled when its weight gathers on a few particles. The friend call and the soft
evidence of `Sampler` are applied at the end.

The filter is a function of the observation and the seed alone: each play's randomness comes
from its index. Its state after each play is kept in a small per-process cache only to save
the work of replaying the hand from its first trick at the seat's next decision.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import Counter, OrderedDict
from dataclasses import dataclass, field, replace

from tutor.ai.heuristic import context_from_memory
from tutor.ai.memory import build_memory
from tutor.ai.sampler import Sample, Sampler
from tutor.ai.tactics import POINTS
from tutor.rules import Observation, follow_error, holder_friend

from .inference import FLOOR, TEMPERATURE, PastPlay, past_plays, play_probability, view_at

PARTICLES = 48
RESAMPLE = 0.5  # resample when the effective share of the particles falls below this
FRIEND_MISMATCH = 0.05  # weight of a particle whose holder of the friend card disagrees
CACHE_SIZE = 256
NEAR = 2  # a repair swaps in one of the NEAR cards most like the one it needs
DEAD = -math.inf


@dataclass
class _State:
    """The particle set after the first `done` plays (mine included)."""

    done: int
    hands: list[list[list[int]]]  # per particle: every seat's cards (mine exact)
    kitty: list[list[int]]
    logw: list[float]
    voids: list[set[int]]  # effective suits each seat has shown void in so far
    locked: list[Counter] = field(default_factory=list)  # shown level cards still held

    def copy(self) -> _State:
        return _State(self.done, [[list(h) for h in hs] for hs in self.hands],
                      [list(k) for k in self.kitty], list(self.logw),
                      [set(v) for v in self.voids], [Counter(c) for c in self.locked])


_CACHE: OrderedDict[bytes, _State] = OrderedDict()


class ParticleFilter:
    """The weighted deals one seat's observation implies, from the whole hand's play."""

    def __init__(self, obs: Observation, seed: int, count: int = PARTICLES,
                 temperature: float = TEMPERATURE, floor: float = FLOOR) -> None:
        if obs.trump is None or obs.declarer is None:
            raise ValueError("particles need a set trump and declarer")
        self.obs, self.seed, self.count = obs, seed, count
        self.temperature, self.floor = temperature, floor
        self.plays = past_plays(obs)
        self.me = obs.seat
        self.n = obs.rules.players
        self.eff = obs.trump.table.eff
        self.pos = obs.trump.table.pos
        self.kitty_hidden = obs.seat != obs.declarer
        mine = [int(c) for c in obs.hand]
        for play in self.plays:
            if play.seat == self.me:
                mine.extend(play.played)
        self.start_hand = sorted(mine)

    # ------------------------------------------------------------------ the whole run
    def samples(self, sampler: Sampler | None = None) -> list[Sample]:
        """The particles now, as weighted samples (weights sum to 1; the friend they imply
        and `Sampler`'s soft evidence included). Falls back on fresh draws from `Sampler`
        (pass the caller's for this observation, if it has one), equally weighted, if no
        particle could explain the play."""
        state = self._run()
        sampler = sampler or Sampler(self.obs, build_memory(self.obs))
        out: list[Sample] = []
        top = max(state.logw)
        for hands, kitty, logw in zip(state.hands, state.kitty, state.logw, strict=True):
            if logw == DEAD:
                continue
            friend, agrees = self._friend(hands)
            w = math.exp(logw - top) * sampler.evidence(hands, friend)
            out.append(Sample(hands, kitty, w * (1.0 if agrees else FRIEND_MISMATCH), friend))
        total = sum(s.weight for s in out)
        if not out or total <= 0:
            rng = random.Random(self._key(len(self.plays))[:8])
            out = [sampler.draw(rng) for _ in range(self.count)]
            out = [replace(s, weight=1.0) for s in out]
            total = float(len(out))
        for s in out:
            s.weight /= total
        return out

    def _run(self) -> _State:
        keys = [self._key(m) for m in range(len(self.plays) + 1)]
        state = None
        for m in range(len(self.plays), -1, -1):
            hit = _CACHE.get(keys[m])
            if hit is not None:
                _CACHE.move_to_end(keys[m])
                state = hit.copy()
                break
        if state is None:
            state = self._initial()
        while state.done < len(self.plays):
            self._advance(state)
            if state.done == len(self.plays) or self.plays[state.done].trick != \
                    self.plays[state.done - 1].trick:
                _remember(keys[state.done], state)
        return state

    def _key(self, m: int) -> bytes:
        obs = self.obs
        head = (self.seed, self.count, self.temperature, self.floor, self.me, obs.declarer,
                str(obs.trump), obs.levels, obs.rules, self.start_hand,
                tuple(map(int, obs.buried or ())) if not self.kitty_hidden else (),
                [(s, tuple(map(int, c))) for s, c in obs.bids],
                obs.friend_card and int(obs.friend_card), obs.friend_nth,
                [(p.seat, p.chosen, p.played) for p in self.plays[:m]])
        return hashlib.blake2b(repr(head).encode(), digest_size=16).digest()

    # ------------------------------------------------------------------ the first trick
    def _initial(self) -> _State:
        """`count` deals drawn from what the observer knew before the first play."""
        obs = self.obs
        if self.plays:
            view = view_at(obs, self.plays, 0, self.start_hand,
                           [int(c) for c in obs.buried or ()], seat=self.me)
        else:
            view = obs
        sampler = Sampler(view, build_memory(view))
        rng = random.Random(self._key(0)[:8])
        hands, kitties = [], []
        for _ in range(self.count):
            drawn = sampler.draw(rng)
            hands.append([sorted(h) for h in drawn.hands])
            kitties.append(list(drawn.kitty))
        locked = [Counter(sampler.forced[s]) for s in range(self.n)]
        return _State(0, hands, kitties, [0.0] * self.count, [set() for _ in range(self.n)],
                      locked)

    # ------------------------------------------------------------------ one play
    def _advance(self, state: _State) -> None:
        k = state.done
        play = self.plays[k]
        rng = random.Random(self._key(k + 1)[:8])
        seat = play.seat
        void = self._shows_void(play)
        for i in range(self.count):
            if state.logw[i] == DEAD:
                continue
            hands, kitty = state.hands[i], state.kitty[i]
            if seat != self.me:
                if not self._bring_in(state, hands, kitty, seat, play.chosen, rng) or \
                        not self._legal(play, hands[seat]):
                    state.logw[i] = DEAD
                    continue
                view = view_at(self.obs, self.plays, k, hands[seat], kitty)
                p = play_probability(context_from_memory(view, build_memory(view)),
                                     play.chosen, self.temperature, self.floor)
                state.logw[i] += math.log(p)
            for c in play.played:
                hands[seat].remove(c)
            if void is not None and seat != self.me and not self._send_out(
                    state, hands, kitty, seat, void, rng):
                state.logw[i] = DEAD
        for c in play.played:
            if state.locked[seat][c] > 0:
                state.locked[seat][c] -= 1
        if void is not None:
            state.voids[seat].add(void)
        state.done = k + 1
        self._resample(state, rng)

    def _shows_void(self, play: PastPlay) -> int | None:
        """The effective suit this follow shows its seat void in, if any."""
        if not play.before:
            return None
        lead = play.before[0][1]
        suit = self.eff[lead[0]]
        if sum(1 for c in play.played if self.eff[c] == suit) < len(lead):
            return suit
        return None

    def _holders(self, seat: int) -> list[int]:
        """Hidden places a card may come from or go to, besides `seat`: other seats (not
        me) and, when I do not know it, the kitty (index n)."""
        out = [s for s in range(self.n) if s not in (seat, self.me)]
        return out + ([self.n] if self.kitty_hidden else [])

    def _bring_in(self, state: _State, hands: list[list[int]], kitty: list[int], seat: int,
                  cards: tuple[int, ...], rng: random.Random) -> bool:
        """Swap into `seat`'s hand the `cards` it played but does not hold in this particle;
        False when no hidden holder can give them."""
        missing = Counter(cards) - Counter(hands[seat])
        need = Counter(cards)
        for c, copies in missing.items():
            for _ in range(copies):
                sources = [h for h in self._holders(seat)
                           if _spare(_place(hands, kitty, h, self.n), state, h, c, self.n) > 0]
                held = Counter(hands[seat])
                if not sources:
                    return False
                src = rng.choice(sources)
                give = sorted(x for x in held if x != c
                              and held[x] > max(need[x], state.locked[seat][x])
                              and (src == self.n or self.eff[x] not in state.voids[src]))
                if not give:
                    return False
                _swap(hands[seat], self._nearest(give, c, rng),
                      _place(hands, kitty, src, self.n), c)
        return True

    def _nearest(self, cards: list[int], like: int, rng: random.Random) -> int:
        """One of the `NEAR` cards most like `like` (suit, rank, points): the swap that least
        changes what either hand would have played before, so earlier weights stay fair."""
        pos = self.pos
        ranked = sorted(cards, key=lambda x: (self.eff[x] != self.eff[like],
                                              abs(pos[x] - pos[like]),
                                              abs(POINTS[x] - POINTS[like]), x))
        return rng.choice(ranked[:NEAR])

    def _send_out(self, state: _State, hands: list[list[int]], kitty: list[int], seat: int,
                  suit: int, rng: random.Random) -> bool:
        """`seat` shows a void in `suit`: swap its remaining cards of that suit for others'."""
        for c in [x for x in hands[seat] if self.eff[x] == suit]:
            if state.locked[seat][c] > 0:
                return False
            options = [(h, x) for h in self._holders(seat)
                       for x in set(_place(hands, kitty, h, self.n))
                       if self.eff[x] != suit and self.eff[x] not in state.voids[seat]
                       and _spare(_place(hands, kitty, h, self.n), state, h, x, self.n) > 0
                       and (h == self.n or self.eff[c] not in state.voids[h])]
            if not options:
                return False
            h, x = rng.choice(sorted(options))
            _swap(hands[seat], c, _place(hands, kitty, h, self.n), x)
        return True

    def _legal(self, play: PastPlay, hand: list[int]) -> bool:
        """Certain: the rules let this seat follow as it did from this hand."""
        if not play.before:
            return True
        trump = self.obs.trump
        assert trump is not None
        return follow_error(hand, play.before[0][1], play.played, trump) is None

    def _resample(self, state: _State, rng: random.Random) -> None:
        live = [w for w in state.logw if w != DEAD]
        if not live:
            return
        top = max(live)
        weights = [math.exp(w - top) if w != DEAD else 0.0 for w in state.logw]
        total = sum(weights)
        share = total * total / sum(w * w for w in weights) / self.count
        if share >= RESAMPLE:
            return
        step = total / self.count
        pick, acc, i = [], weights[0], 0
        u = rng.random() * step
        for j in range(self.count):  # systematic resampling
            target = u + j * step
            while acc < target and i < self.count - 1:
                i += 1
                acc += weights[i]
            pick.append(i)
        state.hands = [[list(h) for h in state.hands[i]] for i in pick]
        state.kitty = [list(state.kitty[i]) for i in pick]
        state.logw = [0.0] * self.count

    # ------------------------------------------------------------------ the friend
    def _friend(self, hands: list[list[int]]) -> tuple[int | None, bool]:
        """The friend this particle implies and whether that agrees with the observation."""
        obs = self.obs
        if obs.rules.friend_rule != "holder" or obs.friend_card is None:
            return obs.friend, True
        at_call = [list(h) for h in hands]
        for play in self.plays:
            at_call[play.seat].extend(play.played)
        friend = holder_friend(at_call, obs.declarer, int(obs.friend_card))  # type: ignore[arg-type]
        if obs.friend is not None:
            return obs.friend, friend == obs.friend
        card = int(obs.friend_card)
        shown = friend is not None and any(p.seat == friend and card in p.played
                                           for p in self.plays)
        return friend, not shown


def _place(hands: list[list[int]], kitty: list[int], holder: int, n: int) -> list[int]:
    return kitty if holder == n else hands[holder]


def _swap(mine: list[int], give: int, theirs: list[int], take: int) -> None:
    """`mine` gives the card `give` to `theirs` and takes `take` from it."""
    mine.remove(give)
    theirs.remove(take)
    mine.append(take)
    theirs.append(give)


def _spare(pile: list[int], state: _State, holder: int, card: int, n: int) -> int:
    """Copies of `card` this holder may give away (not the level cards it showed)."""
    held = pile.count(card)
    return held if holder == n else held - state.locked[holder][card]


def _remember(key: bytes, state: _State) -> None:
    _CACHE[key] = state.copy()
    _CACHE.move_to_end(key)
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)


def clear_cache() -> None:
    """Forget every kept particle set (tests: the cold path must give the same deals)."""
    _CACHE.clear()

