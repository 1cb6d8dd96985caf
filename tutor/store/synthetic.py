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
            " VALUES ('bench-teacher-' || nextval('user_ids'), 'Bench Teacher', 'teacher', $1,"
            " $2) RETURNING id",
            [secret, stamp],
        ).fetchone()
        class_ids = [r[0] for r in cur.execute(
            "INSERT INTO classes (name, teacher_id, join_code, created_at)"
            " SELECT 'Bench class ' || i, $1, 'BENCH' || $1 || '-' || i, $2 FROM range($3) t(i)"
            " RETURNING id",
            [teacher, stamp, classes],
        ).fetchall()]
        learner_ids = [r[0] for r in cur.execute(
            "INSERT INTO users (username, display_name, role, secret_hash, created_at)"
            " SELECT 'bench-' || $1 || '-' || i, 'Learner ' || i, 'learner', $2, $3"
            " FROM range($4) t(i) RETURNING id",
            [teacher, secret, stamp, learners],
        ).fetchall()]
        cur.execute(
            "INSERT INTO memberships SELECT $1[1 + i % len($1)], $2[1 + i], $3"
            " FROM range(len($2)) t(i)",
            [class_ids, learner_ids, stamp],
        )
        cur.execute(
            """INSERT INTO attempts (user_id, puzzle_id, answer, correct, seconds,
                                     rating_before, rating_after, assignment_id, created_at)
               SELECT $1[1 + i % len($1)], 'puzzle-' || (hash(i) % $2),
                      '{"cards":["AS","AS"],"seat":2}', hash(i, 1) % 3 <> 0,
                      3 + (hash(i, 2) % 600) / 10, 1500 + hash(i, 3) % 300 - 150,
                      1500 + hash(i, 4) % 300 - 150, NULL,
                      $3 - to_seconds(($4 - i)::BIGINT)
               FROM range($4) t(i)""",
            [learner_ids, puzzles, stamp, attempts],
        )
        return Synthetic(teacher, tuple(class_ids), tuple(learner_ids))

    return store._db.transaction(write)



def count_attempts(store: Store) -> int:
    """How many attempts the file holds (all users; for benchmarks, not access-checked)."""
    store._log.flush()
    return int(store._db.fetch("SELECT count(*) FROM attempts")[0][0])
