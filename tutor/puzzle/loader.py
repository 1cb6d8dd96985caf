"""Reading the puzzle bank: TOML files in `puzzles/`, many `[[puzzle]]` entries per file.

Every problem is reported as a PuzzleFileError naming the file, the puzzle id and the field.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import PuzzleFileError
from .fields import Fields
from .model import Puzzle
from .text import Text
from .themes import THEMES, TIER_NAMES
from .types import TYPES

BANK_DIR = Path(__file__).resolve().parents[2] / "puzzles"
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
        raise PuzzleFileError(name, None, None, Text(f"cannot read: {exc.strerror}",
                                                     f"无法读取：{exc.strerror}")) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PuzzleFileError(name, None, None, Text(f"not valid TOML: {exc}",
                                                     f"不是有效的TOML：{exc}")) from None
    for key in data:
        if key not in TOP_LEVEL:
            raise PuzzleFileError(name, None, key, Text(
                "unknown top-level key: puzzles go in [[puzzle]] tables",
                "未知的顶层字段：题目应写在 [[puzzle]] 表中"))
    entries = data.get("puzzle", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise PuzzleFileError(name, None, "puzzle", Text(
            "puzzles must be written as [[puzzle]] tables", "题目应写成 [[puzzle]] 表"))
    puzzles = [read_entry(e, name, i) for i, e in enumerate(entries)]
    _check_unique(puzzles)
    return puzzles


def read_entry(raw: Mapping[str, Any], file: str, index: int = 0) -> Puzzle:
    """One puzzle from its raw fields, checked by its type."""
    pid = raw.get("id")
    label = pid if isinstance(pid, str) else f"#{index + 1}"
    f = Fields(raw, file, label)
    pid = f.string("id")
    if not ID_PATTERN.fullmatch(pid):
        raise f.error("id", "use lower-case letters, digits, '_' and '-' (e.g. throw-1-001)",
                      "只能用小写字母、数字、'_' 和 '-'（如 throw-1-001）")
    kind_name = f.choice("type", list(TYPES))
    kind = TYPES[kind_name]
    themes = f._get("themes", list, Text("a list of theme names", "主题名列表"))
    for t in themes:
        if t not in THEMES:
            raise f.error("themes", f"unknown theme {t!r}; known: {', '.join(THEMES)}",
                          f"未知主题 {t!r}")
    if kind_name not in themes:
        raise f.error("themes", f"must include the type's own theme {kind_name!r}",
                      f"必须包含题型主题 {kind_name!r}")
    difficulty = _difficulty(f)
    question = f.choice("question", list(kind.questions), default=next(iter(kind.questions)))
    position = kind.read(f, question)
    extra = f.unused()
    if extra:
        raise f.error(extra[0], f"unknown field for a {kind_name} puzzle (a typo?)",
                      f"{kind_name} 题目没有这个字段（拼写错误？）")
    return Puzzle(pid, kind_name, tuple(themes), difficulty, question, position, dict(raw), file)


def _difficulty(f: Fields) -> int:
    f.used.add("difficulty")
    value = f.raw.get("difficulty", ...)
    if value is ...:
        raise f.error("difficulty", "missing", "缺少此字段")
    readable = isinstance(value, (int, str)) and not isinstance(value, bool)
    key = str(value).lower() if readable else ""
    if key not in TIER_NAMES:
        raise f.error("difficulty", f"must be 1, 2, 3 (or easy, medium, hard), not {value!r}",
                      f"应为 1、2、3（或 easy、medium、hard），而不是 {value!r}")
    return TIER_NAMES[key]


def _check_unique(puzzles: list[Puzzle]) -> None:
    seen: dict[str, Puzzle] = {}
    for p in puzzles:
        if p.id in seen:
            raise PuzzleFileError(p.file, p.id, "id", Text(
                f"duplicate id (also in {seen[p.id].file})",
                f"题号重复（{seen[p.id].file} 中也有）"))
        seen[p.id] = p


def bank_files(root: str | Path | None = None) -> list[Path]:
    """The bank's TOML files, in name order."""
    return sorted(Path(root or BANK_DIR).glob("*.toml"))


def load_bank(root: str | Path | None = None) -> list[Puzzle]:
    """Every puzzle of the bank (default: the shipped `puzzles/`), ids unique across files."""
    puzzles = [p for path in bank_files(root) for p in load_file(path)]
    _check_unique(puzzles)
    return puzzles
