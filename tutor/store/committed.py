"""Attempts on PostgreSQL: each one acknowledged only once the transaction holding it has
committed on the server.

Why not the DuckDB journal (`writeahead.py`): that journal is a file of one process, and
several app processes share one PostgreSQL database, so a journal left by a killed process
would be replayed by nobody. PostgreSQL's own write-ahead log already makes a commit
durable; what it costs (a round trip and a WAL flush) is shared by group commit: attempts
saved by many threads at once go in one transaction, and each caller gets its own id.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.store.attempt_rows import AttemptRow, insert_rows
from tutor.store.db import Cursor, Database
from tutor.store.group_commit import GroupCommit


class CommittedAttempts:
    """Saves attempts straight into the database; the same calls as `writeahead.AttemptLog`."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._group: GroupCommit[AttemptRow, int] = GroupCommit(self._write)

    @property
    def largest_sync_group(self) -> int:
        """The most attempts one commit has covered (more than 1: concurrent saves shared)."""
        return self._group.largest_batch

    def record(self, row: AttemptRow) -> int:
        """Give the attempt (`row` without its id) the next id, commit it, return the id."""
        return self._group.submit(row)

    def new_ids(self, count: int) -> list[int]:
        """`count` new attempt ids, increasing."""
        return self._db.run(lambda cur: _draw(cur, count))

    def flush(self) -> None:
        """Nothing waits outside the database: every acknowledged attempt is committed."""

    def stop_thread(self) -> None:
        """There is no background copier to stop."""

    def close(self) -> None:
        """Nothing to let go of (the connection pool belongs to the `Database`)."""

    def _write(self, batch: Sequence[AttemptRow]) -> list[int | Exception]:
        def write(cur: Cursor) -> list[int | Exception]:
            ids = _draw(cur, len(batch))
            insert_rows(cur, [(i, *row) for i, row in zip(ids, batch, strict=True)])
            return list(ids)

        return self._db.transaction(write)


def _draw(cur: Cursor, count: int) -> list[int]:
    return sorted(r[0] for r in cur.execute(
        "SELECT nextval('attempt_ids') FROM generate_series(1, $1)", [max(count, 1)]
    ).fetchall())[:count]
