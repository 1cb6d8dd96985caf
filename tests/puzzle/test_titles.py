"""What people call a puzzle (`Puzzle.title`): a mined strategy puzzle reads as a best play
named by its hand and action in both languages, not as its raw id behind the type's name."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.puzzle.loader import MINED_TYPES


@pytest.fixture(scope="module")
def strategy(bank):
    found = [p for p in bank if p.type in MINED_TYPES]
    assert found, "the bank serves mined strategy puzzles"
    return found[0]


def test_a_mined_puzzle_is_a_best_play_in_both_languages(strategy):
    puzzle = replace(strategy, id="strategy-1_3-45")  # the shape mining gives its ids
    assert puzzle.title().en == "Best play 1_3-45"
    assert puzzle.title().zh == "最佳打法 1_3-45"


def test_every_mined_title_names_its_own_hand_and_not_the_raw_id(bank):
    for p in (p for p in bank if p.type in MINED_TYPES):
        title = p.title()
        assert title.en.startswith("Best play ") and title.zh.startswith("最佳打法 "), p.id
        assert title.en.removeprefix("Best play ") == p.id.removeprefix("strategy-")
        assert "strategy-" not in title.en + title.zh


def test_an_unusual_strategy_id_keeps_the_named_form(strategy):
    puzzle = replace(strategy, id="strategy-lesson-bury")  # not a mined hand's id
    assert puzzle.title().en == "Strategy: find the best play: strategy-lesson-bury"


def test_other_titles_are_unchanged(bank):
    by_id = {p.id: p for p in bank}
    throw = next(p for p in bank if p.id.startswith("throw-1-"))
    assert throw.title().en.startswith("Throws ")
    if "rules-ex15" in by_id:
        assert by_id["rules-ex15"].title().en == "Rules example 15"
