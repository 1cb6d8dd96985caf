"""Made-up classes and attempts in bulk, so benchmarks can measure the store at scale.

Rows are written with set-based SQL in one transaction (seconds for 100 000 attempts),
not through the per-attempt API the app uses.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.store.access import now
from tutor.store.db import Cursor
from tutor.store.passwords import hash_secret
from tutor.store.store import Store


@dataclass(frozen=True)
class Synthetic:
    """What `fill` made: one teacher, their classes and the learners in them."""

    teacher_id: int
    class_ids: tuple[int, ...]
    learner_ids: tuple[int, ...]


def fill(store: Store, *, classes: int, learners_per_class: int, attempts: int,
         puzzles: int = 500) -> Synthetic:
    """Add a teacher, `classes` classes of learners and `attempts` attempts spread over them."""
    secret = hash_secret("bench-only")  # one hash shared by every made-up account
    stamp = now()
    learners = classes * learners_per_class

    def write(cur: Cursor) -> Synthetic:
        (teacher,) = cur.execute(
            "INSERT INTO users (username, display_name, role, secret_hash, created_at)"
            " VALUES ('bench-teacher-' || CAST(nextval('user_ids') AS VARCHAR), 'Bench Teacher',"
            " 'teacher', $1, $2) RETURNING id",
            [secret, stamp],
        ).fetchone()
        class_ids = [r[0] for r in cur.execute(
            "INSERT INTO classes (name, teacher_id, join_code, created_at)"
            " SELECT 'Bench class ' || CAST(i AS VARCHAR), $1, 'BENCH' || CAST($1 AS VARCHAR)"
            " || '-' || CAST(i AS VARCHAR), $2 FROM generate_series(0, $3 - 1) t(i)"
            " RETURNING id",
            [teacher, stamp, classes],
        ).fetchall()]
        learner_ids = [r[0] for r in cur.execute(
            "INSERT INTO users (username, display_name, role, secret_hash, created_at)"
            " SELECT 'bench-' || CAST($1 AS VARCHAR) || '-' || CAST(i AS VARCHAR),"
            " 'Learner ' || CAST(i AS VARCHAR), 'learner', $2, $3"
            " FROM generate_series(0, $4 - 1) t(i) RETURNING id",
            [teacher, secret, stamp, learners],
        ).fetchall()]
        cur.execute(
            "INSERT INTO memberships SELECT c.id, l.id, $3"
            " FROM unnest($1::BIGINT[]) WITH ORDINALITY AS c(id, n)"
            " JOIN unnest($2::BIGINT[]) WITH ORDINALITY AS l(id, n)"
            " ON (l.n - 1) % $4 = c.n - 1",
            [class_ids, learner_ids, stamp, len(class_ids)],
        )
        # pseudo-random but repeatable columns from a multiplicative hash of the row number
        cur.execute(
            """INSERT INTO attempts (user_id, puzzle_id, answer, correct, seconds,
                                     rating_before, rating_after, assignment_id, created_at)
               SELECT l.id, 'puzzle-' || CAST(h.x % $2 AS VARCHAR),
                      '{"cards":["AS","AS"],"seat":2}', (h.x / 7) % 3 <> 0,
                      3 + ((h.x / 11) % 600) / 10.0, 1500 + (h.x / 13) % 300 - 150,
                      1500 + (h.x / 17) % 300 - 150, NULL,
                      $3 - ($4 - t.i) * INTERVAL '1 second'
               FROM generate_series(0, $4 - 1) t(i)
               CROSS JOIN LATERAL (SELECT (t.i * 2654435761) % 4294967296 AS x) h
               JOIN unnest($1::BIGINT[]) WITH ORDINALITY AS l(id, n)
                    ON l.n - 1 = t.i % $5""",
            [learner_ids, puzzles, stamp, attempts, len(learner_ids)],
        )
        cur.execute(  # each made-up learner's first attempt at each puzzle, as the app keeps
            """INSERT INTO first_attempts
               SELECT DISTINCT ON (user_id, puzzle_id) user_id, puzzle_id, id FROM attempts
               WHERE user_id = ANY($1::BIGINT[]) ORDER BY user_id, puzzle_id, created_at, id""",
            [learner_ids])
        return Synthetic(teacher, tuple(class_ids), tuple(learner_ids))

    return store._db.transaction(write)



def count_attempts(store: Store) -> int:
    """How many attempts the database holds (all users; for benchmarks, not access-checked)."""
    return int(store._db.fetch("SELECT count(*) FROM attempts")[0][0])
