"""The player interface: an observation in, an action out, and nothing else."""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod

from tutor.rules import Action, Observation

PLAYER_TYPES = ("random", "heuristic", "search")


class Player(ABC):
    """A seat's decision maker. `act` sees only `obs` (never the full state).

    Players are stateless between calls: the same observation and seed give the same action,
    so a seeded player's decisions are a function of what it can see.
    """

    name = "player"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def act(self, obs: Observation) -> Action:
        """The action to take for `obs.seat` (it must be that seat's turn)."""

    def rng(self, obs: Observation) -> random.Random:
        """A random source fixed by the player's seed and the observation alone."""
        return random.Random(observation_key(obs, self.seed))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def observation_key(obs: Observation, salt: int = 0) -> int:
    """A stable number for what a seat sees now (no Python hash randomness involved)."""
    parts = [salt, obs.seat, str(obs.phase), len(obs.events), len(obs.tricks), len(obs.current),
             sorted(int(c) for c in obs.hand), [(s, sorted(map(int, c))) for s, c in obs.current],
             [(s, list(map(int, c))) for s, c in obs.bids]]
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def make_player(kind: str, seed: int = 0, **options) -> Player:
    """A player by name: `random`, `heuristic` or `search` (options go to its constructor)."""
    import importlib

    modules = {"random": ("random_player", "RandomPlayer"),
               "heuristic": ("heuristic", "HeuristicPlayer"), "search": ("search", "SearchPlayer")}
    if kind not in modules:
        raise ValueError(f"unknown player {kind!r}: choose one of {', '.join(PLAYER_TYPES)}")
    module, cls = modules[kind]
    return getattr(importlib.import_module(f"tutor.ai.{module}"), cls)(seed=seed, **options)
