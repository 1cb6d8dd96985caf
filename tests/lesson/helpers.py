"""Build small lesson files for tests."""

from __future__ import annotations

from pathlib import Path

from tutor.lesson import load_lesson_file
from tutor.question import Question

HEAD = '''id = "t"
title = { en = "T", zh = "T" }
'''


def write_lesson(folder: Path, body: str, name: str = "01-t.toml", head: str = HEAD) -> Path:
    path = folder / name
    path.write_text(head + body, encoding="utf-8")
    return path


def one_step(folder: Path, step_fields: str) -> Question:
    """A lesson of one page whose step has these TOML fields; returns its question."""
    body = ('[[page]]\ntext = { en = "x", zh = "x" }\n[page.step]\n' + step_fields + "\n")
    step = load_lesson_file(write_lesson(folder, body)).pages[0].step
    assert step is not None
    return step
