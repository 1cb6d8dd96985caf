"""Reading lesson files: `lessons/NN-name.toml`, one lesson each, in file-name order."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tutor.rules import Trump

from .errors import LessonFileError
from .fields import Fields
from .model import Lesson, Page
from .registry import STEP_TYPES

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")
DEFAULT_TRUMP = Trump("2", "H")  # for steps when neither lesson nor page names a trump
ANSWER_FIELDS = {"answer", "solution", "expected", "correct"}


def _display_name(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(LESSONS_DIR.parent))
    except ValueError:
        return str(path)


def load_lesson_file(path: str | Path) -> Lesson:
    """One lesson from a TOML file; LessonFileError names file, page/step and field."""
    path = Path(path)
    name = _display_name(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LessonFileError(name, None, None, f"cannot be read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise LessonFileError(name, None, None, "is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise LessonFileError(name, None, None, f"is not valid TOML: {exc}") from None
    f = Fields(raw, name, None)
    lesson_id = f.string("id")
    if not ID_PATTERN.match(lesson_id):
        raise f.error("id", "must be lower-case letters, digits and dashes")
    title = f.text("title")
    trump = f.trump() if f.has("level") or f.has("suit") else None
    pages_raw = f.required("page")
    if not isinstance(pages_raw, list) or not pages_raw:
        raise f.error("page", "needs at least one [[page]]")
    f.finish()
    pages = tuple(_page(p, name, i + 1, trump) for i, p in enumerate(pages_raw))
    return Lesson(lesson_id, title, pages, name)  # type: ignore[arg-type]


def _page(raw: object, file: str, number: int, default: Trump | None) -> Page:
    f = Fields(raw, file, f"page {number}")
    text = f.text("text")
    trump = default
    if f.has("level") or f.has("suit"):
        trump = f.trump(*((default.level, default.suit) if default else ("2", None)))
    step_raw = f.get("step")
    f.finish()
    step = None
    if step_raw is not None:
        s = Fields(step_raw, file, f"page {number}: step")
        leaked = ANSWER_FIELDS & set(s.raw)
        if leaked:
            raise s.error(sorted(leaked)[0], "a lesson never states an answer: the rules "
                                             "core computes it")
        kind = s.choice("type", tuple(STEP_TYPES))
        s.where = f"page {number}: step '{kind}'"
        base = trump or DEFAULT_TRUMP
        step = STEP_TYPES[kind](s, s.trump(base.level, base.suit))
        s.finish()
        try:
            step.solution()
        except Exception as exc:  # the rules core could not answer: a content error
            raise s.error(None, f"the rules core cannot answer this step: {exc}") from None
    return Page(text, trump, step)  # type: ignore[arg-type]


def lesson_files(folder: str | Path = LESSONS_DIR) -> list[Path]:
    """The lesson files of a folder, in curriculum (file-name) order."""
    return sorted(Path(folder).glob("*.toml"))


def load_lessons(folder: str | Path = LESSONS_DIR) -> list[Lesson]:
    """Every lesson, in curriculum order; raises LessonFileError on the first broken file."""
    lessons = [load_lesson_file(p) for p in lesson_files(folder)]
    seen: dict[str, str] = {}
    for lesson in lessons:
        if lesson.id in seen:
            raise LessonFileError(lesson.file, None, "id",
                                  f"duplicate id '{lesson.id}' (also in {seen[lesson.id]})")
        seen[lesson.id] = lesson.file
    return lessons
