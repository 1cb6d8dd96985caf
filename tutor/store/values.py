"""The plain values the store returns: frozen dataclasses of numbers, strings and tuples.

Times are naive `datetime`s in UTC; JSON-holding fields come back already decoded.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

ROLES = ("learner", "teacher")
GAME_STATUSES = ("in_progress", "finished")


@dataclass(frozen=True, slots=True)
class User:
    """An account; guests have no username and `is_guest` set."""

    id: int
    username: str | None
    display_name: str
    role: str
    is_guest: bool
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Classroom:
    """A teacher's class; learners join it with `join_code`."""

    id: int
    name: str
    teacher_id: int
    join_code: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Assignment:
    """A list of puzzles a class should solve, optionally by a due date."""

    id: int
    class_id: int
    title: str
    puzzle_ids: tuple[str, ...]
    due: date | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Attempt:
    """One answer to one puzzle; `answer` is whatever JSON value the UI saved."""

    id: int
    user_id: int
    puzzle_id: str
    answer: Any
    correct: bool
    seconds: float
    rating_before: float | None
    rating_after: float | None
    assignment_id: int | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Rating:
    """Glicko-2 numbers as stored; the maths lives in tutor.puzzle."""

    rating: float
    rd: float
    volatility: float


@dataclass(frozen=True, slots=True)
class LessonProgress:
    """Where a user is in one lesson; `completed` stays true once reached."""

    user_id: int
    lesson_id: str
    step: int
    completed: bool
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class Game:
    """A game against the computer: rules and seed to replay it, every action so far."""

    id: int
    user_id: int
    rules: Any
    seed: int
    actions: tuple[Any, ...]
    result: Any
    status: str
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class LearnerSummary:
    """One learner's line on a class dashboard."""

    user_id: int
    display_name: str
    attempts: int
    correct: int
    puzzles_solved: int
    total_seconds: float
    last_attempt_at: datetime | None


@dataclass(frozen=True, slots=True)
class AssignmentProgress:
    """How far one learner is through one assignment (distinct puzzles), and how many answers
    they gave to it (a second wrong answer to one puzzle changes only that)."""

    user_id: int
    display_name: str
    puzzles_attempted: int
    puzzles_solved: int
    puzzles_total: int
    answers: int
