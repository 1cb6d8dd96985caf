"""Who may read or change what, checked inside the store so no page can forget it.

A learner reaches only their own records; a teacher also reaches the learners in classes
they teach. Failing checks raise `AccessDenied` (or `NotFound` for a missing record).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from tutor.store.db import Cursor, Database
from tutor.store.errors import AccessDenied, NotFound

if TYPE_CHECKING:
    from tutor.store.facts import KnownFacts


def now() -> datetime:
    """The current time as the store keeps it: naive UTC."""
    return datetime.now(UTC).replace(tzinfo=None)


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
    def _require_actor(cur: Cursor, actor_id: int) -> str:
        """The acting user's role; unknown actors are refused."""
        row = cur.execute("SELECT role FROM users WHERE id = $1", [actor_id]).fetchone()
        if row is None:
            raise AccessDenied(f"Unknown acting user {actor_id}.")
        return str(row[0])

    @classmethod
    def _require_reader(cls, cur: Cursor, actor_id: int, learner_id: int) -> None:
        """Allow `actor_id` to read `learner_id`'s records: themself, or their teacher."""
        role = cls._require_actor(cur, actor_id)
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
