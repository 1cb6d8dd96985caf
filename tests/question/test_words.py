"""Answers in words: every kind's every answer choice reads as people read it, in the page's
language, never as the code it is graded and saved in (`ok`, `1`, `none`, `declarer 2`,
`10H`)."""

from __future__ import annotations

import re

import pytest

from tutor.lesson import load_lessons
from tutor.puzzle import load_bank
from tutor.question import (
    KINDS,
    Choice,
    Fields,
    Number,
    PickCards,
    Question,
    Several,
    SideLevels,
    ThrowOutcome,
    answer_words,
    ascii_cards,
    plain,
)

CARD_CODE = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9JQKA])[SHDC](?![\w])|\b[SB]J\b")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")  # a Chinese page says no English word


def _better_play() -> Question:
    raw = {"level": "2", "suit": "S", "seat": 0, "role": "defender", "trick": 3,
           "hand": "AH KH 3C", "points": 20, "candidates": ["AH", "KH", "3C"],
           "values": [1.0, 0.5, -0.2], "played": 3, "mistake": "other"}
    return KINDS["better_play"].question(Fields(raw, "test", "better"), "choose")


def _samples() -> dict[tuple[str, str], Question]:
    """One question of every kind and every question it asks: the bank, the lessons, and a
    position from a learner's own game."""
    found: dict[tuple[str, str], Question] = {}
    steps = [q for lesson in load_lessons() for _, q in lesson.steps]
    for q in [*load_bank(), *steps, _better_play()]:
        found.setdefault((q.type, q.question), q)
    return found


SAMPLES = _samples()


def test_every_kind_and_every_question_it_asks_is_sampled():
    assert set(SAMPLES) == {(k.name, key) for k in KINDS.values() for key in k.questions}


def _answers(q: Question) -> list[str]:
    """The question's solution and every answer its input offers."""
    spec = q.answer_input()
    out = [q.solve().text]
    if isinstance(spec, Choice | Several):
        out += [key for key, _ in spec.options]
    if isinstance(spec, Several) or (isinstance(spec, PickCards) and spec.none):
        out.append("none")
    if isinstance(spec, ThrowOutcome):
        out += ["ok", ascii_cards(spec.cards[-1:])]
    if isinstance(spec, SideLevels):
        out += ["none", "declarer 1", "defenders 3"]
    return out


@pytest.mark.parametrize("key", sorted(SAMPLES), ids=lambda k: "-".join(k))
def test_no_answer_is_said_as_its_code(key):
    q = SAMPLES[key]
    spec = q.answer_input()
    labels = dict(spec.options) if isinstance(spec, Choice | Several) else {}
    for answer in _answers(q):
        for lang in ("en", "zh"):
            said = answer_words(q, answer, lang)
            where = (key, answer, lang, said)
            assert said.strip(), where
            assert not CARD_CODE.search(said), where  # cards as people write them: 10♥
            if answer in labels:  # a choice is said as the page labels it
                assert said == plain(labels[answer].get(lang), lang), where
            if isinstance(spec, Number):
                assert said == answer, where  # a number is a number
                continue
            assert said != answer, where
            if lang == "zh":
                assert not LATIN_WORD.search(said.replace("A:", "")), where


def test_the_words_the_new_user_met():
    bank = {p.id: p for p in load_bank()}
    throw = bank["rules-ex15"]  # RULES.md example 15: the throw stands
    assert throw.solve().text == "ok"
    assert answer_words(throw, "ok", "en") == "the throw succeeds"
    assert answer_words(throw, "ok", "zh") == "甩牌成功"
    assert answer_words(bank["rules-ex16"], "10H 10H", "en") == (
        "the throw fails: 10♥ 10♥ must be played instead")
    trick = next(p for p in bank.values() if p.type == "trick")
    seat = trick.solve().text
    assert answer_words(trick, seat, "en") == f"Seat {seat}"
    assert answer_words(trick, seat, "zh") == f"{seat}号位"


def test_answers_a_question_cannot_read_are_shown_as_given_with_cards_as_cards():
    throw = {p.id: p for p in load_bank()}["rules-ex15"]
    assert answer_words(throw, "10H 10H", "en").endswith("10♥ 10♥ must be played instead")
    trick = next(p for p in load_bank() if p.type == "trick")
    assert answer_words(trick, {"play": ["AS"]}, "en") == '{"play":["AS"]}'
    assert answer_words(trick, "9", "en") == "9"  # no seat 9: left as it was
    assert answer_words(trick, None, "en") == ""  # no answer saved: nothing to say
