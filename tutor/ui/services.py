"""The process-wide store the pages share (one DuckDB connection per process)."""

from __future__ import annotations

import threading

from tutor.store import Store, StoreError

_lock = threading.Lock()
_store: Store | None = None
_error: StoreError | None = None


def get_store() -> Store | None:
    """The open store, or None if it cannot be opened (`store_error()` says why).

    Opened on first use from $TUTOR_DB (default data/tutor.duckdb); a failure is remembered
    so every page can show the same clear message while play still works unsaved.
    """
    global _store, _error
    with _lock:
        if _store is None and _error is None:
            try:
                _store = Store()
            except StoreError as exc:
                _error = exc
        return _store


def store_error() -> StoreError | None:
    """Why the store could not be opened, if it could not."""
    get_store()
    return _error
