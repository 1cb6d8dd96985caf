"""The kitty kind (§8): multipliers of RULES.md examples 19–21, the lead's-shape decision, the
bonus only when a defender wins the last trick; answers and content errors."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tutor.question import KINDS, AnswerError, Fields, Number, Question, QuestionFileError, plain
from tutor.rules import Trump, decompose, parse_cards

SPADES = Trump("2", "S")  # hearts are a plain suit


def make(question: str, raw: dict, trump: Trump | None = SPADES) -> Question:
    f = Fields(raw, "test.toml", "here", default_trump=trump)
    return KINDS["kitty"].question(f, question)


@pytest.mark.parametrize(("play", "mult"), [
    ("AH", 2), ("AH AH", 4), ("AH AH KH KH", 8), ("AH AH KH KH QH QH", 16), ("AH AH AH", 6),
    ("AH AH AH KH KH KH", 18)])
def test_example_19_multipliers(play: str, mult: int) -> None:
    q = make("play_multiplier", {"play": play})
    assert q.solve().value == mult
    assert q.grade(str(mult)).correct
    assert q.grade(f"×{mult}").correct
    assert not q.grade(str(mult * 2)).correct


def test_example_20_first_and_max() -> None:
    play = "AH AH AH QH QH JH JH"
    assert make("play_multiplier", {"play": play, "rule": "first"}).grade("6").correct
    assert not make("play_multiplier", {"play": play, "rule": "first"}).grade("8").correct
    assert make("play_multiplier", {"play": play, "rule": "max"}).grade("8").correct


def test_a_winning_play_is_read_in_the_leads_shape() -> None:
    q = make("play_multiplier", {"play": "3S 3S 3S", "lead": "AH AH KH"})
    assert q.solve().value == 4  # pair + single, not a triple
    assert not q.grade("6").correct
    assert "[[AH AH KH]]" in q.prompt().en


def test_example_21_bonus() -> None:
    q = make("play_bonus", {"play": "9C 9C", "kitty": "5S 10D KC 3H 4H 6D 7C"})
    assert q.grade("100").correct
    assert not q.grade("25").correct
    assert "25" in q.solve().explanation.en and "100" in q.solve().explanation.zh


LAST = {"level": "2", "suit": "S", "declarer": 1, "friend": 2,
        "plays": ["AH AH", "3C 4C", "3D 4D", "6C 7C", "6D 7D"],
        "kitty": "5S 10D KC 3C 4C 6D 7D"}


def test_the_kitty_counts_only_when_a_defender_wins_the_last_trick() -> None:
    defender = make("bonus", {**LAST, "leader": 0}, trump=None)  # seat 0 wins with the pair
    assert defender.solve().value == 100
    declarer = make("bonus", {**LAST, "leader": 1}, trump=None)  # seat 1 (declarer) wins
    assert declarer.solve().value == 0
    assert declarer.grade("0").correct and not declarer.grade("100").correct
    friend = make("bonus", {**LAST, "leader": 2}, trump=None)
    assert friend.solve().value == 0
    mult = make("multiplier", {**LAST, "leader": 1}, trump=None)
    assert mult.grade("4").correct  # the multiplier is the play's, whoever wins


def test_answers_that_cannot_be_read() -> None:
    q = make("play_multiplier", {"play": "AH AH"})
    for bad in ("many", "", "4 5", "-4", True):
        with pytest.raises(AnswerError) as exc:
            q.grade(bad)
        assert "e.g. `8`" in exc.value.text("en") and exc.value.text("zh")
    assert isinstance(q.answer_input(), Number)


@pytest.mark.parametrize(("question", "raw", "field"), [
    ("play_multiplier", {"play": "AH AH", "lead": "AH"}, "lead"),
    ("play_multiplier", {"play": "AH AH", "lead": "AH KS"}, "lead"),
    ("play_multiplier", {"play": "AH AH", "rule": "most"}, "rule"),
    ("play_multiplier", {}, "play"),
    ("play_bonus", {"play": "AH AH"}, "kitty"),
    ("bonus", {**LAST, "leader": 0, "friend": 1}, "friend"),
    ("bonus", {**LAST, "leader": 0, "plays": LAST["plays"][:4]}, "plays"),
])
def test_content_errors_name_the_field(question: str, raw: dict, field: str) -> None:
    with pytest.raises(QuestionFileError) as exc:
        make(question, raw, trump=SPADES if question.startswith("play") else None)
    assert exc.value.field == field
    assert exc.value.text("zh")


def test_unknown_fields_are_typos() -> None:
    f = Fields({"play": "AH AH", "kity": "5S"}, "test.toml", "here", default_trump=SPADES)
    KINDS["kitty"].read(f, "play_multiplier")
    with pytest.raises(QuestionFileError) as exc:
        f.finish()
    assert exc.value.field == "kity"


def test_both_languages_render() -> None:
    for q in (make("play_bonus", {"play": "9C 9C", "kitty": "5S 10D KC"}),
              make("bonus", {**LAST, "leader": 0}, trump=None)):
        for text in (q.prompt(), q.solve().explanation, q.answer_format()):
            assert text.en and text.zh and text.en != text.zh
            assert "[[" not in plain(text.zh)
        assert q.prompt().en.endswith(q.asks().en)
        assert "value" not in q.public()["position"]


UNIT_KINDS = ("titanic", "triple", "tractor", "pair", "single")


def _named_units(text: str, lang: str) -> Counter:
    """How often the explanation names each kind of unit."""
    from tutor.question.text import unit_name

    return Counter({k: len(re.findall(rf"(?<![a-z]){unit_name(k).get(lang)}(?![a-z])", text))
                    for k in UNIT_KINDS})


@pytest.mark.parametrize(("play", "lead"), [
    ("AH AH KH KH", None), ("9C 9C", None), ("AH", None), ("AH AH AH QH QH JH JH", None),
    ("AH AH AH KH KH QH QH QH", None), ("AH AH AH KH KH KH", None), ("3S 3S 3S", "AH AH KH"),
    ("3S 3S 4S 4S 7S", "AH AH KH KH 9H")])
def test_the_multiplier_explanation_names_the_units_the_rules_decompose_into(play, lead):
    """RULES.md §8: the first match is taken over the units of the play's decomposition in
    the lead's shape; the feedback lists exactly those units (a pair is no "single ×2")."""
    raw = {"play": play} if lead is None else {"play": play, "lead": lead}
    for rule in ("first", "max"):
        q = make("play_multiplier", {**raw, "rule": rule})
        units = decompose(parse_cards(lead or play), SPADES)
        for lang in ("en", "zh"):
            said = q.solve().explanation.get(lang)
            assert _named_units(said, lang) == Counter(u.kind for u in units), (play, lang, said)
            assert f"×{q.solve().value}" in said
