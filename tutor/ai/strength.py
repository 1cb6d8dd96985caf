"""Play mode's strengths as amounts of work: the player each one is, for a given seed.

A strength is never an amount of time, so it plays the same moves for the same seed however
busy the machine is. normal's 40 playouts are what its former 0.25 s budget reached in a
served game; hard's 160, about what 0.8 s reached, stay near a second a decision on one core.
"""

from __future__ import annotations

from .decision import PlayerSpec

STRENGTHS = ("easy", "normal", "hard")
PLAYOUTS = {"normal": 40, "hard": 160}


def strength_spec(strength: str, seed: int) -> PlayerSpec:
    """easy: the heuristic; normal and hard: determinized search with a fixed playout count."""
    if strength == "easy":
        return PlayerSpec("heuristic", seed)
    if strength in PLAYOUTS:
        return PlayerSpec("search", seed, (("playouts", PLAYOUTS[strength]),))
    raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, not {strength!r}")
