"""Assignments: a titled list of puzzles a teacher sets for a class, with a due date."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from typing import Any

from tutor.store import validate
from tutor.store.access import StoreBase, now
from tutor.store.db import Cursor
from tutor.store.errors import InvalidInput, NotFound
from tutor.store.values import Assignment

ASSIGNMENT_COLUMNS = "id, class_id, title, puzzle_ids, due, created_at"


def assignment_from_row(row: tuple[Any, ...]) -> Assignment:
    """An `Assignment` from a row selected with `ASSIGNMENT_COLUMNS`."""
    return Assignment(id=row[0], class_id=row[1], title=row[2], puzzle_ids=tuple(row[3]),
                      due=row[4], created_at=row[5])


class AssignmentRecords(StoreBase):
    """Setting assignments and reading them back."""

    def create_assignment(self, actor_id: int, class_id: int, title: str,
                          puzzle_ids: Iterable[str], due: date | None = None) -> Assignment:
        """A new assignment for a class the actor teaches."""
        name = validate.text(title, "assignment title", 120)
        ids = [validate.text(p, "puzzle id", 200) for p in puzzle_ids]
        if not ids:
            raise InvalidInput("An assignment needs at least one puzzle.")
        if due is not None and (isinstance(due, datetime) or not isinstance(due, date)):
            raise InvalidInput(f"The due date must be a date, not {due!r}.")

        def create(cur: Cursor) -> Assignment:
            self._require_teacher_of(cur, actor_id, class_id)
            row = cur.execute(
                "INSERT INTO assignments (class_id, title, puzzle_ids, due, created_at)"
                f" VALUES ($1, $2, $3, $4, $5) RETURNING {ASSIGNMENT_COLUMNS}",
                [class_id, name, ids, due, now()],
            ).fetchone()
            return assignment_from_row(row)

        created = self._db.run(create)
        self._people_changed()
        return created

    def class_assignments(self, actor_id: int, class_id: int) -> list[Assignment]:
        """A class's assignments, soonest due first, for its teacher and members."""

        def read(cur: Cursor) -> list[Assignment]:
            self._require_teacher_of(cur, actor_id, class_id, or_member=True)
            rows = cur.execute(
                f"SELECT {ASSIGNMENT_COLUMNS} FROM assignments WHERE class_id = $1"
                " ORDER BY due NULLS LAST, id",
                [class_id],
            ).fetchall()
            return [assignment_from_row(r) for r in rows]

        return self._db.run(read)

    def assignment(self, actor_id: int, assignment_id: int) -> Assignment:
        """One assignment, for the class's teacher and members."""

        def read(cur: Cursor) -> Assignment:
            row = cur.execute(
                f"SELECT {ASSIGNMENT_COLUMNS} FROM assignments WHERE id = $1", [assignment_id]
            ).fetchone()
            if row is None:
                raise NotFound(f"There is no assignment {assignment_id}.")
            found = assignment_from_row(row)
            self._require_teacher_of(cur, actor_id, found.class_id, or_member=True)
            return found

        return self._db.run(read)
