"""One attempt as a row: its columns, new ids for it, and writing many rows at once.

A row is checked before it exists (`Attempts` validates every value), so writing rows
inserts them as they are, with ids from `AttemptIds`.

`first_attempts` holds each (user, puzzle)'s first attempt, keyed so only one can:
`claim_firsts` is how the answers of one transaction learn which of them are first (an
answer that moves no rating still comes first), and `claim_first` does it for one.
`copy_rows` is for rows saved elsewhere before (a journal an older version left): it skips
ids already stored and claims firsts itself.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from tutor.store.db import ConstraintViolation, Cursor, Database, WriteConflict

# Column -> SQL type (names both DuckDB and PostgreSQL know), in row order.
_TYPES = {
    "id": "BIGINT", "user_id": "BIGINT", "puzzle_id": "VARCHAR", "answer": "VARCHAR",
    "correct": "BOOLEAN", "seconds": "DOUBLE PRECISION", "rating_before": "DOUBLE PRECISION",
    "rating_after": "DOUBLE PRECISION", "assignment_id": "BIGINT", "created_at": "TIMESTAMP",
}
FIELDS = tuple(_TYPES)
ATTEMPT_COLUMNS = ", ".join(FIELDS)
AttemptRow = tuple[Any, ...]  # values for FIELDS, in order
ID_BLOCK = 256  # ids drawn from the sequence at a time
T = TypeVar("T")

_UNNESTED = ", ".join(f"unnest(${n}::{kind}[]) AS {name}"
                      for n, (name, kind) in enumerate(_TYPES.items(), start=1))
_INSERT = f"INSERT INTO attempts ({ATTEMPT_COLUMNS}) SELECT {_UNNESTED}"
_LOW, _HIGH = len(FIELDS) + 1, len(FIELDS) + 2
# Ids grow with time, so the range filter lets DuckDB skip all but the newest row groups
# (and PostgreSQL look up only that range of its primary key).
_COPY = f"""
INSERT INTO attempts ({ATTEMPT_COLUMNS})
SELECT v.* FROM (SELECT {_UNNESTED}) v
WHERE v.id NOT IN (SELECT id FROM attempts WHERE id BETWEEN ${_LOW} AND ${_HIGH})
"""
# keys in one order, so two PostgreSQL transactions claiming the same ones wait for each
# other rather than deadlock (a deadlock elsewhere is retried like any lost race)
_FIRSTS = """
INSERT INTO first_attempts (user_id, puzzle_id, attempt_id)
SELECT user_id, puzzle_id, min(id) FROM
    (SELECT unnest($1::BIGINT[]) AS id, unnest($2::BIGINT[]) AS user_id,
            unnest($3::VARCHAR[]) AS puzzle_id) v
GROUP BY user_id, puzzle_id
ORDER BY user_id, puzzle_id
ON CONFLICT (user_id, puzzle_id) DO NOTHING
RETURNING attempt_id
"""


class AttemptIds:
    """New attempt ids for one database, drawn from its `attempt_ids` sequence a block at a
    time (outside any transaction, so a write spends no statement on them), each above
    every id stored when the database was opened. Unused ids of a block are skipped.

    The floor matters on DuckDB: (2.0.1) was seen to lose a sequence's progress after a
    crash when only a SELECT had drawn from it, and the journal of older versions drew ids
    ahead of what DuckDB held. A sequence behind the floor is drawn past it.
    """

    def __init__(self, db: Database) -> None:
        self._db = db
        self._lock = threading.Lock()
        self._free: deque[int] = deque()
        self._floor = db.fetch("SELECT coalesce(max(id), 0) FROM attempts")[0][0]

    def take(self, count: int) -> list[int]:
        """`count` new ids, increasing, each larger than any taken or stored before."""
        with self._lock:
            while len(self._free) < count:
                block = self._draw(max(ID_BLOCK, count))
                if block[0] <= self._floor:  # the sequence fell behind: skip past the floor
                    self._draw(self._floor - block[-1])
                    continue
                self._free.extend(block)
            return [self._free.popleft() for _ in range(count)]

    def _draw(self, count: int) -> list[int]:
        return sorted(r[0] for r in self._db.fetch(
            "SELECT nextval('attempt_ids') FROM generate_series(1, $1)", [max(count, 1)]))


def insert_rows(cur: Cursor, rows: Sequence[AttemptRow]) -> None:
    """Insert new `rows` (their ids just drawn) in one statement."""
    if rows:
        cur.execute(_INSERT, [list(c) for c in zip(*rows, strict=True)])


def copy_rows(cur: Cursor, rows: Sequence[AttemptRow]) -> int:
    """Insert `rows` saved elsewhere before, leaving out any whose id is already stored (so
    copying again is harmless); each (user, puzzle) nobody has tried before gets its first
    attempt here. How many rows were new."""
    if not rows:
        return 0
    columns = [list(c) for c in zip(*rows, strict=True)]
    added = cur.execute(_COPY + " RETURNING id",
                        [*columns, min(columns[0]), max(columns[0])]).fetchall()
    claim_firsts(cur, *columns[:3])
    return len(added)


def claim_firsts(cur: Cursor, ids: list[int], user_ids: list[int],
                 puzzle_ids: list[str]) -> set[int]:
    """For each (user, puzzle) among these attempts that has no first attempt stored, make
    the one with the smallest id its first; the ids that are. Inside the caller's
    transaction, as `claim_first`."""
    return {r[0] for r in _conflict_as_retry(lambda: cur.execute(
        _FIRSTS, [ids, user_ids, puzzle_ids]).fetchall())}


def claim_first(cur: Cursor, attempt_id: int, user_id: int, puzzle_id: str) -> bool:
    """Make `attempt_id` the user's first attempt at the puzzle unless one is stored;
    whether it is. Inside the caller's transaction: PostgreSQL makes a second claimant wait
    for the first one's commit, DuckDB aborts the later one (`transaction` runs it again)."""
    return _conflict_as_retry(lambda: cur.execute(
        "INSERT INTO first_attempts VALUES ($1, $2, $3)"
        " ON CONFLICT (user_id, puzzle_id) DO NOTHING RETURNING attempt_id",
        [user_id, puzzle_id, attempt_id]).fetchone()) is not None


def release_first(cur: Cursor, user_id: int, puzzle_id: str) -> None:
    """Undo this transaction's `claim_first` (its answer is refused after all)."""
    cur.execute("DELETE FROM first_attempts WHERE user_id = $1 AND puzzle_id = $2",
                [user_id, puzzle_id])


def _conflict_as_retry(statement: Callable[[], T]) -> T:
    """Run `statement()`; a key another transaction committed after this one began (DuckDB
    reports it as a constraint error) means the transaction must run again."""
    try:
        return statement()
    except ConstraintViolation as exc:
        raise WriteConflict(str(exc)) from exc
