"""The table lobby's choices survive a change of language (its labels are redrawn)."""

from __future__ import annotations

from tutor.ui.table.lobby import DEFAULT_LIMIT, Lobby


def test_a_chosen_turn_limit_is_kept_when_the_language_changes():
    lobby = Lobby(enter=lambda code: None, lang="en")
    assert lobby._limit.value == DEFAULT_LIMIT  # a minute a turn, unless chosen otherwise
    lobby._limit.value = 0  # no limit
    lobby._strength.value = "hard"
    lobby.lang = "zh"
    assert (lobby._limit.value, lobby._strength.value) == (0, "hard")
    lobby._limit.value = 180
    lobby.lang = "en"
    assert lobby._limit.value == 180
