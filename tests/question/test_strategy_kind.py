"""The strategy kind: a judged position reads, shows its options and solves by the judge's
values; a malformed one is refused naming the field; it is never a hand-written bank type."""

from __future__ import annotations

import copy

import pytest

from tutor.puzzle import PuzzleFileError
from tutor.puzzle.loader import MINED_TYPES, read_entry

ENTRY = {
    "id": "strategy-t-1", "type": "strategy", "themes": ["strategy", "no-gifts", "endgame"],
    "difficulty": 2, "question": "choose", "decision": "play", "level": "2", "suit": "H",
    "seat": 1, "role": "defender", "trick": 20, "hand": "10S 4S", "points": 40,
    "leader": 0, "plays": ["AS"], "candidates": ["10S", "4S"], "values": [-1.0, -0.6],
    "errors": [0.05, 0.0], "why": {"en": "Give the least away.", "zh": "尽量少送分。"},
    "source": {"hand": "1_0", "action": 99}}


def read(entry):
    return read_entry(entry, "test", 0, MINED_TYPES)


def test_a_judged_position_solves_by_its_values_and_explains_why():
    puzzle = read(ENTRY)
    solution = puzzle.solve()
    assert solution.text == "B"
    assert "Give the least away." in solution.explanation.en
    assert "A: [[10S]] puts 10 more points into this trick" in solution.explanation.en
    assert puzzle.kind.accepted(puzzle) == [1]
    assert "[[10S]]" in puzzle.prompt().en and "[[AS]]" in puzzle.prompt().en


@pytest.mark.parametrize(("field", "value"), [
    ("decision", "steal"), ("values", [1.0]), ("errors", [0.1, -0.1]), ("candidates", ["AS", "4S"]),
    ("candidates", ["10S", "10S"]), ("source", {"hand": 3}), ("why", "plain text")])
def test_a_malformed_position_is_refused_naming_the_field(field, value):
    entry = copy.deepcopy(ENTRY)
    entry[field] = value
    with pytest.raises(PuzzleFileError) as caught:
        read(entry)
    assert field in str(caught.value)


def test_a_call_names_one_non_joker_card_and_a_bury_is_seven_cards():
    call = dict(ENTRY, decision="call", candidates=["BJ", "AC"], hand="AS AS KS",
                buried="3C 4C 5C 6C 7C 8C 9C")
    del call["plays"], call["leader"]
    with pytest.raises(PuzzleFileError, match="joker"):
        read(call)
    bury = dict(call, decision="bury", candidates=["AS", "KS"])
    del bury["buried"]
    with pytest.raises(PuzzleFileError, match="7 cards"):
        read(bury)


def test_a_bid_may_pass_and_shows_the_bids_so_far():
    bid = dict(ENTRY, decision="bid", trick=0, hand="2H 2H 5S", suit="none",
               candidates=["", "2H 2H"], values=[-0.5, 0.3], errors=[0.1, 0.0],
               bids=[[0, "2S"]])
    del bid["plays"], bid["leader"]
    puzzle = read(bid)
    text = puzzle.prompt().en
    assert "pass" in text and "show [[2H 2H]]" in text and "[[2S]]" in text
    assert puzzle.solve().text == "B"


def test_a_bank_file_cannot_hold_a_strategy_puzzle_whose_values_would_be_typed():
    with pytest.raises(PuzzleFileError, match="type"):
        read_entry(ENTRY, "test.toml")
