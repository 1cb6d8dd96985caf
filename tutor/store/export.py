"""A class's attempts as CSV for its teacher, safe to open in a spreadsheet."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from tutor.store.db import Cursor
from tutor.store.errors import StoreUnavailable

CSV_HEADER = (
    "attempt_id", "learner_id", "username", "display_name", "assignment_id",
    "assignment_title", "puzzle_id", "answer", "correct", "seconds", "rating_before",
    "rating_after", "created_at_utc",
)


def _cell(value: Any) -> Any:
    """Text a spreadsheet would run as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def write_atomically(path: Path, text: str) -> None:
    """Write via a temporary file and rename, so a failure leaves any old file whole."""
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise StoreUnavailable(f"Cannot write the export to {path}: {exc.strerror}.") from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise StoreUnavailable(f"Cannot write the export to {path}: {exc.strerror}.") from exc


def class_rows(cur: Cursor, class_id: int) -> list[tuple[Any, ...]]:
    """Every attempt by the class's learners, oldest first, in `CSV_HEADER` order."""
    return cur.execute(
        """SELECT a.id, u.id, u.username, u.display_name, a.assignment_id, s.title,
                  a.puzzle_id, a.answer, a.correct, a.seconds, a.rating_before,
                  a.rating_after, a.created_at
           FROM memberships m JOIN users u ON u.id = m.user_id
           JOIN attempts a ON a.user_id = m.user_id
           LEFT JOIN assignments s ON s.id = a.assignment_id
           WHERE m.class_id = $1
           ORDER BY a.created_at, a.id""",
        [class_id],
    ).fetchall()


def assignment_rows(cur: Cursor, assignment_id: int) -> list[tuple[Any, ...]]:
    """Attempts made for an assignment at its puzzles by its class, oldest first, as CSV rows."""
    return cur.execute(
        """SELECT a.id, u.id, u.username, u.display_name, a.assignment_id, s.title,
                  a.puzzle_id, a.answer, a.correct, a.seconds, a.rating_before,
                  a.rating_after, a.created_at
           FROM assignments s
           JOIN memberships m ON m.class_id = s.class_id
           JOIN users u ON u.id = m.user_id
           JOIN attempts a ON a.user_id = m.user_id AND a.assignment_id = s.id
                AND a.puzzle_id = ANY(s.puzzle_ids)
           WHERE s.id = $1
           ORDER BY a.created_at, a.id""",
        [assignment_id],
    ).fetchall()


Say = Callable[[str, Any], tuple[str, str]]  # (puzzle id, answer) -> (title, answer in words)
PUZZLE = CSV_HEADER.index("puzzle_id")
SAID_HEADER = (*CSV_HEADER[:PUZZLE + 1], "puzzle", *CSV_HEADER[PUZZLE + 1:])
ANSWER = CSV_HEADER.index("answer")
SECONDS = CSV_HEADER.index("seconds")
CREATED = CSV_HEADER.index("created_at_utc")
RATINGS = (CSV_HEADER.index("rating_before"), CSV_HEADER.index("rating_after"))


def _plain(row: tuple[Any, ...], say: Say | None = None) -> list[Any]:
    """A row as a person reads it: the answer as typed (stored as JSON: a text answer loses
    its quotes, other answers stay compact JSON) or, with `say`, in words after the puzzle's
    title; seconds to 0.1 s, ratings whole, the time as ISO 8601 UTC."""
    out = list(row)
    if isinstance(out[CREATED], datetime):
        out[CREATED] = out[CREATED].strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    answer = json.loads(out[ANSWER]) if isinstance(out[ANSWER], str) else out[ANSWER]
    out[ANSWER] = ("" if answer is None else answer if isinstance(answer, str)
                   else json.dumps(answer, ensure_ascii=False, separators=(",", ":")))
    if out[SECONDS] is not None:
        out[SECONDS] = f"{float(out[SECONDS]):.1f}"
    for i in RATINGS:
        if out[i] is not None:
            out[i] = round(float(out[i]))
    if say is not None:  # last: the title's column moves those after it
        title, out[ANSWER] = say(out[PUZZLE], answer)
        out.insert(PUZZLE + 1, title)
    return out


def to_csv(rows: list[tuple[Any, ...]], say: Say | None = None) -> str:
    """The rows as CSV text, formulas defused; with `say`, puzzle titles and answers in words."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_HEADER if say is None else SAID_HEADER)
    writer.writerows([_cell(v) for v in _plain(row, say)] for row in rows)
    return buffer.getvalue()
