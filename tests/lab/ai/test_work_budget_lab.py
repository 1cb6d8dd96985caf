"""The lab's bury-and-call and bid searches (the arena's and the oracle's options, which no
strength uses) are work, not time, too: the same decisions under a clock that races."""

from __future__ import annotations

import pytest

from lab.ai.search import build
from tests.ai.test_work_budget import _before_play, _same_under_load, loaded  # noqa: F401
from tutor.ai import PlayerSpec

SETUP = PlayerSpec("search", 7, (("playouts", 40), ("setup", 4)))
BIDS = PlayerSpec("search", 7, (("playouts", 40), ("bids", 3), ("bid_cap", 12)))


def _researched(spec: PlayerSpec):
    """What the lab's player for `spec` decides for an observation, and its playouts."""

    def work(obs) -> tuple:
        player = build(spec)
        action = player.act(obs)
        return action, player.last.playouts if player.last is not None else 0

    return work


@pytest.mark.parametrize("spec", [SETUP, BIDS], ids=["setup", "bids"])
def test_the_setup_and_bid_searches_ignore_the_clock(loaded, spec):  # noqa: F811
    """The bury and call search and the bid search (`setup=`, `bids=`; the arena's and the
    oracle's options), with a number of playouts."""
    bids, setups = _before_play([3, 4, 5])
    positions = setups if spec is SETUP else bids
    calm = _same_under_load(loaded, _researched(spec), positions)
    assert sum(p >= 24 if spec is SETUP else p > 0 for _, p in calm) >= 2  # searches ran


def test_a_setup_time_budget_would_not(loaded):  # noqa: F811
    """The check above could fail: the setup search on a time budget stops early under the
    same clock."""
    _, setups = _before_play([3, 4, 5])
    timed = PlayerSpec("search", 7, (("budget_s", 0.25), ("setup", 4)))
    obs = next(o for o in setups if _researched(SETUP)(o)[1] >= 24)
    loaded()
    assert _researched(timed)(obs)[1] < 24
