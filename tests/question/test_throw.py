"""The throw kind: RULES.md §6 examples 15–18 in both the lesson form (`stands`) and the
puzzle form (`outcome`), the `safe` question, answers that cannot be read, broken content."""

from __future__ import annotations

import pytest

from tutor.question import (
    KINDS,
    AnswerError,
    Choice,
    Fields,
    Question,
    QuestionFileError,
    ThrowOutcome,
    plain,
)
from tutor.rules import Trump

THROW = "AH AH KH 10H 10H"
LESSON_TRUMP = Trump("2", "S")


def lesson(raw: dict) -> Question:
    f = Fields(raw, "lessons/x.toml", "page 1: step", default_trump=LESSON_TRUMP)
    return KINDS["throw"].question(f, "stands")


def puzzle(question: str, raw: dict) -> Question:
    f = Fields({"level": "2", "suit": "S", **raw}, "puzzles/x.toml", "throw-x")
    return KINDS["throw"].question(f, question)


# RULES.md §6: the others' hearts, and what the throw AH AH KH 10H 10H comes to
EXAMPLES = [
    (["KH", "", "3H", "4H 4H"], "ok"),     # 15: only one KH out
    (["KH KH", "", "", ""], "10H 10H"),    # 16: a KH pair beats the 10H pair
    (["AH", "QH QH", "", ""], "10H 10H"),  # 17: KH and 10H 10H beaten: the lower is forced
    (["AH", "", "", ""], "KH"),            # 18: only the third AH out
]


@pytest.mark.parametrize(("others", "expected"), EXAMPLES)
def test_rules_examples_as_a_lesson_step(others, expected) -> None:
    q = lesson({"throw": THROW, "others": others})
    assert q.solve().text == expected
    assert q.grade(expected).correct
    wrong = "ok" if expected != "ok" else "10H 10H"
    assert not q.grade(wrong).correct
    options = q.answer_input()
    assert isinstance(options, Choice)
    right = [key for key, _ in options.options if q.grade(key).correct]
    assert right == [expected]


@pytest.mark.parametrize(("others", "expected"), EXAMPLES)
def test_rules_examples_as_a_puzzle(others, expected) -> None:
    q = puzzle("outcome", {"thrower": 2, "throw": THROW, "others": others})
    assert q.solve().text == expected
    assert q.grade(expected).correct
    if expected != "ok":
        assert q.grade("fails: " + expected).correct
    assert not q.grade("AH AH").correct
    assert isinstance(q.answer_input(), ThrowOutcome)
    text = plain(q.solve().explanation.en)
    if expected == "ok":
        assert "succeeds" in text
    else:
        assert "seat 2 loses 1 积分" in text  # the thrower, whoever it is


def test_the_beater_is_named_by_seat_after_the_thrower() -> None:
    q = puzzle("outcome", {"thrower": 3, "throw": THROW, "others": ["", "KH KH", "", ""]})
    assert "Seat 0 holds K♥ K♥" in plain(q.solve().explanation.en)
    assert "0号位有 K♥ K♥" in plain(q.solve().explanation.zh)


def test_safe_looks_at_every_card_still_out() -> None:
    # each KH alone is harmless, but one player could hold both: risky
    risky = puzzle("safe", {"thrower": 0, "throw": THROW, "others": ["KH", "KH", "", ""]})
    assert risky.solve().text == "risky"
    assert risky.grade("risky").correct and not risky.grade("safe").correct
    assert "in fact succeed" in plain(risky.solve().explanation.en)
    safe = puzzle("safe", {"thrower": 0, "throw": THROW, "others": ["KH", "3H", "", ""],
                           "kitty": "4H"})
    assert safe.grade("安全").correct and not safe.grade("risky").correct
    options = safe.answer_input()
    assert isinstance(options, Choice)
    assert [k for k, _ in options.options if safe.grade(k).correct] == ["safe"]
    assert "others" not in safe.public()["position"]  # who holds what is hidden


@pytest.mark.parametrize("answer", ["banana", "", "fails: 11H"])
def test_unreadable_outcome_answers(answer) -> None:
    q = lesson({"throw": THROW, "others": ["KH KH"]})
    with pytest.raises(AnswerError) as err:
        q.grade(answer)
    assert "`ok`" in err.value.text("en") and err.value.text("zh")


def test_unreadable_safe_answer() -> None:
    q = puzzle("safe", {"thrower": 0, "throw": THROW, "others": ["KH", "", "", ""]})
    with pytest.raises(AnswerError, match="safe"):
        q.grade("maybe")


@pytest.mark.parametrize(("raw", "field"), [
    ({"throw": "AH AH", "others": ["KH"]}, "throw"),           # one unit, not a throw
    ({"throw": "AH KS", "others": ["KH"]}, "throw"),           # two suits
    ({"throw": THROW, "others": []}, "others"),
    ({"throw": THROW, "others": ["KH", "", "", "", ""]}, "others"),
    ({"throw": THROW, "others": ["KX"]}, "others[1]"),
    ({"throw": THROW}, "others"),
    ({"throw": THROW, "others": ["KH"], "hand": "AH"}, "hand"),  # not a lesson field
])
def test_broken_lesson_steps_name_the_field(raw, field) -> None:
    with pytest.raises(QuestionFileError) as err:
        lesson(raw)
    assert err.value.field == field
    assert f"field '{field}'" in str(err.value)


@pytest.mark.parametrize(("raw", "field"), [
    ({"thrower": 0, "throw": THROW, "others": ["KH", "", ""]}, "others"),
    ({"thrower": 0, "throw": THROW, "others": ["KH", "3S", "", ""]}, "others[2]"),
    ({"thrower": 0, "throw": THROW, "hand": "AH KH", "others": ["", "", "", ""]}, "hand"),
    ({"thrower": 5, "throw": THROW, "others": ["", "", "", ""]}, "thrower"),
    ({"throw": THROW, "others": ["", "", "", ""]}, "thrower"),
    ({"thrower": 0, "throw": THROW, "others": ["AH AH", "", "", ""]}, "others"),  # 4 AH
])
def test_broken_puzzles_name_the_field(raw, field) -> None:
    with pytest.raises(QuestionFileError) as err:
        puzzle("outcome", raw)
    assert err.value.field == field


def test_both_languages_render() -> None:
    for q in (lesson({"throw": THROW, "others": ["AH", "QH QH"]}),
              puzzle("outcome", {"thrower": 1, "throw": THROW, "others": ["AH", "", "", ""]}),
              puzzle("safe", {"thrower": 1, "throw": THROW, "others": ["AH", "", "", ""]})):
        for text in (q.prompt(), q.solve().explanation, q.answer_format()):
            assert text.en and text.zh and text.en != text.zh
        assert "甩" in q.prompt().zh or "甩" in q.solve().explanation.zh
        assert plain(q.prompt().en).endswith("?")
        assert "[[" not in plain(q.solve().explanation.zh)


def test_throw_feedback_names_the_throwers_unit_and_counts_the_cards_out() -> None:
    """The thrower is a seat the learner looks at, not the learner: the beaten unit is the
    thrown one, not "your" one; and one card still out "is" out, several "are"."""
    from tutor.rules import format_cards, parse_cards, throw_check

    for others, _ in EXAMPLES:
        said = lesson({"throw": THROW, "others": others}).solve().explanation
        assert "your" not in said.en.lower() and "你的" not in said.zh, said.en
    for out in (["AH", "", "", ""], ["KH", "KH", "", ""], ["QH QH", "", "", ""]):
        q = puzzle("safe", {"thrower": 0, "throw": THROW, "others": out})
        said = plain(q.solve().explanation.en)
        pool = parse_cards(" ".join(out))
        beats = throw_check(parse_cards(THROW), [pool], LESSON_TRUMP).beats
        assert beats, out
        for b in beats:
            verb = "is" if len(b.by) == 1 else "are"
            assert f"{format_cards(b.by, lang='en')} {verb} still out" in said, said
        assert "your" not in said.lower() and "你的" not in q.solve().explanation.zh
