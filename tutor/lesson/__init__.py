"""Lessons (layer 2): the curriculum from `lessons/*.toml`, with steps graded by the rules core.

`load_lessons()` gives the lessons in curriculum order; a page's `step.check(answer)` returns
a `Verdict(correct, explanation_en, explanation_zh)` and `step.solution()` a right answer.
"""

from .errors import LessonFileError
from .loader import LESSONS_DIR, lesson_files, load_lesson_file, load_lessons
from .model import Lesson, Page
from .registry import STEP_TYPES
from .step import CardsStep, ChoiceStep, NumberStep, Step, Verdict
from .text import CARD_MARK, Text, mark, split_marks

__all__ = [
    "CARD_MARK",
    "LESSONS_DIR",
    "STEP_TYPES",
    "CardsStep",
    "ChoiceStep",
    "Lesson",
    "LessonFileError",
    "NumberStep",
    "Page",
    "Step",
    "Text",
    "Verdict",
    "lesson_files",
    "load_lesson_file",
    "load_lessons",
    "mark",
    "split_marks",
]
