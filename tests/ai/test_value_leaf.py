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
        assert 0 < player.last.playouts <= 24  # a clear best may stop it early
        checked += 1
    assert checked == 4


def test_a_search_refuses_leaves_it_does_not_know():
    from lab.ai.search import ResearchSearchPlayer
    from tutor.ai import SearchPlayer

    with pytest.raises(ValueError, match="leaf must be one of end, value"):
        SearchPlayer(leaf="guess")
    with pytest.raises(TypeError, match="leaf_tricks"):  # play mode's search: no such option
        SearchPlayer(leaf="value", leaf_tricks=1)
    with pytest.raises(ValueError, match="leaf_tricks"):
        ResearchSearchPlayer(leaf="value", leaf_tricks=-1)
    with pytest.raises(ValueError, match="read only with leaf=value"):
        ResearchSearchPlayer(leaf_tricks=1)
    with pytest.raises(ValueError, match="read only with leaf=value"):
        ResearchSearchPlayer(value="model.npz")


def test_a_spec_naming_no_model_file_is_refused(tmp_path):
    from lab.commands.ai_oracle import parse_spec

    missing = tmp_path / "none.npz"
    with pytest.raises(ValueError, match="not a saved model"):
        parse_spec(f"search:playouts=40,leaf=value,value={missing}", 1)
    spec = parse_spec("search:playouts=40,leaf=value,leaf_tricks=1", 1)
    assert dict(spec.options) == {"playouts": 40, "leaf": "value", "leaf_tricks": 1}


def test_a_playout_stops_between_tricks_as_asked():
    """From mid-trick and from a trick's start, `run_until` stops once the trick in
    progress and `tricks` more have ended, or returns the result if the hand ends first."""
    import random

    from tutor.ai.heuristic import HeuristicPlayer
    from tutor.ai.rollout import Playout
    from tutor.rules import Phase

    from .helpers import deal

    hand = deal(41)
    players = [HeuristicPlayer(s) for s in range(5)]
    checked = set()
    while hand.phase != Phase.FINISHED:
        if hand.phase == Phase.PLAYING and len(hand.tricks) in (3, 25):
            for extra in (0, 1, 2):
                copy = Hand.from_observation(hand.observation(0), [
                    hand.cards_of(s) for s in range(5)], list(hand.kitty), hand.friend)
                playout = Playout(copy, list(hand.current), [set() for _ in range(5)])
                start = len(copy.tricks)
                end = playout.run_until(random.Random(extra), "quick", extra)
                stop = start + extra + (1 if hand.current else 0)
                if end is None:
                    assert len(copy.tricks) == stop and not copy.current
                else:
                    assert copy.phase == Phase.FINISHED and len(copy.tricks) <= stop
                checked.add((bool(hand.current), end is None))
        hand.apply(players[hand.turn].act(hand.observation(hand.turn)))
    assert {(False, True), (True, True)} <= checked


def test_games_under_other_rules_play_to_the_end():
    """Under the nth-played friend rule the model does not fit: the search plays every
    playout to the end, just as without leaf=value."""
    from tutor.ai import HeuristicPlayer, SearchPlayer
    from tutor.rules import Phase, RuleSet

    from .helpers import deal

    hand = deal(52, RuleSet(friend_rule="nth_played"))
    players = [HeuristicPlayer(s) for s in range(5)]
    compared = 0
    while hand.phase != Phase.FINISHED and compared < 3:
        obs = hand.observation(hand.turn)
        if hand.phase == Phase.PLAYING and len(hand.tricks) % 5 == 1 and not hand.current:
            valued = SearchPlayer(seed=5, playouts=16, leaf="value")
            ended = SearchPlayer(seed=5, playouts=16)
            assert valued.act(obs) == ended.act(obs)
            if valued.last.ranked[0][1] != 0.0:
                assert valued.last.ranked == ended.last.ranked
                compared += 1
        hand.apply(players[hand.turn].act(obs))
    assert compared >= 1
