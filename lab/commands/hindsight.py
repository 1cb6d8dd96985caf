"""Hindsight players for the per-decision oracle: the search told one fact of the true deal.

They are instruments, never players in play: each bounds what inference about the hidden
cards could gain, since knowing a fact exactly is more than any reading of the others' play
can learn of it. The facts (the rest of the hidden cards dealt at random around them):
- `deal`: every hidden card where it is (the clairvoyant search);
- `shape`: how many cards of each suit (trumps one suit) every hidden holder has;
- `trumps`: how many trumps every hidden holder has;
- `high`: who holds each top card (a plain suit's two highest ranks; the trump suit's A and
  above, or every trump in no-trump), and the shape;
- `pairs`: the cards each holder has two or more copies of, and the shape;
- `singles`: the cards each holder has one copy of, and the shape;
- `friend`: who holds each copy of the called friend card, and the shape (under the holder
  rule this is who the friend is);
- `part`: a share of the hidden cards where they are (`share`, each deal its own random
  part) and the shape: a deal as close to the truth as a reading of the play could make it,
  so that a run of shares tells how much each step closer is worth.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from lab.ai.search import ResearchSearchPlayer
from tutor.ai.memory import build_memory
from tutor.ai.player import Player
from tutor.ai.sampler import Sample, Sampler
from tutor.rules import TRUMP, Observation, Trump

FACTS = ("deal", "shape", "trumps", "high", "pairs", "singles", "friend", "part")
SHARE = 0.5  # `part`'s default share of the hidden cards kept where they are
TOP_TRUMP = 11  # position of the trump suit's A: it and every trump above it are top cards
TOP_PLAIN = 10  # a plain suit's two highest ranks


def is_top(trump: Trump, card: int) -> bool:
    """A top card: one of a plain suit's two highest ranks, the trump suit's A or a higher
    trump, or (no-trump, where the trumps are the jokers and level cards) any trump."""
    eff, pos = trump.table.eff[card], trump.table.pos[card]
    if eff == TRUMP:
        return trump.suit is None or pos >= TOP_TRUMP
    return pos >= TOP_PLAIN


def partial_deal(obs: Observation, truth: Sample, fact: str, rng: random.Random,
                 sampler: Sampler | None = None, share: float = SHARE) -> Sample:
    """A deal that agrees with `truth` on `fact` and is random otherwise: every hidden
    holder (the others and, if `obs`'s seat did not bury it, the kitty) keeps its number of
    cards and the fact; the rest of its cards are swapped among the holders at random. Its
    friend is the one these hands imply to `sampler` (one for `obs`), as for any drawn deal.
    For `part`, each hidden card stays where it is with chance `share`."""
    if fact not in FACTS:
        raise ValueError(f"{fact!r}: a fact is one of {', '.join(FACTS)}")
    if not 0 <= share <= 1:
        raise ValueError(f"share must be between 0 and 1, not {share}")
    if fact == "deal":
        return Sample([list(h) for h in truth.hands], list(truth.kitty), 1.0, truth.friend)
    assert obs.trump is not None
    trump, eff = obs.trump, obs.trump.table.eff
    n = obs.rules.players
    holders = [s for s in range(n) if s != obs.seat] + ([n] if obs.seat != obs.declarer else [])
    piles = [[int(c) for c in h] for h in truth.hands] + [[int(c) for c in truth.kitty]]

    def group(card: int, pile: list[int]) -> object:
        """Cards in one group are dealt among the slots the group held: a card that is its
        own group stays with its holder."""
        if fact == "trumps":
            return ("trump", eff[card] == TRUMP)
        kept = {"high": is_top(trump, card),
                "pairs": pile.count(card) >= 2,
                "singles": pile.count(card) == 1,
                "friend": card == obs.friend_card,
                "part": fact == "part" and rng.random() < share}.get(fact, False)
        return ("card", card) if kept else eff[card]

    slots = {h: [group(c, piles[h]) for c in piles[h]] for h in holders}
    pools: dict[object, list[int]] = {}
    for h in holders:
        for card, g in zip(piles[h], slots[h], strict=True):
            pools.setdefault(g, []).append(card)
    for pool in pools.values():
        rng.shuffle(pool)
    for h in holders:
        piles[h] = [pools[g].pop() for g in slots[h]]
    hands = piles[:n]
    friend, _ = (sampler or Sampler(obs, build_memory(obs))).implied_friend(hands)
    return Sample(hands, piles[n], 1.0, friend)


class HindsightSearch(ResearchSearchPlayer):
    """The search, playing out deals that agree with the truth on one fact."""

    name = "hindsight"

    def __init__(self, truth: Sample, fact: str, seed: int = 0, playouts: int = 160,
                 policy: str = "quick", teams: str = "sampled", view: str = "sample",
                 share: float = SHARE) -> None:
        super().__init__(seed, playouts=playouts, policy=policy, teams=teams, view=view)
        if fact not in FACTS:
            raise ValueError(f"{fact!r}: a fact is one of {', '.join(FACTS)}")
        self.truth, self.fact, self.share = truth, fact, share

    def _draw(self, sampler: Sampler, rng: random.Random, obs: Observation,
              history: list, start: int) -> Sample:
        return partial_deal(obs, self.truth, self.fact, rng, sampler, self.share)


@dataclass(frozen=True)
class Hindsight:
    """A hindsight player's spec (`know:FACT` on the command line); `truth` is bound at
    each position."""

    fact: str
    seed: int = 0
    playouts: int = 160
    truth: Sample | None = None
    policy: str = "quick"  # the search's playout policy and what its playouts know of teams
    teams: str = "sampled"
    view: str = "sample"
    share: float = SHARE  # `part` only: the share of the hidden cards kept where they are

    def build(self) -> Player:
        assert self.truth is not None, "a hindsight player needs the position's true deal"
        return HindsightSearch(self.truth, self.fact, self.seed, self.playouts, self.policy,
                               self.teams, self.view, self.share)
