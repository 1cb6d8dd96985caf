"""Broken puzzle files: every error names the file, the puzzle id and the field."""

from __future__ import annotations

import pytest

from tutor.commands.puzzles import main
from tutor.puzzle import PuzzleFileError, load_bank, load_file

GOOD = """[[puzzle]]
id = "t-1"
type = "throw"
themes = ["throw", "pair"]
difficulty = 1
level = "2"
suit = "S"
thrower = 0
throw = "AH AH KH 10H 10H"
others = ["KH KH", "", "3H", "4H"]
"""


def _load(tmp_path, text, name="bad.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PuzzleFileError) as info:
        load_file(path)
    return info.value


def test_good_file_loads(tmp_path):
    path = tmp_path / "good.toml"
    path.write_text(GOOD, encoding="utf-8")
    (p,) = load_file(path)
    assert (p.id, p.type, p.themes, p.difficulty, p.question) == (
        "t-1", "throw", ("throw", "pair"), 1, "outcome")


BROKEN = [
    # (change to the good entry, field the error must name, words in the message)
    (("thrower = 0\n", ""), "thrower", "missing"),
    (('throw = "AH AH KH 10H 10H"', 'throw = "AH AH KX 10H 10H"'), "throw", "'KX' is not a card"),
    (('throw = "AH AH KH 10H 10H"', 'throw = "AH AH"'), "throw", "not a throw"),
    (('throw = "AH AH KH 10H 10H"', 'throw = "AH AH KS"'), "throw", "one suit"),
    (('others = ["KH KH", "", "3H", "4H"]', 'others = ["KH KH", "", "3S", "4H"]'), "others[3]",
     "thrown suit"),
    (('others = ["KH KH", "", "3H", "4H"]', 'others = ["KH KH", "3H"]'), "others",
     "must list 4 entries"),
    (('others = ["KH KH", "", "3H", "4H"]', 'others = ["AH AH", "", "3H", "4H"]'), "others",
     "more than 3 times"),
    (('difficulty = 1', 'difficulty = "tricky"'), "difficulty", "easy, medium, hard"),
    (('difficulty = 1', 'difficulty = 7'), "difficulty", "1, 2, 3"),
    (('themes = ["throw", "pair"]', 'themes = ["throw", "pairs"]'), "themes", "unknown theme"),
    (('themes = ["throw", "pair"]', 'themes = ["pair"]'), "themes", "own theme"),
    (('type = "throw"', 'type = "thorw"'), "type", "must be one of"),
    (('suit = "S"', 'suit = "X"'), "suit", "not a suit"),
    (('level = "2"', 'level = "1"'), "level", "not a level"),
    (('thrower = 0', 'thrower = 5'), "thrower", "between 0 and 4"),
    (('thrower = 0', 'thrower = "0"'), "thrower", "whole number"),
    (('thrower = 0', 'thrower = 0\nthrowr = 1'), "throwr", "unknown field"),
    (('thrower = 0', 'thrower = 0\nquestion = "why"'), "question", "must be one of"),
    (('id = "t-1"', 'id = "T 1"'), "id", "lower-case"),
]


@pytest.mark.parametrize("change,field,words", BROKEN, ids=[b[1] + ":" + b[2] for b in BROKEN])
def test_broken_field_is_named(tmp_path, change, field, words):
    err = _load(tmp_path, GOOD.replace(*change))
    assert err.file.endswith("bad.toml")
    assert err.puzzle_id == ("T 1" if field == "id" else "t-1")
    assert err.field == field
    text = str(err)
    assert "bad.toml" in text and f"puzzle {err.puzzle_id}" in text and f"field '{field}'" in text
    assert words in text
    assert "字段" in err.text("zh")


def test_missing_id_is_named_by_position(tmp_path):
    err = _load(tmp_path, GOOD + "\n" + GOOD.replace('id = "t-1"\n', ""))
    assert (err.puzzle_id, err.field) == ("#2", "id")


def test_duplicate_id(tmp_path):
    err = _load(tmp_path, GOOD + "\n" + GOOD)
    assert (err.puzzle_id, err.field) == ("t-1", "id") and "duplicate" in str(err)


def test_duplicate_id_across_files(tmp_path):
    (tmp_path / "a.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.toml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(PuzzleFileError, match="duplicate id"):
        load_bank(tmp_path)


def test_not_toml(tmp_path):
    err = _load(tmp_path, GOOD + "\nthis is = = not toml\n")
    assert err.puzzle_id is None and "not valid TOML" in str(err) and "line" in str(err)


def test_unknown_top_level_key(tmp_path):
    err = _load(tmp_path, "puzzles = 3\n" + GOOD)
    assert err.field == "puzzles"


@pytest.mark.parametrize("entry,field", [
    ('type = "kitty"\nthemes = ["kitty"]\ndifficulty = 1\nlevel = "2"\nsuit = "S"\n'
     'declarer = 0\nfriend = 0\nleader = 1\nplays = ["AH", "KH", "QH", "JH", "9H"]\n'
     'kitty = "5S"', "friend"),
    ('type = "kitty"\nthemes = ["kitty"]\ndifficulty = 1\nlevel = "2"\nsuit = "S"\n'
     'declarer = 0\nfriend = 1\nleader = 1\nplays = ["AH", "KH KH", "QH", "JH", "9H"]\n'
     'kitty = "5S"', "plays[2]"),
    ('type = "kitty"\nthemes = ["kitty"]\ndifficulty = 1\nlevel = "2"\nsuit = "S"\n'
     'declarer = 0\nfriend = 1\nleader = 1\n'
     'plays = ["AH AH KH 10H 10H", "KH KH 3C 4C 5C", "QH 6C 7C 8C 9C", "3D 4D 5D 6D 7D", '
     '"8D 9D 10D JD QD"]\nkitty = "5S"', "plays[1]"),
    ('type = "follow"\nthemes = ["follow"]\ndifficulty = 1\nlevel = "2"\nsuit = "S"\n'
     'lead = "KH KH"\nhand = "QH QH 3C"\ncandidates = ["QH QH", "QH 5H"]', "candidates[2]"),
    ('type = "level"\nthemes = ["level"]\ndifficulty = 1\npoints = 62', "points"),
    ('type = "score"\nthemes = ["score"]\ndifficulty = 1\nlevels = ["2", "2", "Z", "2", "2"]\n'
     'declarer = 0\nfriend = 1\npoints = 60', "levels"),
    ('type = "friend"\nthemes = ["friend"]\ndifficulty = 1\ndeclarer = 0\ncard = "SJ"\n'
     'copies = [0, 1, 0, 0, 0]', "card"),
    ('type = "friend"\nthemes = ["friend"]\ndifficulty = 1\nquestion = "nth_played"\n'
     'declarer = 0\ncard = "AH"\nnth = 2\nplayed = [[1, 2], [2, 2]]', "played"),
    ('type = "trump_order"\nthemes = ["trump_order"]\ndifficulty = 1\nlevel = "2"\n'
     'suit = "S"\ncards = "BJ AH"', "cards"),
])
def test_type_specific_errors(tmp_path, entry, field):
    err = _load(tmp_path, f'[[puzzle]]\nid = "x-1"\n{entry}\n')
    assert (err.puzzle_id, err.field) == ("x-1", field), str(err)


def test_check_command_reports_broken_files(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text(GOOD.replace('suit = "S"', 'suit = "X"'), encoding="utf-8")
    good = tmp_path / "good.toml"
    good.write_text(GOOD.replace("t-1", "t-2"), encoding="utf-8")
    assert main(["check", "--dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "bad.toml: puzzle t-1: field 'suit'" in captured.err
    assert "1 puzzles, 1 problems" in captured.out
    assert main(["check", "--dir", str(tmp_path / "empty")]) == 1
