"""The attempt journal of older versions, copied into the database once and removed.

Versions before this one saved some answers to `x.duckdb.journal` beside the database
file `x.duckdb` (JSON lines, each fdatasync'd), copied them into DuckDB in batches through
`x.duckdb.journal.flushing`, and copied whatever a killed process left when the file was
next opened. Now every answer is committed to the database before it is acknowledged, so
nothing writes a journal; but a data folder from an older version, killed or stopped while
answers waited there, still holds answers its learners were told were saved.

Opening a DuckDB file therefore copies both files, if present, into the database in one
transaction (ids already stored are skipped, so a copy interrupted after its commit is
harmless to repeat), logs how many answers it copied, and then deletes them. A last line
without its newline is a write that never finished, never acknowledged: it is dropped with
a warning. Any other line that cannot be read stops the opening with `JournalDamaged`,
naming the file and line; the files are left as they are, so nothing is lost silently.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
from datetime import datetime
from pathlib import Path
from typing import Any

from tutor.store.attempt_rows import FIELDS, AttemptRow, copy_rows
from tutor.store.db import Database
from tutor.store.errors import StoreCorrupt, StoreUnavailable

log = logging.getLogger(__name__)


class JournalDamaged(StoreCorrupt):
    """A journal line that is neither a whole entry nor an unfinished last write."""


def journal_paths(db_path: Path) -> tuple[Path, Path]:
    """The journal files an older version kept beside `db_path`: entries being copied
    (the older ones) and the active journal."""
    active = db_path.with_name(db_path.name + ".journal")
    return active.with_name(active.name + ".flushing"), active


def replay(db: Database) -> int:
    """Copy what an older version left in the journal beside `db`'s file into it, then
    delete the journal files; how many answers were new. Nothing to do on a server."""
    if db.path is None:
        return 0
    paths = [p for p in journal_paths(db.path) if p.exists()]
    if not paths:
        return 0
    rows = [row for path in paths for row in _read(path)]
    copied = db.transaction(lambda cur: copy_rows(cur, rows))
    for path in paths:  # the older file first: if this is cut short, copying again is harmless
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    log.warning("Copied %d saved answers (of %d) from the journal an older version left "
                "beside %s, and removed it", copied, len(rows), db.path)
    return copied


def to_entry(row: AttemptRow) -> dict[str, Any]:
    """The journal entry (a JSON object) older versions wrote for a row."""
    entry = dict(zip(FIELDS, row, strict=True))
    entry["created_at"] = row[-1].isoformat()
    return entry


def _read(path: Path) -> list[AttemptRow]:
    """The rows in the journal at `path`, checked line by line."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise StoreUnavailable(f"Cannot read the attempt journal {path}: {exc.strerror}.") from exc
    end = data.rfind(b"\n") + 1  # 0 when there is no newline at all
    if end < len(data):
        log.warning("%s ends in an unfinished write (%d bytes, never reported as saved); "
                    "dropping it", path, len(data) - end)
    rows = []
    for number, line in enumerate(data[:end].split(b"\n")[:-1], start=1):
        try:
            entry = json.loads(line)
            if not isinstance(entry, dict):
                raise TypeError("not a JSON object")
            rows.append(_from_entry(entry))
        except (ValueError, KeyError, TypeError) as exc:
            shown = line[:120].decode("utf-8", "replace")
            raise JournalDamaged(
                f"Line {number} of the attempt journal {path} cannot be read ({exc}): "
                f"{shown!r}. Nothing was changed. The other lines are saved answers not yet "
                "in the database: keep a copy of the file, fix or delete that line, and open "
                "the app again."
            ) from exc
    return rows


def _expect(entry: dict[str, Any], name: str, kinds: tuple[type, ...],
            optional: bool = False) -> Any:
    value = entry[name]
    if value is None and optional:
        return None
    if isinstance(value, bool) != (bool in kinds) or not isinstance(value, kinds):
        raise TypeError(f"{name} is {value!r}")
    return value


def _from_entry(entry: dict[str, Any]) -> AttemptRow:
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
