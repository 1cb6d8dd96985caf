"""The one text catalogue: both languages hold the same keys with the same {slots}, and every
key is used by the code (a dead key, or a key the code asks for and the catalogue lacks, fails)."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

import tutor
from tutor.text import LANGS, PLURAL_FORMS, both, catalogue, has, t

ROOT = Path(tutor.__file__).parent


def _keys(lang: str) -> set[str]:
    return {f"{area}.{key}" for area, table in catalogue(lang).items() for key in table}


def _slots(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _literals() -> tuple[set[str], set[str]]:
    """Every string constant in tutor/, and the prefixes of strings built at run time
    (`f"nav_{page}"`, `"teacher_" + key`)."""
    constants: set[str] = set()
    prefixes: set[str] = set()
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(
                    node.values[0], ast.Constant) and len(node.values) > 1:
                prefixes.add(node.values[0].value)
            elif (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)
                  and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)):
                prefixes.add(node.left.value)
    return constants, prefixes


def test_both_languages_hold_the_same_keys() -> None:
    en, zh = _keys("en"), _keys("zh")
    assert en - zh == set(), "missing in zh/"
    assert zh - en == set(), "missing in en/"
    assert len(en) > 250


def test_each_key_has_the_same_slots_in_both_languages() -> None:
    for key in _keys("en"):
        area, name = key.split(".", 1)
        en, zh = catalogue("en")[area][name], catalogue("zh")[area][name]
        assert _slots(en) == _slots(zh), key
        assert zh.strip(), key


def _asked_as(key: str) -> str:
    """The key the code asks for: a counted message's forms `x_one`/`x_other` by `x`."""
    keys = _keys("en")
    for form in PLURAL_FORMS:
        base = key.removesuffix(form)
        if key.endswith(form) and all(base + f in keys for f in PLURAL_FORMS):
            return base
    return key


def test_every_key_is_used_by_the_code() -> None:
    constants, prefixes = _literals()
    # a key is named whole somewhere, or its area's code builds it from a prefix
    dynamic = {p.split(".")[-1] for p in prefixes if p.endswith("_") or p.endswith(".")}
    unused = sorted(
        key for key in map(_asked_as, _keys("en"))
        if key.split(".", 1)[1] not in constants and key not in constants
        and not any(key.split(".", 1)[1].startswith(p) for p in dynamic if p))
    assert unused == []


def test_every_key_the_rules_raise_is_in_the_catalogue() -> None:
    """The rules name their messages by key: each key they raise must exist."""
    raised = set()
    for path in (ROOT / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id.startswith(("Illegal", "NotYourTurn", "WrongPhase"))
                    and node.args and isinstance(node.args[0], ast.Constant)):
                raised.add(node.args[0].value)
    assert raised, "no rule errors found: the scan is broken"
    assert {key for key in raised if not has(f"rules.{key}")} == set()


def test_a_string_in_each_language_and_a_clear_error_for_another() -> None:
    assert t("ui.nav_learn", "en") == "Learn" and t("ui.nav_learn", "zh") == "学习"
    assert t("ui.seat", "zh", n=3) == "3号位"
    assert t("ui.nav_learn", "fr") == "Learn"  # an unknown page language falls back to English
    with pytest.raises(ValueError, match="the languages are en, zh"):
        catalogue("fr")
    assert LANGS == ("en", "zh")


def test_every_key_the_code_asks_for_is_in_the_catalogue() -> None:
    """`t("key", …)` in the pages, `_t` in the widgets and `text` in the hints name keys
    that exist (a typo would fail only when that page showed it)."""
    areas = {"t": ("ui", "learn", "card", "home", "review", "tables"), "_t": ("widgets",),
             "text": ("hint",)}
    asked = []
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in areas and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                asked.append((path.name, node.func.id, node.args[0].value))
    assert len(asked) > 150  # the scan sees the calls
    missing = [(file, key) for file, fn, key in asked  # a key may name its area itself
               if not has(key) and not any(has(f"{area}.{key}") for area in areas[fn])]
    assert missing == []


COUNTED = [  # (key, params for 1, English for 1, English for 2)
    ("ui.cards_left", {}, "1 card", "2 cards"),
    ("ui.your_turn_follow", {}, "Follow with 1 card.", "Follow with 2 cards."),
    ("ui.progress_lessons_done", {}, "**1** lesson completed", "**2** lessons completed"),
    ("card.pick_hint_n", {}, "Select up to 1 card.", "Select up to 2 cards."),
    ("rules.wrong_count", {}, "Play exactly 1 card: as many as were led.",
     "Play exactly 2 cards: as many as were led."),
    ("rules.must_follow_all", {"suit": "♥"}, "You hold 1 ♥ card: play it before other suits.",
     "You hold 2 ♥ cards: play all of them before other suits."),
]


@pytest.mark.parametrize(("key", "params", "one", "two"), COUNTED)
def test_a_counted_message_reads_right_for_one_and_for_two(key, params, one, two) -> None:
    assert t(key, "en", n=1, **params) == one
    assert t(key, "en", n=2, **params) == two
    assert t(key, "zh", n=1, **params) == t(key, "zh", n=2, **params).replace("2", "1")


def test_a_message_counted_by_another_slot_and_no_card_s_left() -> None:
    assert t("ui.assignment_progress", "en", "total", done=0, total=1, first=0) == (
        "0 of 1 puzzle solved, 0 at the first answer.")
    assert t("ui.assignment_progress", "en", "total", done=1, total=3, first=1) == (
        "1 of 3 puzzles solved, 1 at the first answer.")
    held = both("follow.held", plural_by="have", have=1, suit="♠", n=2)
    assert held.en == "You hold 1 ♠ card and 2 were led."
    assert t("trump_order.extra", "en", cards="A♠", n=1) == "A♠ is not a trump."
    assert t("trump_order.extra", "en", cards="A♠ K♠", n=2) == "A♠ K♠ are not trumps."
    with pytest.raises(KeyError, match="counted"):
        t("ui.cards_left", "en", count=2)
    for area, table in catalogue("en").items():
        for key, text in table.items():
            assert "(s)" not in text, f"{area}.{key} says (s): give it _one/_other forms"
