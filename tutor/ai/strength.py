"""Play mode's strengths as amounts of work: the player each one is, for a given seed.

A strength is never an amount of time, so it plays the same moves for the same seed however
busy the machine is. Measured in the arena (`python -m tutor arena A heuristic`, duplicate
deals). Normal: up to 320 playouts that answer the candidate's trick with the quick rules
and ask the learned state value for the rest, among 4 candidates with a head start of 0.25
积分 for the tactics' own, dropping the clearly worse as it goes (`search`): +0.176 积分 a hand
over easy [+0.083, +0.269] (levels +0.055 [+0.019, +0.091]) on 150 deals of seed 1204, never
used before; chosen on seed 16 (150 deals) over 160 playouts (+0.095 [-0.001, +0.190]; 320:
+0.108 [+0.016, +0.200]). Normal was 80 playouts to the end: +0.129 [+0.062, +0.196] (300
deals, seed 16; 40 did not beat easy: -0.022 [-0.102, +0.058]), at ten times the cost of a
decision (`bench ai`); on the deals of seed 1204 it made +0.132 [+0.032, +0.232], and the
new normal minus it, deal by deal: +0.044 [-0.083, +0.171]. Hard: up to 400 playouts that
answer the candidate's trick with the heuristic's tactics and ask the learned state value
for the rest, among up to 8 of the tactics' best plays with a head start of 0.1, looking at
each eighth of its deals whether to drop a play that almost surely beats the best by no more
than 0.05 积分 (`tolerance`): +0.355 [+0.251, +0.458] over easy (levels +0.113 [+0.066,
+0.160]) on 150 deals of seed 1205, never used before; chosen on seed 1204 (paired against
hard without the tolerance, -0.029 [-0.101, +0.043]; a tolerance of 0.1 at each quarter:
-0.044 [-0.115, +0.027]), where hard without it made +0.372 [+0.267, +0.477] (levels +0.083
[+0.033, +0.133]) with the drops and early ends; before them +0.373 [+0.300, +0.446] (300
deals, seed 16). The tolerance and the eighths spent 48% fewer playouts (4,200 against
8,099) on every second of `bench ai`'s positions, changing 2 of its 70 moves.
With 4 candidates and a head start of 0.25 it was +0.244 [+0.179, +0.309], so the wider
choice adds +0.129 [+0.046, +0.213] (paired); the same leaves after quick answers: +0.140
[+0.072, +0.208], so the tactics' answers add +0.104 [+0.030, +0.178] (paired). Hard was 160
playouts to the end: +0.141 [+0.075, +0.208], only +0.013 [-0.068, +0.093] over normal. On
that hard, searching the bids too (`bids=8`) added +0.039 [-0.025, +0.103], not significant,
at bid decisions over the second (`lab.ai.bid_search`); capped (`bid_cap=24`) +0.036
[-0.053, +0.125]; pooled +0.038 [-0.014, +0.090], so hard bids as the heuristic does.
"""

from __future__ import annotations

from .decision import PlayerSpec

STRENGTHS = ("easy", "normal", "hard")
# each search strength's options: a fixed amount of work, never a time
OPTIONS: dict[str, tuple[tuple[str, object], ...]] = {
    "normal": (("playouts", 320), ("leaf", "value")),
    "hard": (("playouts", 400), ("leaf", "value"), ("policy", "heuristic"),
             ("candidates", 8), ("prior", 0.1), ("tolerance", 0.05),
             ("looks", 8)),
}
PLAYOUTS = {strength: dict(options)["playouts"] for strength, options in OPTIONS.items()}


def strength_spec(strength: str, seed: int) -> PlayerSpec:
    """easy: the heuristic; normal: determinized search with up to 320 playouts that ask the
    learned state value after the candidate's trick; hard: up to 400 that answer the
    candidate's trick with the heuristic's tactics, then ask the value, among up to 8
    candidates."""
    if strength == "easy":
        return PlayerSpec("heuristic", seed)
    if strength in OPTIONS:
        return PlayerSpec("search", seed, OPTIONS[strength])
    raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, not {strength!r}")
