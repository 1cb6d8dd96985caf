"""The per-phase table: which actions a phase accepts, and how to list or sample them.

`Hand` (the full state) and `Observation` (one seat's view) both answer "what may this seat do
now?" through `PHASES`, given a `Position` — so the legal set, the floor player's random
choice and what `Hand.apply` accepts are one piece of code and cannot drift apart.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from .actions import Action, Bid, Bury, CallFriend, Pass, Play
from .bidding import StandingBid, bid_options
from .cards import Card
from .config import RuleSet
from .follow import legal_follows, sample_follow
from .phase import Phase
from .trump import Trump
from .units import counts_of, decompose, sub_multisets


class Position(Protocol):
    """What the phase functions read: a `Hand` or an `Observation` both provide it."""

    rules: RuleSet
    level: str

    @property
    def standing_bid(self) -> StandingBid | None: ...

    @property
    def trump(self) -> Trump | None: ...

    @property
    def lead(self) -> tuple[Card, ...] | None: ...


Legal = Callable[[Position, int, Sequence[Card]], Iterator[Action]]
Sample = Callable[[Position, int, Sequence[Card], random.Random], Action]


@dataclass(frozen=True, slots=True)
class PhaseRules:
    """One row of the table: the action types a phase accepts, every legal action (lazily:
    burying and leading are huge sets) and a fast random legal action (the floor player)."""

    accepts: frozenset[type]
    legal: Legal
    sample: Sample | None


def distinct_combinations(cards: Sequence[int], size: int) -> Iterator[tuple[Card, ...]]:
    """Distinct multisets of `size` cards (copies of a card are interchangeable)."""
    for combo in sub_multisets(counts_of(cards), size):
        yield tuple(Card(c) for c in combo)


def random_lead(hand: Sequence[int], trump: Trump, rng: random.Random) -> list[Card]:
    """A random lead: mostly one kind's copies, sometimes the unit holding a random card, and
    now and then a throw of a few of one suit's units."""
    table = trump.table
    pick = rng.choice(hand)
    roll = rng.random()
    if roll < 0.8:
        return [Card(pick)] * rng.randint(1, hand.count(pick))
    in_suit = [c for c in hand if table.eff[c] == table.eff[pick]]
    units = decompose(in_suit, trump)
    if roll < 0.93:
        unit = next(u for u in units if pick in u.cards)
        return list(unit.cards)
    chosen = rng.sample(units, min(len(units), rng.randint(2, 3)))
    return [c for u in chosen for c in u.cards]


# ------------------------------------------------------------------- bidding
def _bids(pos: Position, seat: int, hand: Sequence[Card]) -> Iterator[Action]:
    yield Pass(seat)
    for cards in bid_options(hand, pos.level, seat, pos.standing_bid, pos.rules.decks):
        yield Bid(seat, cards)


def _random_bid(pos: Position, seat: int, hand: Sequence[Card], rng: random.Random) -> Action:
    options = bid_options(hand, pos.level, seat, pos.standing_bid, pos.rules.decks)
    if options and rng.random() < 0.5:
        return Bid(seat, rng.choice(options))
    return Pass(seat)


# ------------------------------------------------------------------- burying
def _buries(pos: Position, seat: int, hand: Sequence[Card]) -> Iterator[Action]:
    for combo in distinct_combinations(hand, pos.rules.kitty):
        yield Bury(seat, combo)


def _random_bury(pos: Position, seat: int, hand: Sequence[Card], rng: random.Random) -> Action:
    return Bury(seat, tuple(rng.sample(hand, pos.rules.kitty)))


# ------------------------------------------------------------------- calling
def _calls(pos: Position, seat: int, hand: Sequence[Card]) -> Iterator[Action]:
    rules = pos.rules
    nths = range(1, rules.decks + 1) if rules.friend_rule == "nth_played" else [None]
    for kind in range(52):
        for nth in nths:
            yield CallFriend(seat, Card(kind), nth)


def _random_call(pos: Position, seat: int, hand: Sequence[Card], rng: random.Random) -> Action:
    rules = pos.rules
    nth = rng.randint(1, rules.decks) if rules.friend_rule == "nth_played" else None
    return CallFriend(seat, Card(rng.randrange(52)), nth)


# ------------------------------------------------------------------- playing
def _plays(pos: Position, seat: int, hand: Sequence[Card]) -> Iterator[Action]:
    trump, lead = pos.trump, pos.lead
    assert trump is not None
    if lead:
        for play in legal_follows(hand, lead, trump):
            yield Play(seat, tuple(play))
        return
    eff = trump.table.eff
    for suit in sorted({eff[c] for c in hand}):
        cards = [c for c in hand if eff[c] == suit]
        for size in range(1, len(cards) + 1):
            for combo in distinct_combinations(cards, size):
                yield Play(seat, combo)


def _random_play(pos: Position, seat: int, hand: Sequence[Card], rng: random.Random) -> Action:
    trump, lead = pos.trump, pos.lead
    assert trump is not None
    if lead:
        return Play(seat, tuple(sample_follow(hand, lead, trump, rng)))
    return Play(seat, tuple(random_lead(hand, trump, rng)))


def _none(pos: Position, seat: int, hand: Sequence[Card]) -> Iterator[Action]:
    return iter(())


PHASES: dict[Phase, PhaseRules] = {
    Phase.BIDDING: PhaseRules(frozenset({Bid, Pass}), _bids, _random_bid),
    Phase.BURYING: PhaseRules(frozenset({Bury}), _buries, _random_bury),
    Phase.CALLING: PhaseRules(frozenset({CallFriend}), _calls, _random_call),
    Phase.PLAYING: PhaseRules(frozenset({Play}), _plays, _random_play),
    Phase.FINISHED: PhaseRules(frozenset(), _none, None),
}

__all__ = ["PHASES", "PhaseRules", "Position", "distinct_combinations", "random_lead"]
