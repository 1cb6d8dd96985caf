"""What people call a puzzle (`Puzzle.title`): its kind and a few words on its position, in
both languages, never its raw id (`Puzzle score-1-011`, `题目 strategy-1_254-82`)."""

from __future__ import annotations

import re
from dataclasses import replace

from tutor.puzzle.loader import MINED_TYPES
from tutor.rules import format_cards

RAW_ID = re.compile(r"[a-z_]+-\d+[-_]\d+|strategy-|rules-ex")


def test_no_title_of_the_bank_shows_an_id(bank):
    for p in bank:
        title = p.title()
        for text in (title.en, title.zh):
            assert not RAW_ID.search(text), (p.id, text)
            assert " · " in text, (p.id, text)  # the kind, then what the position is


def test_a_title_says_what_its_position_is_about(bank):
    throw = next(p for p in bank if p.type == "throw" and p.id.startswith("throw-"))
    cards = throw.position["throw"]
    assert throw.title().en.startswith("Throws · throwing " + format_cards(cards, lang="en"))
    assert "甩" + format_cards(cards, lang="zh") in throw.title().zh
    mined = [p for p in bank if p.type in MINED_TYPES]
    lead = next(p for p in mined if p.position["decision"] == "play"
                and not p.position["plays"] and p.position["role"] == "declarer")
    trick = lead.position["trick"]
    assert lead.title().en == f"Best play · a lead as the declarer, trick {trick}"
    assert lead.title().zh == f"最佳打法 · 庄家首发，第{trick}轮"
    bury = next(p for p in mined if p.position["decision"] == "bury")
    assert bury.title().en.startswith("Best play · burying, level ")


def test_a_rules_example_keeps_its_number(bank):
    by_id = {p.id: p for p in bank}
    assert by_id["rules-ex15"].title().en.startswith("Rules example 15 · throwing ")
    assert by_id["rules-ex15"].title().zh.startswith("规则例15 · 甩")


def test_a_kind_without_words_for_its_position_keeps_the_named_form(bank):
    strategy = next(p for p in bank if p.type in MINED_TYPES)
    odd = replace(strategy, type="unknown-kind", id="made-by-hand")
    assert odd.title().en == "unknown-kind: made-by-hand"
