"""A journal file: JSON lines, each one on disk (fdatasync'd) before `append` returns.

Why: DuckDB spends over a millisecond on even a one-row commit (statement, WAL write, fsync),
which keeps one thread at a few hundred saved attempts a second. Appending a line to a file
and `fdatasync`-ing it costs about 0.3 ms, so the store makes each attempt durable here and
copies the journal into DuckDB later, many attempts per transaction (`writeahead.py`).
Appenders that arrive while a sync runs share the next one (group sync).

Two files sit beside the database `x.duckdb`:
- `x.duckdb.journal`, the active journal, where appends go;
- `x.duckdb.journal.flushing`, entries being copied into DuckDB. `take()` renames the active
  file to this name (and starts a new active one) while appends wait; `done()` deletes it once
  the copy has committed. A failed copy keeps it, and the next `take()` offers it again.

Opening reads both back (entries left by a killed process). A last line without its newline
is a write that never finished — its caller was never told it was saved — so it is dropped
with a warning. Any other line that cannot be read stops the opening with `JournalDamaged`,
naming the file and line; the files are left as they are, so nothing is lost silently.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from tutor.store.errors import StoreCorrupt, StoreError, StoreUnavailable

T = TypeVar("T")
log = logging.getLogger(__name__)


class JournalDamaged(StoreCorrupt):
    """A journal line that is neither a whole entry nor an unfinished last write."""


class Journal(Generic[T]):
    """Durable appends of entries (JSON objects) kept in memory as items of type `T` until the
    caller has copied them elsewhere (`take`, then `done`). Safe to share between threads."""

    def __init__(self, path: Path, parse: Callable[[dict[str, Any]], T]) -> None:
        """Open (creating if absent) the journal at `path`; `parse` turns an entry read back
        into an item and raises ValueError, KeyError or TypeError for one it does not accept."""
        self.path = path
        self.flushing_path = path.with_name(path.name + ".flushing")
        self._changed = threading.Condition()
        self._held: list[T] = []  # the entries in flushing_path, if it exists
        if self.flushing_path.exists():
            self._held = _read(self.flushing_path, parse)
        self._pending = _read(self.path, parse, cut_torn_tail=True)
        self.unflushed = len(self._held) + len(self._pending)  # read without the lock
        self._fd = self._open_active(create=not self.path.exists())
        self._written = self._synced = 0  # appends counted since opening
        self._syncing = False
        self._failed: OSError | None = None
        self._closed = False
        self.largest_sync_group = 0

    def append(self, make: Callable[[], tuple[dict[str, Any], T]]) -> T:
        """Write the entry `make()` returns, wait until it is on disk, and return its item.

        `make` runs while appends are serialised, so what it numbers is numbered in file order.
        """
        with self._changed:
            self._check_usable()
            entry, item = make()
            data = (json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
            self._write(data)
            self._pending.append(item)
            self.unflushed += 1
            self._written += 1
            mine = self._written
        self._sync(mine)
        return item

    def take(self) -> list[T]:
        """The entries to copy into the database now: those of an earlier copy that did not
        finish, else every entry appended so far (the active file becomes the flushing one)."""
        with self._changed:
            if not self._held and self._pending:
                self._rotate()
            return list(self._held)

    def done(self) -> None:
        """The entries from `take()` are safely elsewhere: forget them and their file."""
        with self._changed:
            self.unflushed -= len(self._held)
            self._held = []
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.flushing_path)  # if this is lost, replaying it again is harmless

    def close(self) -> None:
        """Close the file; entries not yet copied stay in it for the next opening, and a
        journal with none left is deleted, so a clean exit leaves only the database."""
        with self._changed:
            while self._syncing:
                self._changed.wait()
            if self._closed:
                return
            if self._synced < self._written and self._failed is None:
                with contextlib.suppress(OSError):  # for writers between write and sync
                    os.fdatasync(self._fd)
                    self._synced = self._written
            os.close(self._fd)
            self._closed = True
            if self.unflushed == 0:
                with contextlib.suppress(OSError):
                    os.unlink(self.path)

    # --------------------------------------------------------------- internals
    def _write(self, data: bytes) -> None:
        start = os.lseek(self._fd, 0, os.SEEK_END)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self._fd, view):]
        except OSError as exc:
            try:
                os.ftruncate(self._fd, start)  # no half line may stay in front of later ones
            except OSError:
                self._failed = exc
            raise self._unavailable(exc) from exc

    def _sync(self, mine: int) -> None:
        """Return once append number `mine` is on disk; one caller syncs for all waiting."""
        with self._changed:
            while self._synced < mine:
                self._check_usable()
                if self._syncing:
                    self._changed.wait()
                    continue
                self._syncing, upto, fd = True, self._written, self._fd
                self.largest_sync_group = max(self.largest_sync_group, upto - self._synced)
                self._changed.release()
                failure: OSError | None = None
                try:
                    os.fdatasync(fd)
                except OSError as exc:
                    failure = exc
                finally:
                    self._changed.acquire()
                    self._syncing = False
                    self._changed.notify_all()
                if failure is not None:  # after a failed fsync the kernel may have dropped pages
                    self._failed = failure
                else:
                    self._synced = max(self._synced, upto)

    def _rotate(self) -> None:
        """Make the active file the flushing one and start a new active file (lock held)."""
        while self._syncing:
            self._changed.wait()
        self._check_usable()
        try:
            if self._synced < self._written:  # a writer is between its write and its sync
                os.fdatasync(self._fd)
                self._synced = self._written
            os.rename(self.path, self.flushing_path)
        except OSError as exc:
            self._failed = exc
            raise self._unavailable(exc) from exc
        try:
            fd = self._open_active(create=True)
        except BaseException:
            os.rename(self.flushing_path, self.path)
            raise
        os.close(self._fd)
        self._fd = fd
        self._held, self._pending = self._pending, []

    def _open_active(self, *, create: bool) -> int:
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
            if create:  # the new name must survive a power cut before an entry relies on it
                _sync_folder(self.path.parent)
        except OSError as exc:
            raise self._unavailable(exc) from exc
        return fd

    def _check_usable(self) -> None:
        if self._closed:
            raise StoreError(f"The attempt journal {self.path} is closed.")
        if self._failed is not None:
            raise self._unavailable(self._failed)

    def _unavailable(self, exc: OSError) -> StoreUnavailable:
        return StoreUnavailable(f"Cannot write the attempt journal {self.path}: "
                                f"{exc.strerror or exc}. Nothing more can be saved until the "
                                "app is restarted; what was saved before is safe.")


def _sync_folder(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _read(path: Path, parse: Callable[[dict[str, Any]], T], *,
          cut_torn_tail: bool = False) -> list[T]:
    """The items in the journal at `path` (none if it is absent), checked line by line."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise StoreUnavailable(f"Cannot read the attempt journal {path}: {exc.strerror}.") from exc
    end = data.rfind(b"\n") + 1  # 0 when there is no newline at all
    if end < len(data):
        log.warning("%s ends in an unfinished write (%d bytes, never reported as saved); "
                    "dropping it", path, len(data) - end)
        if cut_torn_tail:  # so the next entry starts on a line of its own
            with open(path, "r+b") as file:
                file.truncate(end)
                os.fsync(file.fileno())
    items = []
    for number, line in enumerate(data[:end].split(b"\n")[:-1], start=1):
        try:
            entry = json.loads(line)
            if not isinstance(entry, dict):
                raise TypeError("not a JSON object")
            items.append(parse(entry))
        except (ValueError, KeyError, TypeError) as exc:
            shown = line[:120].decode("utf-8", "replace")
            raise JournalDamaged(
                f"Line {number} of the attempt journal {path} cannot be read ({exc}): "
                f"{shown!r}. Nothing was changed. The other lines are saved attempts not yet "
                "in the database: keep a copy of the file, fix or delete that line, and open "
                "the app again."
            ) from exc
    return items
