"""`puzzle.public()` is what a browser gets: the question and what it shows, never the answer
nor anything the question hides."""

from __future__ import annotations

import json

from tutor.puzzle import solve
from tutor.puzzle.loader import read_entry
from tutor.question import plain

FORBIDDEN = {"answer", "solution", "expected", "explanation", "value", "correct"}


def _keys(obj):
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in _keys(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in _keys(v)}
    return set()


def test_public_forms_are_json_and_carry_no_answer_keys(bank):
    for p in bank:
        pub = p.public()
        text = json.dumps(pub, ensure_ascii=False)
        assert not _keys(pub) & FORBIDDEN, p.id
        assert pub["id"] == p.id and pub["type"] == p.type
        assert pub["prompt"]["en"] and pub["prompt"]["zh"]
        assert pub["answer_format"]["en"] and pub["answer_format"]["zh"]
        explanation = solve(p).explanation
        assert explanation.en not in text and explanation.zh not in text


def test_every_safe_throw_public_form_is_blind_to_the_distribution(bank):
    safe = [p for p in bank if p.type == "throw" and p.question == "safe"]
    assert safe
    for p in safe:
        raw = dict(p.raw)
        raw["others"] = [raw["others"][-1], *raw["others"][:-1]]  # deal the hands differently
        moved = read_entry(raw, "inline")
        assert moved.public() == p.public(), p.id


def _safe_puzzle(others):
    return read_entry({"id": "s", "type": "throw", "themes": ["throw"], "difficulty": 1,
                       "question": "safe", "level": "2", "suit": "S", "thrower": 0,
                       "throw": "AH AH KH 10H 10H", "others": others, "kitty": "QH"},
                      "inline")


def test_safe_throw_hides_who_holds_the_cards():
    a = _safe_puzzle(["KH KH", "", "3H", "4H"])
    b = _safe_puzzle(["KH", "KH 4H", "3H", ""])  # same cards out, other distribution
    assert a.public() == b.public()
    # after answering: the deal
    assert plain(solve(a).explanation.en).endswith("10♥ 10♥ is played.")
    assert "others" not in a.public()["position"]
    assert a.public()["position"]["out"] == "KH KH QH 4H 3H"


def test_outcome_throw_shows_the_hands_its_question_reveals(by_id):
    pub = by_id["rules-ex16"].public()["position"]
    assert pub["others"][0] == {"seat": 1, "cards": "KH KH"}
    assert "forced" not in json.dumps(pub)
