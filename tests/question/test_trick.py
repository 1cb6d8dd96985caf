"""The trick kind (§5): RULES.md examples 11–14 from the lead, answers, inputs and errors."""

from __future__ import annotations

import pytest

from tutor.question import KINDS, AnswerError, Choice, Fields, Question, QuestionFileError, plain
from tutor.rules import Trump

SPADES = Trump("2", "S")


def make(raw: dict, trump: Trump | None = SPADES) -> Question:
    f = Fields(raw, "test.toml", "here", default_trump=trump)
    return KINDS["trick"].question(f, "winner")


@pytest.mark.parametrize(("plays", "winner"), [
    (["KH", "AH", "2C", "2S", "3S"], 3),   # example 11: the trump level card beats the others
    (["AH AH", "3S 3S", "5S 5S", "2C 2D"], 2),  # example 12: two different 2s are no pair
    (["5H 5H 6H 6H", "3S 3S 4S 4S"], 1),   # example 13: a trump tractor beats a plain one
    (["5H 5H 6H 6H", "3S 3S 6S 6S"], 0),   # example 14: pairs that are no tractor lose
    (["2C", "2D"], 0),                     # equal level cards: the first played wins
])
def test_rules_md_examples(plays: list[str], winner: int) -> None:
    q = make({"plays": plays})
    assert q.solve().value == winner
    assert q.grade(str(winner)).correct and q.grade(f"seat {winner}").correct
    others = [s for s in range(len(plays)) if s != winner]
    assert not any(q.grade(str(s)).correct for s in others)


def test_seats_follow_the_leader_and_the_input_offers_who_played() -> None:
    q = make({"leader": 3, "plays": ["KH", "AH", "2C"]})
    assert q.solve().value == 0  # seat 3 led, 4 played AH, 0 trumped with 2C
    spec = q.answer_input()
    assert isinstance(spec, Choice) and [k for k, _ in spec.options] == ["3", "4", "0"]
    assert [q.grade(k).correct for k, _ in spec.options] == [False, False, True]
    with pytest.raises(AnswerError, match="did not play"):
        q.grade("1")
    with pytest.raises(AnswerError, match="seat number"):
        q.grade("the last one")


def test_prompt_and_explanation_in_both_languages() -> None:
    q = make({"plays": ["AH AH", "3S 3S", "5S 5S", "2C 2D"]})
    assert "[[AH AH]]" in q.prompt().en and "[[AH AH]]" in q.prompt().zh
    assert q.prompt().en.endswith("Who is winning the trick so far?")
    why = plain(q.solve().explanation.en)
    assert "does not match the shape" in why and "Seat 2 wins the trick" in why
    assert "2号位以" in q.solve().explanation.zh


@pytest.mark.parametrize(("raw", "field"), [
    ({"plays": ["AH"]}, "plays"),
    ({"plays": ["AH AS", "KH KH"]}, "plays[1]"),
    ({"plays": ["AH AH", "KH"]}, "plays[2]"),
    ({"plays": ["AH", "KH"], "leader": 7}, "leader"),
    ({"plays": ["AH", "XX"]}, "plays[2]"),
])
def test_bad_content_names_the_field(raw: dict, field: str) -> None:
    with pytest.raises(QuestionFileError) as err:
        make(raw)
    assert err.value.field == field
    assert err.value.text("zh") and err.value.text("en") != err.value.text("zh")
