"""Shared material for generators: deals, a 3-deck card pool, unit building and features.

Every position is drawn from one consistent 3-deck deal (no card more than 3 times), so
generated puzzles are positions that can occur at the table.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.rules import (
    ALL_CARDS,
    RANKS,
    SUITS,
    TRUMP,
    Card,
    MixedSuitError,
    Trump,
    decompose,
    format_cards,
)

RANK_ORDER = {r: i for i, r in enumerate(RANKS)}


@dataclass
class Candidate:
    """A generated puzzle before it gets an id: question, position fields, themes, tier."""

    question: str
    fields: dict[str, Any]
    themes: list[str]
    difficulty: int
    features: dict[str, Any] = field(default_factory=dict)


def tier(score: int, medium: int = 2, hard: int = 4) -> int:
    """Difficulty from a feature score: below `medium` easy, below `hard` medium, else hard."""
    return 1 if score < medium else 2 if score < hard else 3


def random_trump(rng: random.Random) -> Trump:
    """A trump with every level possible (2 more often: every match starts there)."""
    level = rng.choice((*RANKS, "2", "2"))
    return Trump(level, rng.choice(SUITS))


def deal(rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """Five hands of 31 cards and a 7-card kitty from three shuffled decks."""
    deck = [c for c in ALL_CARDS for _ in range(3)]
    rng.shuffle(deck)
    return [deck[i * 31:(i + 1) * 31] for i in range(5)], deck[155:]


def text(cards: Sequence[int]) -> str:
    """Cards in the canonical ASCII notation of the bank files."""
    return format_cards(list(cards))


def in_suit(cards: Sequence[int], trump: Trump, eff: int) -> list[Card]:
    """The cards of one effective suit."""
    return [Card(c) for c in cards if trump.effective_suit(c) == eff]


def shape(cards: Sequence[int], trump: Trump) -> list[tuple[int, int]] | None:
    """Sorted (width, length) of the units, or None for several suits."""
    try:
        return sorted((u.width, u.length) for u in decompose(cards, trump))
    except MixedSuitError:
        return None


def unit_themes(cards: Sequence[int], trump: Trump) -> set[str]:
    """Themes a play shows: its unit kinds, the trump chain, a skipped level rank."""
    out: set[str] = set()
    try:
        units = decompose(cards, trump)
    except MixedSuitError:
        return out
    for u in units:
        if u.kind != "single":
            out.add(u.kind)
        kinds = sorted(set(u.cards), key=lambda c: -trump.position(c))
        if u.length > 1 and any(c.is_joker or c.rank == trump.level for c in kinds):
            out.add("trump-chain")
        if u.length > 1:
            for hi, lo in itertools.pairwise(kinds):
                if not (hi.is_joker or lo.is_joker or trump.level in (hi.rank, lo.rank)) and \
                        RANK_ORDER[hi.rank] - RANK_ORDER[lo.rank] == 2:
                    out.add("level-skip")
    return out


class Pool:
    """The cards not yet used in a position: at most 3 of each, taken as units are built."""

    def __init__(self, trump: Trump, rng: random.Random):
        self.trump = trump
        self.rng = rng
        self.left: Counter[Card] = Counter({c: 3 for c in ALL_CARDS})
        self.by_suit: dict[int, dict[int, list[Card]]] = {}
        for c in ALL_CARDS:
            self.by_suit.setdefault(trump.effective_suit(c), {}).setdefault(
                trump.position(c), []).append(c)

    def take(self, cards: Sequence[Card]) -> None:
        """Remove these cards from the pool (ValueError if not there)."""
        need = Counter(cards)
        if need - self.left:
            raise ValueError("not available")
        self.left -= need

    def unit(self, eff: int, width: int, length: int, above: int | None = None,
             below: int | None = None) -> list[Card] | None:
        """Take a unit of `width` × `length` adjacent ranks in `eff`, its top in (above, below)."""
        positions = self.by_suit[eff]
        tops = []
        for top in positions:
            if (above is not None and top <= above) or (below is not None and top >= below):
                continue
            if all(any(self.left[k] >= width for k in positions.get(top - i, ()))
                   for i in range(length)):
                tops.append(top)
        if not tops:
            return None
        top = self.rng.choice(tops)
        cards: list[Card] = []
        for i in range(length):
            kind = self.rng.choice([k for k in positions[top - i] if self.left[k] >= width])
            cards += [kind] * width
        self.take(cards)
        return cards

    def singles(self, eff: int | None, n: int, avoid: Sequence[int] = ()) -> list[Card] | None:
        """Take n cards of `eff` (None: any suit but those in `avoid`), as unpaired as possible."""
        kinds = [c for c in ALL_CARDS if self.left[c] and (
            self.trump.effective_suit(c) == eff if eff is not None
            else self.trump.effective_suit(c) not in avoid)]
        if len(kinds) >= n:
            cards = self.rng.sample(kinds, n)
        else:
            pool = [c for c in kinds for _ in range(self.left[c])]
            if len(pool) < n:
                return None
            cards = self.rng.sample(pool, n)
        self.take(cards)
        return cards

    def kitty(self, n: int = 7) -> list[Card]:
        """n cards for a kitty, with point cards more likely (the kitty is worth defending)."""
        weighted = [c for c in ALL_CARDS for _ in range(self.left[c] * (3 if c.points else 1))]
        out: list[Card] = []
        while len(out) < n:
            c = self.rng.choice(weighted)
            if self.left[c]:
                self.take([c])
                out.append(c)
        return out


def weighted_pick(rng: random.Random, items: Sequence[Any], decay: float) -> list[Any]:
    """Items in a random order that favours the front of the list (weight decay**index)."""
    rest = list(enumerate(items))
    out = []
    while rest:
        weights = [decay ** i for i, _ in rest]
        j = rng.choices(range(len(rest)), weights)[0]
        out.append(rest.pop(j)[1])
    return out


def other_suits(trump: Trump, led: int) -> list[int]:
    """The plain suits other than `led`."""
    return [e for e in (0, 1, 2, 3) if e != led and e in _plain(trump)]


def _plain(trump: Trump) -> set[int]:
    return {trump.effective_suit(c) for c in ALL_CARDS if not trump.is_trump(c)}


PLAIN = _plain
__all__ = ["TRUMP", "Candidate", "Pool", "deal", "random_trump", "shape", "tier"]
