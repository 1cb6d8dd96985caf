"""Reading lesson files: `lessons/NN-name.toml`, one lesson each, in file-name order."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tutor.question import KINDS, STEPS, Fields, Question, QuestionFileError
from tutor.rules import Trump
from tutor.text import both

from .errors import LessonFileError
from .model import Lesson, Page

LESSONS_DIR = Path(__file__).resolve().parents[2] / "lessons"
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")
DEFAULT_TRUMP = Trump("2", "H")  # for steps when neither lesson nor page names a trump
ANSWER_FIELDS = {"answer", "solution", "expected", "correct"}
TRUMP_LESSON = "trumps"  # the lesson that teaches trumps: no card is drawn as one before it
STRATEGY_STEP = "best_play"  # a step proven by the judge (`tutor.strategy.lessons`)
PUZZLE_ONLY = ("id", "type", "themes", "difficulty", "question")  # a mined entry's bank fields
JUDGED = "judged.json"  # beside the lessons: the judge's verdicts on their strategy steps
HANDS = "hands.jsonl"  # beside the lessons: the mined hands their strategy steps are from
PARTS = ("rules", "strategy")  # the two parts of the path: the rules, then how to play well


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
        raise LessonFileError(name, None, None, both("lesson.err_read", error=exc.strerror)
                              ) from None
    except UnicodeDecodeError:
        raise LessonFileError(name, None, None, both("lesson.err_utf8")) from None
    except tomllib.TOMLDecodeError as exc:
        raise LessonFileError(name, None, None, both("lesson.err_toml", error=str(exc))) from None
    try:
        return _lesson(raw, name, path.parent)
    except QuestionFileError as exc:
        raise LessonFileError(exc.file, exc.where, exc.field, exc.message) from None


def _lesson(raw: object, name: str, folder: Path) -> Lesson:
    f = Fields(raw, name, default_trump=Trump("2", None))
    lesson_id = f.string("id")
    if not ID_PATTERN.match(lesson_id):
        raise f.error("id", both("lesson.err_id"))
    title = f.text("title")
    part = f.choice("part", PARTS, default=PARTS[0])
    trump = f.trump() if f.has("level") or f.has("suit") else None
    pages_raw = f.required("page")
    if not isinstance(pages_raw, list) or not pages_raw:
        raise f.error("page", both("lesson.err_pages"))
    f.finish()
    pages = tuple(_page(p, name, i + 1, trump, folder) for i, p in enumerate(pages_raw))
    return Lesson(lesson_id, title, pages, name, part)  # type: ignore[arg-type]


def _page(raw: object, file: str, number: int, default: Trump | None, folder: Path) -> Page:
    f = Fields(raw, file, both("lesson.where_page", n=number),
               default_trump=default or Trump("2", None))
    text = f.text("text")
    trump = f.trump() if f.has("level") or f.has("suit") else default
    step_raw = f.get("step")
    f.finish()
    step = (None if step_raw is None
            else _step(step_raw, file, number, trump or DEFAULT_TRUMP, folder))
    return Page(text, trump, step)  # type: ignore[arg-type]


def _step(raw: object, file: str, number: int, trump: Trump, folder: Path) -> Question:
    """A page's question: `type` names a lesson step, which is one question of a kind (a
    strategy step is proven by the judge, its judgement cached in the lesson's folder)."""
    s = Fields(raw, file, both("lesson.where_step", n=number), default_trump=trump)
    leaked = ANSWER_FIELDS & set(s.raw)
    if leaked:
        raise s.error(sorted(leaked)[0], both("lesson.err_answer"))
    step_type = s.choice("type", (*STEPS, STRATEGY_STEP))
    s.where = both("lesson.where_step_type", n=number, type=step_type)
    if step_type == STRATEGY_STEP:
        return _strategy_step(s, folder)
    kind_name, key = STEPS[step_type]
    question = KINDS[kind_name].question(s, key, wording=s.text("question", required=False))
    try:
        question.solve()
    except Exception as exc:  # the rules core could not answer: a content error
        raise s.error(None, both("lesson.err_unanswerable", error=str(exc))) from None
    return question


def _strategy_step(s: Fields, folder: Path) -> Question:
    """A strategy position: a mined hand (`hand`, one of `HANDS` beside the lesson), the
    decision in it (`action`) and the play the author says is best (`best`), proven by the
    judge and certified by the referee before it is taught."""
    from tutor.strategy.lessons import NotProven, proven_entry  # the judge, loaded when asked

    hand = s.string("hand")
    action = s.integer("action", 0, 100000)
    best = s.get("best")  # cards; "" for a pass in the bidding
    if not isinstance(best, str):
        raise s.error("best", both("strategy.err_best"))
    best = best.strip()
    wording = s.text("question", required=False)
    s.finish()
    try:
        entry = proven_entry(hand, action, best, cache=folder / JUDGED, hands=folder / HANDS)
    except NotProven as exc:  # named by the field at fault: the hand, the decision or the play
        raise s.error(exc.field, exc.text) from None
    position = {k: v for k, v in entry.items() if k not in PUZZLE_ONLY}
    return KINDS["strategy"].question(Fields(position, s.file, s.where), "choose", wording)


def lesson_files(folder: str | Path = LESSONS_DIR) -> list[Path]:
    """The lesson files of a folder, in curriculum (file-name) order."""
    return sorted(Path(folder).glob("*.toml"))


def load_lessons(folder: str | Path = LESSONS_DIR) -> list[Lesson]:
    """Every lesson, in curriculum order; raises LessonFileError on the first broken file."""
    lessons = [load_lesson_file(p) for p in lesson_files(folder)]
    seen: dict[str, str] = {}
    for lesson in lessons:
        if lesson.id in seen:
            raise LessonFileError(lesson.file, None, "id", both(
                "lesson.err_duplicate", id=lesson.id, file=seen[lesson.id]))
        seen[lesson.id] = lesson.file
    _no_trump_before_it_is_taught(lessons)
    return lessons


def _no_trump_before_it_is_taught(lessons: list[Lesson]) -> None:
    """A page that names a trump draws its trumps marked; before the trump lesson a learner
    has not met trumps, so those lessons name none and their cards are drawn plain."""
    ids = [lesson.id for lesson in lessons]
    if TRUMP_LESSON not in ids:
        return
    for lesson in lessons[:ids.index(TRUMP_LESSON)]:
        for n, page in enumerate(lesson.pages, 1):
            if page.trump is not None:
                raise LessonFileError(lesson.file, both("lesson.where_page", n=n), "suit",
                                      both("lesson.err_trump_early", lesson=TRUMP_LESSON))
