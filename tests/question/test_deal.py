"""The deal kind (§1): 3 decks for 5 players give 162 cards, 31 each, a kitty of 7 and 300
points; other tables follow the same count, written out here."""

from __future__ import annotations

import pytest

from tutor.question import KINDS, AnswerError, Fields, Number, Question, QuestionFileError
from tutor.rules import Trump

HEARTS = Trump("2", "H")


def make(raw: dict) -> Question:
    f = Fields(raw, "test.toml", "here", default_trump=HEARTS)
    return KINDS["deal"].question(f, "count")


@pytest.mark.parametrize(("ask", "want"), [("kitty", 7), ("hand", 31), ("total", 162),
                                           ("points", 300)])
def test_the_rules_deal(ask: str, want: int) -> None:
    q = make({"ask": ask})
    assert q.grade(str(want)).correct
    assert not q.grade(str(want + 1)).correct
    assert isinstance(q.answer_input(), Number)


def test_two_decks_four_players() -> None:
    # 108 cards; the smallest kitty of at least 5 that leaves an even deal is 8: 25 each
    total = 2 * 54
    kitty = next(k for k in range(5, total) if (total - k) % 4 == 0)
    for ask, want in (("total", total), ("kitty", kitty), ("hand", (total - kitty) // 4),
                      ("points", 200)):
        assert make({"ask": ask, "decks": 2, "players": 4}).grade(want).correct


def test_answers_and_content_errors() -> None:
    q = make({"ask": "kitty"})
    for bad in ("seven", "", "-7"):
        with pytest.raises(AnswerError) as exc:
            q.grade(bad)
        assert exc.value.text("en") and exc.value.text("zh")
    for raw, field in (({"ask": "cards"}, "ask"), ({}, "ask"),
                       ({"ask": "kitty", "decks": 5}, "decks"),
                       ({"ask": "kitty", "players": 2}, "players"),
                       ({"ask": "kitty", "level": "1"}, "level")):
        with pytest.raises(QuestionFileError) as err:
            make(raw)
        assert err.value.field == field


def test_both_languages_render() -> None:
    q = make({"ask": "hand", "decks": 2, "players": 4})
    for text in (q.prompt(), q.solve().explanation, q.answer_format()):
        assert text.en and text.zh and text.en != text.zh
    worded = Question(type="deal", question="count", position=q.position,
                      wording=q.kind.questions["count"])
    assert worded.prompt().en.endswith(worded.asks().en)
