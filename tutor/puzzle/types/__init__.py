"""The puzzle types, by name: each reads, solves, explains and grades one kind of puzzle."""

from __future__ import annotations

from .base import PuzzleType
from .follow import FollowType
from .friend import FriendType
from .kitty import KittyType
from .level import LevelType
from .pattern import PatternType
from .score import ScoreType
from .throw import ThrowType
from .trick import TrickType
from .trump_order import TrumpOrderType

TYPES: dict[str, PuzzleType] = {t.name: t for t in (
    ThrowType(), KittyType(), TrickType(), FollowType(), PatternType(), LevelType(), ScoreType(),
    FriendType(), TrumpOrderType(),
)}

__all__ = ["TYPES", "PuzzleType"]
