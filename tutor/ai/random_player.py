"""The floor: a legal, seeded, uniformly careless player."""

from __future__ import annotations

from tutor.rules import Action, Observation, Phase

from .player import Player


class RandomPlayer(Player):
    """Bids half the time it can, buries and calls at random, plays random legal cards
    (`Observation.random_action`, the same floor the rules core uses for self-play)."""

    name = "random"

    def act(self, obs: Observation) -> Action:
        rng = self.rng(obs)
        if obs.phase == Phase.FINISHED or (obs.phase == Phase.PLAYING and obs.trump is None):
            raise ValueError(f"seat {obs.seat} has no decision in phase {obs.phase}")
        return obs.random_action(rng)
