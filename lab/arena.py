"""Duplicate-deal arena: how much better is player A than player B in the same seat?

A *deal* is one seeded hand with every level at 2 and a fixed declarer (`seat = seed % 5`);
bidding still sets the trump suit. Each deal is played once with five B players (the
baseline) and once per seat with A in that seat and B elsewhere. A's advantage in a seat is
its 积分 (and levels gained) minus B's in the same seat on the same deal. Players in a seat
get the same seed in every replay, so the only difference is A.

With `only` (setup phases: bidding, burying, calling), A is promised to act as B everywhere
else, and a seat's hand is played with B and a field of other players (B by default) until
A, asked at each of the seat's decisions in those phases, would choose otherwise; only then
are both hands played to the end. A seat where A never differs gains exactly 0 without a card
being played, so measuring a change to bidding costs a fraction of a full arena.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from lab.ai.search import build
from tutor.ai.decision import PlayerSpec
from tutor.ai.player import Player
from tutor.rules import Hand, HandResult, Phase, RuleSet

PLAYERS = 5


def deal_seed(seed: int, index: int) -> int:
    """The hand seed of deal `index` of an arena run with seed `seed`."""
    return (seed * 1_000_003 + index * 7_919 + 17) % (2**31)


def player_seed(hand_seed: int, seat: int) -> int:
    """Seed of the player in `seat` for a deal: the same for A and B, in every replay."""
    return (hand_seed * 31 + seat * 101 + 7) % (2**31)


def play_hand(hand_seed: int, players: Sequence[Player], rules: RuleSet | None = None) -> Hand:
    """Play one deal to the end; every action must be legal (an illegal one raises)."""
    return finish(_hand(hand_seed, rules), players)


def finish(hand: Hand, players: Sequence[Player]) -> Hand:
    """Play `hand` on from where it stands to the end (an illegal action raises)."""
    guard = 0
    while hand.phase != Phase.FINISHED:
        seat = hand.turn
        assert seat is not None
        hand.apply(players[seat].act(hand.observation(seat)))
        guard += 1
        if guard > 2000:
            raise RuntimeError(f"deal {hand.seed} did not finish")
    return hand


@dataclass
class SeatOutcome:
    """A's result in one seat of one deal, next to B's in the same seat (the baseline)."""

    seat: int
    role: str  # A's role in its hand: "declarer", "friend", "defender" or SAME (not replayed)
    jifen: int  # A's 积分 minus B's, same seat, same deal
    levels: int  # A's levels gained minus B's


@dataclass
class DealOutcome:
    """One deal: the baseline hand and A's five replays."""

    hand_seed: int
    declarer: int
    baseline_score: tuple[int, ...]
    seats: list[SeatOutcome] = field(default_factory=list)

    @property
    def jifen(self) -> float:
        return statistics.fmean(s.jifen for s in self.seats)

    def to_dict(self) -> dict:
        """A JSON-ready record of this deal (one line of an arena's log)."""
        return {"hand_seed": self.hand_seed, "declarer": self.declarer,
                "baseline_score": list(self.baseline_score),
                "seats": [[s.seat, s.role, s.jifen, s.levels] for s in self.seats]}

    @classmethod
    def from_dict(cls, data: dict) -> DealOutcome:
        """The deal `to_dict` wrote; KeyError, TypeError or ValueError if it is not one."""
        seats = [SeatOutcome(int(seat), str(role), int(j), int(lv))
                 for seat, role, j, lv in data["seats"]]
        if len(seats) != PLAYERS:
            raise ValueError(f"a deal has {PLAYERS} seats, not {len(seats)}")
        return cls(int(data["hand_seed"]), int(data["declarer"]),
                   tuple(int(x) for x in data["baseline_score"]), seats)

    @property
    def levels(self) -> float:
        return statistics.fmean(s.levels for s in self.seats)


def _role(result: HandResult, seat: int) -> str:
    if seat == result.declarer:
        return "declarer"
    return "friend" if result.friend == seat else "defender"


def _hand(hand_seed: int, rules: RuleSet | None = None) -> Hand:
    return Hand(hand_seed, rules or RuleSet(), (2,) * PLAYERS, hand_seed % PLAYERS)


def play_deal(hand_seed: int, a: PlayerSpec, b: PlayerSpec) -> DealOutcome:
    """The baseline (five B) and A in each seat; the per-seat advantages of A."""
    seeds = [player_seed(hand_seed, s) for s in range(PLAYERS)]
    base = play_hand(hand_seed, [build(b.seeded(seeds[s])) for s in range(PLAYERS)]).result
    assert base is not None
    out = DealOutcome(hand_seed, base.declarer, base.score)
    for seat in range(PLAYERS):
        players = [build((a if s == seat else b).seeded(seeds[s])) for s in range(PLAYERS)]
        res = play_hand(hand_seed, players).result
        assert res is not None
        out.seats.append(_advantage(seat, res, base))
    return out


SETUP_PHASES = (Phase.BIDDING, Phase.BURYING, Phase.CALLING)
SAME = "same"  # the role recorded for a seat where A chose as B throughout: nothing replayed


def _advantage(seat: int, res: HandResult, base: HandResult) -> SeatOutcome:
    return SeatOutcome(
        seat, _role(res, seat), res.score[seat] - base.score[seat],
        (res.levels_after[seat] - res.levels_before[seat])
        - (base.levels_after[seat] - base.levels_before[seat]))


def play_seat_only(hand_seed: int, seat: int, a: PlayerSpec, b: PlayerSpec,
                   field: PlayerSpec, only: frozenset[Phase], check: bool = False,
                   ) -> SeatOutcome:
    """A's advantage over B in `seat` (`field` elsewhere), A deciding only in the phases
    `only`: B's hand is followed until A would choose otherwise there, then both are played
    to the end. `check` also plays a hand where A never differs through with A, and raises
    if it ends otherwise than B's (A then does act otherwise outside `only`)."""
    if not only or not only <= set(SETUP_PHASES):
        raise ValueError("only: some of the setup phases (bidding, burying, calling)")
    seeds = [player_seed(hand_seed, s) for s in range(PLAYERS)]
    players = [build((b if s == seat else field).seeded(seeds[s]))
               for s in range(PLAYERS)]
    mine = build(a.seeded(seeds[seat]))
    hand = _hand(hand_seed)
    while hand.phase in SETUP_PHASES:
        turn = hand.turn
        assert turn is not None
        obs = hand.observation(turn)
        action = players[turn].act(obs)
        if turn == seat and hand.phase in only:
            other = mine.act(obs)
            if other != action:
                fork = _hand(hand_seed)
                for done in [*hand.actions, other]:
                    fork.apply(done)
                hand.apply(action)
                ours = players.copy()
                ours[seat] = mine
                res, base = finish(fork, ours).result, finish(hand, players).result
                assert res is not None and base is not None
                return _advantage(seat, res, base)
        hand.apply(action)
    if check:
        ours = players.copy()
        ours[seat] = mine
        res = play_hand(hand_seed, ours).result
        base = finish(hand, players).result
        assert res is not None and base is not None
        if (res.score, res.levels_after) != (base.score, base.levels_after):
            raise AssertionError(f"deal {hand_seed} seat {seat}: A chose as B in "
                                 f"{', '.join(sorted(only))} but the hands differ")
    return SeatOutcome(seat, SAME, 0, 0)


def play_deal_only(hand_seed: int, a: PlayerSpec, b: PlayerSpec, field: PlayerSpec,
                   only: frozenset[Phase], check: bool = False) -> DealOutcome:
    """`play_seat_only` in each seat of one deal (no baseline hand of its own: its score is
    left empty)."""
    out = DealOutcome(hand_seed, hand_seed % PLAYERS, ())
    out.seats = [play_seat_only(hand_seed, s, a, b, field, only, check) for s in range(PLAYERS)]
    return out


def mean_ci(values: Sequence[float]) -> dict:
    """Mean with a normal-approximation 95% interval (n < 2: the interval is the mean)."""
    n = len(values)
    if n == 0:
        return {"mean": None, "ci95": [None, None], "n": 0}
    m = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return {"mean": round(m, 4), "ci95": [round(m - half, 4), round(m + half, 4)], "n": n}


def summarize(deals: Sequence[DealOutcome], a: str = "A", b: str = "B") -> dict:
    """Advantage of A per hand: overall over deals (each deal's mean over its five seats), and
    by A's role in its hand (over deal-seats; the seats of one deal are not independent). In
    an arena with `only`, the roles are of the replayed seats, the share of which is given."""
    seats = [s for d in deals for s in d.seats]
    by_role = {
        "declarer": [s for s in seats if s.role == "declarer"],
        "friend": [s for s in seats if s.role == "friend"],
        "declarer_side": [s for s in seats if s.role in ("declarer", "friend")],
        "defender": [s for s in seats if s.role == "defender"],
    }
    return {
        "a": a, "b": b, "deals": len(deals),
        "hands": sum(PLAYERS + 1 if d.baseline_score else
                     2 * sum(s.role != SAME for s in d.seats) for d in deals),
        "jifen_advantage": mean_ci([d.jifen for d in deals]),
        "level_advantage": mean_ci([d.levels for d in deals]),
        "replayed_share": (round(sum(s.role != SAME for s in seats) / len(seats), 4)
                           if seats else None),
        "by_role": {role: {"jifen_advantage": mean_ci([s.jifen for s in xs]),
                           "level_advantage": mean_ci([s.levels for s in xs])}
                    for role, xs in by_role.items()},
    }


@dataclass(frozen=True)
class Pairing:
    """How A is set against B: with `only`, A decides in those setup phases alone and plays
    in a `field` of other players (None: B's); `check` deals are played through in full to
    confirm A acts as B elsewhere."""

    only: frozenset[Phase] = frozenset()
    field: PlayerSpec | None = None
    check: int = 0


def _job(args: tuple[int, int, PlayerSpec, PlayerSpec, Pairing]) -> DealOutcome:
    index, hand_seed, a, b, how = args
    if not how.only:
        return play_deal(hand_seed, a, b)
    return play_deal_only(hand_seed, a, b, how.field or b, how.only, index < how.check)


def run_arena(a: PlayerSpec, b: PlayerSpec, deals: int, seed: int = 0, workers: int = 2,
              progress: Callable[[int, int, list[DealOutcome]], None] | None = None,
              before: Sequence[DealOutcome] = (),
              on_deal: Callable[[DealOutcome], None] | None = None,
              how: Pairing = Pairing()) -> list[DealOutcome]:
    """Play `deals` duplicate deals, in `workers` processes (1: in this process), paired as
    `how` says. Deals in `before` (an interrupted run's) are kept, not played again;
    `on_deal` sees each new one as it finishes (to log it)."""
    if how.field is not None and not how.only:
        raise ValueError("a field of other players needs `only` (some setup phases)")
    seeds = [deal_seed(seed, i) for i in range(deals)]
    done = [d for d in before if d.hand_seed in set(seeds)]
    have = {d.hand_seed for d in done}
    jobs = [(i, s, a, b, how) for i, s in enumerate(seeds) if s not in have]

    def finished(outcome: DealOutcome) -> None:
        done.append(outcome)
        if on_deal:
            on_deal(outcome)
        if progress:
            progress(len(done), deals, done)

    if workers <= 1:
        for job in jobs:
            finished(_job(job))
    elif jobs:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for fut in as_completed([pool.submit(_job, job) for job in jobs]):
                finished(fut.result())
    order = {s: i for i, s in enumerate(seeds)}
    done.sort(key=lambda d: order[d.hand_seed])
    return done


def stderr_progress(start: float | None = None, resumed: int = 0,
                    ) -> Callable[[int, int, list[DealOutcome]], None]:
    """A progress printer for long runs: deals done, running mean, elapsed time and ETA (from
    the pace of this run's deals, not counting `resumed` ones played before)."""
    t0 = time.monotonic() if start is None else start

    def show(k: int, total: int, done: list[DealOutcome]) -> None:
        el = time.monotonic() - t0
        eta = el / max(1, k - resumed) * (total - k)
        mean = statistics.fmean(d.jifen for d in done)
        print(f"\r[arena] {k}/{total} deals  积分 adv {mean:+.3f}  {el:6.0f}s  eta {eta:5.0f}s",
              end="\n" if k == total else "", file=sys.stderr, flush=True)

    return show
