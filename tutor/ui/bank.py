"""The puzzles the app serves: the shipped bank plus puzzles teachers authored.

Authored puzzles live in `authored_puzzles.toml` beside the database file, in the bank's own
format, so `tutor.puzzle` reads, solves and grades them like any other.
"""

from __future__ import annotations

import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any

from tutor.puzzle import Puzzle, load_bank, load_file
from tutor.puzzle.loader import read_entry
from tutor.puzzle.tomlwrite import entry
from tutor.store import Store

AUTHORED_FILE = "authored_puzzles.toml"


@lru_cache(maxsize=1)
def shipped_bank() -> tuple[Puzzle, ...]:
    """The shipped puzzle bank, read once per process."""
    return tuple(load_bank())


def authored_path(store: Store | None) -> Path | None:
    return None if store is None else store.path.parent / AUTHORED_FILE


def authored_puzzles(store: Store | None) -> list[Puzzle]:
    """Puzzles teachers wrote (none if there is no store or no file yet)."""
    path = authored_path(store)
    return load_file(path) if path is not None and path.exists() else []


def current_bank(store: Store | None) -> list[Puzzle]:
    """Everything a learner may be served: shipped plus authored."""
    return [*shipped_bank(), *authored_puzzles(store)]


def check_entry(raw: dict[str, Any]) -> Puzzle:
    """A puzzle from form fields, checked and solvable (PuzzleFileError / AnswerError say why
    not); nothing is saved."""
    puzzle = read_entry(raw, AUTHORED_FILE)
    puzzle.solve()
    return puzzle


def save_entry(store: Store, raw: dict[str, Any]) -> Puzzle:
    """Check and append an authored puzzle; the file is replaced atomically, so a failure
    never loses the puzzles already saved."""
    puzzle = check_entry(raw)
    path = authored_path(store)
    assert path is not None
    existing = path.read_text(encoding="utf-8") if path.exists() else (
        "# Puzzles written by teachers in the app (same format as puzzles/*.toml).\n")
    if any(p.id == puzzle.id for p in current_bank(store)):
        raise ValueError(f"a puzzle with id {puzzle.id!r} exists already")
    text = existing.rstrip("\n") + "\n\n" + entry(raw) + "\n"
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".authored-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        load_file(tmp)  # the new file must read back whole before it replaces the old one
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return puzzle
