"""The bid kind (§7): a bid shows more identical level cards than the standing bid; the
standing bidder may strengthen only its own suit. Any legal bid is right."""

from __future__ import annotations

import pytest

from tutor.question import KINDS, AnswerError, Fields, PickCards, Question, QuestionFileError
from tutor.rules import Trump

HEARTS = Trump("2", "H")
OVER = {"seat": 1, "standing": "2C 2C", "standing_seat": 0, "hand": "2H 2H 2S 2D 2D 2D AC KC"}
OWN = {"seat": 1, "standing": "2H", "standing_seat": 1, "hand": "2H 2H 2S 2S 9D"}


def make(raw: dict, trump: Trump = HEARTS) -> Question:
    f = Fields(raw, "test.toml", "here", default_trump=trump)
    return KINDS["bid"].question(f, "bid")


def test_a_bid_must_show_more_cards() -> None:
    q = make(OVER)
    assert q.grade("2D 2D 2D").correct
    assert "♦" in q.grade("2D 2D 2D").explanation.en
    for wrong in ("2H 2H", "2D 2D", "2H 2S", "AC"):
        g = q.grade(wrong)
        assert not g.correct, wrong
        assert g.explanation.en and g.explanation.zh


def test_the_standing_bidder_strengthens_only_its_own_suit() -> None:
    q = make(OWN)
    assert q.grade("2H 2H").correct
    assert not q.grade("2S 2S").correct
    assert q.solve().text == "2H 2H"


def test_any_level_card_opens_when_nobody_has_bid() -> None:
    q = make({"hand": "5S 5H KD", "seat": 3}, Trump("5", "H"))
    assert q.grade("5S").correct and q.grade("5H").correct
    assert not q.grade("KD").correct


def test_answers_that_cannot_be_read() -> None:
    q = make(OVER)
    assert isinstance(q.answer_input(), PickCards)
    for bad in ("2D 2D 2D 2D", "XX", ""):
        with pytest.raises(AnswerError) as exc:
            q.grade(bad)
        assert exc.value.text("en") and exc.value.text("zh")


@pytest.mark.parametrize(("raw", "field"), [
    ({**OVER, "standing": "3C 3C"}, "standing"),
    ({**OVER, "standing": "2C 2D"}, "standing"),
    ({**OVER, "hand": "2H 2H AC"}, "hand"),
    ({**OVER, "hand": ""}, "hand"),
    ({**OVER, "seat": 6}, "seat"),
])
def test_content_errors_name_the_field(raw: dict, field: str) -> None:
    with pytest.raises(QuestionFileError) as exc:
        make(raw)
    assert exc.value.field == field


def test_both_languages_render() -> None:
    for q in (make(OVER), make({"hand": "2S"})):
        for text in (q.prompt(), q.solve().explanation, q.answer_format()):
            assert text.en and text.zh and text.en != text.zh
        assert q.prompt().en.endswith(q.asks().en)
        assert "hand" in q.public()["position"]
