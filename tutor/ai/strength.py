"""Play mode's strengths as amounts of work: the player each one is, for a given seed.

A strength is never an amount of time, so it plays the same moves for the same seed however
busy the machine is. Measured in the arena (300 duplicate deals each, seed 16, `python -m
tutor ladder`): normal's 80 playouts to the end beat easy by +0.129 积分 a hand [+0.062,
+0.196] (40 did not: -0.022 [-0.102, +0.058]). Hard's 400 playouts answer the candidate's
trick with the heuristic's tactics and ask the learned state value for the rest, among up to
8 of the tactics' best plays with a head start of 0.1 积分 for the tactics' own: +0.373
[+0.300, +0.446] over easy (levels +0.111 [+0.079, +0.142]), p95 640 ms a decision on one
core (normal's 941 ms in the same run, `bench ai`). With 4 candidates and a head start of
0.25 it was +0.244 [+0.179, +0.309], so the wider choice adds +0.129 [+0.046, +0.213]
(paired); the same leaves after quick answers: +0.140 [+0.072, +0.208], so the tactics'
answers add +0.104 [+0.030, +0.178] (paired). Hard was 160 playouts to the end: +0.141
[+0.075, +0.208], only +0.013 [-0.068, +0.093] over normal. On that hard, searching the
bids too (`bids=8`) added +0.039 [-0.025, +0.103], not significant, at bid decisions over
the second (`lab.ai.bid_search`); capped (`bid_cap=24`) +0.036 [-0.053, +0.125]; pooled +0.038
[-0.014, +0.090], so hard bids as the heuristic does.
"""

from __future__ import annotations

from .decision import PlayerSpec

STRENGTHS = ("easy", "normal", "hard")
# each search strength's options: a fixed amount of work, never a time
OPTIONS: dict[str, tuple[tuple[str, object], ...]] = {
    "normal": (("playouts", 320), ("leaf", "value")),
    "hard": (("playouts", 400), ("leaf", "value"), ("policy", "heuristic"),
             ("candidates", 8), ("prior", 0.1)),
}
PLAYOUTS = {strength: dict(options)["playouts"] for strength, options in OPTIONS.items()}


def strength_spec(strength: str, seed: int) -> PlayerSpec:
    """easy: the heuristic; normal: determinized search with 80 playouts to the end; hard:
    400 that answer the candidate's trick with the heuristic's tactics, then ask the learned
    state value for the rest, among up to 8 candidates."""
    if strength == "easy":
        return PlayerSpec("heuristic", seed)
    if strength in OPTIONS:
        return PlayerSpec("search", seed, OPTIONS[strength])
    raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, not {strength!r}")
