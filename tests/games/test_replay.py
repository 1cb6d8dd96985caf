"""A saved game's record replayed: the same hands, from the record or from the store."""

from __future__ import annotations

import json

import pytest

from tutor.games import (
    NEXT_HAND,
    RECORD_VERSION,
    hands_begun,
    hands_of_game,
    is_playable,
    record_from_game,
    replay_game,
    replay_record,
)
from tutor.review.selfplay import heuristic_hand
from tutor.rules import RuleSet, action_to_dict
from tutor.store import Store


def _record(*hands, human=1, max_hands=3):
    return {"version": RECORD_VERSION, "seed": 7, "human": human, "strength": "easy",
            "max_hands": max_hands, "rules": RuleSet().to_dict(),
            "hands": [[action_to_dict(a) for a in h.actions] for h in hands]}


def test_a_record_replays_to_the_same_hand():
    first = heuristic_hand(7)  # match 7's first hand
    done = first.actions
    replay = replay_record(json.loads(json.dumps(_record(first))))
    [again] = replay.completed_hands()
    assert again.actions == done and again.result == first.result
    assert replay.human == 1 and replay.results == [first.result]
    half = _record(first)
    half["hands"][0] = half["hands"][0][:20]
    partial = replay_record(half)
    assert partial.completed_hands() == [] and partial.current.actions == done[:20]


def test_broken_records_are_refused_clearly():
    with pytest.raises(ValueError, match="version"):
        replay_record({"version": 99})
    with pytest.raises(ValueError, match="broken game record"):
        replay_record({"version": RECORD_VERSION, "seed": 1})
    with pytest.raises(ValueError, match="seat"):
        replay_record(_record(human=5))
    unfinished = _record(heuristic_hand(7))
    unfinished["hands"] = [unfinished["hands"][0][:5], []]
    with pytest.raises(ValueError, match="not finished"):
        replay_record(unfinished)


def test_a_stored_game_gives_its_hands_and_seat(tmp_path):
    first = heuristic_hand(7)
    record = _record(first, human=2)
    tagged = [dict(a, hand=0) for a in record["hands"][0]] + [{"type": NEXT_HAND, "hand": 1}]
    with Store(tmp_path / "t.duckdb") as store:
        user, _ = store.users.create_guest()
        options = {k: record[k] for k in ("version", "human", "strength", "max_hands", "rules")}
        game = store.games.start(user.id, options, record["seed"])
        store.games.add_actions(user.id, game.id, *tagged)
        stored = store.games.get(user.id, game.id)
        assert is_playable(stored) and hands_begun(stored) == 2
        assert record_from_game(options, 7, tagged)["hands"] == [record["hands"][0], []]
        hands, seat = hands_of_game(store, user.id, game.id)
        assert seat == 2 and [h.actions for h in hands] == [first.actions]
        assert replay_game(stored).current.actions == []  # the second hand, just dealt
