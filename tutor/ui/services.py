"""The process-wide store the pages share (one DuckDB connection per process)."""

from __future__ import annotations

import os
import sys
import threading
import time

from tornado.process import task_id

from tutor.store import ENV_VAR, Store, StoreError, StoreUnavailable

RETRY_SECONDS = 3.0  # a store that could not be opened is tried again at most this often
SHARED_SCHEMES = ("postgresql://", "postgres://")  # databases several processes can share

_lock = threading.Lock()
_store: Store | None = None
_error: StoreError | None = None
_failed_at = 0.0


def get_store() -> Store | None:
    """The open store, or None if it cannot be opened (`store_error()` says why).

    Opened on first use from $TUTOR_DB (default data/tutor.duckdb). A failure is kept, so
    every page shows the same clear message while play still works unsaved, and the store is
    tried again by a page that comes at least RETRY_SECONDS later: a file another process
    held (DuckDB allows one) is used as soon as that process lets go of it.
    """
    global _store, _error, _failed_at
    with _lock:
        if _store is None and (_error is None or time.monotonic() - _failed_at >= RETRY_SECONDS):
            failed_before = _error is not None
            try:
                problem = several_processes_problem()
                if problem is not None:
                    raise StoreUnavailable(problem)
                _store = Store()
                _error = None
                if failed_before:
                    print(f"the progress database {_store.path} is open now: progress is "
                          "saved again", file=sys.stderr, flush=True)
            except StoreError as exc:
                _error, _failed_at = exc, time.monotonic()
        return _store


def store_error() -> StoreError | None:
    """Why the store could not be opened, if it could not."""
    get_store()
    return _error


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
