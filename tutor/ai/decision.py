"""A decision as plain values: which player to build, and what it chose with how much work.

Worker processes receive a `PlayerSpec` and an `Observation` (both picklable, nothing of the
full state) and send back a `Decision`, so the web process never runs a search itself.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from tutor.rules import Action, Observation

from .player import Player, make_player


@dataclass(frozen=True)
class PlayerSpec:
    """What `make_player` needs: the player's name, its seed and its options."""

    kind: str
    seed: int = 0
    options: tuple[tuple[str, object], ...] = ()

    def build(self) -> Player:
        """The player this spec describes."""
        return make_player(self.kind, seed=self.seed, **dict(self.options))


@dataclass(frozen=True)
class Decision:
    """An action, the playouts spent finding it (0: no search) and the seconds it took."""

    action: Action
    playouts: int
    seconds: float


def decide(spec: PlayerSpec, obs: Observation) -> Decision:
    """The action `spec`'s player takes for `obs`: a pure function of the two."""
    start = time.perf_counter()
    player = spec.build()
    action = player.act(obs)
    report = getattr(player, "last", None)
    playouts = report.playouts if report is not None else 0
    return Decision(action, playouts, time.perf_counter() - start)
