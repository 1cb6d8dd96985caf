"""Replaying a game record: the match and every hand of a saved game, rebuilt exactly from
its seed and actions (no players: a replay only applies what was played)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.rules import Hand, HandResult, Match, Phase, RuleSet, action_from_dict
from tutor.store import Game, Store

from .record import RECORD_VERSION, record_of


@dataclass(frozen=True)
class Replay:
    """A game record played through: its options, its match, and every hand begun (the last
    one the hand in progress, or the match's last hand once it is over)."""

    seed: int
    human: int
    strength: str
    max_hands: int | None
    rules: RuleSet
    match: Match
    hands: tuple[Hand, ...]

    @property
    def current(self) -> Hand:
        """The last hand begun."""
        return self.hands[-1]

    def completed_hands(self) -> list[Hand]:
        """Every finished hand, the last one included once it is over."""
        done = self.current.phase == Phase.FINISHED
        return list(self.hands if done else self.hands[:-1])

    @property
    def results(self) -> list[HandResult]:
        return list(self.match.results)


def replay_record(record: dict[str, Any]) -> Replay:
    """The replay of a game record (`tutor.games.record`); ValueError if it is not one of this
    version or is broken (an action the rules refuse raises their `IllegalAction`)."""
    if not isinstance(record, dict) or record.get("version") != RECORD_VERSION:
        version = record.get("version") if isinstance(record, dict) else None
        raise ValueError(f"unknown game record version {version!r}")
    try:
        rules = RuleSet.from_dict(record["rules"])
        seed, human = int(record["seed"]), int(record["human"])
        if not 0 <= human < rules.players:
            raise ValueError(f"human seat must be 0 to {rules.players - 1}")
        match = Match(seed=seed, rules=rules, max_hands=record["max_hands"])
        hands = [match.new_hand()]
        for i, actions in enumerate(record["hands"]):
            if i:
                if hands[-1].phase != Phase.FINISHED:
                    raise ValueError("the current hand is not finished")
                hands.append(match.new_hand())  # ValueError once the match is over
            hand = hands[-1]
            for data in actions:
                hand.apply(action_from_dict(data))
                if hand.phase == Phase.FINISHED:
                    match.record(hand)
        return Replay(seed, human, str(record["strength"]), match.max_hands, rules, match,
                      tuple(hands))
    except (KeyError, TypeError) as exc:
        raise ValueError(f"broken game record: {exc}") from exc


def replay_game(game: Game) -> Replay:
    """The replay of a stored game."""
    return replay_record(record_of(game))


def hands_of_game(store: Store, actor_id: int, game_id: int) -> tuple[list[Hand], int]:
    """The finished hands of saved game `game_id` and the seat its player sat in (for the
    player and their teachers; the store's errors otherwise)."""
    replay = replay_game(store.games.get(actor_id, game_id))
    return replay.completed_hands(), replay.human
