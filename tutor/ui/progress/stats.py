"""Progress figures computed from the store's plain values (no widgets, easy to test)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.store import Attempt, Game, LessonProgress, Rating


@dataclass
class ThemeStats:
    """One puzzle type: attempts, how many right, the current rating and its history."""

    theme: str
    attempts: int = 0
    correct: int = 0
    rating: float | None = None
    history: list[tuple[int, float]] = field(default_factory=list)  # (attempt no., rating)

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0


@dataclass
class Progress:
    """Everything the Progress page shows."""

    themes: dict[str, ThemeStats]
    attempts: int
    correct: int
    to_retry: list[str]
    solved: list[str]  # puzzles whose last attempt was right
    lessons_completed: list[str]
    lessons_started: list[str]
    games_finished: int
    games_in_progress: int
    levels_gained: list[int]  # per finished game, for the person's seat


def compute(attempts: Sequence[Attempt], theme_of: Mapping[str, str],
            ratings: Mapping[str, Rating], lessons: Mapping[str, LessonProgress],
            games: Sequence[Game]) -> Progress:
    """Figures from a learner's attempts (any order), ratings, lesson progress and games."""
    themes: dict[str, ThemeStats] = {}
    open_misses: dict[str, bool] = {}
    ordered = sorted(attempts, key=lambda a: (a.created_at, a.id))
    for number, a in enumerate(ordered, start=1):
        theme = theme_of.get(a.puzzle_id, "other")
        stats = themes.setdefault(theme, ThemeStats(theme))
        stats.attempts += 1
        stats.correct += int(a.correct)
        if a.rating_after is not None and a.rating_after != a.rating_before:
            stats.history.append((number, a.rating_after))
        if a.correct:
            open_misses.pop(a.puzzle_id, None)
        else:
            open_misses[a.puzzle_id] = True
    for theme, r in ratings.items():
        themes.setdefault(theme, ThemeStats(theme)).rating = r.rating
    finished = [g for g in games if g.status == "finished"]
    return Progress(
        themes=themes, attempts=len(ordered), correct=sum(a.correct for a in ordered),
        to_retry=list(open_misses),
        solved=sorted({a.puzzle_id for a in ordered} - set(open_misses)), lessons_completed=sorted(
            k for k, v in lessons.items() if v.completed),
        lessons_started=sorted(k for k, v in lessons.items() if not v.completed),
        games_finished=len(finished), games_in_progress=len(games) - len(finished),
        levels_gained=[_levels_gained(g) for g in finished])


def _levels_gained(game: Game) -> int:
    """Levels the person rose in a finished game (from level 2), 0 if unreadable."""
    result: Any = game.result
    options: Any = game.rules
    try:
        seat = int(options.get("human", 0))
        return int(result["levels"][seat]) - 2
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        return 0
