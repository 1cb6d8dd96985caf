"""Assignment results for a teacher: one line per learner, one per puzzle."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

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
    answers: list[tuple[str, str, bool]] = field(default_factory=list)  # puzzle, answer, right


@dataclass
class PuzzleResult:
    """One puzzle of an assignment across the class."""

    puzzle_id: str
    attempts: int
    failed: int
    median_seconds: float | None

    @property
    def failed_percent(self) -> float:
        return 100.0 * self.failed / self.attempts if self.attempts else 0.0


def assignment_report(store: Store, teacher_id: int,
                      assignment: Assignment) -> tuple[list[LearnerResult], list[PuzzleResult]]:
    """Per-learner and per-puzzle results; the store refuses anyone but the class's teacher."""
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
            [(a.puzzle_id, str(a.answer), a.correct) for a in mine]))
    puzzles = [PuzzleResult(pid, len(atts), sum(not a.correct for a in atts),
                            statistics.median(a.seconds for a in atts) if atts else None)
               for pid, atts in by_puzzle.items()]
    return learners, puzzles
