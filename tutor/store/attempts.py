"""Puzzle attempts: saving answers, with the ratings a rated one moves (the database
decides which answer is a learner's first, see `attempt_rows.py`), and the dashboards
built on them.

Every answer is saved the same way: one database transaction, shared with the answers
other threads sent at the same moment (`GroupCommit`), that claims its first attempt,
moves ratings if it is a rated first attempt, and inserts it. The call returns
once that transaction has committed, which is when the answer is saved: in the DuckDB
file's write-ahead log, synced to disk, or committed on the PostgreSQL server.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.store import validate
from tutor.store.access import Repository, now
from tutor.store.attempt_rows import (
    ATTEMPT_COLUMNS,
    AttemptIds,
    AttemptRow,
    claim_first,
    claim_firsts,
    insert_rows,
    release_first,
)
from tutor.store.db import Cursor, Database
from tutor.store.errors import InvalidInput, NotFound
from tutor.store.export import Say, assignment_rows, class_rows, to_csv, write_atomically
from tutor.store.facts import KnownFacts
from tutor.store.group_commit import GroupCommit
from tutor.store.ratings import (
    ChangeFailed,
    RatingMove,
    move,
    stored_puzzle_rating,
    stored_rating,
)
from tutor.store.values import AssignmentProgress, Attempt, LearnerSummary, Rating


@dataclass(frozen=True)
class _Answer:
    """A checked answer waiting to be written: its row without id or ratings, and for a
    rated puzzle the theme and the change a first attempt makes (else None)."""

    row: AttemptRow
    theme: str | None = None
    change: RatingMove | None = None


@dataclass(frozen=True)
class Verdict:
    """What the store made of an answer to a rated puzzle: whether it was the learner's
    first attempt there (only that one moves ratings), and the ratings as stored after it."""

    attempt_id: int
    first: bool
    before: Rating | None  # the learner's rating in the theme before it (None: none yet)
    after: Rating | None  # and after it: `before` unless it was first
    puzzle: Rating | None  # the puzzle's rating after it (None: none yet)


def attempt_from_row(row: tuple[Any, ...]) -> Attempt:
    """An `Attempt` from a row selected with `ATTEMPT_COLUMNS`."""
    return Attempt(id=row[0], user_id=row[1], puzzle_id=row[2], answer=json.loads(row[3]),
                   correct=row[4], seconds=row[5], rating_before=row[6], rating_after=row[7],
                   assignment_id=row[8], created_at=row[9])


class Attempts(Repository):
    """Puzzle attempts and the ratings they move: saving answers (each committed with its
    Glicko-2 numbers before the call returns), and reading them back for learners and
    teachers, down to the teacher's CSV."""

    def __init__(self, db: Database, facts: KnownFacts, ids: AttemptIds) -> None:
        super().__init__(db, facts)
        self._ids = ids
        self._writes: GroupCommit[_Answer, Verdict] = GroupCommit(self._write)

    def record(self, actor_id: int, puzzle_id: str, answer: Any, correct: bool,
               seconds: float, *, assignment_id: int | None = None) -> int:
        """Save the actor's answer to a puzzle that moves no rating (a position from their
        own games), and return the attempt's id once it is saved.

        Everything is checked first: bad values raise `InvalidInput`, an unknown actor
        `AccessDenied`, and assignment work `NotFound` or `AccessDenied` unless the actor
        is in the assignment's class. If the actor had not tried the puzzle, it still is
        their first attempt there: a later `record_rated` will not count as first. The
        attempt keeps no rating.
        """
        row = self._checked_row(actor_id, puzzle_id, answer, correct, seconds, assignment_id)
        return self._writes.submit(_Answer(row)).attempt_id

    def record_rated(
        self, actor_id: int, puzzle_id: str, answer: Any, correct: bool, seconds: float, *,
        theme: str, change: RatingMove, assignment_id: int | None = None,
    ) -> Verdict:
        """Save the actor's answer to a rated puzzle; if it is their first attempt there,
        move their rating in `theme` and the puzzle's rating, in the same transaction.

        The database decides what "first" means (one row per user and puzzle in
        `first_attempts`), so two tabs or devices answering at once get one first attempt
        between them. `change` gets the two ratings as stored at that moment (the learner's,
        the puzzle's; None: none yet) and returns both new ones; it runs inside the
        transaction, so it must be quick and may run more than once. The attempt keeps the
        learner's stored rating before and after it. Checks as `record`, and a `change`
        that fails or gives unusable ratings refuses the answer with `InvalidInput`.
        """
        row = self._checked_row(actor_id, puzzle_id, answer, correct, seconds, assignment_id)
        theme = validate.text(theme, "theme", 80)
        if not callable(change):
            raise InvalidInput("A rating change is a function of the stored ratings.")
        return self._writes.submit(_Answer(row, theme, change))

    def _checked_row(self, actor_id: int, puzzle_id: str, answer: Any, correct: bool,
                     seconds: float, assignment_id: int | None) -> AttemptRow:
        """The attempt's row without its id and ratings, every value checked, the actor
        allowed: (user, puzzle, answer, correct, seconds, assignment, created)."""
        if not isinstance(correct, bool):
            raise InvalidInput(f"`correct` must be True or False, not {correct!r}.")
        row = (
            validate.integer(actor_id, "acting user id"),
            validate.text(puzzle_id, "puzzle id", 200),
            validate.to_json(answer, "answer"), correct,
            validate.number(seconds, "seconds", minimum=0),
            None if assignment_id is None else validate.integer(assignment_id, "assignment id"),
            now(),
        )
        self._facts.require(actor_id, row[5])
        return row

    def _write(self, batch: Sequence[_Answer]) -> list[Verdict | Exception]:
        """Write answers that arrived together, in order, in one transaction: each claims
        its first attempt if nobody has, and a rated first attempt moves both ratings from
        their values as stored. A change that fails refuses only its own answer."""

        ids = self._ids.take(len(batch))

        def write(cur: Cursor) -> list[Verdict | Exception]:
            firsts = claim_firsts(cur, ids, [a.row[0] for a in batch], [a.row[1] for a in batch])
            released: set[tuple[int, str]] = set()  # claims given up by a failed change
            rows: list[AttemptRow] = []
            verdicts: list[Verdict | Exception] = []
            for attempt_id, answer in zip(ids, batch, strict=True):
                actor_id, puzzle_id = answer.row[0], answer.row[1]
                first = attempt_id in firsts
                if (actor_id, puzzle_id) in released:  # the next answer there claims it now
                    released.discard((actor_id, puzzle_id))
                    first = claim_first(cur, attempt_id, actor_id, puzzle_id)
                before = after = puzzle = None
                if answer.theme is not None and answer.change is not None:
                    if first:
                        try:
                            before, after, puzzle = move(cur, actor_id, answer.theme, puzzle_id,
                                                         answer.change, self._db.row_lock)
                        except ChangeFailed as failed:  # this answer only: the others go on
                            release_first(cur, actor_id, puzzle_id)
                            released.add((actor_id, puzzle_id))
                            verdicts.append(failed.error)
                            continue
                    else:
                        before = after = stored_rating(cur, actor_id, answer.theme)
                        puzzle = stored_puzzle_rating(cur, puzzle_id)
                rows.append((attempt_id, *answer.row[:5],
                             None if before is None else before.rating,
                             None if after is None else after.rating, *answer.row[5:]))
                verdicts.append(Verdict(attempt_id, first, before, after, puzzle))
            insert_rows(cur, rows)
            return verdicts

        return self._db.transaction(write)

    def for_user(self, actor_id: int, learner_id: int, *,
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
                       FROM attempts a
                       WHERE a.user_id IN (SELECT user_id FROM memberships WHERE class_id = $1)
                       GROUP BY a.user_id, a.puzzle_id),
                   per_user AS (
                       SELECT user_id, sum(tries) AS tries, sum(correct_tries) AS correct_tries,
                              count(*) FILTER (WHERE solved) AS solved, sum(secs) AS secs,
                              max(last) AS last
                       FROM per_puzzle GROUP BY user_id)
                   SELECT u.id, u.display_name, coalesce(p.tries, 0)::BIGINT,
                          coalesce(p.correct_tries, 0)::BIGINT, coalesce(p.solved, 0)::BIGINT,
                          coalesce(p.secs, 0)::DOUBLE PRECISION, p.last
                   FROM memberships m JOIN users u ON u.id = m.user_id
                   LEFT JOIN per_user p ON p.user_id = m.user_id
                   WHERE m.class_id = $1
                   ORDER BY lower(u.display_name), u.id""",
                [class_id],
            ).fetchall()
            return [LearnerSummary(*r) for r in rows]

        return self._db.run(read)

    def assignment_progress(self, actor_id: int, assignment_id: int) -> list[AssignmentProgress]:
        """For each learner in the class, distinct puzzles tried and solved for this assignment,
        and their answers to it."""

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
                          (SELECT count(DISTINCT p) FROM assignments t, unnest(t.puzzle_ids)
                               AS l(p) WHERE t.id = $1),
                          count(a.id)
                   FROM assignments s
                   JOIN memberships m ON m.class_id = s.class_id
                   JOIN users u ON u.id = m.user_id
                   LEFT JOIN attempts a ON a.user_id = m.user_id AND a.assignment_id = s.id
                        AND a.puzzle_id = ANY(s.puzzle_ids)
                   WHERE s.id = $1
                   GROUP BY u.id, u.display_name
                   ORDER BY lower(u.display_name), u.id""",
                [assignment_id],
            ).fetchall()
            return [AssignmentProgress(*r) for r in rows]

        return self._db.run(read)

    def class_csv(self, actor_id: int, class_id: int,
                  path: str | os.PathLike[str] | None = None) -> str:
        """Every attempt by the class's learners, oldest first, as CSV text (also written to
        `path` if given); only for the class's teacher."""

        def read(cur: Cursor) -> list[tuple[Any, ...]]:
            self._require_teacher_of(cur, actor_id, class_id)
            return class_rows(cur, class_id)

        text = to_csv(self._db.run(read))
        if path is not None:
            write_atomically(Path(path), text)
        return text

    def assignment_csv(self, actor_id: int, assignment_id: int, say: Say | None = None) -> str:
        """One assignment's attempts as CSV (`to_csv`), for the class's teacher only."""
        validate.integer(assignment_id, "assignment id")

        def read(cur: Cursor) -> list[tuple[Any, ...]]:
            row = cur.execute("SELECT class_id FROM assignments WHERE id = $1",
                              [assignment_id]).fetchone()
            if row is None:
                raise NotFound(f"There is no assignment {assignment_id}.")
            self._require_teacher_of(cur, actor_id, row[0])
            return assignment_rows(cur, assignment_id)

        return to_csv(self._db.run(read), say)

    # ---------------------------------------------------------------- ratings

    def user_ratings(self, actor_id: int, user_id: int) -> dict[str, Rating]:
        """A user's ratings by theme (missing themes are simply absent)."""

        def read(cur: Cursor) -> dict[str, Rating]:
            self._require_reader(cur, actor_id, user_id)
            rows = cur.execute(
                "SELECT theme, rating, rd, volatility FROM user_ratings WHERE user_id = $1",
                [user_id],
            ).fetchall()
            return {theme: Rating(r, rd, vol) for theme, r, rd, vol in rows}

        return self._db.run(read)

    def puzzle_ratings(self, puzzle_ids: Iterable[str]) -> dict[str, Rating]:
        """Stored ratings of these puzzles (public: puzzle difficulty is nobody's record)."""
        ids = list(puzzle_ids)
        if not ids:
            return {}
        rows = self._db.fetch(
            "SELECT puzzle_id, rating, rd, volatility FROM puzzle_ratings"
            " WHERE puzzle_id = ANY($1::VARCHAR[])",
            [ids],
        )
        return {pid: Rating(r, rd, vol) for pid, r, rd, vol in rows}

