"""The database: which backend a target names, and the embedded DuckDB file.

A target that is a `postgresql://` (or `postgres://`) URL is a PostgreSQL server
(`pg.py`); anything else is a DuckDB file path. Every backend is a `Database`: `run`,
`transaction` and `fetch` hand repositories a cursor taking `$1`-style placeholders, so
the repositories hold one set of SQL. What differs between backends is named on the
`Database` (`kind`, `shared`, `row_lock`), not tested for in the repositories.

Panel serves sessions from threads of one process, so each DuckDB `Database` keeps one
connection per file and hands every thread its own cursor. DuckDB errors are translated
here into `StoreError`s whose messages a person can act on.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import duckdb
import psycopg

from tutor.store import migrations
from tutor.store.errors import (
    StoreBusy,
    StoreCorrupt,
    StoreDiskFull,
    StoreError,
    StoreInUse,
    StoreSetup,
    StoreUnavailable,
    StoreVersionError,
)

ENV_VAR = "TUTOR_DB"
DEFAULT_PATH = Path(__file__).resolve().parents[2] / "data" / "tutor.duckdb"
CONFLICT_RETRIES = 50
SOLO_AFTER = 3  # clashes after which a write waits for the others retrying to finish

URL_SCHEMES = ("postgresql://", "postgres://")

T = TypeVar("T")
Cursor = Any  # a DuckDB cursor, or `pg.PgCursor`: execute($n SQL, params) -> fetchone/fetchall
# A unique or other constraint refused a write, whichever backend it came from.
ConstraintViolation = (duckdb.ConstraintException, psycopg.IntegrityError)



class WriteConflict(Exception):
    """The transaction lost a race with another writer: `transaction` runs it again."""


_registry: dict[Path | str, Database] = {}
_registry_lock = threading.Lock()


def is_url(target: str | os.PathLike[str] | None) -> bool:
    """Whether `target` names a PostgreSQL server rather than a DuckDB file."""
    return isinstance(target, str) and target.strip().lower().startswith(URL_SCHEMES)


def resolve_target(target: str | os.PathLike[str] | None = None) -> Path | str:
    """What to open: an explicit target (a `--db` option), else $TUTOR_DB, else data/;
    a PostgreSQL URL as given, a file path made absolute."""
    chosen = target if target not in (None, "") else os.environ.get(ENV_VAR) or DEFAULT_PATH
    if is_url(chosen):
        return str(chosen).strip()
    return Path(chosen).expanduser().resolve()


def resolve_path(path: str | os.PathLike[str] | None = None) -> Path:
    """The file to use: an explicit path (a `--db` option), else $TUTOR_DB, else data/."""
    chosen = path if path not in (None, "") else os.environ.get(ENV_VAR) or DEFAULT_PATH
    return Path(chosen).expanduser().resolve()


def translate(exc: duckdb.Error, path: Path) -> StoreError:
    """A DuckDB error as the `StoreError` that says what went wrong with `path`."""
    text = str(exc)
    if disk_full(text):
        return StoreDiskFull(f"The disk holding {path} is full ({_first_line(text)}): free "
                             "some space there; saving resumes by itself.")
    if "Could not set lock" in text or "Conflicting lock" in text:
        pid = re.search(r"PID (\d+)", text)
        holder = f" (process {pid.group(1)})" if pid else ""
        return StoreInUse(
            f"The progress database {path} is in use by another program{holder}. Close the "
            "other 找朋友 Tutor window or command first, or choose another file with --db or "
            f"{ENV_VAR}."
        )
    if any(s in text for s in ("not a valid DuckDB database", "Corrupt", "checksum",
                               "Could not read enough bytes")):
        return StoreCorrupt(
            f"{path} is damaged or is not a 找朋友 Tutor database ({_first_line(text)}). It was "
            f"left as it is; restore a backup or choose another file with --db or {ENV_VAR}."
        )
    if "version number" in text:
        return StoreVersionError(
            f"{path} was written by a newer DuckDB than this one ({_first_line(text)}). "
            "Update the app; the file was left unchanged."
        )
    if isinstance(exc, duckdb.IOException):
        return StoreUnavailable(f"Cannot use {path} as the progress database: {_first_line(text)}.")
    return StoreError(f"The progress database {path} failed: {_first_line(text)}")


def disk_full(text: str) -> bool:
    """Whether an error's text says a write found the disk full (ENOSPC)."""
    return "No space left on device" in text or "disk is full" in text.lower()


def _first_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else "unknown error"
    return line.removeprefix("IO Error: ").rstrip(".")


def _connect(path: Path) -> duckdb.DuckDBPyConnection:
    """Open (creating if absent) the file at `path` and bring its schema up to date."""
    if path.is_dir():
        raise StoreSetup(
            f"{path} is a folder, not a database file; give a file path with --db or {ENV_VAR}."
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreSetup(
            f"Cannot create the folder {path.parent} for the progress database: "
            f"{exc.strerror or exc}. Choose another location with --db or {ENV_VAR}."
        ) from exc
    try:
        con = duckdb.connect(str(path))
    except duckdb.Error as exc:
        raise translate(exc, path) from exc
    try:
        migrations.upgrade(con, path, "duckdb")
    except StoreError:
        con.close()
        raise
    except duckdb.Error as exc:
        con.close()
        raise translate(exc, path) from exc
    return con


def close_all() -> None:
    """Close every database this process has open, whoever still uses it: an orderly stop
    (a DuckDB file is checkpointed first, so the file alone holds everything saved)."""
    with _registry_lock:
        open_now = list(_registry.values())
    for db in open_now:
        with _registry_lock:
            if not db._closed:
                db._shut()


class Database:
    """One open database, shared by every store on it in this process: the attachments
    they share, and `run` / `transaction` / `fetch` for the repositories' SQL."""

    kind = "duckdb"
    shared = False  # whether other processes may write the same database at once
    row_lock = ""  # what a SELECT ends with to lock the rows it reads until commit

    def __init__(self, key: Path | str) -> None:
        self._key = key
        self._users = 0
        self._closed = False
        self._attachments: dict[str, Any] = {}
        self._attach_lock = threading.Lock()

    @property
    def path(self) -> Path | None:
        """The database file, or None for a server."""
        return None

    @property
    def location(self) -> str:
        """The database as messages name it (a file path, or a URL without its password)."""
        return str(self._key)

    @staticmethod
    def acquire(target: str | os.PathLike[str] | None = None) -> Database:
        """The process's `Database` for `target`, opening it on first use."""
        resolved = resolve_target(target)
        with _registry_lock:
            db = _registry.get(resolved)
            if db is None:
                if isinstance(resolved, str):
                    from tutor.store.pg import PostgresDatabase  # only servers need it

                    db = PostgresDatabase(resolved)
                else:
                    db = DuckDatabase(resolved, _connect(resolved))
                _registry[resolved] = db
            db._users += 1
            return db

    def release(self) -> None:
        """Drop one user; the last one closes the attachments, then the connection."""
        with _registry_lock:  # held throughout, so nobody reopens the database half closed
            if self._closed:
                return
            self._users -= 1
            if self._users > 0:
                return
            self._shut()

    def _shut(self) -> None:
        """Close the attachments, then the connection, and leave the registry (with
        `_registry_lock` held)."""
        try:
            self._close_attachments()
        finally:
            if _registry.get(self._key) is self:
                del _registry[self._key]
            self._close()

    def _close(self) -> None:
        raise NotImplementedError

    def attachment(self, key: str, make: Callable[[Database], T]) -> T:
        """The helper kept under `key` for this file, made by `make(self)` on first use.

        For what every store on the file must share (attempt ids, facts already
        checked). It is made while others asking for it wait, so none sees it half ready;
        helpers with a `close()` are closed, newest first, when the last store lets go.
        """
        with self._attach_lock:
            found = self._attachments.get(key)
            if found is None:
                found = self._attachments[key] = make(self)
            return found

    def _close_attachments(self) -> None:
        with self._attach_lock:
            helpers, self._attachments = list(self._attachments.values()), {}
        for helper in reversed(helpers):
            close = getattr(helper, "close", None)
            if close is not None:
                close()

    def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one parameterised statement (committing by itself) and return its rows."""
        return self.run(lambda cur: cur.execute(sql, params).fetchall())

    def run(self, work: Callable[[Cursor], T]) -> T:
        """Run `work(cursor)`, each statement committing by itself: reads, one-statement writes."""
        return self._attempt(work, explicit=False)

    def transaction(self, work: Callable[[Cursor], T]) -> T:
        """Run `work(cursor)` as one transaction, all or nothing."""
        return self._attempt(work, explicit=True)

    def _attempt(self, work: Callable[[Cursor], T], explicit: bool) -> T:
        raise NotImplementedError


class DuckDatabase(Database):
    """One open DuckDB file: a shared connection, a cursor per thread, retrying short
    transactions. DuckDB allows one writer process, so nothing else changes the file."""

    def __init__(self, path: Path, con: duckdb.DuckDBPyConnection) -> None:
        super().__init__(path)
        self._con = con
        self._lock = threading.Lock()
        self._solo = threading.Lock()  # retries past SOLO_AFTER clashes, one at a time
        self._local = threading.local()

    @property
    def path(self) -> Path:
        """The database file."""
        return self._key  # type: ignore[return-value]

    def _close(self) -> None:
        """Fold the write-ahead log into the file, then close: `tutor.duckdb` alone is then
        a whole backup (closing the connection alone checkpoints only once every thread's
        cursor is gone, which an app's threads are not)."""
        with self._lock:
            self._closed = True
            # a save still running in another thread is let finish (a second at most); one
            # still running then is rolled back (FORCE): it was never acknowledged
            for attempt in range(21):
                try:
                    self._con.execute("FORCE CHECKPOINT" if attempt == 20 else "CHECKPOINT")
                    break
                except duckdb.Error as exc:  # said, not raised: the connection still closes
                    if attempt == 20:
                        print(f"warning: could not checkpoint {self.path}: "
                              f"{_first_line(str(exc))}", file=sys.stderr, flush=True)
                    else:
                        time.sleep(0.05)
            self._con.close()

    def cursor(self) -> Cursor:
        """This thread's cursor (its own DuckDB connection to the shared database)."""
        cur = getattr(self._local, "cursor", None)
        if cur is None:
            with self._lock:
                if self._closed:
                    raise StoreUnavailable(f"The progress database {self.path} is closed.")
                cur = self._con.cursor()
            self._local.cursor = cur
        elif self._closed:
            raise StoreUnavailable(f"The progress database {self.path} is closed.")
        return cur

    def _attempt(self, work: Callable[[Cursor], T], explicit: bool) -> T:
        """Run `work`, retrying it when another thread's write clashed with it; past
        `SOLO_AFTER` clashes its retries run one at a time, so many threads writing one row
        (sixty sign-ins counted on one name) all get through however busy the machine."""
        for attempt in range(CONFLICT_RETRIES + 1):
            with self._solo if attempt >= SOLO_AFTER else contextlib.nullcontext():
                cur = self.cursor()
                try:
                    if explicit:
                        cur.begin()
                    result = work(cur)
                    if explicit:
                        cur.commit()
                    return result
                except (duckdb.TransactionException, WriteConflict) as exc:
                    self._rollback(cur, explicit)
                    if disk_full(str(exc)):  # a commit that found the disk full: no race
                        raise translate(exc, self.path) from exc
                    if attempt == CONFLICT_RETRIES:
                        raise StoreBusy(f"The progress database is too busy: {exc}") from exc
                except duckdb.Error as exc:
                    self._rollback(cur, explicit)
                    raise translate(exc, self.path) from exc
                except BaseException:
                    self._rollback(cur, explicit)
                    raise
            time.sleep(random.uniform(0, 0.002 * (attempt + 1)))
        raise AssertionError("unreachable")

    @staticmethod
    def _rollback(cur: Cursor, explicit: bool) -> None:
        if explicit:
            with contextlib.suppress(duckdb.Error):
                cur.rollback()
