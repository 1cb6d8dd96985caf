"""The points kind (the lessons' points step): RULES.md §1, 5s count 5, 10s and Ks 10."""

from __future__ import annotations

import pytest

from tutor.question import KINDS, AnswerError, Fields, Number, Question, QuestionFileError
from tutor.rules import Trump, parse_cards

VALUE = {"5": 5, "10": 10, "K": 10}


def make(raw: dict) -> Question:
    f = Fields(raw, "lessons/x.toml", "page 1: step", default_trump=Trump("2", "H"))
    return KINDS["points"].question(f, "count")


def count(cards: str) -> int:
    """An independent count from the card text: the rank is all but the suit letter."""
    return sum(VALUE.get(token[:-1], 0) for token in cards.split())


@pytest.mark.parametrize("cards", ["5S 10H KC KC 7D AS 5D", "7D AS", "KS 10D 5C 5C 3H 4H 9S",
                                   "SJ BJ 5H"])
def test_points_of_some_cards(cards) -> None:
    q = make({"cards": cards})
    right = count(cards)
    assert q.grade(str(right)).correct and q.grade(right).correct
    assert not q.grade(right + 5).correct
    assert isinstance(q.answer_input(), Number)
    assert str(right) in q.solve().explanation.en


def test_three_decks_hold_300_points() -> None:
    deck = " ".join(f"{r}{s}" for r in ("5", "10", "K") for s in "SHDC")
    q = make({"cards": " ".join([deck] * 3)})
    assert len(parse_cards(" ".join([deck] * 3))) == 36
    assert q.grade("300").correct


@pytest.mark.parametrize("answer", ["lots", "", "301", "-5", "2.5"])
def test_unreadable_answers(answer) -> None:
    with pytest.raises(AnswerError) as err:
        make({"cards": "5S"}).grade(answer)
    assert err.value.text("en") and err.value.text("zh")


@pytest.mark.parametrize(("raw", "field"), [({}, "cards"), ({"cards": ""}, "cards"),
                                            ({"cards": "5X"}, "cards"),
                                            ({"cards": "5S", "hand": "5S"}, "hand"),
                                            ({"cards": "5S", "suit": "X"}, "suit")])
def test_broken_content_names_the_field(raw, field) -> None:
    with pytest.raises(QuestionFileError) as err:
        make(raw)
    assert err.value.field == field


def test_both_languages_render() -> None:
    q = make({"cards": "7D AS"})
    for text in (q.prompt(), q.solve().explanation, q.answer_format()):
        assert text.en and text.zh and text.en != text.zh
    assert "0" in q.solve().explanation.zh
