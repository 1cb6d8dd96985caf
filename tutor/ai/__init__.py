"""AI players for 找朋友: they see only an `Observation` and return a legal action."""

from __future__ import annotations

from .heuristic import HeuristicPlayer
from .player import PLAYER_TYPES, Player, make_player
from .random_player import RandomPlayer

__all__ = ["PLAYER_TYPES", "HeuristicPlayer", "Player", "RandomPlayer", "make_player"]
