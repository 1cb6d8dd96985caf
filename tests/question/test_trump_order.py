"""The trump_order kind: RULES.md §2 (which cards are trump, the order inside trump) for the
puzzle questions and the lessons' select and highest."""

from __future__ import annotations

import pytest

from tutor.question import KINDS, AnswerError, Fields, PickCards, Question, QuestionFileError, plain
from tutor.rules import Trump


def make(question: str, cards: str, level: str = "2", suit: str = "H",
         lesson: bool = False) -> Question:
    if lesson:
        f = Fields({"cards": cards}, "lessons/x.toml", "page 1: step",
                   default_trump=Trump(level, suit))
    else:
        f = Fields({"level": level, "suit": suit, "cards": cards}, "puzzles/x.toml", "t-x")
    return KINDS["trump_order"].question(f, question)


def test_order_inside_trump() -> None:
    # RULES.md §2: BJ > SJ > trump-suit level card > off-suit level cards (equal) > A > … of ♥
    q = make("order", "AH 2S SJ 2H BJ 2C 3H")
    assert q.solve().text == "BJ SJ 2H 2S 2C AH 3H"
    assert q.grade("BJ SJ 2H 2S 2C AH 3H").correct
    assert q.grade("BJ SJ 2H 2C 2S AH 3H").correct  # equal off-suit level cards either way
    assert not q.grade("BJ SJ 2S 2H 2C AH 3H").correct
    assert not q.grade("SJ BJ 2H 2S 2C AH 3H").correct
    assert isinstance(q.answer_input(), PickCards) and q.answer_input().plain
    assert "2♠ = 2♣" in plain(q.solve().explanation.en)


def test_no_trump_suit_leaves_jokers_and_level_cards() -> None:
    q = make("trumps", "AS 2S KH 3H SJ 7C", suit="none")
    assert q.grade("SJ 2S").correct and not q.grade("SJ 2S KH").correct


def test_which_cards_are_trumps() -> None:
    q = make("trumps", "AS 2S KH 3H SJ 7C 2D QD 10H")
    assert q.grade("2S KH 3H SJ 2D 10H").correct
    assert q.grade("10H 3H KH 2D 2S SJ").correct  # any order
    assert not q.grade("2S KH 3H SJ 10H").correct
    assert not q.grade("none").correct
    assert make("trumps", "AS 7C QD").grade("none").correct
    assert q.answer_input().none


def test_lesson_select_says_what_was_wrong() -> None:
    q = make("select", "AS 2S KH 3H SJ 7C", lesson=True)
    assert q.grade(q.solve().text).correct
    wrong = q.grade("AS KH 3H SJ")
    assert not wrong.correct
    assert "A♠ is not a trump." in plain(wrong.explanation.en)  # one card, singular
    assert "You missed 1 trump:" in wrong.explanation.en
    assert "漏了1张" in wrong.explanation.zh


def test_highest() -> None:
    q = make("highest", "2C AH 2H KH", lesson=True)
    assert q.grade("2H").correct and not q.grade("2C").correct and not q.grade("AH").correct
    assert q.answer_input().most == 1
    equal = make("highest", "2S 2C AH", lesson=True)  # equal off-suit level cards
    assert equal.grade("2S").correct and equal.grade("2C").correct
    plain_suit = make("highest", "KS 3S AS", lesson=True)
    assert plain_suit.grade("AS").correct and not plain_suit.grade("KS").correct
    assert "In this suit" in plain_suit.solve().explanation.en
    seven = make("highest", "AS 7D 7S KS 7C", level="7", suit="S", lesson=True)
    assert seven.grade("7S").correct and not seven.grade("AS").correct


@pytest.mark.parametrize(("question", "answer"), [
    ("order", "BJ SJ"), ("order", "BJ SJ 2H AH AH"), ("trumps", "QS"), ("trumps", "pick"),
    ("highest", "BJ SJ"), ("highest", "QS"), ("select", ""),
])
def test_unreadable_answers(question, answer) -> None:
    q = make(question, "BJ SJ 2H AH", lesson=question in ("select", "highest"))
    with pytest.raises(AnswerError) as err:
        q.grade(answer)
    assert err.value.text("en") and err.value.text("zh")


@pytest.mark.parametrize(("question", "cards", "suit", "lesson"), [
    ("order", "BJ AS", "H", False),
    ("select", "AS 7C", "H", True),
    ("highest", "AS 7C", "H", True),
    ("trumps", "AS", "H", False),
    ("trumps", "AS 7C", "X", False),
])
def test_broken_content_names_the_field(question, cards, suit, lesson) -> None:
    with pytest.raises(QuestionFileError) as err:
        make(question, cards, suit=suit, lesson=lesson)
    assert err.value.field == ("suit" if suit == "X" else "cards")


def test_both_languages_render() -> None:
    for q in (make("order", "BJ 2H AH"), make("trumps", "AS 2H"),
              make("select", "AS 2H", lesson=True), make("highest", "AS KS", lesson=True)):
        for text in (q.prompt(), q.solve().explanation, q.answer_format()):
            assert text.en and text.zh and text.en != text.zh
