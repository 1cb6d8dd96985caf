"""A learned value of a whole deal between tricks: how the hand is likely to end.

The search's playouts may stop at the end of the trick a candidate is played in, and this
model says what the rest is worth: every seat's cards, the kitty, the teams, who leads and
the points taken so far go in; out come the chances of each way the hand can score (which
side goes up, by how many levels) when heuristic players play it out. That is a mean over
the many ways the rest could go, where one playout to the end is one of them.

A state is kept as a row of small integers (`raw_state`), encoded for the model in batches
(`encode`): seats relative to the declarer (0 is the declarer, 1 the next in play order),
cards in 64 slots relative to the trump (16 for the trump by rank inside it, the off-suit
level cards sharing one; 12 for each plain suit, the plain suits ordered by the declarer's
holding), so deals that differ only in which plain suit is which look alike.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

from tutor.rules import (
    RANK_VALUE,
    RANKS,
    SUITS,
    TRUMP,
    Hand,
    HandResult,
    RuleSet,
    Trump,
    level_change,
    raise_level,
    score_points,
)

from .mlp import MLP
from .rollout import SMOOTHING, Playout, even_mark, outcome_value
from .tactics import POINTS

SEATS = 5
KINDS = 54
SLOTS = 64
TRUMP_BASE = 48  # the trump's slots follow the four plain suits' 12 each
# (side that goes up, levels): every way a hand scores with 3 decks (defenders +4 or more
# count as +4: P of 360 needs the kitty bonus)
OUTCOMES = (("declarer", 3), ("declarer", 2), ("declarer", 1), ("none", 0),
            ("defenders", 1), ("defenders", 2), ("defenders", 3), ("defenders", 4))
MIDPOINTS = (0.0, 30.0, 90.0, 150.0, 210.0, 270.0, 330.0, 390.0)  # defender points, about
# a raw row: card counts of the five hands (from the declarer on) and the kitty, then:
FRIEND, TURN, REVEALED, TAKEN, LEVEL, SUIT = range(6 * KINDS, 6 * KINDS + 6)
RAW = 6 * KINDS + 6
NO_FRIEND = -1  # the declarer plays alone
SCALARS = 5 + 1 + 1 + 5 + 4 + 5 + 5 + 25 + 1
SIZE = 6 * SLOTS + SCALARS


def outcome_index(defender_points: int, decks: int = 3) -> int:
    """Which of `OUTCOMES` the defenders' points P give."""
    side, up = level_change(defender_points, decks)
    return OUTCOMES.index((side, min(up, 4)))


def outcome_jifen(seat: int, declarer: int, friend: int | None,
                  levels: Sequence[int] = (2,) * SEATS) -> np.ndarray:
    """What each outcome changes in `seat`'s 积分 (RULES.md §8) from the seats' `levels`: a
    side's members rise by its levels (stopping at A) against every other seat."""
    side = {declarer} if friend is None else {declarer, friend}
    others = set(range(SEATS)) - side
    before = score_points(levels, [0] * SEATS)[seat]
    out = []
    for who, up in OUTCOMES:
        rising = side if who == "declarer" else others if who == "defenders" else set()
        after = [raise_level(lv, up) if s in rising else lv for s, lv in enumerate(levels)]
        out.append(score_points(after, [0] * SEATS)[seat] - before)
    return np.array(out, dtype=np.float64)


def fits(rules: RuleSet) -> bool:
    """Whether the model knows games under `rules`: it learned RULES.md's own (5 seats, 3
    decks, the friend is the first holder, the kitty multiplier the first that matches)."""
    return (rules.players, rules.decks, rules.friend_rule, rules.kitty_multiplier,
            rules.kitty) == (SEATS, 3, "holder", "first", 7)


def raw_state(hand: Hand, revealed: bool, taken: int) -> np.ndarray:
    """`hand` between tricks as a raw row. `revealed`: the friend has shown (the players
    know the teams); `taken`: card points the defenders have won in tricks."""
    trump, declarer = hand.trump, hand.declarer
    assert trump is not None and declarer is not None
    row = [0] * RAW  # a list, filled by Python, then one array: quicker than numpy items
    for seat in range(SEATS):
        base = (seat - declarer) % SEATS * KINDS
        for c in hand.cards_of(seat):
            row[base + c] += 1
    for c in hand.kitty:
        row[5 * KINDS + c] += 1
    friend = hand.friend
    row[FRIEND] = NO_FRIEND if friend is None or friend == declarer else (friend - declarer) % 5
    turn = hand.turn
    row[TURN] = (turn - declarer) % SEATS if turn is not None else 0
    row[REVEALED] = 1 if revealed else 0
    row[TAKEN] = taken
    row[LEVEL] = RANK_VALUE[trump.level]
    row[SUIT] = SUITS.index(trump.suit) if trump.suit is not None else 4
    return np.array(row, dtype=np.int16)


def defender_trick_points(hand: Hand) -> int:
    """Card points in the finished tricks the defenders won (the full state's teams)."""
    side = {hand.declarer, hand.friend}
    return sum(t.points for t in hand.tricks if t.winner not in side)


@lru_cache(maxsize=1)
def _tables() -> tuple[np.ndarray, np.ndarray]:
    """Effective suit and position of each kind, for every trump (level 2..14 x suit)."""
    eff = np.zeros((15, 5, KINDS), dtype=np.int64)
    pos = np.zeros((15, 5, KINDS), dtype=np.int64)
    for rank in RANKS:
        for s, suit in enumerate([*SUITS, None]):
            table = Trump(rank, suit).table
            eff[RANK_VALUE[rank], s] = table.eff
            pos[RANK_VALUE[rank], s] = table.pos
    return eff, pos


def encode(raw: np.ndarray, chunk: int = 32768) -> np.ndarray:
    """The model's inputs (float32, a row of `SIZE` each) for raw rows."""
    raw = np.atleast_2d(raw)
    out = np.zeros((len(raw), SIZE), dtype=np.float32)
    for start in range(0, len(raw), chunk):
        out[start:start + chunk] = _encode(raw[start:start + chunk].astype(np.int64))
    return out


def _encode(raw: np.ndarray) -> np.ndarray:
    n = len(raw)
    eff_t, pos_t = _tables()
    eff = eff_t[raw[:, LEVEL], raw[:, SUIT]]  # (n, 54)
    pos = pos_t[raw[:, LEVEL], raw[:, SUIT]]
    counts = raw[:, :6 * KINDS].reshape(n, 6, KINDS)
    onehot = eff[:, :, None] == np.arange(5)  # (n, 54, 5): each kind's effective suit
    held = np.einsum("nk,nks->ns", counts[:, 0], onehot)[:, :4]
    trump_suit = raw[:, SUIT][:, None] == np.arange(4)  # its plain slot comes last, empty
    ranked = np.argsort(-held * 8 + np.arange(4) + 64 * trump_suit, axis=1, kind="stable")
    order = np.zeros((n, 5), dtype=np.int64)
    np.put_along_axis(order, ranked, np.arange(4)[None, :].repeat(n, 0), axis=1)
    order[:, TRUMP] = 4
    canon = np.take_along_axis(order, eff, axis=1)  # (n, 54): canonical suit of each kind
    slot = np.where(eff == TRUMP, TRUMP_BASE + pos, 12 * canon + pos)
    blocks = (np.arange(n)[:, None, None] * SIZE + np.arange(6)[None, :, None] * SLOTS
              + slot[:, None, :])
    vec = np.bincount(blocks.ravel(), weights=counts.ravel() / 3.0,
                      minlength=n * SIZE).reshape(n, SIZE)
    at = 6 * SLOTS
    rows = np.arange(n)
    alone = raw[:, FRIEND] == NO_FRIEND
    vec[rows[~alone], at + raw[~alone, FRIEND]] = 1.0
    vec[:, at + 5] = alone
    vec[:, at + 6] = raw[:, REVEALED]
    vec[rows, at + 7 + raw[:, TURN]] = 1.0
    at += 12
    points = counts[:, :5] @ np.array(POINTS)  # (n, 5)
    kitty_points = counts[:, 5] @ np.array(POINTS)
    left = counts[:, 0].sum(1)
    vec[:, at] = raw[:, TAKEN] / 100.0
    vec[:, at + 1] = points.sum(1) / 100.0
    vec[:, at + 2] = kitty_points / 50.0
    vec[:, at + 3] = left / 31.0
    at += 4
    canon_onehot = canon[:, :, None] == np.arange(5)  # (n, 54, 5)
    suits = np.einsum("nrk,nks->nrs", counts[:, :5], canon_onehot)  # (n, 5 seats, 5 suits)
    vec[:, at:at + 5] = points / 50.0
    vec[:, at + 5:at + 10] = suits[:, :, 4] / 20.0
    vec[:, at + 10:at + 35] = suits.reshape(n, 25) / 20.0
    vec[:, at + 35] = raw[:, SUIT] == 4
    return vec


class StateValue:
    """A trained outcome model: the chance of each of `OUTCOMES` for raw states."""

    def __init__(self, model: MLP) -> None:
        self.model = model

    def chances(self, raw: np.ndarray) -> np.ndarray:
        """A row of outcome chances for each raw state."""
        logits = self.model.outputs(encode(raw))
        logits -= logits.max(axis=1, keepdims=True)
        np.exp(logits, out=logits)
        return logits / logits.sum(axis=1, keepdims=True)


def leaf_values(model: StateValue, raw: np.ndarray, seat: int, declarer: int,
                friends: Sequence[int | None], levels: Sequence[int]) -> np.ndarray:
    """What each state is worth to `seat` by the model, on `finished_value`'s scale: the
    积分 each outcome brings from `levels`, weighed by its chance, plus the card-point
    tie-break at the outcome's typical points (`friends`: each state's friend)."""
    chances = model.chances(raw)
    by_friend = {f: outcome_jifen(seat, declarer, f, levels) for f in set(friends)}
    jifen = np.array([by_friend[f] for f in friends])  # a few friends among many leaves
    sign = np.array([-1.0 if seat in (declarer, f) else 1.0 for f in friends])
    over = chances @ np.array(MIDPOINTS) - even_mark(3)
    return (chances * jifen).sum(axis=1) + SMOOTHING * sign * over


def finished_value(result: HandResult, seat: int) -> float:
    """A finished hand's worth to `seat`: `outcome_value`, counted as a change from the
    levels the seats held before and without the throws failed, so that states and finished
    hands compare."""
    before = score_points(result.levels_before, [0] * len(result.levels_before))[seat]
    return outcome_value(result, seat) + result.failed_throws[seat] - before


class Leaves:
    """Playouts stopped between tricks, valued together in one batch when a search ends:
    each with the candidate it belongs to and its sample's weight."""

    def __init__(self, model: StateValue, seat: int, declarer: int,
                 levels: Sequence[int]) -> None:
        self.model, self.seat, self.declarer, self.levels = model, seat, declarer, levels
        self.rows: list[np.ndarray] = []
        self.owners: list[tuple[int, int, int | None]] = []  # deal, candidate, friend

    def play(self, playout: Playout, rng: random.Random, policy: str, tricks: int,
             deal: int, index: int) -> float:
        """Play `playout` on until `tricks` tricks after the one in progress: a finished
        hand's worth to the seat, or the stopped state kept for `add_to` (0). The throws
        the seat failed count against it either way."""
        end = playout.run_until(rng, policy, tricks)
        lost = playout.failed[self.seat]
        if end is not None:
            return finished_value(end, self.seat) - lost
        hand = playout.hand
        self.rows.append(raw_state(hand, playout.revealed, defender_trick_points(hand)))
        self.owners.append((deal, index, hand.friend))
        return -lost

    def add_to(self, values: list[list[float]]) -> None:
        """Add each kept state's worth to its deal's value of its candidate, and forget the
        states (so the search may value them in several batches as it goes)."""
        if not self.rows:
            return
        worth = leaf_values(self.model, np.array(self.rows), self.seat, self.declarer,
                            [f for _, _, f in self.owners], self.levels)
        for (deal, i, _), value in zip(self.owners, worth, strict=True):
            values[deal][i] += float(value)
        self.rows, self.owners = [], []


WEIGHTS = Path(__file__).with_name("weights") / "state_value.npz"


@lru_cache(maxsize=4)
def load_value(path: str | None = None) -> StateValue:
    """The model saved at `path` (default: the one shipped with the tutor); ValueError if
    it is no state value (another model's inputs or outputs)."""
    model = MLP.load(path or WEIGHTS)
    if model.shape != (SIZE, len(OUTCOMES)):
        raise ValueError(f"{path or WEIGHTS} is not a state value: it reads {model.shape[0]} "
                         f"inputs and gives {model.shape[1]} outputs, not {SIZE} and "
                         f"{len(OUTCOMES)}")
    return StateValue(model)
