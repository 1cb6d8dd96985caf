"""The search with learned leaves: playouts stop between tricks and the state value says
what the rest is worth (`leaf=value`)."""

from __future__ import annotations

import pytest

from tutor.rules import Hand


def _searched_positions(count: int):
    from tutor.ai import HeuristicPlayer
    from tutor.rules import Phase

    from .helpers import deal

    found = []
    for seed in range(count):
        hand = deal(seed + 300)
        players = [HeuristicPlayer(s) for s in range(5)]
        step = 0
        while hand.phase != Phase.FINISHED and len(found) <= seed:
            if hand.phase == Phase.PLAYING:
                step += 1
                if step % 23 == 0:
                    found.append(hand.observation(hand.turn))
            hand.apply(players[hand.turn].act(hand.observation(hand.turn)))
    return found


def test_a_search_valuing_states_is_legal_reproducible_and_blind_to_hidden_cards():
    import random

    from tutor.ai import SearchPlayer
    from tutor.ai.memory import build_memory
    from tutor.ai.sampler import Sampler
    from tutor.rules import Phase, Play

    checked = 0
    for obs in _searched_positions(4):
        player = SearchPlayer(seed=3, playouts=24, leaf="value")
        action = player.act(obs)
        assert isinstance(action, Play) and obs.phase == Phase.PLAYING
        assert SearchPlayer(seed=3, playouts=24, leaf="value").act(obs) == action
        mem = build_memory(obs)
        alt = Sampler(obs, mem).draw(random.Random(1))
        other = Hand.from_observation(obs, alt.hands, alt.kitty).observation(obs.seat)
        assert SearchPlayer(seed=3, playouts=24, leaf="value").act(other) == action
        assert player.last.playouts == 24
        checked += 1
    assert checked == 4


def test_a_search_refuses_leaves_it_does_not_know():
    from tutor.ai import SearchPlayer

    with pytest.raises(ValueError, match="leaf must be one of end, value"):
        SearchPlayer(leaf="guess")
    with pytest.raises(ValueError, match="leaf_tricks"):
        SearchPlayer(leaf="value", leaf_tricks=-1)
    with pytest.raises(ValueError, match="only with leaf=value"):
        SearchPlayer(value="model.npz")


def test_a_spec_naming_no_model_file_is_refused(tmp_path):
    from tutor.commands.ai_oracle import parse_spec

    missing = tmp_path / "none.npz"
    with pytest.raises(ValueError, match="not a saved model"):
        parse_spec(f"search:playouts=40,leaf=value,value={missing}", 1)
    spec = parse_spec("search:playouts=40,leaf=value,leaf_tricks=1", 1)
    assert dict(spec.options) == {"playouts": 40, "leaf": "value", "leaf_tricks": 1}
