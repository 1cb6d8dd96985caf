"""The friend kind (§7): the first holder after the declarer (checked against a walk round the
table written here), the declarer alone, and the nth_played rule; answers and content errors."""

from __future__ import annotations

import pytest

from tutor.question import KINDS, AnswerError, Choice, Fields, Question, QuestionFileError
from tutor.rules import Trump


def make(question: str, raw: dict, trump: Trump | None = None) -> Question:
    f = Fields(raw, "test.toml", "here", default_trump=trump)
    return KINDS["friend"].question(f, question)


def first_holder(declarer: int, copies: list[int]) -> str:
    for step in range(1, 5):
        if copies[(declarer + step) % 5]:
            return str((declarer + step) % 5)
    return "alone"


@pytest.mark.parametrize(("declarer", "copies"), [
    (0, [1, 0, 1, 1, 0]), (3, [1, 0, 1, 1, 0]), (2, [0, 0, 3, 0, 0]), (4, [0, 1, 0, 1, 1]),
    (1, [0, 2, 0, 0, 0]), (0, [0, 0, 0, 0, 1]), (0, [0, 0, 0, 0, 0])])
def test_the_first_holder_after_the_declarer(declarer: int, copies: list[int]) -> None:
    for trump in (None, Trump("2", "H")):  # a puzzle, and the lesson step `friend`
        q = make("holder", {"declarer": declarer, "card": "AH", "copies": copies}, trump)
        want = first_holder(declarer, copies)
        assert q.solve().text == want
        assert q.grade(want).correct
        choice = q.answer_input()
        assert isinstance(choice, Choice)
        keys = [k for k, _ in choice.options]
        assert str(declarer) not in keys and "alone" in keys
        assert [k for k in keys if q.grade(k).correct] == [want]


def test_typed_seats_and_alone() -> None:
    q = make("holder", {"declarer": 2, "card": "QD", "copies": [0, 0, 3, 0, 0]})
    for typed in ("alone", "一打四", "none"):
        assert q.grade(typed).correct
    assert not q.grade("seat 3").correct
    r = make("holder", {"declarer": 0, "card": "AH", "copies": [1, 0, 1, 1, 0]})
    assert r.grade("seat 2").correct and r.grade("2号位").correct and r.grade(2).correct


@pytest.mark.parametrize(("played", "nth", "want"), [
    ([[3, 1], [1, 1], [3, 1]], 1, "3"),
    ([[3, 1], [1, 1], [4, 1]], 3, "4"),
    ([[3, 1], [1, 1]], 2, "alone"),  # the declarer plays the 2nd copy
    ([[3, 1]], 2, "alone"),  # the 2nd copy never comes
    ([[0, 2], [4, 1]], 2, "0"),  # a play of two copies holds the 2nd
    ([], 1, "alone"),
])
def test_nth_played(played: list, nth: int, want: str) -> None:
    q = make("nth_played", {"declarer": 1, "card": "8C", "nth": nth, "played": played})
    assert q.solve().text == want
    assert q.grade(want).correct
    assert not q.grade("2").correct


def test_answers_that_cannot_be_read() -> None:
    q = make("holder", {"declarer": 0, "card": "AH", "copies": [1, 0, 1, 1, 0]})
    for bad in ("seat 7", "bob", "", "2 3"):
        with pytest.raises(AnswerError) as exc:
            q.grade(bad)
        assert "alone" in exc.value.text("en") and "一打四" in exc.value.text("zh")


@pytest.mark.parametrize(("question", "raw", "field"), [
    ("holder", {"declarer": 0, "card": "BJ", "copies": [1, 0, 1, 1, 0]}, "card"),
    ("holder", {"declarer": 0, "card": "AH AH", "copies": [1, 0, 1, 1, 0]}, "card"),
    ("holder", {"declarer": 0, "card": "AH", "copies": [1, 1, 1, 1, 0]}, "copies"),
    ("holder", {"declarer": 0, "card": "AH", "copies": [1, 0, 1]}, "copies"),
    ("holder", {"declarer": 5, "card": "AH", "copies": [1, 0, 1, 1, 0]}, "declarer"),
    ("nth_played", {"declarer": 0, "card": "AH", "nth": 4, "played": []}, "nth"),
    ("nth_played", {"declarer": 0, "card": "AH", "nth": 1, "played": [[3]]}, "played"),
    ("nth_played", {"declarer": 0, "card": "AH", "nth": 1, "played": [[3, 2], [1, 2]]},
     "played"),
])
def test_content_errors_name_the_field(question: str, raw: dict, field: str) -> None:
    with pytest.raises(QuestionFileError) as exc:
        make(question, raw)
    assert exc.value.field == field


def test_both_languages_render() -> None:
    for q in (make("holder", {"declarer": 3, "card": "KC", "copies": [1, 0, 1, 1, 0]}),
              make("nth_played", {"declarer": 1, "card": "8C", "nth": 2,
                                  "played": [[3, 1], [1, 2]]})):
        for text in (q.prompt(), q.solve().explanation, q.answer_format()):
            assert text.en and text.zh and text.en != text.zh
        assert q.prompt().en.endswith(q.asks().en)
        assert "[[KC]]" in q.prompt().en or "[[8C]]" in q.prompt().en
