"""Classes a teacher runs, the join codes learners type, and who is in which class."""

from __future__ import annotations

import secrets
from typing import Any

import duckdb

from tutor.store import validate
from tutor.store.access import StoreBase, now
from tutor.store.db import Cursor
from tutor.store.errors import AccessDenied, Conflict, InvalidInput, NotFound
from tutor.store.users import USER_COLUMNS, user_from_row
from tutor.store.values import Classroom, User

# No 0/O, 1/I/L: codes are read off a board and typed by children.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CLASS_COLUMNS = "id, name, teacher_id, join_code, created_at"


def new_join_code() -> str:
    """A random join code like `K7M2QD`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(code: str) -> str:
    """A typed code in canonical form: capitals, no spaces or dashes."""
    return "".join(ch for ch in str(code).upper() if ch not in " -\t")


def classroom_from_row(row: tuple[Any, ...]) -> Classroom:
    """A `Classroom` from a row selected with `CLASS_COLUMNS`."""
    return Classroom(id=row[0], name=row[1], teacher_id=row[2], join_code=row[3],
                     created_at=row[4])


class ClassRecords(StoreBase):
    """Creating and joining classes, listing classes and their members."""

    def create_class(self, actor_id: int, name: str) -> Classroom:
        """A new class taught by the actor, who must be a teacher."""
        title = validate.text(name, "class name", 80)

        def create(cur: Cursor) -> Classroom:
            if self._require_actor(cur, actor_id) != "teacher":
                raise AccessDenied("Only teachers can create classes.")
            for _ in range(20):
                try:
                    row = cur.execute(
                        "INSERT INTO classes (name, teacher_id, join_code, created_at)"
                        f" VALUES ($1, $2, $3, $4) RETURNING {CLASS_COLUMNS}",
                        [title, actor_id, new_join_code(), now()],
                    ).fetchone()
                    return classroom_from_row(row)
                except duckdb.ConstraintException:
                    continue  # the code was taken; autocommit left nothing behind
            raise Conflict("Could not find a free join code; try again.")

        created = self._db.run(create)
        self._people_changed()
        return created

    def join_class(self, actor_id: int, join_code: str) -> Classroom:
        """Add the actor (a named learner) to the class with this code; joining twice is fine."""
        code = normalise_code(join_code)
        if len(code) != CODE_LENGTH:  # nothing else can name a class: say so, echo nothing
            raise InvalidInput(f"A join code has {CODE_LENGTH} letters and digits, like K7M2QD.")

        def join(cur: Cursor) -> Classroom:
            row = cur.execute(
                "SELECT role, guest_token_hash IS NOT NULL FROM users WHERE id = $1", [actor_id]
            ).fetchone()
            if row is None:
                raise AccessDenied(f"Unknown acting user {actor_id}.")
            if row[0] != "learner":
                raise AccessDenied("Only learners join classes; teachers create them.")
            if row[1]:
                raise AccessDenied("Guests cannot join a class; create an account first "
                                   "(your progress comes with you).")
            found = cur.execute(
                f"SELECT {CLASS_COLUMNS} FROM classes c WHERE join_code = $1", [code]
            ).fetchone()
            if found is None:
                raise NotFound(f"No class has the join code {code!r}.")
            cur.execute(
                "INSERT INTO memberships VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                [found[0], actor_id, now()],
            )
            return classroom_from_row(found)

        joined = self._db.transaction(join)
        self._people_changed()
        return joined

    def classes_for(self, actor_id: int) -> list[Classroom]:
        """The classes the actor teaches or has joined."""

        def read(cur: Cursor) -> list[Classroom]:
            self._require_actor(cur, actor_id)
            rows = cur.execute(
                f"SELECT {CLASS_COLUMNS} FROM classes c WHERE c.teacher_id = $1 OR EXISTS"
                " (SELECT 1 FROM memberships m WHERE m.class_id = c.id AND m.user_id = $1)"
                " ORDER BY c.created_at, c.id",
                [actor_id],
            ).fetchall()
            return [classroom_from_row(r) for r in rows]

        return self._db.run(read)

    def class_members(self, actor_id: int, class_id: int) -> list[User]:
        """The learners in a class, for its teacher."""

        def read(cur: Cursor) -> list[User]:
            self._require_teacher_of(cur, actor_id, class_id)
            rows = cur.execute(
                f"SELECT {USER_COLUMNS} FROM users WHERE id IN"
                " (SELECT user_id FROM memberships WHERE class_id = $1)"
                " ORDER BY lower(display_name), id",
                [class_id],
            ).fetchall()
            return [user_from_row(r) for r in rows]

        return self._db.run(read)

    def remove_member(self, actor_id: int, class_id: int, learner_id: int) -> None:
        """Take a learner out of a class (their records stay theirs); for the teacher."""

        def remove(cur: Cursor) -> None:
            self._require_teacher_of(cur, actor_id, class_id)
            cur.execute("DELETE FROM memberships WHERE class_id = $1 AND user_id = $2",
                        [class_id, learner_id])

        self._db.run(remove)
        self._people_changed()  # the learner may have been remembered as a member
