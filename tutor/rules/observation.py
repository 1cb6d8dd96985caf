"""What one seat may know (`Observation`), and the records a hand hands out (`Trick`,
`HandResult`). Everything here is built from one seat's cards and public events only.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from .actions import Action, Event, EventKind
from .bidding import StandingBid
from .cards import Card
from .config import RuleSet
from .errors import NotYourTurn, WrongPhase
from .moves import PHASES
from .phase import Phase
from .trick import winner_index
from .trump import Trump

_BEFORE_PLAY = frozenset({Phase.BIDDING, Phase.BURYING, Phase.CALLING})


@dataclass(frozen=True)
class Trick:
    """A finished trick: plays in order from the leader, as (seat, cards)."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int
    points: int

    def to_dict(self) -> dict:
        return {"leader": self.leader,
                "plays": [[str(c) for c in cards] for _, cards in self.plays],
                "winner": self.winner, "points": self.points}


@dataclass(frozen=True)
class HandResult:
    """How a finished hand scored (RULES.md §8) and who deals next (§9)."""

    declarer: int
    friend: int | None
    trump: Trump
    kitty: tuple[Card, ...]
    trick_points: int  # card points in tricks won by defenders
    kitty_points: int
    kitty_multiplier: int | None  # None when the declarer side won the last trick
    kitty_bonus: int
    defender_points: int  # P = trick points + kitty bonus
    side: str  # "declarer", "none" or "defenders"
    levels_up: int
    levels_before: tuple[int, ...]
    levels_after: tuple[int, ...]
    failed_throws: tuple[int, ...]
    score: tuple[int, ...]  # 积分 of this hand
    next_declarer: int
    match_won: bool  # the declarer won a hand at level A

    @property
    def declarer_side(self) -> tuple[int, ...]:
        return (self.declarer,) if self.friend is None else (self.declarer, self.friend)


@dataclass
class Observation:
    """All one seat may know. Built only from its own cards and public events."""

    seat: int
    phase: Phase
    turn: int | None
    rules: RuleSet
    levels: tuple[int, ...]
    level: str  # the trump rank of this hand
    declarer: int | None
    trump: Trump | None
    hand: list[Card]
    hand_sizes: tuple[int, ...]
    bids: list[tuple[int, tuple[Card, ...]]]
    standing_bid: StandingBid | None
    kitty: tuple[Card, ...] | None  # the declarer's own knowledge: the kitty taken up
    buried: tuple[Card, ...] | None  # the declarer's own knowledge: the cards buried
    kitty_shown: tuple[Card, ...] | None  # turned up when nobody bid in a later hand
    friend_card: Card | None
    friend_nth: int | None
    friend: int | None  # only once revealed
    copies_played: int
    tricks: list[Trick]
    current: list[tuple[int, tuple[Card, ...]]]
    leader: int | None
    captured: tuple[int, ...]  # card points won by each seat
    failed_throws: tuple[int, ...]
    events: list[Event]
    result: HandResult | None = None

    @property
    def lead(self) -> tuple[Card, ...] | None:
        return self.current[0][1] if self.current else None

    @property
    def current_winner(self) -> int | None:
        """The seat winning the trick in progress so far, or None when no card is down."""
        if not self.current or self.trump is None:
            return None
        return self.current[winner_index([c for _, c in self.current], self.trump.table)][0]

    @property
    def declarer_side(self) -> tuple[int, ...] | None:
        """The declarer side once everyone knows it (friend revealed, or the declarer shown to
        be alone), else None — the defenders' running total means something only then."""
        if self.declarer is None or self.phase in _BEFORE_PLAY:
            return None
        if self.friend is not None:
            return (self.declarer, self.friend)
        if any(e.type == EventKind.FRIEND_REVEALED for e in self.events):
            return (self.declarer,)
        return None

    @property
    def sides_known(self) -> bool:
        """True once every seat knows who is on the declarer's side."""
        return self.declarer_side is not None

    def legal_actions(self) -> Iterator[Action]:
        """Every legal action for this seat now, lazily (burying and leading are huge sets);
        none when it is not this seat's turn. Exactly what `Hand.apply` accepts from it."""
        if self.turn != self.seat:
            return iter(())
        return PHASES[self.phase].legal(self, self.seat, self.hand)

    def random_action(self, rng: random.Random) -> Action:
        """A random legal action for this seat (the floor player); raises `WrongPhase` or
        `NotYourTurn` when it has no decision."""
        sample = PHASES[self.phase].sample
        if sample is None:
            raise WrongPhase("wrong_phase", phase=Phase(self.phase).label)
        if self.turn != self.seat:
            raise NotYourTurn("not_your_turn", turn=self.turn, seat=self.seat)
        return sample(self, self.seat, self.hand, rng)


__all__ = ["HandResult", "Observation", "Trick"]
