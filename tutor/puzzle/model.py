"""A puzzle: a question plus what the trainer needs to choose and rate it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.question import Grade, Question, Solution


@dataclass(frozen=True, eq=False, kw_only=True)
class Puzzle(Question):
    """One puzzle of the bank: its question (`type`, `question`, `position`), a stable `id`,
    themes, a difficulty tier (1 easy, 2 medium, 3 hard) and the entry as written."""

    id: str
    themes: tuple[str, ...]
    difficulty: int
    raw: Mapping[str, Any] = field(repr=False, default_factory=dict)
    file: str = ""

    def public(self) -> dict[str, Any]:
        """The JSON-ready form sent to a browser: the question and what it shows, no answer."""
        return {"id": self.id, "themes": list(self.themes), "difficulty": self.difficulty,
                **super().public()}


__all__ = ["Grade", "Puzzle", "Solution"]
