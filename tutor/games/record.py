"""A saved game's record: what the store keeps of a game (options, seed, tagged actions) and
the plain record a replay or a play session is rebuilt from.

The store keeps one flat list of actions, each tagged with the hand (from 0) it belongs to;
each later hand begins with a `NEXT_HAND` marker, so a hand that has begun but has no action
yet is still counted. A record groups the actions by hand:
`{"version", "seed", "human", "strength", "max_hands", "rules", "hands": [[action, ...], ...]}`.
"""

from __future__ import annotations

from typing import Any

from tutor.store import Game

RECORD_VERSION = 1
OPTION_KEYS = ("version", "human", "strength", "max_hands", "rules")  # what a game starts with
NEXT_HAND = "next_hand"  # marks the start of each later hand, even before its first action


def is_playable(game: Game) -> bool:
    """Whether a stored game is one of this version's records (older ones are not replayed)."""
    return isinstance(game.rules, dict) and game.rules.get("version") == RECORD_VERSION


def is_table_game(game: Game) -> bool:
    """Whether a stored game is a shared table's (played at `tutor.tables`, not resumed as
    one person's game against the computer)."""
    return isinstance(game.rules, dict) and bool(game.rules.get("table"))


def hands_begun(game: Game) -> int:
    """How many hands of a stored game have begun (the one in progress included)."""
    return 1 + sum(1 for a in game.actions if isinstance(a, dict) and a.get("type") == NEXT_HAND)


def record_from_game(options: dict[str, Any], seed: int,
                     actions: list[dict[str, Any]]) -> dict[str, Any]:
    """A game record from what the store keeps (options, seed, tagged actions)."""
    hands: list[list[dict[str, Any]]] = [[]]
    for action in actions:
        index = int(action["hand"])
        while len(hands) <= index:
            hands.append([])
        if action.get("type") != NEXT_HAND:
            hands[index].append({k: v for k, v in action.items() if k != "hand"})
    return {**options, "seed": seed, "hands": hands}


def record_of(game: Game) -> dict[str, Any]:
    """The record of a stored game."""
    return record_from_game(game.rules, game.seed, list(game.actions))
