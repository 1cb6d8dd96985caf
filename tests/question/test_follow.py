"""The follow kind: RULES.md §5 examples 8–10 as lesson selections (`select`) and as lettered
candidates (`legal`); an illegal selection is told the rules core's reason."""

from __future__ import annotations

import pytest

from tutor.question import (
    KINDS,
    AnswerError,
    Fields,
    PickCards,
    Question,
    QuestionFileError,
    Several,
    plain,
)
from tutor.rules import Trump, follow_error, parse_cards

LESSON_TRUMP = Trump("2", "S")


def select(lead: str, hand: str, **extra) -> Question:
    f = Fields({"lead": lead, "hand": hand, **extra}, "lessons/x.toml", "page 1: step",
               default_trump=LESSON_TRUMP)
    return KINDS["follow"].question(f, "select")


def legal(lead: str, hand: str, candidates: list[str]) -> Question:
    f = Fields({"level": "2", "suit": "S", "lead": lead, "hand": hand,
                "candidates": candidates}, "puzzles/x.toml", "follow-x")
    return KINDS["follow"].question(f, "legal")


# RULES.md §5 (level 2, trump ♠): lead, hand, legal selections, illegal selections
EXAMPLES = [
    ("KH KH", "QH QH 5H 7H 3C", ["QH QH"], ["QH 5H", "5H 7H", "QH 3C"]),             # 8
    ("KH KH", "QH QH QH 5H 3C", ["QH QH"], ["QH 5H"]),                               # 8
    ("KH KH KH", "9H 9H 4H 6H AD", ["9H 9H 4H", "9H 9H 6H"], ["9H 4H 6H", "9H 9H AD"]),  # 9
    ("5H 5H 6H 6H", "9H 9H JH JH 3H", ["9H 9H JH JH"], ["9H 9H JH 3H"]),             # 10
]


@pytest.mark.parametrize(("lead", "hand", "right", "wrong"), EXAMPLES)
def test_rules_examples_as_selections(lead, hand, right, wrong) -> None:
    q = select(lead, hand)
    assert isinstance(q.answer_input(), PickCards)
    assert q.answer_input().most == len(parse_cards(lead))
    assert q.grade(q.solve().text).correct
    for answer in right:
        assert q.grade(answer).correct, answer
    for answer in wrong:
        grade = q.grade(answer)
        assert not grade.correct, answer
        err = follow_error(parse_cards(hand), parse_cards(lead), parse_cards(answer),
                           LESSON_TRUMP)
        assert err is not None
        assert err.text("en") in grade.explanation.en  # the rules core's reason, quoted
        assert err.text("zh") in grade.explanation.zh


@pytest.mark.parametrize(("lead", "hand", "right", "wrong"), EXAMPLES)
def test_rules_examples_as_candidates(lead, hand, right, wrong) -> None:
    q = legal(lead, hand, [*wrong, *right])
    letters = "ABCDEF"
    expected = " ".join(letters[len(wrong) + i] for i in range(len(right)))
    assert q.solve().text == expected
    assert q.grade(expected).correct
    assert q.grade(expected.replace(" ", ",")).correct
    assert not q.grade("A").correct
    assert not q.grade("none").correct
    options = q.answer_input()
    assert isinstance(options, Several)
    assert [k for k, _ in options.options] == list(letters[:len(wrong) + len(right)])
    assert "不合规" in q.solve().explanation.zh


def test_no_legal_candidate_answers_none() -> None:
    q = legal("KH KH", "QH QH 5H 7H 3C", ["QH 5H", "5H 7H"])
    assert q.grade("none").correct and not q.grade("A B").correct


@pytest.mark.parametrize("answer", ["QS QS", "QH QH 5H", "ZZ", ""])
def test_unreadable_selections(answer) -> None:
    q = select("KH KH", "QH QH 5H 7H 3C")
    with pytest.raises(AnswerError) as err:
        q.grade(answer)
    assert err.value.text("en") and err.value.text("zh")


def test_unreadable_letters() -> None:
    q = legal("KH KH", "QH QH 5H 7H 3C", ["QH 5H", "QH QH"])
    with pytest.raises(AnswerError, match="A to B"):
        q.grade("C")


@pytest.mark.parametrize(("lead", "hand", "field"), [
    ("KH KS", "QH QH 5H", "lead"),
    ("KH KH KH", "QH QH", "hand"),
    ("KH KH", "", "hand"),
    ("", "QH", "lead"),
])
def test_broken_lesson_steps_name_the_field(lead, hand, field) -> None:
    with pytest.raises(QuestionFileError) as err:
        select(lead, hand)
    assert err.value.field == field


@pytest.mark.parametrize(("candidates", "field"), [
    (["QH QH", "QS QS"], "candidates[2]"),
    (["QH QH", "QH QH"], "candidates[2]"),
    (["QH QH"], "candidates"),
    (["QH QH", "QH"], "candidates[2]"),
])
def test_broken_puzzles_name_the_field(candidates, field) -> None:
    with pytest.raises(QuestionFileError) as err:
        legal("KH KH", "QH QH 5H 7H 3C", candidates)
    assert err.value.field == field


def test_both_languages_render_and_the_position_hides_the_answer() -> None:
    q = select("KH KH", "QH QH 5H 7H 3C")
    for text in (q.prompt(), q.solve().explanation, q.answer_format(),
                 q.grade("QH 5H").explanation):
        assert text.en and text.zh and text.en != text.zh
    assert plain(q.prompt().en).endswith("Select a legal follow.")
    assert set(q.public()["position"]) == {"trump", "lead", "hand"}
