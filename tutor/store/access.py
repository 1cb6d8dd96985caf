"""Who may read or change what, checked inside the store so no page can forget it.

A learner reaches only their own records; a teacher also reaches the learners in classes
they teach. Failing checks raise `AccessDenied` (or `NotFound` for a missing record).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from tutor.store.db import Cursor, Database
from tutor.store.errors import AccessDenied, Conflict, NotFound

if TYPE_CHECKING:
    from tutor.store.facts import KnownFacts


GUEST_NAME = "Guest"
# The guest a page acts for whose row is not saved yet: (user id, token hash). A browser's
# first page gets a guest id from the users' sequence but no row (a flood of cookie-less
# pages would leave a row each); the first save of that guest's own records inserts it.
_UNSAVED_GUEST: ContextVar[tuple[int, str] | None] = ContextVar("unsaved_guest", default=None)


def now() -> datetime:
    """The current time as the store keeps it: naive UTC."""
    return datetime.now(UTC).replace(tzinfo=None)


@contextmanager
def acting_as_guest(user_id: int, token_hash: str) -> Iterator[None]:
    """Within this block, guest `user_id` may act before its row exists (its token hashes
    to `token_hash`): reads find nothing of theirs and the first save inserts the row."""
    token = _UNSAVED_GUEST.set((user_id, token_hash))
    try:
        yield
    finally:
        _UNSAVED_GUEST.reset(token)


def _save_guest(cur: Cursor, user_id: int, token_hash: str) -> None:
    """Insert the row of the unsaved guest `user_id` in the caller's transaction; `Conflict`
    when its token was saved under another id meanwhile (a page opened before that save)."""
    cur.execute("INSERT INTO users (id, display_name, role, guest_token_hash, created_at)"
                " VALUES ($1, $2, 'learner', $3, $4) ON CONFLICT DO NOTHING",
                [user_id, GUEST_NAME, token_hash, now()])
    if cur.execute("SELECT 1 FROM users WHERE id = $1 AND guest_token_hash = $2",
                   [user_id, token_hash]).fetchone() is None:
        raise Conflict("This browser's guest progress was saved from another page meanwhile:"
                       " reload this page to keep going.")


class Repository:
    """What every repository of the store shares: the database, the memory of facts checked
    for saving attempts, and the access checks."""

    def __init__(self, db: Database, facts: KnownFacts) -> None:
        self._db = db
        self._facts = facts

    def _people_changed(self) -> None:
        """Users, classes, memberships or assignments changed: forget the facts remembered
        for saving attempts (see `facts.py`; strictly only a removal makes one false)."""
        self._facts.forget()

    @staticmethod
    def _require_actor(cur: Cursor, actor_id: int, *, saving: bool = True) -> str:
        """The acting user's role; unknown actors are refused. An unsaved guest acting (see
        `acting_as_guest`) is a learner, whose row is inserted now when `saving` (the
        caller is about to save something of theirs, in this transaction)."""
        row = cur.execute("SELECT role FROM users WHERE id = $1", [actor_id]).fetchone()
        if row is not None:
            return str(row[0])
        unsaved = _UNSAVED_GUEST.get()
        if unsaved is None or unsaved[0] != actor_id:
            raise AccessDenied(f"Unknown acting user {actor_id}.")
        if saving:
            _save_guest(cur, *unsaved)
        return "learner"

    @classmethod
    def _require_reader(cls, cur: Cursor, actor_id: int, learner_id: int) -> None:
        """Allow `actor_id` to read `learner_id`'s records: themself, or their teacher."""
        role = cls._require_actor(cur, actor_id, saving=False)
        if actor_id == learner_id:
            return  # the commonest case, settled by one lookup
        learner_exists, teaches = cur.execute(
            """SELECT EXISTS (SELECT 1 FROM users WHERE id = $2),
                      EXISTS (SELECT 1 FROM memberships m JOIN classes c ON c.id = m.class_id
                              WHERE m.user_id = $2 AND c.teacher_id = $1)""",
            [actor_id, learner_id],
        ).fetchone()
        if not learner_exists:
            raise NotFound(f"There is no user {learner_id}.")
        if not (role == "teacher" and teaches):
            raise AccessDenied(
                f"User {actor_id} may not see the records of user {learner_id}: only the "
                "learner and the teachers of their classes may."
            )

    @staticmethod
    def _require_teacher_of(cur: Cursor, actor_id: int, class_id: int, *,
                            or_member: bool = False) -> None:
        """Allow only the class's own teacher (and, with `or_member`, its learners)."""
        role, teacher_id, member = cur.execute(
            """SELECT (SELECT role FROM users WHERE id = $1),
                      (SELECT teacher_id FROM classes WHERE id = $2),
                      EXISTS (SELECT 1 FROM memberships WHERE class_id = $2 AND user_id = $1)""",
            [actor_id, class_id],
        ).fetchone()
        if role is None:
            raise AccessDenied(f"Unknown acting user {actor_id}.")
        if teacher_id is None:
            raise NotFound(f"There is no class {class_id}.")
        if teacher_id != actor_id and not (or_member and member):
            raise AccessDenied(f"User {actor_id} does not teach class {class_id}"
                               + (" and is not in it." if or_member else "."))
