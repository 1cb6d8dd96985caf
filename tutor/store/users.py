"""Accounts: named learners and teachers with a password or PIN, and token-keyed guests."""

from __future__ import annotations

import secrets
import unicodedata
from datetime import datetime, timedelta
from typing import Any

from tutor.store import passwords, throttle, validate
from tutor.store.access import GUEST_NAME, Repository, now
from tutor.store.db import ConstraintViolation, Cursor
from tutor.store.errors import (
    AccessDenied,
    AuthenticationFailed,
    Conflict,
    InvalidInput,
    NotFound,
    PasswordChangeRequired,
    ResetCodeExpired,
    SignInThrottled,
    Throttled,
)
from tutor.store.throttle import (  # the limits, named where sign-in always named them
    FIRST_DELAY,  # noqa: F401
    MAX_DELAY,  # noqa: F401
    MAX_TRIES,  # noqa: F401
    MEMORY,  # noqa: F401
    TRY_WINDOW,
)
from tutor.store.values import ROLES, User
from tutor.text import LANGS

SESSION_IDLE = timedelta(days=30)  # a session unused this long has ended (shared computers)
SESSION_TOUCH = timedelta(minutes=1)  # a session's last use is rewritten at most this often
USER_COLUMNS = "id, username, display_name, role, guest_token_hash IS NOT NULL, created_at"
EMPTY_GUEST_AGE = timedelta(days=7)  # a guest with nothing saved is deleted after this long
TEACHER_SECRET = 8  # a teacher's password has at least this many characters (no PIN)
RESET_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read off a screen
RESET_LENGTH = 8
RESET_LIFE = timedelta(days=1)  # a teacher's one-time code opens nothing after this


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


def secret_for(role: str, secret: object) -> str:
    """A password or PIN fit for `role`: a learner's has 4 characters or more, a teacher's
    TEACHER_SECRET (a teacher's account reaches a whole class's records)."""
    chosen = validate.secret(secret)
    if role == "teacher" and len(chosen) < TEACHER_SECRET:
        raise InvalidInput(f"A teacher's password must be at least {TEACHER_SECRET} "
                           "characters (a short PIN is for learners).", "teacher_secret",
                           n=TEACHER_SECRET)
    return chosen


def _select_user(cur: Cursor, where: str, params: list[Any]) -> User | None:
    row = cur.execute(f"SELECT {USER_COLUMNS} FROM users WHERE {where}", params).fetchone()
    return user_from_row(row) if row else None


def _wait_for(cur: Cursor, key: str, address: str, stamp: datetime) -> float:
    """Seconds before a password for `key` from `address` may be checked."""
    tries = cur.execute("SELECT failed_at, address FROM sign_in_tries WHERE username = $1"
                        " ORDER BY failed_at", [key]).fetchall()
    wait = throttle.delay_left([row[0] for row in tries], stamp)
    if wait or not address:
        return wait
    if any(row[1] == address and row[0] > stamp - TRY_WINDOW for row in tries):
        return 0.0  # this name is counted from here already: its own limit holds it
    if cur.execute("SELECT 1 FROM sign_in_known WHERE address = $1 AND username = $2"
                   " AND signed_in_at > $3", [address, key, stamp - throttle.KNOWN_FOR]
                   ).fetchone():
        return 0.0  # it signed in from here lately: one of this network's own accounts
    latest = [row[0] for row in cur.execute(
        "SELECT max(failed_at) FROM sign_in_tries WHERE address = $1 AND failed_at > $2"
        " GROUP BY username", [address, stamp - TRY_WINDOW]
    ).fetchall()]
    return throttle.window_left(latest, stamp, throttle.ADDRESS_NAMES, TRY_WINDOW)


def _reserve_try(cur: Cursor, key: str, address: str, stamp: datetime) -> float:
    """In one transaction: the delay before `key` may be tried from `address`, or (none)
    the try counted as wrong until it proves right."""
    throttle.lock(cur, "sign-in " + key, stamp)
    if address:
        throttle.lock(cur, "sign-in from " + address, stamp)
    throttle.forget_old(cur, stamp)
    wait = _wait_for(cur, key, address, stamp)
    if not wait:
        cur.execute("INSERT INTO sign_in_tries VALUES ($1, $2, $3)", [key, address, stamp])
    return wait


class Users(Repository):
    """Accounts and sign-in sessions: sign-up, sign-in, guests, upgrading a guest to a named
    account, and the sessions that keep a browser signed in."""

    def create(self, username: str, display_name: str, role: str, secret: str) -> User:
        """A new named account; raises `Conflict` if the username is taken."""
        name = validate.username(username)
        shown = validate.text(display_name, "display name", 60)
        role = validate.choice(role, "role", ROLES)
        hashed = passwords.hash_secret(secret_for(role, secret))

        def insert(cur: Cursor) -> User:
            try:
                row = cur.execute(
                    "INSERT INTO users (username, display_name, role, secret_hash, created_at)"
                    f" VALUES ($1, $2, $3, $4, $5) RETURNING {USER_COLUMNS}",
                    [name, shown, role, hashed, now()],
                ).fetchone()
            except ConstraintViolation as exc:
                raise Conflict(f"The username {name!r} is already taken.", "username_taken",
                               name=name) from exc
            return user_from_row(row)

        created = self._db.run(insert)
        self._people_changed()
        return created

    def authenticate(self, username: str, secret: str, *, address: str = "",
                     at: datetime | None = None) -> User:
        """The account for this username and password/PIN, or `AuthenticationFailed`;
        `SignInThrottled` (checking nothing) while wrong tries for the name, or from the
        client `address`, are being slowed (see `throttle.py`); `PasswordChangeRequired`
        for the right one-time code a teacher gave (`reset_secret`).

        `at` is the time of the try (now unless a test says otherwise).
        """
        stamp = at or now()
        user, _ = self._check_secret(username, secret, address, stamp)
        if self._reset_pending(user.id, stamp):
            raise PasswordChangeRequired()
        return user

    def _reset_pending(self, user_id: int, stamp: datetime) -> bool:
        """Whether the account's password is a teacher's one-time code still to be
        replaced; `ResetCodeExpired` once the code is older than `RESET_LIFE`."""
        rows = self._db.fetch("SELECT created_at FROM secret_resets WHERE user_id = $1",
                              [user_id])
        if not rows:
            return False
        if rows[0][0] < stamp - RESET_LIFE:
            raise ResetCodeExpired()
        return True

    def _check_secret(self, username: str, secret: str, address: str,
                      stamp: datetime) -> tuple[User, str]:
        """The account whose password this is (and the name tries are counted under); the
        try is counted, in the transaction that decides whether it may be checked at all,
        before the password is checked, and forgotten only if it was right."""
        key = _throttle_key(username)
        wait = self._db.transaction(lambda cur: _reserve_try(cur, key, address, stamp))
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
            raise AuthenticationFailed("Wrong username or password.")

        def right(cur: Cursor) -> None:
            cur.execute("DELETE FROM sign_in_tries WHERE username = $1", [key])
            if address:
                cur.execute("INSERT INTO sign_in_known VALUES ($1, $2, $3) ON CONFLICT"
                            " (address, username) DO UPDATE SET signed_in_at ="
                            " excluded.signed_in_at", [address, key, stamp])

        self._db.transaction(right)
        return user_from_row(rows[0][:-1]), key

    def sign_in_delay(self, username: str, *, address: str = "",
                      at: datetime | None = None) -> float:
        """Seconds until a password for `username` (from `address`) is checked again (0: it
        is now)."""
        stamp = at or now()
        key = _throttle_key(username)
        return self._db.run(lambda cur: _wait_for(cur, key, address, stamp))

    def change_secret(self, actor_id: int, old_secret: str, new_secret: str, *,
                      address: str = "", at: datetime | None = None) -> None:
        """Replace the actor's password/PIN after checking the old one (throttled like
        sign-in); every browser kept signed in by the old one is signed out (it may have
        been someone else's)."""
        rows = self._db.fetch("SELECT username FROM users WHERE id = $1", [actor_id])
        if not rows or rows[0][0] is None:
            raise AccessDenied("Only named accounts have a password to change.")
        self.change_secret_by_name(rows[0][0], old_secret, new_secret, address=address, at=at)

    def change_secret_by_name(self, username: str, old_secret: str, new_secret: str, *,
                              address: str = "", at: datetime | None = None) -> User:
        """`change_secret` for whoever knows this username's password or one-time code (a
        learner whose teacher reset it signs in this way, once)."""
        stamp = at or now()
        if validate.secret(new_secret) == old_secret:
            raise InvalidInput("Choose a new password, not the current one.", "same_secret")
        user, _ = self._check_secret(username, old_secret, address, stamp)
        self._reset_pending(user.id, stamp)  # an expired one-time code changes nothing
        # the role's own rule only once the password proved who this is: a refusal before
        # would tell a stranger which usernames are teachers'
        hashed = passwords.hash_secret(secret_for(user.role, new_secret))

        def change(cur: Cursor) -> None:
            cur.execute("UPDATE users SET secret_hash = $2 WHERE id = $1", [user.id, hashed])
            cur.execute("DELETE FROM sessions WHERE user_id = $1", [user.id])
            cur.execute("DELETE FROM secret_resets WHERE user_id = $1", [user.id])

        self._db.transaction(change)
        return user

    def reset_secret(self, actor_id: int, learner_id: int) -> str:
        """A one-time code that replaces the password of a learner in a class the actor
        teaches; the learner's sign-ins end, and signing in with the code only lets them
        choose a new password (`change_secret_by_name`)."""
        code = "".join(secrets.choice(RESET_ALPHABET) for _ in range(RESET_LENGTH))
        hashed = passwords.hash_secret(code)
        stamp = now()

        def reset(cur: Cursor) -> None:
            self._require_reader(cur, actor_id, learner_id)
            row = cur.execute("SELECT role, username FROM users WHERE id = $1",
                              [learner_id]).fetchone()
            if actor_id == learner_id or row[0] != "learner" or row[1] is None:
                raise AccessDenied("A teacher resets only the passwords of named learners "
                                   "in their classes.")
            cur.execute("UPDATE users SET secret_hash = $2 WHERE id = $1", [learner_id, hashed])
            cur.execute("DELETE FROM sessions WHERE user_id = $1", [learner_id])
            cur.execute("DELETE FROM sign_in_tries WHERE username = $1", [row[1]])
            cur.execute("INSERT INTO secret_resets VALUES ($1, $2) ON CONFLICT (user_id)"
                        " DO UPDATE SET created_at = excluded.created_at", [learner_id, stamp])

        self._db.transaction(reset)
        return code

    def creation_try(self, address: str, *, at: datetime | None = None) -> None:
        """Count one try at creating an account from `address`, or `Throttled` (counting
        nothing) once it made ADDRESS_CREATES within CREATE_WINDOW ("": no address, no
        limit)."""
        if not address:
            return
        stamp = at or now()

        def count(cur: Cursor) -> float:
            throttle.lock(cur, "create from " + address, stamp)
            wait = throttle.window_left(
                throttle.events(cur, "create", "address", address), stamp,
                throttle.ADDRESS_CREATES, throttle.CREATE_WINDOW)
            if not wait:
                throttle.count_event(cur, "create", "", address, stamp)
            return wait

        wait = self._db.transaction(count)
        if wait > 0:
            raise Throttled(wait, "new accounts from this network")

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

    def purge_empty_guests(self, *, older_than: timedelta = EMPTY_GUEST_AGE,
                           at: datetime | None = None) -> int:
        """Delete the guests made more than `older_than` ago that saved nothing (no row of
        any table names them by `user_id`); return how many. A guest's row is made by its
        first save, so only rows made before that rule (or whose save then failed) are ever
        empty. A browser that comes back with the cookie of a deleted guest is an unsaved
        guest again, and loses nothing, since there was nothing."""
        cutoff = (at or now()) - older_than

        def purge(cur: Cursor) -> int:
            tables = [name for (name,) in cur.execute(
                "SELECT DISTINCT table_name FROM information_schema.columns WHERE"
                " table_catalog = current_database() AND table_schema = current_schema()"
                " AND column_name = 'user_id' AND table_name <> 'users' ORDER BY 1").fetchall()]
            unused = "".join(f' AND NOT EXISTS (SELECT 1 FROM "{name}" x WHERE x.user_id = u.id)'
                             for name in tables)
            return len(cur.execute(
                "DELETE FROM users u WHERE u.username IS NULL AND u.guest_token_hash IS NOT NULL"
                f" AND u.created_at < $1{unused} RETURNING u.id", [cutoff]).fetchall())

        count = self._db.transaction(purge)
        if count:
            self._people_changed()
        return count

    def saved_guest(self, token: str) -> User | None:
        """The saved guest this browser token names, if its row exists."""
        key = passwords.token_hash(str(token))
        return self._db.run(lambda cur: _select_user(cur, "guest_token_hash = $1", [key]))

    def unsaved_guest(self) -> User:
        """A guest with a fresh id from the users' sequence and no row: a page acts for it
        inside `acting_as_guest`, and its first save inserts the row. Pages that save
        nothing, a script's flood of them included, leave nothing behind."""
        new_id = int(self._db.fetch("SELECT nextval('user_ids')")[0][0])
        return User(id=new_id, username=None, display_name=GUEST_NAME, role="learner",
                    is_guest=True, created_at=now())

    def guest(self, token: str) -> User:
        """The guest account this browser token belongs to, or `AuthenticationFailed`."""
        found = self.saved_guest(token)
        if found is None:
            raise AuthenticationFailed("This browser's guest progress was not found.")
        return found

    def upgrade_guest(self, token: str, username: str, display_name: str, secret: str,
                      role: str = "learner") -> User:
        """Turn a guest into a named account; same id, so every record it made stays."""
        name = validate.username(username)
        shown = validate.text(display_name, "display name", 60)
        role = validate.choice(role, "role", ROLES)
        hashed = passwords.hash_secret(secret_for(role, secret))
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
                raise Conflict(f"The username {name!r} is already taken.", "username_taken",
                               name=name) from exc
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

    def session_alive(self, session_hash: str, user_id: int, *,
                      at: datetime | None = None) -> bool:
        """Whether the sign-in whose token hashes to `session_hash` still keeps `user_id`
        signed in (not signed out, not idle for SESSION_IDLE, no password change since);
        a page acting for it counts as a visit. `at`: now unless a test says otherwise."""
        stamp = at or now()
        row = self._db.fetch("SELECT last_used FROM sessions WHERE token_hash = $1"
                             " AND user_id = $2", [session_hash, user_id])
        if not row or row[0][0] < stamp - SESSION_IDLE:
            return False
        if row[0][0] < stamp - SESSION_TOUCH:
            self._db.fetch("UPDATE sessions SET last_used = $2 WHERE token_hash = $1",
                           [session_hash, stamp])
        return True

    def guest_alive(self, token_hash: str, user_id: int, *, unsaved: bool = False) -> bool:
        """Whether the guest token hashing to `token_hash` still names guest `user_id` (not
        since turned into a named account). An `unsaved` guest (no row when its page was
        built) is alive until its id or its token is saved, and then only as that pair."""
        rows = self._db.fetch("SELECT id, guest_token_hash FROM users WHERE id = $1 OR"
                              " guest_token_hash = $2", [user_id, token_hash])
        return (user_id, token_hash) in {tuple(r) for r in rows} or (unsaved and not rows)

    def close_session(self, token: str) -> None:
        """Sign out: the token no longer names anyone (an unknown token is already out)."""
        self._db.fetch("DELETE FROM sessions WHERE token_hash = $1",
                       [passwords.token_hash(str(token))])

    def get(self, actor_id: int, user_id: int) -> User:
        """A user's account details, for themself or their teacher."""

        def read(cur: Cursor) -> User:
            self._require_reader(cur, actor_id, user_id)
            found = _select_user(cur, "id = $1", [user_id])
            if found is None:  # an unsaved guest reading themself (see `unsaved_guest`)
                raise NotFound(f"There is no user {user_id} saved yet.")
            return found

        return self._db.run(read)

    def language(self, user_id: int) -> str | None:
        """The language the account last chose, on any browser (None: it never chose)."""
        row = self._db.fetch("SELECT lang FROM users WHERE id = $1", [int(user_id)])
        found = row[0][0] if row else None
        return found if found in LANGS else None

    def set_language(self, actor_id: int, lang: str) -> None:
        """Remember `lang` as the actor's own account's language: a page opened on another
        browser, or after signing in, speaks it."""
        chosen = validate.choice(lang, "language", LANGS)
        self._db.fetch("UPDATE users SET lang = $1 WHERE id = $2", [chosen, int(actor_id)])
