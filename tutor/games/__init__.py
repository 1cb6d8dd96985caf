"""Saved games (layer 2): the record of a game against the computer, and its replay.

A game is saved as options, a seed and every action (`record`); replaying a record rebuilds
the match and its hands exactly (`replay`). The Play page saves and resumes games through
it, and the review, the personal puzzles and the `review` command read a saved game's hands
from it, so nothing below the pages reaches up into them for a game.
"""

from .match import MatchInProgress
from .record import (
    NEXT_HAND,
    OPTION_KEYS,
    RECORD_VERSION,
    hands_begun,
    is_playable,
    is_table_game,
    record_from_game,
    record_of,
)
from .replay import Replay, hands_of_game, replay_game, replay_record

__all__ = ["NEXT_HAND", "OPTION_KEYS", "RECORD_VERSION", "MatchInProgress", "Replay",
           "hands_begun",
           "hands_of_game", "is_playable", "is_table_game", "record_from_game", "record_of",
           "replay_game", "replay_record"]
