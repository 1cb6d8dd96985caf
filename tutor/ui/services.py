"""What an app's pages share, in one object the app hands to its pages: the progress store
(one DuckDB connection per process) and the AI's worker pool."""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

from tornado.process import task_id

from tutor.store import ENV_VAR, Store, StoreError
from tutor.store.errors import StoreSetup

from .ai_pool import AIPool, default_workers

if TYPE_CHECKING:
    from tutor.tables import TableHub

RETRY_SECONDS = 3.0  # a store that could not be opened is tried again at most this often
SHARED_SCHEMES = ("postgresql://", "postgres://")  # databases several processes can share

class Services:
    """What the pages of one app share: the progress store and the AI's worker pool.

    The served app uses `Services.default()`, one per process (a DuckDB file allows one
    connection per process, and the pool's workers are the process's); a test or a
    notebook makes its own, with a store of its choosing.
    """

    _default: Services | None = None
    _default_lock = threading.Lock()

    def __init__(self, store: Store | None = None, pool: AIPool | None = None) -> None:
        self._lock = threading.Lock()
        self._store, self._pool = store, pool
        self._opens = store is None  # open $TUTOR_DB on first use (else the given store)
        self._tables: TableHub | None = None
        self._error: StoreError | None = None
        self._failed_at = 0.0

    @classmethod
    def default(cls) -> Services:
        """This process's services, made on first use."""
        with cls._default_lock:
            if cls._default is None:
                cls._default = cls()
            return cls._default

    def store(self) -> Store | None:
        """The open store, or None if it cannot be opened (`store_error()` says why).

        Opened on first use from $TUTOR_DB (default data/tutor.duckdb). A failure is kept,
        so every page shows the same clear message while play still works unsaved, and the
        store is tried again by a page that comes at least RETRY_SECONDS later: a file
        another process held (DuckDB allows one) is used as soon as that process lets go.
        """
        with self._lock:
            if self._store is None and self._opens and (
                    self._error is None
                    or time.monotonic() - self._failed_at >= RETRY_SECONDS):
                failed_before = self._error is not None
                try:
                    problem = several_processes_problem()
                    if problem is not None:
                        raise StoreSetup(problem)
                    self._store = Store()
                    self._error = None
                    if failed_before:
                        print(f"the progress database {self._store.path} is open now: "
                              "progress is saved again", file=sys.stderr, flush=True)
                except StoreError as exc:
                    self._error, self._failed_at = exc, time.monotonic()
            return self._store

    def store_error(self) -> StoreError | None:
        """Why the store could not be opened, if it could not."""
        self.store()
        return self._error

    @property
    def pool(self) -> AIPool:
        """The AI's worker pool, made on first use with `default_workers()` workers."""
        with self._lock:
            if self._pool is None:
                self._pool = AIPool(default_workers())
            return self._pool

    def tables(self) -> TableHub | None:
        """This process's shared tables (None while the store is unavailable): their
        computer seats decided in the AI's worker pool, paced like a game's."""
        store = self.store()
        if store is None:
            return None
        pool = self.pool
        with self._lock:
            if self._tables is None:
                from tutor.tables import TableHub

                from .play.page import ai_delay_ms

                async def decide(spec, obs):
                    return (await pool.decide(spec, obs)).action

                self._tables = TableHub(store, decide, delay=ai_delay_ms() / 1000)
            return self._tables

    def pool_stats(self) -> dict[str, Any]:
        """The pool's figures, or zeros before any page asked it for anything."""
        with self._lock:
            pool = self._pool
        if pool is None:
            return {"workers": default_workers(), "busy": 0, "waiting": 0, "decisions": 0,
                    "playouts_p50": None, "search_ms_p50": None}
        return pool.stats()


def shared_database() -> bool:
    """Whether $TUTOR_DB names a database server several processes can share (PostgreSQL),
    rather than a DuckDB file (one process at a time)."""
    return os.environ.get(ENV_VAR, "").strip().lower().startswith(SHARED_SCHEMES)


def several_processes_problem() -> str | None:
    """Why this process must not open the store, if it is one of several forked to serve the
    app (`panel serve --num-procs N`) and the store is a DuckDB file: only one of them could
    open it, and the others' pages would run unsaved."""
    if task_id() is None or shared_database():
        return None
    return ("找朋友 Tutor is served by several processes (--num-procs), but they cannot share "
            "a DuckDB file: only one process at a time may use it, so the others' pages "
            "would not be saved. Serve with one process, or give every process one "
            f"PostgreSQL database: {ENV_VAR}=postgresql://… panel serve app.py --num-procs N "
            "(or run `python -m tutor serve --db postgresql://…` several times behind nginx: "
            "deploy/nginx.conf).")
