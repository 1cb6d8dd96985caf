"""Accounts: named learners and teachers with a password or PIN, and token-keyed guests."""

from __future__ import annotations

import unicodedata
from datetime import datetime, timedelta
from typing import Any

from tutor.store import passwords, validate
from tutor.store.access import Repository, now
from tutor.store.db import ConstraintViolation, Cursor
from tutor.store.errors import AuthenticationFailed, Conflict, InvalidInput, SignInThrottled
from tutor.store.values import ROLES, User

SESSION_IDLE = timedelta(days=30)  # a session unused this long has ended (shared computers)
USER_COLUMNS = "id, username, display_name, role, guest_token_hash IS NOT NULL, created_at"
GUEST_NAME = "Guest"
# Sign-in throttling: MAX_TRIES wrong passwords for one username within TRY_WINDOW start
# the delays: no password is checked for FIRST_DELAY, and each further wrong one (possible
# once a delay is over) doubles it, up to MAX_DELAY. Wrong tries are remembered for MEMORY
# (or until the right password), so the delays keep their length rather than starting over.
# Tries refused during a delay are not counted: nobody can keep an account locked for
# longer than the delay by trying on.
MAX_TRIES = 5
TRY_WINDOW = timedelta(minutes=15)
FIRST_DELAY = timedelta(minutes=1)
MAX_DELAY = timedelta(minutes=15)
MEMORY = timedelta(hours=24)


def user_from_row(row: tuple[Any, ...]) -> User:
    """A `User` from a row selected with `USER_COLUMNS`."""
    return User(id=row[0], username=row[1], display_name=row[2], role=row[3],
                is_guest=bool(row[4]), created_at=row[5])


def _throttle_key(username: object) -> str:
    """The name wrong tries are counted under: the username as sign-in compares it, and
    for text no username can be, the same folding cut to 100 characters."""
    try:
        return validate.username(username)
    except InvalidInput:
        return unicodedata.normalize("NFKC", str(username)).strip().casefold()[:100]


def _delay_left(failures: list[datetime], stamp: datetime) -> float:
    """Seconds of delay left at `stamp` after these wrong tries (oldest first): none until
    MAX_TRIES of them fall within TRY_WINDOW, then FIRST_DELAY after that try, doubled for
    each wrong try since, capped at MAX_DELAY."""
    start = next((i for i in range(MAX_TRIES - 1, len(failures))
                  if failures[i] - failures[i - MAX_TRIES + 1] <= TRY_WINDOW), None)
    if start is None:
        return 0.0
    doublings = min(len(failures) - 1 - start, 8)  # 2**8 minutes is past the cap already
    delay = min(FIRST_DELAY * 2 ** doublings, MAX_DELAY)
    return max(0.0, (failures[-1] + delay - stamp).total_seconds())


def _select_user(cur: Cursor, where: str, params: list[Any]) -> User | None:
    row = cur.execute(f"SELECT {USER_COLUMNS} FROM users WHERE {where}", params).fetchone()
    return user_from_row(row) if row else None


class Users(Repository):
    """Accounts and sign-in sessions: sign-up, sign-in, guests, upgrading a guest to a named
    account, and the sessions that keep a browser signed in."""

    def create(self, username: str, display_name: str, role: str, secret: str) -> User:
        """A new named account; raises `Conflict` if the username is taken."""
        name = validate.username(username)
        shown = validate.text(display_name, "display name", 60)
        role = validate.choice(role, "role", ROLES)
        hashed = passwords.hash_secret(validate.secret(secret))

        def insert(cur: Cursor) -> User:
            try:
                row = cur.execute(
                    "INSERT INTO users (username, display_name, role, secret_hash, created_at)"
                    f" VALUES ($1, $2, $3, $4, $5) RETURNING {USER_COLUMNS}",
                    [name, shown, role, hashed, now()],
                ).fetchone()
            except ConstraintViolation as exc:
                raise Conflict(f"The username {name!r} is already taken.") from exc
            return user_from_row(row)

        created = self._db.run(insert)
        self._people_changed()
        return created

    def authenticate(self, username: str, secret: str, *, at: datetime | None = None) -> User:
        """The account for this username and password/PIN, or `AuthenticationFailed`;
        `SignInThrottled` (checking nothing) while wrong tries for the name are being slowed.

        `at` is the time of the try (now unless a test says otherwise).
        """
        stamp = at or now()
        key = _throttle_key(username)
        wait = self.sign_in_delay(key, at=stamp)
        if wait > 0:
            raise SignInThrottled(wait)
        try:
            name = validate.username(username)
        except InvalidInput:
            name = ""
        rows = self._db.fetch(
            f"SELECT {USER_COLUMNS}, secret_hash FROM users WHERE username = $1", [name]
        )
        stored = rows[0][-1] if rows else None
        if not passwords.verify_secret(secret, stored):
            # unknown and malformed names count too: a refusal tells nothing of who exists
            self._db.fetch("INSERT INTO sign_in_failures VALUES ($1, $2)", [key, stamp])
            raise AuthenticationFailed("Wrong username or password.")
        self._db.fetch("DELETE FROM sign_in_failures WHERE username = $1", [key])
        return user_from_row(rows[0][:-1])

    def sign_in_delay(self, username: str, *, at: datetime | None = None) -> float:
        """Seconds until a password for `username` is checked again (0: it is now)."""
        stamp = at or now()
        key = _throttle_key(username)

        def remembered(cur: Cursor) -> list[datetime]:
            cur.execute("DELETE FROM sign_in_failures WHERE failed_at <= $1", [stamp - MEMORY])
            return [row[0] for row in cur.execute(
                "SELECT failed_at FROM sign_in_failures WHERE username = $1 AND failed_at <= $2"
                " ORDER BY failed_at", [key, stamp]).fetchall()]

        return _delay_left(self._db.transaction(remembered), stamp)

    def change_secret(self, actor_id: int, old_secret: str, new_secret: str) -> None:
        """Replace the actor's password/PIN after checking the old one; every browser kept
        signed in by the old one is signed out (it may have been someone else's)."""
        validate.secret(new_secret)
        rows = self._db.fetch("SELECT secret_hash FROM users WHERE id = $1", [actor_id])
        if not passwords.verify_secret(old_secret, rows[0][0] if rows else None):
            raise AuthenticationFailed("The current password is wrong.")
        hashed = passwords.hash_secret(new_secret)

        def change(cur: Cursor) -> None:
            cur.execute("UPDATE users SET secret_hash = $2 WHERE id = $1", [actor_id, hashed])
            cur.execute("DELETE FROM sessions WHERE user_id = $1", [actor_id])

        self._db.transaction(change)

    def create_guest(self, display_name: str = GUEST_NAME) -> tuple[User, str]:
        """A guest account and the token its browser must keep to come back to it."""
        shown = validate.text(display_name, "display name", 60)
        token = passwords.new_token()
        row = self._db.fetch(
            "INSERT INTO users (display_name, role, guest_token_hash, created_at)"
            f" VALUES ($1, 'learner', $2, $3) RETURNING {USER_COLUMNS}",
            [shown, passwords.token_hash(token), now()],
        )[0]
        self._people_changed()
        return user_from_row(row), token

    def guest(self, token: str) -> User:
        """The guest account this browser token belongs to, or `AuthenticationFailed`."""
        key = passwords.token_hash(str(token))
        found = self._db.run(lambda cur: _select_user(cur, "guest_token_hash = $1", [key]))
        if found is None:
            raise AuthenticationFailed("This browser's guest progress was not found.")
        return found

    def upgrade_guest(self, token: str, username: str, display_name: str, secret: str,
                      role: str = "learner") -> User:
        """Turn a guest into a named account; same id, so every record it made stays."""
        name = validate.username(username)
        shown = validate.text(display_name, "display name", 60)
        role = validate.choice(role, "role", ROLES)
        hashed = passwords.hash_secret(validate.secret(secret))
        key = passwords.token_hash(str(token))

        def upgrade(cur: Cursor) -> User:
            guest = _select_user(cur, "guest_token_hash = $1", [key])
            if guest is None:
                raise AuthenticationFailed("This browser's guest progress was not found.")
            try:
                cur.execute(
                    "UPDATE users SET username = $2, display_name = $3, role = $4,"
                    " secret_hash = $5, guest_token_hash = NULL WHERE id = $1",
                    [guest.id, name, shown, role, hashed],
                )
            except ConstraintViolation as exc:
                raise Conflict(f"The username {name!r} is already taken.") from exc
            return _select_user(cur, "id = $1", [guest.id])

        upgraded = self._db.transaction(upgrade)
        self._people_changed()
        return upgraded

    def open_session(self, user: User) -> str:
        """A token that keeps `user` (an account that just signed in) signed in on this
        browser until `close_session`; only its hash is stored."""
        if user.is_guest:
            raise InvalidInput("Guests are kept by their own token, not a session.")
        token = passwords.new_token()
        stamp = now()

        def insert(cur: Cursor) -> None:
            cur.execute("DELETE FROM sessions WHERE last_used < $1", [stamp - SESSION_IDLE])
            cur.execute("INSERT INTO sessions (token_hash, user_id, created_at, last_used)"
                        " VALUES ($1, $2, $3, $3)", [passwords.token_hash(token), user.id, stamp])

        self._db.transaction(insert)
        return token

    def session_user(self, token: str) -> User:
        """The account a session token keeps signed in, or `AuthenticationFailed` (also once
        it went `SESSION_IDLE` unused: each visit restarts that clock)."""
        key = passwords.token_hash(str(token))
        stamp = now()

        def visit(cur: Cursor) -> User | None:
            cur.execute("DELETE FROM sessions WHERE token_hash = $1 AND last_used < $2",
                        [key, stamp - SESSION_IDLE])
            found = _select_user(
                cur, "id = (SELECT user_id FROM sessions WHERE token_hash = $1)", [key])
            if found is not None:
                cur.execute("UPDATE sessions SET last_used = $2 WHERE token_hash = $1",
                            [key, stamp])
            return found

        found = self._db.transaction(visit)
        if found is None:
            raise AuthenticationFailed("This browser's sign-in has ended; sign in again.")
        return found

    def close_session(self, token: str) -> None:
        """Sign out: the token no longer names anyone (an unknown token is already out)."""
        self._db.fetch("DELETE FROM sessions WHERE token_hash = $1",
                       [passwords.token_hash(str(token))])

    def get(self, actor_id: int, user_id: int) -> User:
        """A user's account details, for themself or their teacher."""

        def read(cur: Cursor) -> User:
            self._require_reader(cur, actor_id, user_id)
            return _select_user(cur, "id = $1", [user_id])

        return self._db.run(read)
