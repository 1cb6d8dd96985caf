"""Lessons (layer 2): the curriculum from `lessons/*.toml`: text plus questions.

`load_lessons()` gives the lessons in curriculum order; a page's `step` is a
`tutor.question.Question`, graded by the rules core (`step.grade(answer)`).
"""

from .errors import LessonFileError
from .loader import LESSONS_DIR, lesson_files, load_lesson_file, load_lessons
from .model import Lesson, Page

__all__ = ["LESSONS_DIR", "Lesson", "LessonFileError", "Page", "lesson_files",
           "load_lesson_file", "load_lessons"]
