"""Lessons and their pages: text in two languages, optionally a question."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.question import Question
from tutor.rules import Trump
from tutor.text import Text


@dataclass(frozen=True)
class Page:
    """One short page: Markdown text with card marks, drawn under `trump`; maybe a question."""

    text: Text
    trump: Trump | None
    step: Question | None = None


@dataclass(frozen=True)
class Lesson:
    """A lesson: a stable `id` (progress is stored by it), a title, its pages and its part
    of the path (`rules`, then `strategy`)."""

    id: str
    title: Text
    pages: tuple[Page, ...]
    file: str
    part: str = "rules"

    @property
    def steps(self) -> list[tuple[int, Question]]:
        """(page index, question) for every interactive page."""
        return [(i, p.step) for i, p in enumerate(self.pages) if p.step is not None]
