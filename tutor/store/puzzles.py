"""Puzzles teachers wrote in the app, kept in the database in the bank's own fields.

The store keeps them as JSON objects: checking and solving one is `tutor.puzzle`'s work, done
before it is added (the store sits beside `tutor.puzzle`, not above it).
"""

from __future__ import annotations

import json
import re
from typing import Any

from tutor.store import validate
from tutor.store.access import Repository, now
from tutor.store.db import ConstraintViolation, Cursor
from tutor.store.errors import AccessDenied, Conflict, InvalidInput

ID_PATTERN = re.compile(r"author-(\d+)-(\d+)")


class AuthoredPuzzles(Repository):
    """Adding a teacher's puzzle and reading them all back (they are served to everyone)."""

    def next_id(self, actor_id: int) -> str:
        """The id the actor's next puzzle gets: `author-<actor>-<n>`, numbered from 001."""
        rows = self._db.fetch("SELECT id FROM authored_puzzles WHERE author_id = $1",
                              [validate.integer(actor_id, "acting user id")])
        numbers = [int(m.group(2)) for (pid,) in rows if (m := ID_PATTERN.fullmatch(pid))]
        return f"author-{actor_id}-{max(numbers, default=0) + 1:03d}"

    def add(self, actor_id: int, entry: dict[str, Any]) -> None:
        """Keep a checked puzzle `entry` (its fields, with its `id`); teachers only, and an
        id that is taken is a `Conflict`."""
        if not isinstance(entry, dict):
            raise InvalidInput("A puzzle is a table of fields.")
        pid = validate.text(entry.get("id"), "puzzle id", 200)
        text = validate.to_json(entry, "puzzle")

        def insert(cur: Cursor) -> None:
            if self._require_actor(cur, actor_id, saving=False) != "teacher":
                raise AccessDenied("Only teachers write puzzles.")
            try:
                cur.execute("INSERT INTO authored_puzzles VALUES ($1, $2, $3, $4)",
                            [pid, actor_id, text, now()])
            except ConstraintViolation as exc:
                raise Conflict(f"A puzzle with id {pid!r} exists already.") from exc

        self._db.run(insert)

    def import_entry(self, entry: dict[str, Any]) -> bool:
        """Keep a puzzle from the file older versions wrote (its author taken from its id);
        False if one with its id is kept already."""
        pid = validate.text(entry.get("id"), "puzzle id", 200)
        match = ID_PATTERN.fullmatch(pid)
        row = [pid, int(match.group(1)) if match else None, validate.to_json(entry, "puzzle"),
               now()]
        added = self._db.fetch("INSERT INTO authored_puzzles VALUES ($1, $2, $3, $4)"
                               " ON CONFLICT DO NOTHING RETURNING id", row)
        return bool(added)

    def all(self) -> list[dict[str, Any]]:
        """Every authored puzzle's fields, oldest first."""
        rows = self._db.fetch("SELECT entry FROM authored_puzzles ORDER BY created_at, id")
        return [json.loads(text) for (text,) in rows]
