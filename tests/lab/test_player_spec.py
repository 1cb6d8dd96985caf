"""One `PlayerSpec` for play mode, the AI pool and the arena: a value of the wrong shape is a
TypeError when the spec is made, never options silently taken for a seed."""

import pickle

import pytest

from lab.arena import PlayerSpec as ArenaSpec
from tutor.ai import PlayerSpec, strength_spec
from tutor.ai.decision import PlayerSpec as DecisionSpec


def test_the_arena_and_the_decisions_share_one_type():
    assert ArenaSpec is DecisionSpec is PlayerSpec


def test_options_where_the_seed_goes_are_a_type_error():
    # the arena's old (kind, options) passed where (kind, seed, options) is expected
    with pytest.raises(TypeError, match="seed is an int"):
        PlayerSpec("search", (("playouts", 80),))
    with pytest.raises(TypeError, match="seed is an int"):
        PlayerSpec("search", True)
    with pytest.raises(TypeError, match="options"):
        PlayerSpec("search", 0, {"playouts": 80})
    with pytest.raises(TypeError, match="options"):
        PlayerSpec("search", 0, ("playouts", 80))
    with pytest.raises(TypeError, match="kind"):
        PlayerSpec(("search",), 0)


def test_a_spec_is_a_frozen_picklable_value_named_without_its_seed():
    spec = strength_spec("hard", 4)
    assert pickle.loads(pickle.dumps(spec)) == spec
    with pytest.raises(AttributeError):
        spec.seed = 5  # type: ignore[misc]
    assert spec.seeded(9) == PlayerSpec("search", 9, spec.options)
    assert str(spec) == ("search(playouts=400,leaf=value,policy=heuristic,candidates=8,"
                         "prior=0.1,tolerance=0.05,looks=8)")
    assert str(PlayerSpec("heuristic", 3)) == "heuristic"
