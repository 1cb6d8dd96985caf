"""Lesson progress: the step a user is on in each lesson, and whether they finished it."""

from __future__ import annotations

from typing import Any

from tutor.store import validate
from tutor.store.access import Repository, now
from tutor.store.db import Cursor
from tutor.store.values import LessonProgress

LESSON_COLUMNS = "user_id, lesson_id, step, completed, updated_at"


def _progress(row: tuple[Any, ...]) -> LessonProgress:
    return LessonProgress(*row)


class Lessons(Repository):
    """Saving and reading lesson progress."""

    def save_step(self, actor_id: int, lesson_id: str, step: int,
                         completed: bool = False) -> LessonProgress:
        """Record that the actor reached `step`; a completed lesson stays completed."""
        key = validate.text(lesson_id, "lesson id", 200)
        validate.integer(step, "step", minimum=0)
        done = bool(completed)

        def save(cur: Cursor) -> LessonProgress:
            self._require_actor(cur, actor_id)
            row = cur.execute(
                "INSERT INTO lesson_progress VALUES ($1, $2, $3, $4, $5)"
                " ON CONFLICT (user_id, lesson_id) DO UPDATE"
                " SET step = excluded.step,"
                " completed = lesson_progress.completed OR excluded.completed,"
                f" updated_at = excluded.updated_at RETURNING {LESSON_COLUMNS}",
                [actor_id, key, step, done, now()],
            ).fetchone()
            return _progress(row)

        return self._db.transaction(save)

    def progress(self, actor_id: int, user_id: int) -> dict[str, LessonProgress]:
        """A user's progress by lesson id; for the user and their teachers."""

        def read(cur: Cursor) -> dict[str, LessonProgress]:
            self._require_reader(cur, actor_id, user_id)
            rows = cur.execute(
                f"SELECT {LESSON_COLUMNS} FROM lesson_progress WHERE user_id = $1", [user_id]
            ).fetchall()
            return {row[1]: _progress(row) for row in rows}

        return self._db.run(read)
