"""A match between one person and four AI players, as plain state the UI renders.

The session owns the Match and the current Hand, moves the AI seats one action at a time
(so the UI can pace them), and serialises to a JSON-ready record — seed, options and every
action — from which `PlaySession.from_record` rebuilds the exact same position (the record
and its replay are `tutor.games`'; the session adds the AI players that go on playing).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from tutor.ai import PlayerSpec
from tutor.games import RECORD_VERSION, MatchInProgress, replay_record
from tutor.review import hint
from tutor.rules import (
    Action,
    Event,
    Hand,
    Observation,
    RuleSet,
    action_to_dict,
)

SEED_BITS = 128  # a person's deal: too many seeds to search from the cards one browser sees


def new_deal_seed() -> int:
    """A match seed for a person's game: `SEED_BITS` bits from `secrets`, with the bit above
    them set so every such seed is dealt through `hand_seed`'s hash. Only the server keeps it
    (in the saved game, so replays and reviews stay exact); no page receives it."""
    return (1 << SEED_BITS) | secrets.randbits(SEED_BITS)


@dataclass
class PlaySession(MatchInProgress):
    """One person (seat `human`) against AI players of one `strength`."""

    seed: int
    human: int = 0
    strength: str = "easy"
    max_hands: int | None = 8
    rules: RuleSet = field(default_factory=RuleSet)

    def __post_init__(self) -> None:
        if not 0 <= self.human < self.rules.players:
            raise ValueError(f"human seat must be 0 to {self.rules.players - 1}")
        MatchInProgress.__init__(self, self.seed, self.strength, self.max_hands, self.rules)
        self.specs = {seat: self.spec(seat)
                      for seat in range(self.rules.players) if seat != self.human}
        self.players = {seat: spec.build() for seat, spec in self.specs.items()}
        self.history: list[list[dict[str, Any]]] = []  # actions of finished hands

    # ----------------------------------------------------------------- state
    @property
    def observation(self) -> Observation:
        """What the person may see now."""
        return self.hand.observation(self.human)

    @property
    def human_to_act(self) -> bool:
        return self.hand.turn == self.human

    @property
    def ai_to_act(self) -> bool:
        return self.hand.turn is not None and self.hand.turn != self.human

    # --------------------------------------------------------------- actions
    def ai_request(self) -> tuple[PlayerSpec, Observation] | None:
        """What a worker process needs to choose the AI seat's action: its player's spec and
        its observation (None when no AI seat is to act)."""
        if not self.ai_to_act:
            return None
        seat = self.hand.turn
        assert seat is not None
        return self.specs[seat], self.hand.observation(seat)

    def ai_decide(self) -> Action | None:
        """The AI seat's next action, without applying it (safe to run in a worker thread:
        players see only an observation, and search plays out copies)."""
        if not self.ai_to_act:
            return None
        seat = self.hand.turn
        assert seat is not None
        return self.players[seat].act(self.hand.observation(seat))

    def ai_apply(self, action: Action) -> list[Event]:
        """Apply an action `ai_decide` chose (ignored if the position moved on meanwhile)."""
        if not self.ai_to_act or action.seat != self.hand.turn:
            return []
        return self.apply(action)

    def ai_step(self) -> list[Event]:
        """Let the AI seat to act take one action; returns the events it caused."""
        action = self.ai_decide()
        return [] if action is None else self.apply(action)

    def act(self, action: Action) -> list[Event]:
        """The person's action; raises `IllegalAction` (state unchanged) if not allowed."""
        if action.seat != self.human:
            raise ValueError("the person can only act for their own seat")
        return self.apply(action)

    def hint(self):
        """The suggestion for the person, with reasons in English and Chinese: what the
        review of this decision would call best (`review.hint`)."""
        return hint(self.observation)

    def next_hand(self) -> Hand:
        """Start the next hand of the match (after the end-of-hand summary)."""
        finished = self.hand
        self.deal_next()
        self.history.append([action_to_dict(a) for a in finished.actions])
        return self.hand

    # ------------------------------------------------------------ persistence
    def to_record(self) -> dict[str, Any]:
        """Everything needed to rebuild this session: options and every action so far."""
        return {
            "version": RECORD_VERSION, "seed": self.seed, "human": self.human,
            "strength": self.strength, "max_hands": self.max_hands,
            "rules": self.rules.to_dict(),
            "hands": [*self.history, [action_to_dict(a) for a in self.hand.actions]],
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> PlaySession:
        """Rebuild a session from `to_record()` output; ValueError if the record is broken."""
        replay = replay_record(record)
        session = cls(seed=replay.seed, human=replay.human, strength=replay.strength,
                      max_hands=replay.max_hands, rules=replay.rules)
        session.match, session.hand = replay.match, replay.current
        session.finished_hands = list(replay.hands[:-1])
        session.history = [[action_to_dict(a) for a in hand.actions]
                           for hand in session.finished_hands]
        return session
