"""A position tells the learner their side as they could know it, and the defenders' points as
they could count them: checked against the full state of whole recorded hands."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tutor.review.jobs import HandRecord
from tutor.review.puzzles import position_fields

HANDS = Path(__file__).resolve().parents[2] / "lessons" / "hands.jsonl"


def _plays():
    """Every card play of the lessons' recorded hands: (full state, the seat's fields)."""
    for raw in HANDS.read_text(encoding="utf-8").splitlines()[:12]:
        record = HandRecord.from_dict(json.loads(raw)["record"])
        for index, action in enumerate(record.actions):
            if action["type"] != "play":
                continue
            hand = record.position(index)
            obs = hand.observation(int(action["seat"]))
            yield hand, obs, position_fields(obs, len(obs.tricks) + 1)


@pytest.fixture(scope="module")
def plays():
    return list(_plays())


def test_a_side_the_seat_claims_to_know_is_its_true_side(plays):
    seen = Counter()
    for hand, obs, fields in plays:
        side = {hand.declarer, hand.friend}
        seen[fields["role"]] += 1
        if fields["role"] in ("friend", "friend_secret"):
            assert obs.seat in side, fields
        if fields["role"] in ("defender", "defender_secret"):
            assert obs.seat not in side, fields
        if fields["role"] == "maybe_friend":
            assert obs.friend_card in obs.hand
    # the hands hold seats that knew their side before the table did, both ways
    assert seen["friend_secret"] and seen["defender_secret"], seen


def test_the_points_are_the_defenders_total_exactly_when_the_seat_can_tell(plays):
    hidden_friend_points = 0
    for hand, obs, fields in plays:
        side = {hand.declarer, hand.friend}
        true = sum(p for s, p in enumerate(obs.captured) if s not in side)
        others = sum(p for s, p in enumerate(obs.captured) if s != hand.declarer)
        if fields.get("points_of") == "others":  # the hidden friend's are among them
            assert fields["points"] == others
            assert not obs.sides_known and fields["role"] != "friend_secret"
        else:
            assert fields["points"] == true, fields
            if fields["role"] == "friend_secret":
                hidden_friend_points += others - true
    # a friend who knows itself does not count its own points as the defenders'
    assert hidden_friend_points > 0


def test_the_table_says_the_persons_side_and_the_points_as_they_can_count_them(plays):
    """Above the table, in Play and in the review's "What you saw": "you: the friend (only
    you know)" and the defenders' points, which the hidden friend alone can count; the
    declarer with a full-width colon in Chinese (it read 庄家: 1号位)."""
    from tutor.ui.play.table_html import info_html

    shown = 0
    for _hand, obs, fields in plays:
        if fields["role"] != "friend_secret":
            continue
        for lang, side in (("en", "you: the friend (only you know)"),
                           ("zh", "你：朋友（只有你知道）")):
            bar = info_html(obs, obs.seat, lang, 1)
            assert side in bar
            assert ("庄家：" if lang == "zh" else "declarer: ") in bar
        assert f"Defenders have {fields['points']} points" in info_html(obs, obs.seat, "en", 1)
        shown += 1
    assert shown
