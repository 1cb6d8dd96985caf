"""Play mode's strengths as amounts of work: the player each one is, for a given seed.

A strength is never an amount of time, so it plays the same moves for the same seed however
busy the machine is. Measured in the arena (300 duplicate deals each, `python -m tutor
ladder`): normal's 80 playouts beat easy by +0.129 积分 a hand [+0.062, +0.196] (40 did not:
-0.022 [-0.102, +0.058]); hard's 160, the most that stays within a second a decision on one
core, beat easy by +0.141 [+0.075, +0.208], but normal by only +0.013 [-0.068, +0.093].
Searching hard's bids too (`bids=8`) added +0.039 [-0.025, +0.103] over hard, not significant,
at bid decisions over the second (`bid_search`); capped to stay within it (`bid_cap=24`) it
added +0.036 [-0.053, +0.125] on other deals. Pooled, +0.038 [-0.014, +0.090], so hard bids as
the heuristic does.
Stopping each playout after the candidate's trick and asking the learned state value for the
rest (`search:playouts=400,leaf=value`) beat easy by +0.140 [+0.072, +0.208] over 300 deals:
hard's strength at a third of its time (p95 326 ms a decision against 998 ms, `bench ai`), not
more. Hard still plays to the end until play mode's load figures are measured with it.
"""

from __future__ import annotations

from .decision import PlayerSpec

STRENGTHS = ("easy", "normal", "hard")
PLAYOUTS = {"normal": 80, "hard": 160}


def strength_spec(strength: str, seed: int) -> PlayerSpec:
    """easy: the heuristic; normal and hard: determinized search with a fixed playout count."""
    if strength == "easy":
        return PlayerSpec("heuristic", seed)
    if strength in PLAYOUTS:
        return PlayerSpec("search", seed, (("playouts", PLAYOUTS[strength]),))
    raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, not {strength!r}")
