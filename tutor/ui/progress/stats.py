"""Progress figures computed from the store's plain values (no widgets, easy to test)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.games import hands_begun, is_playable, replay_game
from tutor.puzzle import Rating as Glicko
from tutor.puzzle import attempt, puzzle_start
from tutor.puzzle.rating import DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY
from tutor.rules import RuleError
from tutor.store import Attempt, Game, LessonProgress, Rating

START_LEVEL = 2  # everyone starts a game at level 2


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
    hands_finished: int  # hands played to the end, in every game
    games_finished: int  # games (series of hands) over
    games_in_progress: int
    levels_gained: list[tuple[int, bool]]  # per game with a hand finished, oldest first:
    # levels the person rose in it (so far), and whether it is still in progress
    strategy: list[ThemeStats] = field(default_factory=list)  # the strategy themes tried,
    # each rated on its own (`theme_ratings`)


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
    played = [(_played(g), g.status != "finished")
              for g in sorted(games, key=lambda g: (g.created_at, g.id))]
    return Progress(
        themes=themes, attempts=len(ordered), correct=sum(a.correct for a in ordered),
        to_retry=list(open_misses),
        solved=sorted({a.puzzle_id for a in ordered} - set(open_misses)), lessons_completed=sorted(
            k for k, v in lessons.items() if v.completed),
        lessons_started=sorted(k for k, v in lessons.items() if not v.completed),
        hands_finished=sum(hands for (hands, _), _ in played),
        games_finished=len(finished), games_in_progress=len(games) - len(finished),
        levels_gained=[(levels, playing) for (hands, levels), playing in played if hands])


def theme_ratings(attempts: Sequence[Attempt], themes_of: Mapping[str, Sequence[str]],
                  difficulty_of: Mapping[str, int], wanted: Collection[str]) -> list[ThemeStats]:
    """Each theme of `wanted` the learner tried (in `wanted`'s order): attempts, how many
    right, and a rating of its own. Stored ratings are kept per puzzle type, so every strategy
    puzzle moves the one "strategy" rating; this one is Glicko-2 over the learner's first
    attempt at each puzzle of the theme, against the puzzle's starting rating for its tier,
    and says which strategy themes are strong and which weak."""
    found: dict[str, ThemeStats] = {}
    ratings: dict[str, Glicko] = {}
    seen: set[str] = set()
    ordered = sorted(attempts, key=lambda a: (a.created_at, a.id))
    for number, a in enumerate(ordered, start=1):
        first = a.puzzle_id not in seen
        seen.add(a.puzzle_id)
        for theme in themes_of.get(a.puzzle_id, ()):
            if theme not in wanted:
                continue
            stats = found.setdefault(theme, ThemeStats(theme))
            stats.attempts += 1
            stats.correct += int(a.correct)
            if first:
                before = ratings.get(theme, Glicko(DEFAULT_RATING, DEFAULT_RD,
                                                   DEFAULT_VOLATILITY))
                start = puzzle_start(difficulty_of.get(a.puzzle_id, 2))
                ratings[theme], _ = attempt(before, start, a.correct)
                stats.rating = ratings[theme].rating
                stats.history.append((number, stats.rating))
    return [found[k] for k in wanted if k in found]


def _played(game: Game) -> tuple[int, int]:
    """Hands finished in a game and levels the person rose in them; (0, 0) if unreadable."""
    result: Any = game.result
    options: Any = game.rules
    try:
        seat = int(options.get("human", 0))
        if game.status == "finished":
            hands = int(result["hands"]) if "hands" in result else hands_begun(game)
            return hands, int(result["levels"][seat]) - START_LEVEL
        if not is_playable(game):
            return 0, 0
        replay = replay_game(game)
        return len(replay.completed_hands()), replay.match.levels[replay.human] - START_LEVEL
    except (AttributeError, KeyError, TypeError, ValueError, IndexError, RuleError):
        return 0, 0
