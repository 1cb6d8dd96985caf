"""A match: a series of hands with levels, running 积分 and the next declarer (RULES.md §9)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from .config import RuleSet
from .hand import Hand, HandResult

SMALL_SEED = 2**63  # seeds below this are dealt as they always were (saved games, arenas)


def hand_seed(match_seed: int, index: int) -> int:
    """The seed of hand `index` of a match: fixed, so a match replays from its own seed.

    A seed below `SMALL_SEED` (a command line's, or a game saved before deals came from
    `secrets`) keeps its old, linear derivation, so every such deal replays as before. A
    larger seed (a person's game: 128 random bits) goes through a hash, so a hand's deal
    says nothing about the next hand's, and no hand has fewer bits of seed than the match."""
    if 0 <= match_seed < SMALL_SEED:
        return (match_seed * 1_000_003 + index * 7_919) % (2**63)
    digest = hashlib.blake2b(f"{match_seed}/{index}".encode(), digest_size=32).digest()
    return int.from_bytes(digest, "big")


@dataclass
class Match:
    """Hands until a declarer wins at level A, or `max_hands` have been played."""

    seed: int
    rules: RuleSet = field(default_factory=RuleSet)
    max_hands: int | None = None
    levels: list[int] = field(init=False)
    totals: list[int] = field(init=False)
    declarer: int | None = field(init=False, default=None)
    results: list[HandResult] = field(init=False, default_factory=list)
    finished: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        if self.max_hands is not None and self.max_hands < 1:
            raise ValueError("max_hands must be at least 1")
        self.levels = [2] * self.rules.players
        self.totals = [0] * self.rules.players

    def new_hand(self) -> Hand:
        """The next hand, dealt with the current levels and declarer."""
        if self.finished:
            raise ValueError("the match is over")
        return Hand(hand_seed(self.seed, len(self.results)), self.rules, self.levels,
                    self.declarer)

    def record(self, hand: Hand) -> HandResult:
        """Take a finished hand's result: levels, 积分 totals, next declarer, match end."""
        result = hand.result
        if result is None:
            raise ValueError("the hand is not finished")
        self.results.append(result)
        self.levels = list(result.levels_after)
        self.totals = [t + s for t, s in zip(self.totals, result.score, strict=True)]
        self.declarer = result.next_declarer
        if result.match_won or (self.max_hands is not None and len(self.results) >= self.max_hands):
            self.finished = True
        return result

    def ranking(self) -> list[int]:
        """Seats from first to last: by level, then total 积分."""
        return sorted(range(self.rules.players), key=lambda s: (-self.levels[s], -self.totals[s]))
