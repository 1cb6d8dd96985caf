"""Reading the puzzle bank: TOML files in `puzzles/`, many `[[puzzle]]` entries per file.

Every problem is reported as a PuzzleFileError naming the file, the puzzle id and the field.
"""

from __future__ import annotations

import functools
import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from tutor.question import KINDS, Fields, QuestionFileError
from tutor.text import both

from .errors import PuzzleFileError
from .model import Puzzle
from .themes import THEMES, TIER_NAMES, TYPE_THEMES

# made only from a learner's own reviewed hands (`tutor.review.puzzles`), with the review's
# values: never written in a file or by a teacher, whose values would be typed by hand
PERSONAL_TYPES = ("better_play",)
# mined from self-play and proven by the review's judge (`tutor.strategy`): read only from the
# mining's output, whose values the judge computed
MINED_TYPES = ("strategy",)
TYPES = [name for name in TYPE_THEMES
         if name in KINDS and name not in PERSONAL_TYPES + MINED_TYPES]

BANK_DIR = Path(__file__).resolve().parents[2] / "puzzles"
STRATEGY_DIR = BANK_DIR / "strategy"  # mined puzzles: one JSON line per mined hand
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9_]*(?:-[a-z0-9_]+)*")
TOP_LEVEL = ("puzzle", "generator")


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(BANK_DIR.parent))
    except ValueError:
        return str(path)


def load_file(path: str | Path) -> list[Puzzle]:
    """Every puzzle of one file, checked; PuzzleFileError on the first problem."""
    path = Path(path)
    name = _display(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise PuzzleFileError(name, None, None,
                              both("puzzle.err_read", error=exc.strerror)) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PuzzleFileError(name, None, None, both("puzzle.err_toml", error=str(exc))) from None
    for key in data:
        if key not in TOP_LEVEL:
            raise PuzzleFileError(name, None, key, both("puzzle.err_top_level"))
    entries = data.get("puzzle", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise PuzzleFileError(name, None, "puzzle", both("puzzle.err_tables"))
    puzzles = [read_entry(e, name, i) for i, e in enumerate(entries)]
    _check_unique(puzzles)
    return puzzles


def read_entry(raw: Mapping[str, Any], file: str, index: int = 0,
               types: Sequence[str] = TYPES) -> Puzzle:
    """One puzzle from its raw fields, checked by its kind; its type must be one of `types`
    (the bank's, unless the caller makes personal puzzles)."""
    pid = raw.get("id")
    label = pid if isinstance(pid, str) else f"#{index + 1}"
    try:
        return _read(Fields(raw, file), file, types)
    except QuestionFileError as exc:
        raise PuzzleFileError(file, label, exc.field, exc.message) from None


def _read(f: Fields, file: str, types: Sequence[str]) -> Puzzle:
    raw = f.raw
    pid = f.string("id")
    if not ID_PATTERN.fullmatch(pid):
        raise f.error("id", both("puzzle.err_id"))
    kind_name = f.choice("type", types)
    kind = KINDS[kind_name]
    themes = f.required("themes")
    if not isinstance(themes, list) or not all(isinstance(t, str) for t in themes):
        raise f.error("themes", both("puzzle.err_themes_list"))
    for t in themes:
        if t not in THEMES:
            raise f.error("themes", both("puzzle.err_theme", theme=repr(t),
                                         known=", ".join(THEMES)))
    if kind_name not in themes:
        raise f.error("themes", both("puzzle.err_own_theme", type=repr(kind_name)))
    for t in themes:  # a type's theme means that type: choosing "Throws" serves throws only
        if t in TYPE_THEMES and t != kind_name:
            raise f.error("themes", both("puzzle.err_other_type", theme=repr(t),
                                         type=repr(kind_name)))
    difficulty = _difficulty(f)
    question = f.choice("question", list(kind.questions), default=next(iter(kind.questions)))
    position = kind.read(f, question)
    extra = f.unused()
    if extra:
        raise f.error(extra[0], both("puzzle.err_unknown", type=kind_name))
    return Puzzle(id=pid, type=kind_name, themes=tuple(themes), difficulty=difficulty,
                  question=question, position=position, raw=dict(raw), file=file)


def _difficulty(f: Fields) -> int:
    value = f.required("difficulty")
    readable = isinstance(value, (int, str)) and not isinstance(value, bool)
    key = str(value).lower() if readable else ""
    if key not in TIER_NAMES:
        raise f.error("difficulty", both("puzzle.err_difficulty", value=repr(value)))
    return TIER_NAMES[key]


def _check_unique(puzzles: list[Puzzle]) -> None:
    seen: dict[str, Puzzle] = {}
    for p in puzzles:
        if p.id in seen:
            raise PuzzleFileError(p.file, p.id, "id",
                                  both("puzzle.err_duplicate", file=seen[p.id].file))
        seen[p.id] = p


def bank_files(root: str | Path | None = None) -> list[Path]:
    """The bank's TOML files, in name order."""
    return sorted(Path(root or BANK_DIR).glob("*.toml"))


def mined_files(root: str | Path | None = None) -> list[Path]:
    """The mining's output files of a bank (`strategy/*.jsonl`), in name order."""
    return sorted((Path(root) if root else BANK_DIR).joinpath("strategy").glob("*.jsonl"))


def load_mined(path: str | Path) -> list[Puzzle]:
    """The strategy puzzles of one mining output file: the `puzzles` of each line (one mined
    hand); a line that does not read is reported like a bad puzzle file."""
    path = Path(path)
    name = _display(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise PuzzleFileError(name, None, None,
                              both("puzzle.err_read", error=exc.strerror)) from None
    puzzles: list[Puzzle] = []
    for number, line in enumerate(lines, 1):
        try:
            entries = json.loads(line)["puzzles"]
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise PuzzleFileError(name, f"line {number}", None,
                                  both("puzzle.err_mined_line", error=str(exc))) from None
        puzzles += [read_entry(e, name, len(puzzles), MINED_TYPES) for e in entries]
    return puzzles


def load_bank(root: str | Path | None = None) -> list[Puzzle]:
    """Every puzzle of the bank (default: the shipped `puzzles/`), the mined strategy puzzles
    with them, ids unique across files. The shipped bank is read once per process (0.6 s;
    its files do not change while the tutor runs); a bank named by `root` each time."""
    return list(_shipped() if root is None else _read_bank(root))


@functools.cache
def _shipped() -> tuple[Puzzle, ...]:
    return tuple(_read_bank(BANK_DIR))


def _read_bank(root: str | Path) -> list[Puzzle]:
    puzzles = [p for path in bank_files(root) for p in load_file(path)]
    puzzles += [p for path in mined_files(root) for p in load_mined(path)]
    _check_unique(puzzles)
    return puzzles
