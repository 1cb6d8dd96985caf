"""The research search is play mode's search plus options: with none of them set it plays
the very same moves, and `build` gives play mode's own player whenever it can."""

import pytest

from lab.ai.search import PRODUCT_OPTIONS, ResearchSearchPlayer, build
from tests.ai.helpers import positions
from tutor.ai import PlayerSpec, SearchPlayer, strength_spec
from tutor.ai.strength import OPTIONS
from tutor.rules import Phase


def _playing(count: int, seed: int = 7, every: int = 13):
    found = []
    for hand in positions(seed, every=every):
        if hand.phase == Phase.PLAYING:
            found.append(hand.observation(hand.turn))
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize("strength", ["normal", "hard"])
def test_without_research_options_it_decides_as_play_modes_search(strength):
    options = dict(OPTIONS[strength]) | {"playouts": 24}
    for obs in _playing(3):
        ours, theirs = SearchPlayer(seed=2, **options), ResearchSearchPlayer(seed=2, **options)
        assert ours.act(obs) == theirs.act(obs)
        assert [(c.cards, m) for c, m, _ in ours.last.ranked] == \
            [(c.cards, m) for c, m, _ in theirs.last.ranked]


def test_build_gives_play_modes_player_unless_a_research_option_is_set():
    assert type(build(strength_spec("hard", 1))) is SearchPlayer
    assert type(build(strength_spec("easy", 1))).__name__ == "HeuristicPlayer"
    assert type(build(PlayerSpec("search", 1, (("playouts", 8), ("bids", 2))))) is \
        ResearchSearchPlayer
    assert all({k for k, _ in options} <= PRODUCT_OPTIONS for options in OPTIONS.values())
    with pytest.raises(TypeError):  # play mode's search takes no research option
        PlayerSpec("search", 1, (("playouts", 8), ("bids", 2))).build()


def test_a_time_budget_is_spent_on_many_samples_with_play_inference():
    for obs in _playing(40, seed=5, every=9):
        report = ResearchSearchPlayer(seed=1, budget_s=1.0, infer=2).search(obs)
        if len(report.ranked) > 1:  # a deal's playouts take ~20 ms: 2 even on a busy machine
            assert report.samples >= 2
            return
    raise AssertionError("no position with a choice")
