"""The attempt log: attempts are saved to a journal first and copied into DuckDB in batches.

Why: one DuckDB transaction per attempt tops out at a few hundred saves a second from one
thread, while a journal line costs one `fdatasync` (`journal.py`). "Saved" keeps its meaning —
on disk, safe against a crash or power cut, when `record` returns — and DuckDB's cost per
transaction is shared by every attempt a flush copies.

- `record(row)` gives the attempt the next id and appends it to the journal.
- A background thread copies what is in the journal into DuckDB, one transaction per batch,
  about every `FLUSH_SECONDS`; the journal forgets entries only after that commit.
- `flush()` does the same at once. Every read that could see attempts calls it first, so an
  attempt whose `record` returned is never missing from what a caller reads.
- Opening copies whatever a killed process left in the journal before anything else runs;
  the copy skips ids already stored, so nothing is written twice.

Ids come from the `attempt_ids` sequence in blocks drawn with a SELECT. DuckDB (2.0.1) does
not always keep a sequence's progress after a crash when only a SELECT drew from it (seen
with a sequence created earlier in the same session), so once the journal is copied, opening
notes the largest stored id and new ids start above it: unique, and increasing.
"""

from __future__ import annotations

import atexit
import logging
import threading
import weakref
from collections import deque
from pathlib import Path

from tutor.store.attempt_rows import AttemptRow, from_entry, insert_rows, to_entry
from tutor.store.db import Database
from tutor.store.journal import Journal

FLUSH_SECONDS = 0.05  # how long entries may wait for the background copy
RETRY_SECONDS = 1.0  # pause after a failed copy before the thread tries again
ID_BLOCK = 256  # ids drawn from the sequence at a time

log = logging.getLogger(__name__)
_open_logs: weakref.WeakSet[AttemptLog] = weakref.WeakSet()


def journal_path(db_path: Path) -> Path:
    """Where the journal of the database at `db_path` lives: beside it."""
    return db_path.with_name(db_path.name + ".journal")


class AttemptLog:
    """The journal in front of one database file, shared by every store open on that file."""

    def __init__(self, db: Database) -> None:
        """Open the journal, copy anything left in it into the database, and start the
        background copier."""
        self._db = db
        self._journal: Journal[AttemptRow] = Journal(journal_path(db.path), from_entry)
        self._flush_lock = threading.Lock()
        self._ids = _IdBlocks(db)
        try:
            self.flush()  # what a killed process left, before anyone reads or writes
            self._ids.move_past_stored()
        except BaseException:
            self._journal.close()
            raise
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True,
                                        name=f"attempt journal {db.path.name}")
        self._thread.start()
        _open_logs.add(self)

    @property
    def largest_sync_group(self) -> int:
        """The most appends one fdatasync has covered (more than 1: concurrent saves shared)."""
        return self._journal.largest_sync_group

    def record(self, row: AttemptRow) -> int:
        """Save an attempt (`row` without its id, already checked); return its new id once
        it is on disk."""

        def numbered() -> tuple[dict, AttemptRow]:
            full = (self._ids.take(1)[0], *row)
            return to_entry(full), full

        attempt_id = self._journal.append(numbered)[0]
        self._wake.set()
        return attempt_id

    def new_ids(self, count: int) -> list[int]:
        """Ids for attempts written to DuckDB directly (with their rating changes)."""
        return self._ids.take(count)

    def flush(self) -> None:
        """Copy every attempt recorded so far into DuckDB (returns at once if none is waiting)."""
        if not self._journal.unflushed:
            return
        with self._flush_lock:
            for _ in range(2):  # an earlier batch that failed, then everything newer
                rows = self._journal.take()
                if not rows:
                    return
                self._db.transaction(lambda cur, rows=rows: insert_rows(cur, rows))
                self._journal.done()

    def close(self) -> None:
        """Stop the background copier, copy what is left, and close the journal. A failed
        copy is logged, not raised: the entries stay in the journal for the next opening."""
        self.stop_thread()
        try:
            self.flush()
        except Exception:
            log.exception("Could not copy the attempt journal into %s; it is kept in %s and "
                          "will be copied when the file is next opened", self._db.path,
                          self._journal.path)
        self._journal.close()

    def stop_thread(self) -> None:
        """Stop the background copier (the journal keeps whatever it has not copied)."""
        self._stop.set()
        self._wake.set()
        if self._thread is not threading.current_thread():
            self._thread.join()
        _open_logs.discard(self)

    def _run(self) -> None:
        while True:
            self._wake.wait()
            if self._stop.wait(FLUSH_SECONDS):  # let a batch gather; wakes early to stop
                return
            self._wake.clear()
            # stop_thread sets _stop before _wake: if that _wake was just cleared, _stop is
            # already set, so look again (waiting for a wake would wait forever)
            if self._stop.is_set():
                return
            try:
                self.flush()
            except Exception:
                log.exception("Copying the attempt journal into %s failed; retrying in %s s",
                              self._db.path, RETRY_SECONDS)
                if self._stop.wait(RETRY_SECONDS):
                    return
                self._wake.set()


class _IdBlocks:
    """Attempt ids drawn from the database's sequence a block at a time."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._lock = threading.Lock()
        self._free: deque[int] = deque()
        self._floor = 0  # every new id must be above this

    def take(self, count: int) -> list[int]:
        """`count` new ids, each larger than any taken or stored before."""
        with self._lock:
            while len(self._free) < count:
                block = self._draw(max(ID_BLOCK, count))
                if block[0] <= self._floor:  # the sequence fell behind: skip past the floor
                    self._draw(self._floor - block[-1])
                    continue
                self._free.extend(block)
            return [self._free.popleft() for _ in range(count)]

    def move_past_stored(self) -> None:
        """Have new ids start above every stored one (see the module's notes)."""
        with self._lock:
            self._floor = self._db.fetch("SELECT coalesce(max(id), 0) FROM attempts")[0][0]

    def _draw(self, count: int) -> list[int]:
        return sorted(r[0] for r in self._db.fetch(
            "SELECT nextval('attempt_ids') FROM range($1)", [max(count, 1)]))


@atexit.register
def _stop_threads_at_exit() -> None:
    """Stop copiers before the interpreter goes; their journals are replayed on next open."""
    for attempt_log in list(_open_logs):
        attempt_log.stop_thread()
