"""The heuristic player: card memory, team inference and the classic priorities."""

from __future__ import annotations

from tutor.rules import Action, Observation, Phase, Play

from .memory import Memory, build_memory
from .player import Player
from .preplay import choose_bid, choose_bury, choose_call
from .tactics import Choice, Context, choose_play


def context_from_memory(obs: Observation, mem: Memory, fast: bool = False) -> Context:
    """A tactics context from what this seat knows (pool = the cards it has not seen)."""
    n = obs.rules.players
    assert obs.trump is not None
    if mem.kitty_unknown:
        unseen_cards = sum(mem.unseen)
        kitty = mem.unseen_points() * obs.rules.kitty / unseen_cards if unseen_cards else 0.0
    else:
        kitty = float(sum(c.points for c in (obs.buried or ())))
    return Context(
        seat=obs.seat, hand=list(obs.hand), trump=obs.trump,
        current=[(s, tuple(c)) for s, c in obs.current],
        ally=[mem.ally_p(s) for s in range(n)], pool=list(mem.unseen),
        voids=mem.voids, hidden=mem.hidden_sizes, players=n,
        defending=1.0 - mem.my_side_p, kitty_points=kitty, fast=fast)


def heuristic_choice(obs: Observation, bidding: str = "classic") -> tuple[Action, str, dict]:
    """The heuristic's action for `obs`, with its reason key and details (for explanations);
    `bidding`: how it bids (`preplay.BIDDING`)."""
    if obs.phase == Phase.BIDDING:
        action, reason = choose_bid(obs, bidding)
        return action, reason, {}
    if obs.phase == Phase.BURYING:
        action, info = choose_bury(obs)
        return action, "bury", info
    if obs.phase == Phase.CALLING:
        action, info = choose_call(obs)
        return action, "call", info
    if obs.phase != Phase.PLAYING:
        raise ValueError(f"seat {obs.seat} has no decision in phase {obs.phase}")
    mem = build_memory(obs)
    choice: Choice = choose_play(context_from_memory(obs, mem))
    return Play(obs.seat, choice.cards), choice.reason, choice.info


class HeuristicPlayer(Player):
    """Deterministic rule-based play; the policy the search plays its samples out with."""

    name = "heuristic"

    def __init__(self, seed: int = 0, bidding: str = "classic") -> None:
        super().__init__(seed)
        self.bidding = bidding

    def act(self, obs: Observation) -> Action:
        return heuristic_choice(obs, self.bidding)[0]
