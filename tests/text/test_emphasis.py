"""Bold text shows as bold in both languages. Catalogue strings go to pages as Markdown
(markdown-it, CommonMark), where a Chinese bold span that ends in full-width punctuation
followed by a character (`**已完成课程：**{done}`, on Progress) is not closed and shows its
stars; lesson pages go through `marks.render_text`, which makes bold <strong> first. Each,
rendered the way its page renders it, keeps no literal `**`."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from tutor.lesson.loader import LESSONS_DIR, lesson_files
from tutor.ui.marks import render_text

TEXT_DIR = Path(__file__).resolve().parents[2] / "tutor" / "text"
MD = MarkdownIt("commonmark")


def _strings(data: dict, prefix: str = ""):
    for key, value in data.items():
        if isinstance(value, dict):
            yield from _strings(value, f"{prefix}{key}.")
        elif isinstance(value, str):
            yield prefix + key, value


def _catalogue() -> list[tuple[str, str]]:
    found = []
    for path in sorted(TEXT_DIR.glob("*/*.toml")):
        for key, text in _strings(tomllib.loads(path.read_text(encoding="utf-8"))):
            if "**" in text:  # a parameter may be words in either script
                for sample in ("1", "第一课", "Lesson one"):
                    found.append((f"{path.parent.name}/{path.name}:{key}",
                                  re.sub(r"\{[^}]*\}", sample, text)))
    return found


def _pages() -> list[tuple[str, str]]:
    found = []
    for path in lesson_files(LESSONS_DIR):
        lesson = tomllib.loads(path.read_text(encoding="utf-8"))
        for n, page in enumerate(lesson.get("page", []), 1):
            for lang, text in (page.get("text") or {}).items():
                found.append((f"{path.name} page {n} ({lang})", render_text(text, None, lang)))
    return found


@pytest.mark.parametrize("where,text", _catalogue() + _pages(), ids=lambda x: str(x)[:60])
def test_bold_is_bold(where, text):
    assert "**" not in MD.render(text), f"{where} shows literal ** in: {text!r}"


def test_the_stars_the_old_wording_showed_are_caught():
    assert "**" in MD.render("**已完成课程：**第一课")
    assert "**" not in MD.render("**已完成课程**：第一课")
