"""One match in progress for solo play and shared tables (`tutor.games.MatchInProgress`):
the same seed and strength give each seat the same computer player, and both move a match
on by the same rules."""

from __future__ import annotations

import pytest

from tutor.games import MatchInProgress
from tutor.tables import TableGame, table_options
from tutor.ui.play.session import PlaySession


def test_solo_play_and_a_table_are_one_match_type_with_the_same_players():
    solo = PlaySession(seed=42, strength="normal", max_hands=2)
    table = TableGame(table_options("normal", max_hands=2), 42)
    assert isinstance(solo, MatchInProgress) and isinstance(table, MatchInProgress)
    assert [solo.spec(s) for s in range(1, 5)] == [table.spec(s) for s in range(1, 5)]
    assert solo.hand.observation(0).hand == table.hand.observation(0).hand  # one deal


def test_a_match_moves_on_only_from_a_finished_hand():
    game = MatchInProgress(7, "easy", 1, PlaySession(seed=7).rules)
    with pytest.raises(ValueError, match="not finished"):
        game.deal_next()
    while not game.hand_over:
        seat = game.hand.turn
        game.apply(game.spec(seat).build().act(game.hand.observation(seat)))
    assert game.completed_hands() == [game.hand] and game.summary()["hands"] == 1
    with pytest.raises(ValueError, match="match is over"):  # one hand was the whole match
        game.deal_next()
