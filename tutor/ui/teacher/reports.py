"""Assignment results for a teacher: one line per learner, one per puzzle, and the CSV of
the assignment's attempts; puzzles by title and answers in words, in the teacher's language."""

from __future__ import annotations

import json
import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.puzzle import Puzzle
from tutor.question import answer_words
from tutor.store import Assignment, Store


@dataclass
class LearnerResult:
    """One learner on one assignment."""

    user_id: int
    name: str
    attempted: int
    solved: int
    total: int
    seconds: float
    answers: list[tuple[str, Any, bool]] = field(default_factory=list)  # puzzle, answer, right
    first_try: int = 0  # puzzles solved at the learner's first answer (as the learner sees)


@dataclass
class PuzzleResult:
    """One puzzle of an assignment across the class."""

    puzzle_id: str
    attempts: int
    failed: int
    median_seconds: float | None
    puzzle: Puzzle | None = None  # None: no puzzle has this id any more

    @property
    def failed_percent(self) -> float:
        return 100.0 * self.failed / self.attempts if self.attempts else 0.0


def assignment_report(store: Store, teacher_id: int, assignment: Assignment,
                      bank: Mapping[str, Puzzle] | None = None,
                      ) -> tuple[list[LearnerResult], list[PuzzleResult]]:
    """Per-learner and per-puzzle results (puzzles from `bank`), for the class's teacher."""
    bank = bank or {}
    members = store.classes.members(teacher_id, assignment.class_id)
    wanted = set(assignment.puzzle_ids)
    by_puzzle: dict[str, list] = {pid: [] for pid in assignment.puzzle_ids}
    learners = []
    for member in members:
        mine = [a for a in store.attempts.for_user(teacher_id, member.id)
                if a.assignment_id == assignment.id and a.puzzle_id in wanted]
        mine.sort(key=lambda a: (a.created_at, a.id))
        for a in mine:
            by_puzzle[a.puzzle_id].append(a)
        learners.append(LearnerResult(
            member.id, member.display_name, len({a.puzzle_id for a in mine}),
            len({a.puzzle_id for a in mine if a.correct}), len(wanted),
            sum(a.seconds for a in mine),
            [(a.puzzle_id, a.answer, a.correct) for a in mine], _first_try(mine)))
    puzzles = [PuzzleResult(pid, len(atts), sum(not a.correct for a in atts),
                            statistics.median(a.seconds for a in atts) if atts else None,
                            bank.get(pid))
               for pid, atts in by_puzzle.items()]
    return learners, puzzles


def _first_try(attempts: list) -> int:
    """Puzzles whose first answer (of `attempts`, oldest first) was right."""
    first: dict[str, bool] = {}
    for a in attempts:
        first.setdefault(a.puzzle_id, a.correct)
    return sum(first.values())


def puzzle_title(puzzle_id: str, puzzle: Puzzle | None, lang: str) -> str:
    """What people call a puzzle (`Rules example 15`); an id no puzzle has any more as it is."""
    return puzzle_id if puzzle is None else puzzle.title().get(lang)


def said(puzzle: Puzzle | None, answer: Any, lang: str) -> str:
    """A saved answer in words (`the throw succeeds`, `Seat 1`); without its puzzle, as saved."""
    if puzzle is not None:
        return answer_words(puzzle, answer, lang)
    if answer is None:
        return ""
    return answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)


def assignment_csv(store: Store, teacher_id: int, assignment: Assignment,
                   bank: Mapping[str, Puzzle], lang: str) -> str:
    """The assignment's attempts as CSV, puzzles by title and answers in words in `lang`."""

    def say(puzzle_id: str, answer: Any) -> tuple[str, str]:
        puzzle = bank.get(puzzle_id)
        return puzzle_title(puzzle_id, puzzle, lang), said(puzzle, answer, lang)

    return store.attempts.assignment_csv(teacher_id, assignment.id, say)
