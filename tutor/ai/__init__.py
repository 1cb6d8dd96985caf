"""AI players for 找朋友: they see only an `Observation` and return a legal action.

Layer 1: imports only `tutor.rules`. `make_player("random"|"heuristic"|"search")` builds one;
`suggest(obs)` gives a learner the recommended action with reasons in English and Chinese.
"""

from __future__ import annotations

from .decision import Decision, PlayerSpec, decide
from .explain import Suggestion, suggest
from .heuristic import HeuristicPlayer
from .player import PLAYER_TYPES, Player, make_player
from .random_player import RandomPlayer
from .search import SearchPlayer
from .strength import STRENGTHS, strength_spec

__all__ = [
    "PLAYER_TYPES", "STRENGTHS", "Decision", "HeuristicPlayer", "Player", "PlayerSpec",
    "RandomPlayer", "SearchPlayer", "Suggestion", "decide", "make_player", "strength_spec",
    "suggest",
]
