"""Classes a teacher runs, the join codes learners type, who is in which class, and the
assignments (titled lists of puzzles with a due date) set for them."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import date, datetime
from typing import Any

from tutor.store import throttle, validate
from tutor.store.access import Repository, now
from tutor.store.db import ConstraintViolation, Cursor
from tutor.store.errors import AccessDenied, Conflict, InvalidInput, NotFound, Throttled
from tutor.store.users import USER_COLUMNS, user_from_row
from tutor.store.values import Assignment, Classroom, User

# No 0/O, 1/I/L: codes are read off a board and typed by children.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
CLASS_COLUMNS = "id, name, teacher_id, join_code, created_at"
ASSIGNMENT_COLUMNS = "id, class_id, title, puzzle_ids, due, created_at"


def new_join_code() -> str:
    """A random join code like `K7M2QD`."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(code: str) -> str:
    """A typed code in canonical form: capitals, no spaces or dashes."""
    return "".join(ch for ch in str(code).upper() if ch not in " -\t")


def assignment_from_row(row: tuple[Any, ...]) -> Assignment:
    """An `Assignment` from a row selected with `ASSIGNMENT_COLUMNS`."""
    return Assignment(id=row[0], class_id=row[1], title=row[2], puzzle_ids=tuple(row[3]),
                      due=row[4], created_at=row[5])


def classroom_from_row(row: tuple[Any, ...]) -> Classroom:
    """A `Classroom` from a row selected with `CLASS_COLUMNS`."""
    return Classroom(id=row[0], name=row[1], teacher_id=row[2], join_code=row[3],
                     created_at=row[4])


class Classes(Repository):
    """Creating and joining classes, listing classes and their members; their assignments."""

    def create(self, actor_id: int, name: str) -> Classroom:
        """A new class taught by the actor, who must be a teacher."""
        title = validate.text(name, "class name", 80)

        def create(cur: Cursor) -> Classroom:
            if self._require_actor(cur, actor_id, saving=False) != "teacher":
                raise AccessDenied("Only teachers can create classes.")
            for _ in range(20):
                try:
                    row = cur.execute(
                        "INSERT INTO classes (name, teacher_id, join_code, created_at)"
                        f" VALUES ($1, $2, $3, $4) RETURNING {CLASS_COLUMNS}",
                        [title, actor_id, new_join_code(), now()],
                    ).fetchone()
                    return classroom_from_row(row)
                except ConstraintViolation:
                    continue  # the code was taken; autocommit left nothing behind
            raise Conflict("Could not find a free join code; try again.", "try_again")

        created = self._db.run(create)
        self._people_changed()
        return created

    def join(self, actor_id: int, join_code: str, *, address: str = "",
             at: datetime | None = None) -> Classroom:
        """Add the actor (a named learner) to the class with this code; joining twice is fine.

        Codes are guessed like passwords, so they are throttled like them (`throttle.py`):
        per account, and per client `address`; `Throttled` checks nothing.
        """
        code = normalise_code(join_code)
        if len(code) != CODE_LENGTH:  # nothing else can name a class: say so, echo nothing
            raise InvalidInput(f"A join code has {CODE_LENGTH} letters and digits, like K7M2QD.",
                               "join_code", n=CODE_LENGTH)
        stamp = at or now()
        who = str(actor_id)

        def join(cur: Cursor) -> Classroom | float | None:
            row = cur.execute(
                "SELECT role, guest_token_hash IS NOT NULL FROM users WHERE id = $1", [actor_id]
            ).fetchone()
            if row is None:  # an unsaved guest is a guest; anyone else unknown is refused
                row = (self._require_actor(cur, actor_id, saving=False), True)
            if row[0] != "learner":
                raise AccessDenied("Only learners join classes; teachers create them.")
            if row[1]:
                raise AccessDenied("Guests cannot join a class; create an account first "
                                   "(your progress comes with you).")
            throttle.lock(cur, "join " + who, stamp)
            if address:
                throttle.lock(cur, "join from " + address, stamp)
            throttle.forget_old(cur, stamp)
            wait = throttle.delay_left(throttle.events(cur, "join", "subject", who),
                                       stamp)
            if not wait and address:
                wait = throttle.window_left(
                    throttle.events(cur, "join", "address", address), stamp,
                    throttle.ADDRESS_JOINS, throttle.TRY_WINDOW)
            if wait:
                return wait
            found = cur.execute(
                f"SELECT {CLASS_COLUMNS} FROM classes c WHERE join_code = $1", [code]
            ).fetchone()
            if found is None:  # a wrong guess: counted (the transaction commits it)
                throttle.count_event(cur, "join", who, address, stamp)
                return None
            cur.execute("DELETE FROM throttle_events WHERE kind = 'join' AND subject = $1",
                        [who])
            cur.execute(
                "INSERT INTO memberships VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                [found[0], actor_id, now()],
            )
            return classroom_from_row(found)

        joined = self._db.transaction(join)
        if joined is None:
            raise NotFound(f"No class has the join code {code!r}.")
        if not isinstance(joined, Classroom):
            raise Throttled(joined, "wrong join codes")
        self._people_changed()
        return joined

    def for_user(self, actor_id: int) -> list[Classroom]:
        """The classes the actor teaches or has joined."""

        def read(cur: Cursor) -> list[Classroom]:
            self._require_actor(cur, actor_id, saving=False)
            rows = cur.execute(
                f"SELECT {CLASS_COLUMNS} FROM classes c WHERE c.teacher_id = $1 OR EXISTS"
                " (SELECT 1 FROM memberships m WHERE m.class_id = c.id AND m.user_id = $1)"
                " ORDER BY c.created_at, c.id",
                [actor_id],
            ).fetchall()
            return [classroom_from_row(r) for r in rows]

        return self._db.run(read)

    def members(self, actor_id: int, class_id: int) -> list[User]:
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

    # ------------------------------------------------------------ assignments
    def create_assignment(self, actor_id: int, class_id: int, title: str,
                          puzzle_ids: Iterable[str], due: date | None = None) -> Assignment:
        """A new assignment for a class the actor teaches."""
        name = validate.text(title, "assignment title", 120)
        ids = [validate.text(p, "puzzle id", 200) for p in puzzle_ids]
        if not ids:
            raise InvalidInput("An assignment needs at least one puzzle.", "no_puzzles")
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

    def assignments(self, actor_id: int, class_id: int) -> list[Assignment]:
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
