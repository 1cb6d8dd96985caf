"""The PostgreSQL backend: a psycopg 3 connection pool behind the same `Database` calls.

Several app processes (and machines) may share one server, so nothing here assumes it is
the only writer: answers are committed before they are acknowledged (`attempts.py`),
migrations take an advisory lock, and a row a transaction must read-then-write is locked
with `row_lock`. Repositories write `$1`-style SQL; `PgCursor` hands it to psycopg.
"""

from __future__ import annotations

import contextlib
import functools
import random
import re
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import psycopg
import psycopg_pool
from psycopg import errors as pg_errors

from tutor.store import migrations
from tutor.store.db import ENV_VAR, Database, WriteConflict, disk_full
from tutor.store.errors import (
    NotAStore,
    StoreBusy,
    StoreDiskFull,
    StoreError,
    StoreSetup,
    StoreUnavailable,
)

T = TypeVar("T")
POOL_SIZE = 16  # connections per process: about one per thread saving at once
CONNECT_SECONDS = 10
RETRIES = 50  # a transaction that lost a race (serialization failure, deadlock) runs again
MIGRATION_LOCK = 0x7475746F72  # "tutor": the advisory lock held while migrating
_PLACEHOLDER = re.compile(r"\$(\d+)")


def redact(url: str) -> str:
    """`url` without its password, for messages and logs."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "the PostgreSQL URL given"
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    user = f"{parts.username}:***@" if parts.username else ":***@"
    try:
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        port = ""
    return urlunsplit(parts._replace(netloc=f"{user}{host}{port}"))


@functools.lru_cache(maxsize=1024)
def _to_psycopg(sql: str) -> tuple[str, tuple[int, ...]]:
    """`$n` placeholders as psycopg's `%s` (a literal `%` doubled), and which parameter
    each `%s` takes, in order."""
    order: list[int] = []

    def placeholder(match: re.Match[str]) -> str:
        order.append(int(match.group(1)) - 1)
        return "%s"

    return _PLACEHOLDER.sub(placeholder, sql.replace("%", "%%")), tuple(order)


class PgCursor:
    """A psycopg cursor that takes the repositories' `$1`-style SQL, like a DuckDB cursor:
    `execute` returns the cursor, then `fetchone` / `fetchall`."""

    def __init__(self, cursor: psycopg.Cursor[Any]) -> None:
        self._cursor = cursor

    def execute(self, sql: str, params: Sequence[Any] = ()) -> PgCursor:
        """Run one statement with `params` for its `$1`, `$2`, ..."""
        text, order = _to_psycopg(sql)
        self._cursor.execute(text, [params[i] for i in order])
        return self

    def fetchone(self) -> tuple[Any, ...] | None:
        """The next row, or None (also for a statement that returns no rows)."""
        return self._cursor.fetchone() if self._cursor.description is not None else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        """The remaining rows ([] for a statement that returns none, like DuckDB)."""
        return self._cursor.fetchall() if self._cursor.description is not None else []


def translate(exc: BaseException, location: str) -> StoreError:
    """A psycopg or pool error as the `StoreError` that says what to do about it."""
    text = _first_line(str(exc))
    where = f"The PostgreSQL database {location}"
    if isinstance(exc, pg_errors.DiskFull) or disk_full(text):
        return StoreDiskFull(f"The disk of {location} is full ({text}): free some space on "
                             "the server; saving resumes by itself.")
    if isinstance(exc, psycopg_pool.PoolTimeout):
        return StoreUnavailable(f"{where} has no free connection: every one is busy or the "
                                f"server stopped answering ({text}).")
    if isinstance(exc, pg_errors.InvalidPassword) or "password authentication failed" in text:
        return StoreSetup(f"{where} refused the user name or password ({text}). Check "
                                f"them in --db or {ENV_VAR}.")
    if isinstance(exc, pg_errors.InvalidCatalogName) or (
            "database" in text and "does not exist" in text):
        return StoreSetup(f"{where} does not exist on that server ({text}). Create it "
                                "first (createdb), or give another name in the URL.")
    if isinstance(exc, psycopg.OperationalError) and re.search(
            r"invalid .*(value|option)|missing \"=\"|invalid URI|invalid connection", text):
        return StoreSetup(f"{location} is not a usable PostgreSQL URL ({text}). The form "
                                "is postgresql://user:password@host:port/database.")
    if isinstance(exc, psycopg.OperationalError):
        return StoreUnavailable(f"Cannot reach {location}: {text}. Is the server running, "
                                f"and are the host and port in --db or {ENV_VAR} right?")
    if isinstance(exc, psycopg.ProgrammingError) and "invalid" in text.lower():
        return StoreSetup(f"{location} is not a usable PostgreSQL URL ({text}). The form "
                                "is postgresql://user:password@host:port/database.")
    return StoreError(f"{where} failed: {text}")


def _first_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[0].rstrip(".") if lines else "unknown error"


def _retryable(exc: psycopg.Error) -> bool:
    return isinstance(exc, pg_errors.SerializationFailure | pg_errors.DeadlockDetected)


class PostgresDatabase(Database):
    """A PostgreSQL database reached through a pool of connections that commit each
    statement by themselves unless a `transaction` is open on them."""

    kind = "postgresql"
    shared = True
    row_lock = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self._url = url
        self._shown = redact(url)
        self._migrate()
        self._pool = psycopg_pool.ConnectionPool(
            url, min_size=1, max_size=POOL_SIZE, open=False, name="tutor store",
            kwargs={"autocommit": True, "connect_timeout": CONNECT_SECONDS},
        )
        try:
            self._pool.open(wait=True, timeout=CONNECT_SECONDS * 3)
        except (psycopg.Error, psycopg_pool.PoolTimeout) as exc:
            self._pool.close()
            raise translate(exc, self._shown) from exc

    @property
    def location(self) -> str:
        """The URL without its password."""
        return self._shown

    def connect(self) -> psycopg.Connection[Any]:
        """A new connection of its own (autocommit), errors translated; the caller closes it."""
        try:
            return psycopg.connect(self._url, autocommit=True, connect_timeout=CONNECT_SECONDS)
        except psycopg.Error as exc:
            raise translate(exc, self._shown) from exc

    def _migrate(self) -> None:
        """Bring the schema up to date; the advisory lock makes a second process that starts
        at the same moment wait, then find nothing left to do."""
        with self.connect() as con:
            cur = PgCursor(con.cursor())
            try:
                cur.execute("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK])
                try:
                    migrations.upgrade(cur, self._shown, "postgresql")
                finally:
                    cur.execute("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK])
            except NotAStore as exc:
                raise NotAStore(str(exc).replace("Choose another file", "Choose another "
                                                 "database")) from None
            except psycopg.Error as exc:
                raise translate(exc, self._shown) from exc

    def _close(self) -> None:
        self._closed = True
        self._pool.close()

    def _drop_broken(self) -> None:
        """A connection broke (the server restarted, the network dropped): check the idle
        ones now, so the call that failed is the only one to fail. It is not run again:
        whether its statement had reached the server cannot be known."""
        with contextlib.suppress(Exception):
            self._pool.check()

    def _attempt(self, work: Callable[[Any], T], explicit: bool) -> T:
        """Run `work` on a pooled connection (in a transaction if `explicit`), running it
        again when PostgreSQL chose it as the loser of a race."""
        for attempt in range(RETRIES + 1):
            if self._closed:
                raise StoreUnavailable(f"The progress database {self._shown} is closed.")
            try:
                with self._pool.connection(timeout=CONNECT_SECONDS * 3) as con:
                    cur = PgCursor(con.cursor())
                    if not explicit:
                        return work(cur)
                    with con.transaction():
                        return work(cur)
            except (psycopg.Error, WriteConflict) as exc:
                if isinstance(exc, psycopg.OperationalError):
                    self._drop_broken()
                if isinstance(exc, psycopg.Error) and not _retryable(exc):
                    raise translate(exc, self._shown) from exc
                if attempt == RETRIES:
                    raise StoreBusy(f"The progress database is too busy: {exc}") from exc
                time.sleep(random.uniform(0, 0.002 * (attempt + 1)))
            except psycopg_pool.PoolTimeout as exc:
                raise translate(exc, self._shown) from exc
        raise AssertionError("unreachable")
