"""The kitty_suit kind (§7): with no bid the turned-up kitty's first level card sets the suit,
else its first card that is not a joker."""

from __future__ import annotations

import pytest

from tutor.question import KINDS, AnswerError, Choice, Fields, Question, QuestionFileError
from tutor.rules import Trump


def make(level: str, kitty: str) -> Question:
    f = Fields({"level": level, "kitty": kitty}, "test.toml", "here",
               default_trump=Trump("2", "H"))
    return KINDS["kitty_suit"].question(f, "suit")


@pytest.mark.parametrize(("level", "kitty", "want"), [
    ("5", "BJ 9C 5H KD 5S 3D 8H", "H"),  # the first 5 is a heart
    ("9", "SJ KS 4H 4H 10C 6D AS", "S"),  # no 9: the first card that is not a joker
    ("2", "BJ SJ 3D 2C", "C"),
    ("A", "7C AD", "D"),
])
def test_the_kitty_sets_the_suit(level: str, kitty: str, want: str) -> None:
    q = make(level, kitty)
    assert q.solve().value == want
    choice = q.answer_input()
    assert isinstance(choice, Choice)
    assert [k for k, _ in choice.options if q.grade(k).correct] == [want]
    assert q.grade(want.lower()).correct


def test_answers_and_content_errors() -> None:
    q = make("5", "BJ 9C 5H")
    for bad in ("X", "hearts", ""):
        with pytest.raises(AnswerError) as exc:
            q.grade(bad)
        assert "`S`" in exc.value.text("en") and exc.value.text("zh")
    with pytest.raises(QuestionFileError) as err:
        make("5", "BJ SJ")
    assert err.value.field == "kitty"
    with pytest.raises(QuestionFileError) as err:
        make("5", "")
    assert err.value.field == "kitty"


def test_both_languages_render() -> None:
    q = make("9", "SJ KS 4H")
    for text in (q.prompt(), q.solve().explanation, q.answer_format()):
        assert text.en and text.zh and text.en != text.zh
    assert q.prompt().zh.endswith(q.asks().zh)
