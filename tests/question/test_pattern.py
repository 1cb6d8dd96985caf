"""The pattern kind: RULES.md §3 examples 1–5 (tractors, titanics) and §4 examples 6–7
(decomposition), for the puzzle questions and the lessons' is_unit, find and split."""

from __future__ import annotations

import pytest

from tutor.question import (
    KINDS,
    AnswerError,
    Choice,
    Fields,
    PickCards,
    Question,
    QuestionFileError,
    plain,
)
from tutor.rules import Trump
from tutor.text import Text


def puzzle(question: str, cards: str, level: str = "2", suit: str = "H") -> Question:
    f = Fields({"level": level, "suit": suit, "cards": cards}, "puzzles/x.toml", "pattern-x")
    return KINDS["pattern"].question(f, question)


HEARTS = Trump("2", "H")


def lesson(question: str, raw: dict, trump: Trump = HEARTS,
           wording: Text | None = None) -> Question:
    f = Fields(raw, "lessons/x.toml", "page 1: step", default_trump=trump)
    return KINDS["pattern"].question(f, question, wording=wording)


# RULES.md §3: (cards, level, trump suit, tractor?, titanic?)
UNITS = [
    ("2H 2H SJ SJ", "2", "H", True, False),           # 1
    ("2S 2S 2H 2H", "2", "H", True, False),           # 2
    ("2S 2S AH AH", "2", "H", True, False),           # 2
    ("SJ SJ BJ BJ", "2", "H", True, False),           # 2
    ("2S 2S 2C 2C", "2", "H", False, False),          # 3: equal ranks
    ("AH AH 2S 2S 2H 2H", "2", "H", True, False),     # 3: length 3
    ("3S 3S 4S 4S", "3", "S", False, False),          # 4
    ("2S 2S 4S 4S", "3", "S", True, False),           # 4
    ("2D 2D 4D 4D", "3", "S", True, False),           # 4
    ("2S 2S 2S 4S 4S 4S", "3", "S", False, True),     # 4
    ("KS KS AH AH", "A", "S", True, False),           # 5
    ("KH KH QH QH", "A", "S", True, False),           # 5
]


@pytest.mark.parametrize(("cards", "level", "suit", "tractor", "titanic"), UNITS)
def test_rules_examples_of_units(cards, level, suit, tractor, titanic) -> None:
    for question, truth in (("tractor", tractor), ("titanic", titanic)):
        q = puzzle(question, cards, level, suit)
        right, wrong = ("yes", "no") if truth else ("no", "yes")
        assert q.grade(right).correct and not q.grade(wrong).correct
        options = q.answer_input()
        assert isinstance(options, Choice)
        assert [k for k, _ in options.options if q.grade(k).correct] == [right]
        step = lesson("is_unit", {"kind": question, "cards": cards, "level": level,
                                  "suit": suit})
        assert step.solve().text == right
        assert step.grade(right).correct and not step.grade(wrong).correct


def test_is_unit_asks_for_its_kind_unless_worded() -> None:
    q = lesson("is_unit", {"kind": "pair", "cards": "2S 2C"})
    assert q.solve().text == "no"  # equal rank, different cards: not a pair (§2)
    assert plain(q.prompt().en).endswith("Is this one pair?")
    assert q.prompt().zh.endswith("这是一个对子吗？")
    worded = lesson("is_unit", {"kind": "pair", "cards": "2S 2C"},
                    wording=Text("Pair or not?", "是对子吗？"))
    assert worded.prompt().en.endswith("Pair or not?")


@pytest.mark.parametrize(("cards", "suit", "right", "wrong"), [
    ("AH AH AH KH KH", "S", "AH AH KH KH | AH", "AH AH AH | KH KH"),   # 6: [4,1] beats [3,2]
    ("5D 5D 5D 6D 6D 6D", "H", "5D 5D 5D 6D 6D 6D", "5D 5D 5D | 6D 6D 6D"),  # 7
])
def test_rules_examples_of_decomposition(cards, suit, right, wrong) -> None:
    q = puzzle("decompose", cards, suit=suit)
    assert q.grade(right).correct
    assert q.grade([right.split("|")[0].split(), *(g.split() for g in right.split("|")[1:])]
                   ).correct
    assert not q.grade(wrong).correct
    options = q.answer_input()
    assert isinstance(options, Choice) and len(options.options) >= 2
    assert [k for k, _ in options.options if q.grade(k).correct] == [options.options[0][0]]
    split = lesson("split", {"cards": cards, "suit": suit, "options": [wrong, right]})
    assert split.solve().text == "1"
    assert split.grade("1").correct and not split.grade("0").correct
    assert [k for k, _ in split.answer_input().options] == ["0", "1"]


def test_find_accepts_any_unit_of_the_kind() -> None:
    q = lesson("find", {"kind": "tractor", "hand": "AH AH QH QH 9C 9C 8C 8C JD 4S"},
               trump=Trump("3", "S"))
    assert isinstance(q.answer_input(), PickCards)
    assert q.grade(q.solve().text).correct
    assert q.grade("8C 8C 9C 9C").correct
    wrong = q.grade("AH AH QH QH")  # a gap: two pairs, not a tractor
    assert not wrong.correct and "not one tractor" in plain(wrong.explanation.en)
    assert not q.grade("9C 9C").correct
    with pytest.raises(AnswerError, match="your hand"):
        q.grade("KH KH")


@pytest.mark.parametrize(("question", "answer"), [
    ("tractor", "perhaps"), ("decompose", "AH AH | KH"), ("decompose", "AH AH KH KH | AH | AH"),
    ("decompose", "XX"), ("decompose", ""),
])
def test_unreadable_answers(question, answer) -> None:
    q = puzzle(question, "AH AH AH KH KH", suit="S")
    with pytest.raises(AnswerError) as err:
        q.grade(answer)
    assert err.value.text("en") and err.value.text("zh")


def test_unreadable_split_choice() -> None:
    q = lesson("split", {"cards": "AH AH KH", "options": ["AH AH | KH", "AH | AH | KH"]})
    with pytest.raises(AnswerError, match="Choose one"):
        q.grade("7")


@pytest.mark.parametrize(("question", "raw", "field"), [
    ("is_unit", {"kind": "quad", "cards": "AH AH"}, "kind"),
    ("is_unit", {"kind": "pair"}, "cards"),
    ("find", {"kind": "triple", "hand": "AH AH KH KH"}, "hand"),
    ("split", {"cards": "AH AH KH", "options": ["AH AH | KH"]}, "options"),
    ("split", {"cards": "AH AH KH", "options": ["AH AH | KH", "AH AH | QH"]}, "options[2]"),
    ("split", {"cards": "AH AH KH", "options": ["AH AH | KH", "AH AH | KH"]}, "options"),
    ("split", {"cards": "AH AH KH", "options": ["AH AH | KH", 3]}, "options[2]"),
    ("split", {"cards": "AH KS", "options": ["AH | KS", "KS | AH"]}, "cards"),
    ("split", {"cards": "AH AH KH", "options": ["AH AH | KH", "AH | AH | KH"], "x": 1}, "x"),
])
def test_broken_lesson_steps_name_the_field(question, raw, field) -> None:
    with pytest.raises(QuestionFileError) as err:
        lesson(question, raw)
    assert err.value.field == field


def test_broken_puzzle_names_the_field() -> None:
    with pytest.raises(QuestionFileError) as err:
        puzzle("decompose", "AH KS")
    assert err.value.field == "cards"
    with pytest.raises(QuestionFileError) as err:
        puzzle("tractor", "AH AH", suit="X")
    assert err.value.field == "suit"


def test_both_languages_render() -> None:
    for q in (puzzle("tractor", "2H 2H SJ SJ"), puzzle("decompose", "AH AH AH KH KH"),
              lesson("find", {"kind": "pair", "hand": "AH AH 3C"}),
              lesson("split", {"cards": "AH AH KH", "options": ["AH AH | KH", "AH | AH | KH"]})):
        for text in (q.prompt(), q.solve().explanation, q.answer_format()):
            assert text.en and text.zh and text.en != text.zh
        assert "[[" not in plain(q.prompt().zh)
