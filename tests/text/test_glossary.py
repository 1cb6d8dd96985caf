"""Every Chinese text the tutor shows is read against the glossary (one word for each idea of
the game) and against Chinese punctuation: full-width marks, no stray spaces where a source
line broke or inside 「 」 and “ ”."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = tomllib.loads((ROOT / "tutor" / "text" / "glossary.toml").read_text("utf-8"))
CJK = "[\u3400-\u9fff]"
# the texts' code, not prose: a field's format (`[座位, 张数]`), a placeholder, card marks
CODE = re.compile(r"`[^`]*`|\[\[[^\]]*\]\]|\{[a-z_]+\}|\[[^\[\]]*(?:\[[^\[\]]*\][^\[\]]*)*\]")
PUNCTUATION = {
    "ASCII mark beside Chinese": re.compile(f"{CJK}[,:;?!]|[,:;?!] ?{CJK}"),
    "space after a full-width mark": re.compile(r"[，。：；、！？）」”] +(?![|\s]|$)"),
    "space before a full-width mark": re.compile(r"(?<![|\s]) +[，。：；、！？（「“」”]"),
    "space inside quotes": re.compile(r"[「“] | [」”]"),
    "space between Chinese characters": re.compile(f"{CJK} +{CJK}"),
}


def _strings(obj: object, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(obj, dict):
        for key, value in obj.items():
            yield from _strings(value, f"{path}.{key}")
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield from _strings(value, f"{path}[{i}]")
    elif isinstance(obj, str):
        yield path, obj


def chinese_texts() -> list[tuple[str, str]]:
    """Every Chinese string: the catalogues, and the `zh` of lessons and puzzle files."""
    found = []
    for path in sorted((ROOT / "tutor" / "text" / "zh").glob("*.toml")):
        found += _strings(tomllib.loads(path.read_text("utf-8")), path.name)
    for path in sorted([*(ROOT / "lessons").glob("*.toml"), *(ROOT / "puzzles").glob("*.toml")]):
        found += [(where, text) for where, text in
                  _strings(tomllib.loads(path.read_text("utf-8")), path.name)
                  if re.search(r"\.zh(\.|\[|$)", where)]
    return found


TEXTS = chinese_texts()


def test_there_are_texts_to_read():
    assert len(TEXTS) > 1000


@pytest.mark.parametrize("idea", sorted(GLOSSARY))
def test_one_word_for_each_idea(idea):
    entry = GLOSSARY[idea]
    assert entry["en"] and entry["zh"]
    assert any(entry["zh"] in text for _, text in TEXTS), f"{entry['zh']} is used nowhere"
    for pattern in entry.get("avoid", []):
        wrong = [(where, m.group(0)) for where, text in TEXTS
                 for m in re.finditer(pattern, text)]
        assert not wrong, f"{idea} is {entry['zh']}: {wrong[:5]}"


@pytest.mark.parametrize("rule", sorted(PUNCTUATION))
def test_chinese_punctuation(rule):
    wrong = []
    for where, text in TEXTS:
        prose = CODE.sub("X", text)
        wrong += [(where, prose[max(0, m.start() - 8):m.end() + 8])
                  for m in PUNCTUATION[rule].finditer(prose)]
    assert not wrong, wrong[:8]


def test_a_sentence_broken_over_source_lines_shows_no_space():
    """A browser shows a line break inside Chinese prose as a space (`对子×4， 更大`): the
    page joins such lines again."""
    from tutor.ui.marks import render_text

    wrong = []
    for where, text in TEXTS:
        if not re.match(r"\d\d-", where):  # the lessons' Markdown; a catalogue's is one line
            continue
        shown = re.sub(r"<[^>]*>", "", render_text(text, None, "zh"))
        broken = re.finditer(f"{CJK}[，、；：。]?( +|\n){CJK}", shown)
        wrong += [(where, m.group(0)) for m in broken]
    assert not wrong, wrong[:8]
