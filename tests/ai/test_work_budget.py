"""A strength is work, not time: a search with a playout count decides the same however slow
the machine is, so "normal" means the same under any load."""

from __future__ import annotations

import itertools

import tutor.ai.search as search_module
from tutor.ai import HeuristicPlayer, PlayerSpec, decide
from tutor.rules import Match, Phase


def _positions(count: int) -> list:
    """Card-play observations of a hand the heuristic plays for every seat."""
    hand = Match(seed=21).new_hand()
    player, seen = HeuristicPlayer(seed=2), []
    while hand.phase != Phase.FINISHED and len(seen) < count:
        obs = hand.observation(hand.turn)
        if obs.phase == Phase.PLAYING and len(obs.hand) > 3:
            seen.append(obs)
        hand.apply(player.act(obs))
    return seen[::9]


def test_a_playout_budget_ignores_the_clock(monkeypatch):
    spec = PlayerSpec("search", 7, (("playouts", 40),))
    positions = _positions(150)
    calm = [decide(spec, obs) for obs in positions]
    ticks = itertools.count()
    # a machine so loaded that every look at the clock finds ten more seconds gone
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: next(ticks) * 10.0)
    loaded = [decide(spec, obs) for obs in positions]
    assert [d.action for d in loaded] == [d.action for d in calm]
    assert [d.playouts for d in loaded] == [d.playouts for d in calm]
    assert any(d.playouts >= 40 for d in calm)


def test_a_time_budget_would_not(monkeypatch):
    """The check above could fail: a time budget under the same clock stops after one sample."""
    spec = PlayerSpec("search", 7, (("budget_s", 0.25),))
    obs = next(o for o in _positions(150) if decide(PlayerSpec("search", 7, (("playouts", 40),)),
                                                    o).playouts)
    ticks = itertools.count()
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: next(ticks) * 10.0)
    assert decide(spec, obs).playouts < 40
