"""The floor: a legal, seeded, uniformly careless player."""

from __future__ import annotations

from tutor.rules import (
    Action,
    Bid,
    Bury,
    CallFriend,
    Observation,
    Pass,
    Phase,
    Play,
    random_lead,
    sample_follow,
)

from .legal import bid_options, callable_cards
from .player import Player


class RandomPlayer(Player):
    """Bids half the time it can, buries and calls at random, plays random legal cards."""

    name = "random"

    def act(self, obs: Observation) -> Action:
        rng = self.rng(obs)
        seat = obs.seat
        if obs.phase == Phase.BIDDING:
            options = bid_options(obs)
            if options and rng.random() < 0.5:
                return Bid(seat, rng.choice(options))
            return Pass(seat)
        if obs.phase == Phase.BURYING:
            return Bury(seat, tuple(rng.sample(obs.hand, obs.rules.kitty)))
        if obs.phase == Phase.CALLING:
            nth = rng.randint(1, obs.rules.decks) if obs.rules.friend_rule == "nth_played" else None
            return CallFriend(seat, rng.choice(callable_cards()), nth)
        if obs.phase != Phase.PLAYING or obs.trump is None:
            raise ValueError(f"seat {seat} has no decision in phase {obs.phase}")
        if obs.current:
            return Play(seat, tuple(sample_follow(obs.hand, obs.current[0][1], obs.trump, rng)))
        return Play(seat, tuple(random_lead(obs.hand, obs.trump, rng)))
