"""Puzzle attempts: recording answers (one short transaction each) and the dashboards."""

from __future__ import annotations

import json
from typing import Any

from tutor.store import validate
from tutor.store.access import StoreBase, now
from tutor.store.db import Cursor
from tutor.store.errors import AccessDenied, InvalidInput, NotFound
from tutor.store.ratings import checked_rating, upsert_puzzle_rating, upsert_user_rating
from tutor.store.values import AssignmentProgress, Attempt, LearnerSummary, Rating

ATTEMPT_COLUMNS = (
    "id, user_id, puzzle_id, answer, correct, seconds, rating_before, rating_after,"
    " assignment_id, created_at"
)

# One statement each, so DuckDB commits it by itself: the SELECT checks the actor exists
# and, for assignment work, that they are in the assignment's class.
_INSERT = """
INSERT INTO attempts (user_id, puzzle_id, answer, correct, seconds, rating_before,
                      rating_after, assignment_id, created_at)
SELECT u.id, $2, $3, $4, $5, $6, $7, $8, $9 FROM users u WHERE u.id = $1
"""
_FREE_PRACTICE = _INSERT + " RETURNING id"
_ASSIGNMENT_WORK = _INSERT + """ AND EXISTS (
    SELECT 1 FROM assignments a JOIN memberships m ON m.class_id = a.class_id
    WHERE a.id = $8 AND m.user_id = u.id)
RETURNING id"""


def attempt_from_row(row: tuple[Any, ...]) -> Attempt:
    """An `Attempt` from a row selected with `ATTEMPT_COLUMNS`."""
    return Attempt(id=row[0], user_id=row[1], puzzle_id=row[2], answer=json.loads(row[3]),
                   correct=row[4], seconds=row[5], rating_before=row[6], rating_after=row[7],
                   assignment_id=row[8], created_at=row[9])


def _optional_number(value: float | None, what: str) -> float | None:
    return None if value is None else validate.number(value, what)


class AttemptRecords(StoreBase):
    """Writing attempts and reading them back for learners and teachers."""

    def record_attempt(
        self, actor_id: int, puzzle_id: str, answer: Any, correct: bool, seconds: float, *,
        rating_before: float | None = None, rating_after: float | None = None,
        assignment_id: int | None = None, theme: str | None = None,
        user_rating: Rating | None = None, puzzle_rating: Rating | None = None,
    ) -> int:
        """Save the actor's answer to a puzzle and return the attempt's id.

        New Glicko-2 numbers, if given (`theme` with `user_rating`, and `puzzle_rating`), are
        saved in the same transaction, so an attempt and its rating change land together.
        """
        if not isinstance(correct, bool):
            raise InvalidInput(f"`correct` must be True or False, not {correct!r}.")
        params = [
            actor_id, validate.text(puzzle_id, "puzzle id", 200),
            validate.to_json(answer, "answer"), correct,
            validate.number(seconds, "seconds", minimum=0),
            _optional_number(rating_before, "rating before"),
            _optional_number(rating_after, "rating after"),
            None if assignment_id is None else validate.integer(assignment_id, "assignment id"),
            now(),
        ]
        if user_rating is not None:
            if theme is None:
                raise InvalidInput("A user rating needs the puzzle's theme.")
            theme = validate.text(theme, "theme", 80)
            checked_rating(user_rating)
        if puzzle_rating is not None:
            checked_rating(puzzle_rating)

        sql = _FREE_PRACTICE if assignment_id is None else _ASSIGNMENT_WORK

        def insert(cur: Cursor) -> int:
            row = cur.execute(sql, params).fetchone()
            if row is None:
                self._explain_refusal(cur, actor_id, assignment_id)
            if user_rating is not None:
                upsert_user_rating(cur, actor_id, theme, user_rating)
            if puzzle_rating is not None:
                upsert_puzzle_rating(cur, params[1], puzzle_rating)
            return int(row[0])

        if user_rating is None and puzzle_rating is None:
            return self._db.run(insert)  # one statement: DuckDB commits it by itself
        return self._db.transaction(insert)

    def _explain_refusal(self, cur: Cursor, actor_id: int, assignment_id: int | None) -> None:
        """Raise the error that says why the attempt insert matched no row."""
        self._require_actor(cur, actor_id)
        row = cur.execute("SELECT class_id FROM assignments WHERE id = $1",
                          [assignment_id]).fetchone()
        if row is None:
            raise NotFound(f"There is no assignment {assignment_id}.")
        raise AccessDenied(f"User {actor_id} is not in the class of assignment {assignment_id}.")

    def attempts_for(self, actor_id: int, learner_id: int, *,
                     limit: int | None = None) -> list[Attempt]:
        """A learner's attempts, newest first; for the learner and their teachers."""
        if limit is not None:
            validate.integer(limit, "limit", minimum=0)

        def read(cur: Cursor) -> list[Attempt]:
            self._require_reader(cur, actor_id, learner_id)
            rows = cur.execute(
                f"SELECT {ATTEMPT_COLUMNS} FROM attempts WHERE user_id = $1"
                " ORDER BY created_at DESC, id DESC LIMIT $2",
                [learner_id, limit],
            ).fetchall()
            return [attempt_from_row(r) for r in rows]

        return self._db.run(read)

    def class_results(self, actor_id: int, class_id: int) -> list[LearnerSummary]:
        """One line per learner in the class (all their attempts); for its teacher."""

        def read(cur: Cursor) -> list[LearnerSummary]:
            self._require_teacher_of(cur, actor_id, class_id)
            rows = cur.execute(
                """SELECT u.id, u.display_name, count(a.id),
                          count(a.id) FILTER (WHERE a.correct),
                          count(DISTINCT a.puzzle_id) FILTER (WHERE a.correct),
                          coalesce(sum(a.seconds), 0), max(a.created_at)
                   FROM memberships m JOIN users u ON u.id = m.user_id
                   LEFT JOIN attempts a ON a.user_id = m.user_id
                   WHERE m.class_id = $1
                   GROUP BY u.id, u.display_name
                   ORDER BY lower(u.display_name), u.id""",
                [class_id],
            ).fetchall()
            return [LearnerSummary(*r) for r in rows]

        return self._db.run(read)

    def assignment_progress(self, actor_id: int, assignment_id: int) -> list[AssignmentProgress]:
        """For each learner in the class, distinct puzzles tried and solved for this assignment."""

        def read(cur: Cursor) -> list[AssignmentProgress]:
            row = cur.execute("SELECT class_id FROM assignments WHERE id = $1",
                              [assignment_id]).fetchone()
            if row is None:
                raise NotFound(f"There is no assignment {assignment_id}.")
            self._require_teacher_of(cur, actor_id, row[0])
            rows = cur.execute(
                """SELECT u.id, u.display_name,
                          count(DISTINCT a.puzzle_id),
                          count(DISTINCT a.puzzle_id) FILTER (WHERE a.correct),
                          any_value(len(list_distinct(s.puzzle_ids)))
                   FROM assignments s
                   JOIN memberships m ON m.class_id = s.class_id
                   JOIN users u ON u.id = m.user_id
                   LEFT JOIN attempts a ON a.user_id = m.user_id AND a.assignment_id = s.id
                        AND list_contains(s.puzzle_ids, a.puzzle_id)
                   WHERE s.id = $1
                   GROUP BY u.id, u.display_name
                   ORDER BY lower(u.display_name), u.id""",
                [assignment_id],
            ).fetchall()
            return [AssignmentProgress(*r) for r in rows]

        return self._db.run(read)
