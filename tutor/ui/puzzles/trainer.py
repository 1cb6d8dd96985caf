"""Puzzle practice for one learner: choosing, grading, rating and remembering attempts.

Plain Python (no widgets) so it is tested directly. With a store, attempts and ratings are
saved and read back; without one they live for the session only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from tutor.puzzle import Grade, Puzzle, Rating, attempt, choose, grade, puzzle_start
from tutor.puzzle.rating import DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY
from tutor.store import Rating as StoredRating
from tutor.store import Store

MIX = "mix"
STREAK_START = -300  # a streak starts below the learner's rating …
STREAK_STEP = 100  # … and aims this much higher after every solve


def fits(puzzle: Puzzle, theme: str = MIX, tier: int = 0) -> bool:
    """Whether `puzzle` is of `theme` (MIX: any) and of difficulty `tier` (0: any)."""
    return (theme == MIX or theme in puzzle.themes) and (not tier or puzzle.difficulty == tier)


def _rating(stored: StoredRating | None) -> Rating:
    if stored is None:
        return Rating(DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY)
    return Rating(stored.rating, stored.rd, stored.volatility)


def _stored(r: Rating) -> StoredRating:
    return StoredRating(r.rating, r.rd, r.volatility)


@dataclass
class Outcome:
    """What one submitted answer did: the grade and the learner's rating in that theme."""

    grade: Grade
    theme: str
    rating_before: float
    rating_after: float
    first_attempt: bool
    streak: int = 0  # the streak after this answer
    streak_ended: int | None = None  # a missed answer ends a streak of this many

    @property
    def change(self) -> float:
        return self.rating_after - self.rating_before


@dataclass
class Trainer:
    """One learner's practice over the puzzle bank, and over `personal` puzzles made of their
    own mistakes (served in retry mode until solved; they move no rating)."""

    bank: list[Puzzle]
    store: Store | None = None
    user_id: int | None = None
    rng: random.Random = field(default_factory=random.Random)
    personal: list[Puzzle] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.by_id = {p.id: p for p in self.bank}
        self.personal_ids: set[str] = set()
        self.ratings: dict[str, Rating] = {}  # learner's, by puzzle type
        self.puzzle_ratings: dict[str, Rating] = {}
        self.tried: set[str] = set()
        self.failed: dict[str, bool] = {}  # puzzle id -> still unsolved after a miss
        self.assignment_solved: dict[int, set[str]] = {}  # assignment id -> puzzles solved
        self.assignment_tried: dict[int, set[str]] = {}  # assignment id -> puzzles answered
        self.assignment_first: dict[int, set[str]] = {}  # … solved at the first answer
        self.streak = 0
        if self.store is not None and self.user_id is not None:
            self._load()
        personal, self.personal = self.personal, []
        self.add_personal(personal)

    def add_personal(self, puzzles: list[Puzzle]) -> None:
        """Take in positions from the learner's own games (ones known already are skipped):
        each is a miss to put right until it is solved."""
        for p in puzzles:
            if p.id in self.personal_ids:
                continue
            self.personal.append(p)
            self.personal_ids.add(p.id)
            self.by_id[p.id] = p
            if p.id not in self.tried:
                self.failed[p.id] = True

    def _load(self) -> None:
        assert self.store is not None and self.user_id is not None
        for theme, stored in self.store.attempts.user_ratings(self.user_id, self.user_id).items():
            self.ratings[theme] = _rating(stored)
        for a in reversed(self.store.attempts.for_user(self.user_id, self.user_id)):  # oldest first
            self.tried.add(a.puzzle_id)
            if a.assignment_id is not None:
                self._answered_in(a.assignment_id, a.puzzle_id, a.correct)
            if a.correct:
                self.failed.pop(a.puzzle_id, None)
            else:
                self.failed[a.puzzle_id] = True
        ids = [p.id for p in self.bank]
        stored = self.store.attempts.puzzle_ratings(ids)
        self.puzzle_ratings = {k: _rating(v) for k, v in stored.items()}

    # ------------------------------------------------------------- choosing
    def rating(self, theme: str) -> Rating:
        """The learner's rating in a puzzle type (1500 to start)."""
        return self.ratings.get(theme) or _rating(None)

    def puzzle_rating(self, puzzle: Puzzle) -> Rating:
        return self.puzzle_ratings.get(puzzle.id) or puzzle_start(puzzle.difficulty)

    def next_puzzle(self, theme: str = MIX, tier: int = 0,
                    mode: str = "practice") -> Puzzle | None:
        """The next puzzle of `theme` (any with MIX) and difficulty `tier` (1 easy, 2 medium,
        3 hard; 0 any): `practice` (new ones near the rating), `streak` (harder after each
        solve) or `retry` (ones missed and not yet solved)."""
        if mode == "retry":
            pool = [self.by_id[i] for i in self.to_retry() if i in self.by_id]
            pool = [p for p in pool if fits(p, theme, tier)]
            return self.rng.choice(pool) if pool else None
        offset = STREAK_START + STREAK_STEP * self.streak if mode == "streak" else 0
        fitting = [p for p in self.bank if fits(p, theme, tier)]
        types = sorted({p.type for p in fitting})
        self.rng.shuffle(types)
        for kind in types:  # a mix: a random type first, then a puzzle near that rating
            pool = [p for p in fitting if p.type == kind]
            found = choose(self.rating(kind), pool, offset=offset, tried=self.tried,
                           rng=self.rng, rating_of=self.puzzle_rating)
            if found is not None:
                return found
        return None

    def tiers_left(self, theme: str = MIX, mode: str = "practice") -> list[int]:
        """The difficulties (1–3) that still have a puzzle of `theme` to serve in `mode`."""
        if mode == "retry":
            pool = [self.by_id[i] for i in self.to_retry() if i in self.by_id]
        else:
            pool = [p for p in self.bank if p.id not in self.tried]
        return sorted({p.difficulty for p in pool if fits(p, theme)})

    def unfinished(self, assignment_id: int, puzzle_ids: list[str]) -> int:
        """How many of an assignment's puzzles are not yet solved for it."""
        done = self.assignment_solved.get(assignment_id, set())
        return len([p for p in puzzle_ids if p not in done and p in self.by_id])

    def next_in_assignment(self, assignment_id: int, puzzle_ids: list[str]) -> Puzzle | None:
        """The assignment's first puzzle not yet solved for it (in the teacher's order)."""
        done = self.assignment_solved.get(assignment_id, set())
        for pid in puzzle_ids:
            if pid not in done and pid in self.by_id:
                return self.by_id[pid]
        return None

    def to_retry(self) -> list[str]:
        """Puzzles the learner missed and has not solved since, in the order they were met."""
        return [pid for pid, open_ in self.failed.items() if open_]

    # ------------------------------------------------------------- answering
    def submit(self, puzzle: Puzzle, answer: Any, seconds: float,
               mode: str = "practice", assignment_id: int | None = None) -> Outcome:
        """Grade an answer (AnswerError if unreadable) and save it. With a store, the store
        decides whether it is the learner's first attempt at the puzzle, and only that one
        moves the ratings, from their stored values (another tab may have answered already);
        without one, this session's memory decides."""
        result = grade(puzzle, answer)
        theme = puzzle.type
        if self.store is not None and self.user_id is not None:
            first, before, after = self._save(puzzle, result.correct, result.given, seconds,
                                              assignment_id)
        else:
            # the learner's own positions move no rating: counted as never a first attempt
            first = puzzle.id not in self.tried and puzzle.id not in self.personal_ids
            before = self.rating(theme)
            after, self.puzzle_ratings[puzzle.id] = attempt(
                before, self.puzzle_rating(puzzle), result.correct, first)
        self.tried.add(puzzle.id)
        self.ratings[theme] = after
        if assignment_id is not None:
            self._answered_in(assignment_id, puzzle.id, result.correct)
        if result.correct:
            self.failed.pop(puzzle.id, None)
        else:
            self.failed[puzzle.id] = True
        ended = None
        if mode == "streak":
            ended = None if result.correct else self.streak
            self.streak = self.streak + 1 if result.correct else 0
        return Outcome(result, theme, before.rating, after.rating, first, self.streak, ended)

    def _answered_in(self, assignment_id: int, puzzle_id: str, correct: bool) -> None:
        """An answer for an assignment (oldest first): solved, and whether at the first."""
        tried = self.assignment_tried.setdefault(assignment_id, set())
        if correct:
            self.assignment_solved.setdefault(assignment_id, set()).add(puzzle_id)
            if puzzle_id not in tried:
                self.assignment_first.setdefault(assignment_id, set()).add(puzzle_id)
        tried.add(puzzle_id)

    def first_try(self, assignment_id: int, puzzle_ids: list[str]) -> int:
        """How many of an assignment's puzzles were solved at the first answer for it."""
        return len(self.assignment_first.get(assignment_id, set()) & set(puzzle_ids))

    def _save(self, puzzle: Puzzle, correct: bool, given: Any, seconds: float,
              assignment_id: int | None) -> tuple[bool, Rating, Rating]:
        """Save an answer; whether it was the first attempt, and the learner's rating in the
        puzzle's type before and after it (as stored). The learner's own positions move no
        rating, so they are saved as answers without one (the page shows the tab's rating)."""
        assert self.store is not None and self.user_id is not None
        theme = puzzle.type
        if puzzle.id in self.personal_ids:
            self.store.attempts.record(self.user_id, puzzle.id, given, correct, seconds,
                                       assignment_id=assignment_id)
            rating = self.rating(theme)
            return False, rating, rating

        def change(learner: StoredRating | None,
                   stored: StoredRating | None) -> tuple[StoredRating, StoredRating]:
            """Both ratings after a first attempt, from their values as stored now."""
            start = puzzle_start(puzzle.difficulty) if stored is None else _rating(stored)
            new_learner, new_puzzle = attempt(_rating(learner), start, correct, True)
            return _stored(new_learner), _stored(new_puzzle)

        verdict = self.store.attempts.record_rated(
            self.user_id, puzzle.id, given, correct, seconds, theme=theme, change=change,
            assignment_id=assignment_id)
        if verdict.puzzle is not None:
            self.puzzle_ratings[puzzle.id] = _rating(verdict.puzzle)
        return verdict.first, _rating(verdict.before), _rating(verdict.after)
