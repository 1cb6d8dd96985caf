"""The match at a shared table, rebuilt from the table's action log and kept up with it.

The log is a saved game's (`tutor.games.record`): each entry an action tagged with its hand,
later hands opened by a `NEXT_HAND` marker. Entry `n` of the log is the table's action
number `n`, the number the store refuses to save twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tutor.ai import strength_spec
from tutor.games import NEXT_HAND, RECORD_VERSION, MatchInProgress
from tutor.rules import (
    Action,
    Event,
    EventKind,
    RuleSet,
    action_from_dict,
    action_to_dict,
)

PLAYERS = 5


def table_options(strength: str, max_hands: int | None = 8,
                  rules: RuleSet | None = None) -> dict[str, Any]:
    """The saved game's options for a new table (a saved game's `OPTION_KEYS`, plus
    `table`: no one person is "the human" of a table's game)."""
    rules = rules or RuleSet()
    strength_spec(strength, 0)  # ValueError for a strength that does not exist
    return {"version": RECORD_VERSION, "human": 0, "strength": strength,
            "max_hands": max_hands, "rules": rules.to_dict(), "table": True}


class TableGame(MatchInProgress):
    """The match and its current hand, as the first `count` entries of the log left it."""

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        super().__init__(seed, str(options["strength"]), options.get("max_hands"),
                         RuleSet.from_dict(options["rules"]))
        self.options = options
        self.count = 0  # log entries applied
        # the hand's latest failed throw and how many entries the table had once it was made:
        # every page tells it (not only the thrower's), until that page's person acts
        self.failed_throw: tuple[int, Event] | None = None

    @classmethod
    def from_log(cls, options: dict[str, Any], seed: int,
                 entries: Iterable[dict[str, Any]]) -> TableGame:
        """The game after every entry of `entries`; ValueError if the log is broken."""
        game = cls(options, seed)
        game.extend(entries)
        return game

    def extend(self, entries: Iterable[dict[str, Any]]) -> list[Event]:
        """Apply log entries in order (from entry `count`); the events they caused."""
        events: list[Event] = []
        for entry in entries:
            if entry.get("type") == NEXT_HAND:
                self.deal_next()  # ValueError when no hand may start
                self.failed_throw = None
            else:
                caused = self.apply(action_from_dict(
                    {k: v for k, v in entry.items() if k != "hand"}))
                events += caused
                failed = [e for e in caused if e.type == EventKind.THROW_FAILED]
                if failed:
                    self.failed_throw = (self.count + 1, failed[-1])
            self.count += 1
        return events

    def entry(self, action: Action) -> dict[str, Any]:
        """`action` as the log keeps it (tagged with the hand)."""
        return dict(action_to_dict(action), hand=self.hand_index)

    def next_hand_entry(self) -> dict[str, Any]:
        """The marker that opens the next hand; ValueError when none can start."""
        self.check_next_hand()
        return {"type": NEXT_HAND, "hand": self.hand_index + 1}
