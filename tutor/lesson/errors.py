"""Errors of the lesson layer: a lesson file that cannot be used."""

from __future__ import annotations

from tutor.question import QuestionFileError


class LessonFileError(QuestionFileError):
    """A broken lesson file; names the file, the page or step, and the field."""
