"""The playout's modules run compiled (Cython), and compiled and interpreted play alike."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tutor.compiled as compiled
from tutor.compiled import MODULES, PURE, FreshBuildFinder, is_compiled

ROOT = Path(__file__).resolve().parents[2]
# the moves play mode's "normal" and "hard" choose at a dozen positions of two heuristic deals,
# and the values the judge's and the referee's playouts give the plays weighed there
DECISIONS = """
import json, sys
from tutor.ai import HeuristicPlayer, strength_spec
from tutor.compiled import MODULES, is_compiled
from tutor.review.review import Budget, considered, fair_outcomes
from tutor.rules import Hand, Phase, RuleSet
import importlib
moves, values = [], []
for seed in (3, 8):
    hand = Hand(seed, RuleSet(), (2,) * 5, seed % 5)
    players = [HeuristicPlayer(s) for s in range(5)]
    step = 0
    while hand.phase != Phase.FINISHED:
        obs = hand.observation(hand.turn)
        if obs.phase == Phase.PLAYING and step % 23 == 0:
            for strength in ("normal", "hard"):
                moves.append(sorted(map(int, strength_spec(strength, seed).build().act(obs).cards)))
            for policy in ("judge", "referee"):
                budget = Budget(fair_deals=6, hindsight_repeats=1, policy=policy)
                mem, _ctx, choices = considered(obs, budget)
                fair = fair_outcomes(obs, mem, [tuple(c.cards) for c in choices], budget)
                values.append([round(fair.value(k).score, 9) for k in range(len(choices))])
        hand.apply(players[hand.turn].act(obs))
        step += 1
built = [is_compiled(importlib.import_module(m)) for m in MODULES]
print(json.dumps({"moves": moves, "values": values, "compiled": built}))
"""


def _run(pure: bool) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(PURE, None)
    if pure:
        env[PURE] = "1"
    out = subprocess.run([sys.executable, "-c", DECISIONS], env=env, cwd=ROOT, check=True,
                         capture_output=True, text=True, timeout=240)
    return json.loads(out.stdout)


def test_the_playout_modules_are_compiled():
    """`make` builds them (setup.py); run it again if this fails."""
    interpreted = [m for m in MODULES if not is_compiled(importlib.import_module(m))]
    assert not interpreted, (f"not compiled: {interpreted} (`make` compiles them; it needs a "
                             "C compiler and Python's headers)")


def test_a_build_runs_only_for_the_source_it_was_built_from(monkeypatch):
    """A build whose source changed since (or that no build recorded) is passed over for the
    source, with a warning; TUTOR_PURE_PYTHON=1 passes over every build, 0 none."""
    import tutor.rules as rules

    monkeypatch.delenv(PURE, raising=False)
    name, where = "tutor.rules.trick", rules.__path__

    def origin() -> str:
        return FreshBuildFinder.find_spec(name, where).origin

    assert origin().endswith(".so")
    monkeypatch.setattr(compiled, "_built", lambda: {name: "another source"})
    with pytest.warns(UserWarning, match="changed after it was compiled"):
        assert origin().endswith("trick.py")
    monkeypatch.setattr(compiled, "_built", lambda: {})
    with pytest.warns(UserWarning):
        assert origin().endswith("trick.py")
    monkeypatch.undo()
    monkeypatch.setenv(PURE, "1")
    assert origin().endswith("trick.py")
    monkeypatch.setenv(PURE, "0")
    assert origin().endswith(".so")


def test_compiled_and_interpreted_choose_the_same_moves():
    compiled, pure = _run(pure=False), _run(pure=True)
    assert all(compiled["compiled"]) and not any(pure["compiled"])
    assert len(compiled["moves"]) >= 8
    assert compiled["moves"] == pure["moves"]
    assert len(compiled["values"]) >= 8 and compiled["values"] == pure["values"]
