"""The level kind (§8): RULES.md example 22's bands, a kitty lost on the last trick, the lesson's
choice of rows; answers and content errors."""

from __future__ import annotations

import pytest

from tutor.question import (
    KINDS,
    AnswerError,
    Choice,
    Fields,
    Question,
    QuestionFileError,
    SideLevels,
    plain,
)
from tutor.rules import Trump

HEARTS = Trump("2", "H")
EXAMPLE_22 = [(0, "declarer 3"), (55, "declarer 2"), (60, "declarer 1"), (115, "declarer 1"),
              (120, "none"), (175, "none"), (180, "defenders 1"), (240, "defenders 2"),
              (300, "defenders 3")]


def make(question: str, raw: dict, trump: Trump | None = None) -> Question:
    f = Fields(raw, "test.toml", "here", default_trump=trump)
    return KINDS["level"].question(f, question)


@pytest.mark.parametrize(("points", "answer"), EXAMPLE_22)
def test_example_22(points: int, answer: str) -> None:
    puzzle = make("change", {"points": points})
    lesson = make("choose", {"points": points}, HEARTS)
    for q in (puzzle, lesson):
        assert q.solve().text == answer
        assert q.grade(answer).correct
        assert not q.grade("defenders 4").correct
    assert isinstance(puzzle.answer_input(), SideLevels)
    choice = lesson.answer_input()
    assert isinstance(choice, Choice)
    right = [key for key, _ in choice.options if lesson.grade(key).correct]
    assert right == [answer]


def test_typed_answers_in_either_language() -> None:
    q = make("change", {"points": 55})
    for typed in ("declarer 2", "庄家 2", "declarer +2", "庄家方2级", "DECLARER 2 levels"):
        assert q.grade(typed).correct, typed
    assert make("change", {"points": 150}).grade("都不升").correct


KITTY = {"points": 70, "level": "2", "suit": "S", "kitty": "5S 10D KC 3H 4H 6D 7C",
         "last": "9C 9C"}


def test_a_kitty_lost_to_a_defender_adds_its_points_times_the_multiplier() -> None:
    lost = make("change", {**KITTY, "last_winner": "defenders"})  # 70 + 25 × 4 = 170
    assert lost.solve().text == "none"
    assert "170" in lost.solve().explanation.en
    kept = make("change", {**KITTY, "last_winner": "declarer"})  # P stays 70
    assert kept.solve().text == "declarer 1"
    assert not kept.grade("none").correct


def test_answers_that_cannot_be_read() -> None:
    q = make("change", {"points": 55})
    for bad in ("declarer", "sideways 2", "declarer 11", "", "2"):
        with pytest.raises(AnswerError) as exc:
            q.grade(bad)
        assert "declarer N" in exc.value.text("en") and exc.value.text("zh")


@pytest.mark.parametrize(("question", "raw", "field"), [
    ("change", {"points": 57}, "points"),
    ("choose", {"points": 57}, "points"),
    ("change", {"points": 305}, "points"),
    ("change", {}, "points"),
    ("change", {**KITTY, "points": 290, "last_winner": "defenders"}, "points"),
    ("change", {**KITTY, "last_winner": "nobody"}, "last_winner"),
    ("change", {"points": 70, "kitty": "5S"}, "level"),
])
def test_content_errors_name_the_field(question: str, raw: dict, field: str) -> None:
    with pytest.raises(QuestionFileError) as exc:
        make(question, raw, HEARTS if question == "choose" else None)
    assert exc.value.field == field


def test_both_languages_render() -> None:
    for q in (make("change", {**KITTY, "last_winner": "defenders"}),
              make("choose", {"points": 120}, HEARTS)):
        for text in (q.prompt(), q.solve().explanation, q.answer_format()):
            assert text.en and text.zh and text.en != text.zh
        assert q.prompt().zh.endswith(q.asks().zh)
        assert "[[" not in plain(q.prompt().en)
