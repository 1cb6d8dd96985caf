"""Playouts whose seats know less than `tutor.ai.rollout.Playout`'s, as the heuristic
players would. With `hidden_friend` the teams are only what each seat would know: until the
friend shows, the declarer and the others cannot tell the friend from the rest (the friend
knows). That is closer to the heuristic opponents, yet the search played worse with it in
the arena (60 deals, -0.210 积分 a hand [-0.363, -0.057], worst as declarer and friend): the
quick rules were made for known teams, and one flat belief is cruder than the heuristic's
own reading. `beliefs` gives each seat that reading instead (`seat_beliefs`): what the
heuristic player in that seat would believe of the teams at the playout's start, kept until
the friend shows. With heuristic playouts the flat belief is the better of the two, and both
beat known teams: by the oracle's players judge (300 positions) the reading loses -0.073 a
decision [-0.203, +0.057] to the flat belief, which gains +0.123 over known teams.
"""
from __future__ import annotations

from tutor.ai.memory import build_memory
from tutor.ai.rollout import Playout, hidden_friend_allies
from tutor.ai.tactics import POINTS, Context
from tutor.rules import Hand, Play

Beliefs = list[tuple[list[float], float]]  # each seat's (ally chances, chance it defends)
# What each playout seat sees: `sample`, every hidden card where the sample put it (the kitty
# too); `kitty`, the kitty among the unseen cards of all but the declarer, as the heuristic
# sees it; `full`, that and the heuristic's full tactics, not their fast mode. More faithful
# to the heuristic players, yet worse with guessed deals: with heuristic playouts, flat team
# beliefs and the readings, `kitty` lost -0.169 积分 a decision [-0.353, +0.014] to `sample`
# on the oracle's players judge (150 positions); told the true deal, it gained +0.021.
VIEWS = ("sample", "kitty", "full")


class ResearchPlayout(Playout):
    """A `Playout` whose seats know the teams only as they would (`hidden_friend`, with each
    seat's `beliefs` or a flat one) and see the hidden cards as `view` says; with none of
    them, the very playout `Playout` plays."""

    def __init__(self, hand: Hand, current: list, voids: list[set[int]],
                 hidden_friend: bool = False, beliefs: Beliefs | None = None,
                 view: str = "sample", revealed: bool = False) -> None:
        if view not in VIEWS:
            raise ValueError(f"view must be one of {', '.join(VIEWS)}, not {view!r}")
        super().__init__(hand, current, voids, revealed)
        self.kitty_hidden = view != "sample"
        self.fast = view != "full"
        self.hidden = (hidden_friend and hand.friend is not None
                       and hand.friend != hand.declarer)
        self.beliefs = beliefs
        self.kitty = [0] * 54
        for c in hand.kitty:
            self.kitty[c] += 1

    def apply(self, action: Play) -> list:
        shown = self.hand.friend_revealed
        events = super().apply(action)
        if not shown and self.hand.friend_revealed:  # read from the hand: a quiet fork logs
            self.hidden = False  # no events
        return events

    def context(self, seat: int) -> Context:
        hand = self.hand
        mine, pool = self.unseen(seat)
        kitty_points = self.kitty_points
        if self.kitty_hidden and seat != hand.declarer:  # the kitty is among its unseen cards
            pool = [a + b for a, b in zip(pool, self.kitty, strict=True)]
            unseen = sum(pool)
            kitty_points = (sum(POINTS[k] * m for k, m in enumerate(pool) if m)
                            * len(hand.kitty) / unseen if unseen else 0.0)
        side = {hand.declarer, hand.friend}
        me_decl = seat in side
        defending = 0.0 if me_decl else 1.0
        if self.hidden and seat != hand.friend:
            if self.beliefs:
                ally, defending = self.beliefs[seat]
            else:
                ally = hidden_friend_allies(seat, hand.declarer, self.n)  # type: ignore[arg-type]
        else:
            ally = [1.0 if (s in side) == me_decl else 0.0 for s in range(self.n)]
        hidden = [0 if s == seat else len(mine) for s in range(self.n)]
        return Context(seat, mine, hand.trump, self.current, ally, pool, self.voids, hidden,  # type: ignore[arg-type]
                       self.n, defending, kitty_points, fast=self.fast)


def seat_beliefs(hand: Hand) -> Beliefs:
    """What the heuristic player in each seat of this sampled deal believes of the teams now:
    its memory's reading of its own cards and the play so far (see `Memory.ally_p`)."""
    out: Beliefs = []
    for seat in range(hand.rules.players):
        mem = build_memory(hand.observation(seat))
        out.append(([mem.ally_p(s) for s in range(hand.rules.players)], 1.0 - mem.my_side_p))
    return out
