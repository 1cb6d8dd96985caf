"""A puzzle: a question plus what the trainer needs to choose and rate it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.question import Grade, Question, Solution
from tutor.text import Text, both

from .themes import TYPE_THEMES
from .titles import about

RULES_EXAMPLE = re.compile(r"rules-ex0*(\d+[a-z]?)")  # RULES.md's worked example, by number
GENERATED = re.compile(r"([a-z_]+)-(\d+)-0*(\d+)")  # <type>-<seed>-<number>
MINED = re.compile(r"strategy-(\d+_\d+-\d+)")  # strategy-<seed>_<hand>-<action>, mined


@dataclass(frozen=True, eq=False, kw_only=True)
class Puzzle(Question):
    """One puzzle of the bank: its question (`type`, `question`, `position`), a stable `id`,
    themes, a difficulty tier (1 easy, 2 medium, 3 hard) and the entry as written."""

    id: str
    themes: tuple[str, ...]
    difficulty: int
    raw: Mapping[str, Any] = field(repr=False, default_factory=dict)
    file: str = ""

    def title(self) -> Text:
        """What people call the puzzle: its kind and what its position is about
        (`titles.about`: `Throws · throwing A♥ A♥ K♥, level 2, trump ♠ (spades)`, `Rules
        example 15 · …` for RULES.md's worked examples); an id only for a kind without
        words for its position."""
        kind = (both("puzzle.kind_strategy") if self.type == "strategy" else
                TYPE_THEMES.get(self.type, Text(self.type, self.type)))
        said = about(self.type, self.position)
        example = RULES_EXAMPLE.fullmatch(self.id)
        if example:
            return (both("puzzle.title_rules", n=example.group(1)) if said is None else
                    both("puzzle.title_rules_about", n=example.group(1), about=said))
        if said is not None:
            return both("puzzle.title_about", kind=kind, about=said)
        made = GENERATED.fullmatch(self.id)
        if made and made.group(1) == self.type:
            seed, number = made.group(2), made.group(3)
            return both("puzzle.title_numbered", kind=kind,
                        n=number if seed == "1" else f"{seed}-{number}")
        return both("puzzle.title_named", kind=kind, id=self.id)

    def public(self) -> dict[str, Any]:
        """The JSON-ready form sent to a browser: the question and what it shows, no answer."""
        return {"id": self.id, "themes": list(self.themes), "difficulty": self.difficulty,
                **super().public()}


__all__ = ["Grade", "Puzzle", "Solution"]
