"""Puzzle attempts: recording answers (a short transaction each, shared when concurrent) and the
dashboards built on them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.store import validate
from tutor.store.access import StoreBase, now
from tutor.store.db import Cursor
from tutor.store.errors import AccessDenied, InvalidInput, NotFound, StoreError
from tutor.store.group_commit import GroupCommit
from tutor.store.ratings import checked_rating, upsert_puzzle_rating, upsert_user_rating
from tutor.store.values import AssignmentProgress, Attempt, LearnerSummary, Rating

_COLUMN_TYPES = {
    "user_id": "BIGINT", "puzzle_id": "VARCHAR", "answer": "VARCHAR", "correct": "BOOLEAN",
    "seconds": "DOUBLE", "rating_before": "DOUBLE", "rating_after": "DOUBLE",
    "assignment_id": "BIGINT", "created_at": "TIMESTAMP",
}
_COLUMNS = tuple(_COLUMN_TYPES)
ATTEMPT_COLUMNS = ", ".join(("id", *_COLUMNS))
_UNNESTED = ", ".join(f"unnest(${n}::{kind}[]) AS {name}" for n, (name, kind)
                      in enumerate({"id": "BIGINT", **_COLUMN_TYPES}.items(), start=1))

# One attempt in one statement (DuckDB commits it by itself). The SELECT checks that the
# actor exists and, for assignment work, that they are in the assignment's class; free
# practice skips that join, which would double the statement's cost.
_INSERT_ONE = f"""
INSERT INTO attempts ({", ".join(_COLUMNS)})
SELECT u.id, $2, $3, $4, $5, $6, $7, $8, $9 FROM users u WHERE u.id = $1
"""
_FREE_PRACTICE = _INSERT_ONE + " RETURNING id"
_ASSIGNMENT_WORK = _INSERT_ONE + """ AND EXISTS (
    SELECT 1 FROM assignments a JOIN memberships m ON m.class_id = a.class_id
    WHERE a.id = $8 AND m.user_id = u.id)
RETURNING id"""

# Several attempts, one list per column, with ids drawn beforehand so each caller learns
# whether theirs landed.
_INSERT_MANY = f"""
INSERT INTO attempts (id, {", ".join(_COLUMNS)})
SELECT v.* FROM (SELECT {_UNNESTED}) v
WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = v.user_id)
  AND (v.assignment_id IS NULL OR EXISTS (
    SELECT 1 FROM assignments a JOIN memberships m ON m.class_id = a.class_id
    WHERE a.id = v.assignment_id AND m.user_id = v.user_id))
RETURNING id
"""


@dataclass(frozen=True)
class NewAttempt:
    """A checked attempt waiting to be written: the row's values and any rating changes."""

    row: tuple[Any, ...]  # values for _COLUMNS, in order
    theme: str | None = None
    user_rating: Rating | None = None
    puzzle_rating: Rating | None = None

    @property
    def actor_id(self) -> int:
        return self.row[0]

    @property
    def puzzle_id(self) -> str:
        return self.row[1]

    @property
    def assignment_id(self) -> int | None:
        return self.row[7]

    @property
    def changes_ratings(self) -> bool:
        return self.user_rating is not None or self.puzzle_rating is not None


def attempt_from_row(row: tuple[Any, ...]) -> Attempt:
    """An `Attempt` from a row selected with `ATTEMPT_COLUMNS`."""
    return Attempt(id=row[0], user_id=row[1], puzzle_id=row[2], answer=json.loads(row[3]),
                   correct=row[4], seconds=row[5], rating_before=row[6], rating_after=row[7],
                   assignment_id=row[8], created_at=row[9])


def _optional_number(value: float | None, what: str) -> float | None:
    return None if value is None else validate.number(value, what)


class AttemptRecords(StoreBase):
    """Writing attempts and reading them back for learners and teachers."""

    _attempt_writes: GroupCommit[NewAttempt, int]

    def record_attempt(
        self, actor_id: int, puzzle_id: str, answer: Any, correct: bool, seconds: float, *,
        rating_before: float | None = None, rating_after: float | None = None,
        assignment_id: int | None = None, theme: str | None = None,
        user_rating: Rating | None = None, puzzle_rating: Rating | None = None,
    ) -> int:
        """Save the actor's answer to a puzzle and return the attempt's id once committed.

        New Glicko-2 numbers, if given (`theme` with `user_rating`, and `puzzle_rating`), are
        saved in the same transaction, so an attempt and its rating change land together.
        """
        if not isinstance(correct, bool):
            raise InvalidInput(f"`correct` must be True or False, not {correct!r}.")
        row = (
            validate.integer(actor_id, "acting user id"),
            validate.text(puzzle_id, "puzzle id", 200),
            validate.to_json(answer, "answer"), correct,
            validate.number(seconds, "seconds", minimum=0),
            _optional_number(rating_before, "rating before"),
            _optional_number(rating_after, "rating after"),
            None if assignment_id is None else validate.integer(assignment_id, "assignment id"),
            now(),
        )
        if user_rating is not None:
            if theme is None:
                raise InvalidInput("A user rating needs the puzzle's theme.")
            theme = validate.text(theme, "theme", 80)
            checked_rating(user_rating)
        if puzzle_rating is not None:
            checked_rating(puzzle_rating)
        return self._attempt_writes.submit(NewAttempt(row, theme, user_rating, puzzle_rating))

    def _write_attempts(self, batch: Sequence[NewAttempt]) -> list[int | Exception]:
        """Write a group of attempts in one transaction (one statement when alone)."""
        if len(batch) == 1:
            only = batch[0]
            write = self._db.transaction if only.changes_ratings else self._db.run
            return [write(lambda cur: self._insert_one(cur, only))]
        return self._db.transaction(lambda cur: self._insert_many(cur, batch))

    def _insert_one(self, cur: Cursor, attempt: NewAttempt) -> int:
        sql = _FREE_PRACTICE if attempt.assignment_id is None else _ASSIGNMENT_WORK
        row = cur.execute(sql, list(attempt.row)).fetchone()
        if row is None:
            self._explain_refusal(cur, attempt)
        self._save_ratings(cur, attempt)
        return int(row[0])

    def _insert_many(self, cur: Cursor, batch: Sequence[NewAttempt]) -> list[int | Exception]:
        ids = [r[0] for r in cur.execute("SELECT nextval('attempt_ids') FROM range($1)",
                                         [len(batch)]).fetchall()]
        columns = [list(c) for c in zip(*((i, *a.row) for i, a in zip(ids, batch, strict=True)),
                                          strict=True)]
        landed = {r[0] for r in cur.execute(_INSERT_MANY, columns).fetchall()}
        outcomes: list[int | Exception] = []
        for new_id, attempt in zip(ids, batch, strict=True):
            if new_id in landed:
                self._save_ratings(cur, attempt)
                outcomes.append(new_id)
                continue
            try:
                self._explain_refusal(cur, attempt)
            except StoreError as refusal:
                outcomes.append(refusal)
        return outcomes

    @staticmethod
    def _save_ratings(cur: Cursor, attempt: NewAttempt) -> None:
        if attempt.user_rating is not None:
            upsert_user_rating(cur, attempt.actor_id, attempt.theme, attempt.user_rating)
        if attempt.puzzle_rating is not None:
            upsert_puzzle_rating(cur, attempt.puzzle_id, attempt.puzzle_rating)

    def _explain_refusal(self, cur: Cursor, attempt: NewAttempt) -> None:
        """Raise the error that says why an attempt's insert matched no row."""
        actor_id, assignment_id = attempt.actor_id, attempt.assignment_id
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
                """WITH per_puzzle AS (  -- two small groupings beat count(DISTINCT)
                       SELECT a.user_id, count(*) AS tries,
                              count(*) FILTER (WHERE a.correct) AS correct_tries,
                              bool_or(a.correct) AS solved, sum(a.seconds) AS secs,
                              max(a.created_at) AS last
                       FROM attempts a SEMI JOIN memberships m
                            ON m.user_id = a.user_id AND m.class_id = $1
                       GROUP BY a.user_id, a.puzzle_id),
                   per_user AS (
                       SELECT user_id, sum(tries) AS tries, sum(correct_tries) AS correct_tries,
                              count(*) FILTER (WHERE solved) AS solved, sum(secs) AS secs,
                              max(last) AS last
                       FROM per_puzzle GROUP BY user_id)
                   SELECT u.id, u.display_name, coalesce(p.tries, 0), coalesce(p.correct_tries, 0),
                          coalesce(p.solved, 0), coalesce(p.secs, 0), p.last
                   FROM memberships m JOIN users u ON u.id = m.user_id
                   LEFT JOIN per_user p ON p.user_id = m.user_id
                   WHERE m.class_id = $1
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
