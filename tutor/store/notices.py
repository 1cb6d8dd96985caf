"""Telling every app process that a shared table moved on, through the database itself.

On PostgreSQL a notice is `pg_notify` on one channel; each process keeps one connection
that LISTENs to it (in a thread) and hands each payload to its listeners, its own notices
included. A DuckDB file has one process, so a notice goes straight to the listeners.
Listeners run in the notifying (or listening) thread and must hand real work elsewhere.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any

CHANNEL = "tutor_tables"
Listener = Callable[[str], None]
RECONNECT_SECONDS = 1.0


class Notices:
    """In-process notices (one process on the database: DuckDB)."""

    def __init__(self, db: Any = None) -> None:
        self._db = db
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(payload)` for every notice from now on; returns how to stop."""
        with self._lock:
            self._listeners.append(listener)
        self._started()

        def stop() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return stop

    def notify(self, payload: str) -> None:
        """Tell every listener (of every process on the database) `payload`."""
        self._deliver(payload)

    def _deliver(self, payload: str) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener(payload)
            except Exception as exc:  # one broken page must not stop the others' notices
                print(f"a table notice's listener failed: {exc!r}", file=sys.stderr)

    def _started(self) -> None:
        """Make sure notices arrive (nothing to start in one process)."""

    def close(self) -> None:
        with self._lock:
            self._listeners.clear()


class PgNotices(Notices):
    """Notices through PostgreSQL's LISTEN/NOTIFY: a listening thread per process, started
    with the first listener; it reconnects by itself if the server goes away."""

    def __init__(self, db: Any) -> None:
        super().__init__(db)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.listening = threading.Event()  # set while the LISTEN connection is up

    def notify(self, payload: str) -> None:
        self._db.run(lambda cur: cur.execute("SELECT pg_notify($1, $2)", [CHANNEL, payload]))

    def _started(self) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._listen, name="table notices",
                                                daemon=True)
                self._thread.start()
        self.listening.wait(10)  # a notice sent before LISTEN would never arrive

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                with self._db.connect() as con:
                    con.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    while not self._stop.is_set():
                        for notice in con.notifies(timeout=1.0):
                            self._deliver(notice.payload)
            except Exception as exc:  # the server went away: try again shortly
                self.listening.clear()
                if not self._stop.is_set():
                    print(f"table notices: {exc}; listening again", file=sys.stderr)
                    time.sleep(RECONNECT_SECONDS)

    def close(self) -> None:
        self._stop.set()
        super().close()
        if self._thread is not None:
            self._thread.join(timeout=3)
