"""One attempt as a row: its columns, its journal entry, and writing many rows at once.

A row is checked before it exists (`record_attempt` validates every value), so writing rows
inserts them as they are; `insert_rows` skips ids already in the table, which makes copying
a journal into the database safe to repeat after a crash.

`first_attempts` holds each (user, puzzle)'s first attempt, keyed so only one can: rows
written here claim it when nothing has (an attempt that moves no rating still comes first),
and `claim_first` is how a rated answer learns, in its transaction, whether it is first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from tutor.store.db import ConstraintViolation, Cursor, WriteConflict

# Column -> SQL type (names both DuckDB and PostgreSQL know), in row order.
_TYPES = {
    "id": "BIGINT", "user_id": "BIGINT", "puzzle_id": "VARCHAR", "answer": "VARCHAR",
    "correct": "BOOLEAN", "seconds": "DOUBLE PRECISION", "rating_before": "DOUBLE PRECISION",
    "rating_after": "DOUBLE PRECISION", "assignment_id": "BIGINT", "created_at": "TIMESTAMP",
}
FIELDS = tuple(_TYPES)
ATTEMPT_COLUMNS = ", ".join(FIELDS)
AttemptRow = tuple[Any, ...]  # values for FIELDS, in order
T = TypeVar("T")

_UNNESTED = ", ".join(f"unnest(${n}::{kind}[]) AS {name}"
                      for n, (name, kind) in enumerate(_TYPES.items(), start=1))
_LOW, _HIGH = len(FIELDS) + 1, len(FIELDS) + 2
# Ids grow with time, so the range filter lets DuckDB skip all but the newest row groups
# (and PostgreSQL look up only that range of its primary key).
_INSERT = f"""
INSERT INTO attempts ({ATTEMPT_COLUMNS})
SELECT v.* FROM (SELECT {_UNNESTED}) v
WHERE v.id NOT IN (SELECT id FROM attempts WHERE id BETWEEN ${_LOW} AND ${_HIGH})
"""
_FIRSTS = """
INSERT INTO first_attempts (user_id, puzzle_id, attempt_id)
SELECT user_id, puzzle_id, min(id) FROM
    (SELECT unnest($1::BIGINT[]) AS id, unnest($2::BIGINT[]) AS user_id,
            unnest($3::VARCHAR[]) AS puzzle_id) v
GROUP BY user_id, puzzle_id
ON CONFLICT (user_id, puzzle_id) DO NOTHING
"""


def insert_rows(cur: Cursor, rows: Sequence[AttemptRow], *, firsts: bool = True) -> None:
    """Insert `rows` in one statement, leaving out any whose id is already stored; with
    `firsts`, each (user, puzzle) nobody has tried before gets its first attempt here."""
    if not rows:
        return
    columns = [list(c) for c in zip(*rows, strict=True)]
    cur.execute(_INSERT, [*columns, min(columns[0]), max(columns[0])])
    if firsts:
        _conflict_as_retry(lambda: cur.execute(_FIRSTS, columns[:3]))


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


def to_entry(row: AttemptRow) -> dict[str, Any]:
    """The journal entry (a JSON object) for a row."""
    entry = dict(zip(FIELDS, row, strict=True))
    entry["created_at"] = row[-1].isoformat()
    return entry


def _expect(entry: dict[str, Any], name: str, kinds: tuple[type, ...],
            optional: bool = False) -> Any:
    value = entry[name]
    if value is None and optional:
        return None
    if isinstance(value, bool) != (bool in kinds) or not isinstance(value, kinds):
        raise TypeError(f"{name} is {value!r}")
    return value


def from_entry(entry: dict[str, Any]) -> AttemptRow:
    """The row a journal entry holds; TypeError, KeyError or ValueError if it is not one."""
    if set(entry) != set(FIELDS):
        raise KeyError(f"expected the fields {', '.join(FIELDS)}")
    number = (int, float)
    return (
        _expect(entry, "id", (int,)), _expect(entry, "user_id", (int,)),
        _expect(entry, "puzzle_id", (str,)), _expect(entry, "answer", (str,)),
        _expect(entry, "correct", (bool,)), float(_expect(entry, "seconds", number)),
        _optional_float(_expect(entry, "rating_before", number, optional=True)),
        _optional_float(_expect(entry, "rating_after", number, optional=True)),
        _expect(entry, "assignment_id", (int,), optional=True),
        datetime.fromisoformat(_expect(entry, "created_at", (str,))),
    )


def _optional_float(value: float | None) -> float | None:
    return None if value is None else float(value)
