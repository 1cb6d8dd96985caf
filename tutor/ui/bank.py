"""The puzzles the app serves: the shipped bank plus puzzles teachers authored.

Authored puzzles are kept by the store (`store.puzzles`), in the bank's own fields, so
`tutor.puzzle` reads, solves and grades them like any other. A file of them that an older
version wrote beside the database (`authored_puzzles.toml`) is copied in once and renamed.
"""

from __future__ import annotations

import logging
import threading
import tomllib
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

from tutor.puzzle import TIERS, Puzzle, PuzzleFileError, load_bank
from tutor.puzzle.loader import read_entry
from tutor.store import Store

from .i18n import t
from .safe import user_text

SOURCE = "authored puzzles"  # where an authored puzzle's errors say it comes from
LEGACY_FILE = "authored_puzzles.toml"
log = logging.getLogger(__name__)
_importing = threading.Lock()  # pages of several sessions may look for the file at once


@lru_cache(maxsize=1)
def shipped_bank() -> tuple[Puzzle, ...]:
    """The shipped puzzle bank, read once per process."""
    return tuple(load_bank())


def authored_puzzles(store: Store | None) -> list[Puzzle]:
    """Puzzles teachers wrote (none without a store); one that no longer reads (a newer
    rule, a damaged row) is left out and logged rather than breaking every page."""
    if store is None:
        return []
    import_legacy_file(store)
    shipped = {p.id for p in shipped_bank()}
    found = []
    for raw in store.puzzles.all():
        try:
            puzzle = read_entry(raw, SOURCE)
        except PuzzleFileError as exc:
            log.warning("authored puzzle left out: %s", exc)
            continue
        if puzzle.id not in shipped:
            found.append(puzzle)
    return found


def current_bank(store: Store | None) -> list[Puzzle]:
    """Everything a learner may be served: shipped plus authored."""
    return [*shipped_bank(), *authored_puzzles(store)]


def check_entry(raw: dict[str, Any]) -> Puzzle:
    """A puzzle from form fields, checked and solvable (PuzzleFileError / AnswerError say why
    not); nothing is saved."""
    puzzle = read_entry(raw, SOURCE)
    puzzle.solve()
    return puzzle


def save_entry(store: Store, actor_id: int, raw: dict[str, Any]) -> Puzzle:
    """Check an authored puzzle and keep it (a teacher's; an id in the shipped bank or taken
    already is refused with `ValueError` / the store's `Conflict`)."""
    puzzle = check_entry(raw)
    if any(p.id == puzzle.id for p in shipped_bank()):
        raise ValueError(f"a puzzle with id {puzzle.id!r} exists already")
    store.puzzles.add(actor_id, raw)
    return puzzle


def import_legacy_file(store: Store) -> int:
    """Copy the puzzles of an older version's `authored_puzzles.toml` into the store, then
    rename the file (`.imported`) so it is read once; returns how many were new. Only a
    DuckDB file had one beside it (a PostgreSQL store has no `path`)."""
    if store.path is None:
        return 0
    path = Path(store.path).parent / LEGACY_FILE
    with _importing:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return 0  # nothing to import (or another page did it just now)
        try:
            entries = tomllib.loads(text).get("puzzle", [])
        except tomllib.TOMLDecodeError as exc:
            log.warning("%s is not readable TOML, left in place: %s", path, exc)
            return 0
        added = sum(store.puzzles.import_entry(dict(raw)) for raw in entries
                    if isinstance(raw, dict))
        path.replace(path.with_name(LEGACY_FILE + ".imported"))
    return added


def meta_html(puzzle: Puzzle, lang: str) -> str:
    """The line above a puzzle: its title and tier (`Throws · throwing A♥ A♥ K♥, … · easy`),
    as text (a teacher's puzzle may carry typed words), its id kept for scripts and tests
    in `data-puzzle`, not shown."""
    said = t("puzzle_meta", lang, title=puzzle.title().get(lang),
             tier=TIERS[puzzle.difficulty].get(lang))
    return (f'<em class="zp-puzzle-meta" data-puzzle="{escape(puzzle.id, quote=True)}">'
            f"{user_text(said)}</em>")


def distinct(titles: list[str]) -> list[str]:
    """`titles` with a second of one numbered (`… (2)`), for a list or axis that needs each
    once (two puzzles may be about the same cards)."""
    seen: set[str] = set()
    out = []
    for title in titles:
        label, n = title, 1
        while label in seen:
            n += 1
            label = f"{title} ({n})"
        seen.add(label)
        out.append(label)
    return out
