"""Facts already read from the database that saving an attempt depends on, kept in memory.

Why: an attempt is refused at once if its user does not exist, or if it is for an assignment
whose class the user is not in. Asking DuckDB costs about a millisecond per call, on every
save, so each fact is looked up once and remembered.

Only facts that hold are remembered. Users and assignments are never deleted and an
assignment never changes class, so the one change that can make a remembered fact false is a
learner leaving a class: the store calls `forget()` for that (and whenever it changes users,
classes or memberships, to be safe). A DuckDB file belongs to one process (a second one gets
`StoreInUse`), so memory shared by that process's stores is never out of date. A PostgreSQL
database is shared by several processes, and another one may remove a learner from a class:
there only users (never deleted) are remembered, and memberships are asked every time.
"""

from __future__ import annotations

import threading

from tutor.store.access import Repository
from tutor.store.db import Cursor, Database
from tutor.store.errors import AccessDenied, NotFound


class KnownFacts:
    """Who exists and who is in which assignment's class, as far as already checked."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._remember_members = not db.shared  # another process may change memberships
        self._lock = threading.Lock()
        self._generation = 0  # bumped by forget(), so a lookup racing it is not remembered
        self._users: set[int] = set()
        self._members: set[tuple[int, int]] = set()  # (assignment id, user id)

    def require(self, actor_id: int, assignment_id: int | None) -> None:
        """Return if `actor_id` may save an attempt (for `assignment_id`, if given); else
        raise `AccessDenied` (unknown user, not in the class) or `NotFound` (no assignment)."""
        if actor_id in self._users and (
                assignment_id is None or (assignment_id, actor_id) in self._members):
            return
        generation = self._generation
        self._db.run(lambda cur: _check(cur, actor_id, assignment_id))
        with self._lock:
            if generation == self._generation:
                self._users.add(actor_id)
                if assignment_id is not None and self._remember_members:
                    self._members.add((assignment_id, actor_id))

    def forget(self) -> None:
        """Drop what is remembered: users, classes or memberships have changed."""
        with self._lock:
            self._generation += 1
            self._users = set()
            self._members = set()


def _check(cur: Cursor, actor_id: int, assignment_id: int | None) -> None:
    Repository._require_actor(cur, actor_id)
    if assignment_id is None:
        return
    row = cur.execute(
        "SELECT EXISTS (SELECT 1 FROM memberships m WHERE m.class_id = a.class_id"
        " AND m.user_id = $2) FROM assignments a WHERE a.id = $1",
        [assignment_id, actor_id],
    ).fetchone()
    if row is None:
        raise NotFound(f"There is no assignment {assignment_id}.")
    if not row[0]:
        raise AccessDenied(f"User {actor_id} is not in the class of assignment {assignment_id}.")
