"""A decision as plain values: which player to build, and what it chose with how much work.

Worker processes receive a `PlayerSpec` and an `Observation` (both picklable, nothing of the
full state) and send back a `Decision`, so the web process never runs a search itself.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

from tutor.rules import Action, Observation

from .player import Player, make_player

Options = tuple[tuple[str, object], ...]


@dataclass(frozen=True)
class PlayerSpec:
    """What `make_player` needs: the player's kind, its seed and its options (name, value
    pairs). The one description of a player everywhere (play mode, the AI pool, the arena):
    a value of the wrong type in any field is a TypeError when the spec is made, so options
    can never land in `seed` unseen."""

    kind: str
    seed: int = 0
    options: Options = ()

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str):
            raise TypeError(f"a player's kind is a name, not {self.kind!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise TypeError(f"a player's seed is an int, not {self.seed!r} "
                            "(PlayerSpec(kind, seed, options): options come third)")
        if not isinstance(self.options, tuple) or not all(
                isinstance(o, tuple) and len(o) == 2 and isinstance(o[0], str)
                for o in self.options):
            raise TypeError(f"a player's options are (name, value) pairs in a tuple, "
                            f"not {self.options!r}")

    def seeded(self, seed: int) -> PlayerSpec:
        """The same player with another seed (an arena gives each seat its own)."""
        return replace(self, seed=seed)

    def build(self) -> Player:
        """The player this spec describes."""
        return make_player(self.kind, seed=self.seed, **dict(self.options))

    def __str__(self) -> str:
        """The player's name without its seed, as arena logs and tables show it:
        `search(playouts=80)`."""
        opts = ",".join(f"{k}={v}" for k, v in self.options)
        return self.kind + (f"({opts})" if opts else "")


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
