"""Units (牌型): single, pair, triple, tractor, titanic — and splitting a play into them.

A unit has a *width* (1 single, 2 pair, 3 triple) and a *length* (how many adjacent ranks);
tractors are width 2 and titanics width 3 with length ≥ 2. A lead is decomposed into the
units whose list of sizes, sorted descending, is lexicographically largest (RULES.md §4);
ties go to the decomposition whose largest units rank higher.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise, product

from .cards import Card, format_cards
from .trump import TRUMP, Trump, TrumpTable

KIND_NAMES = {1: "single", 2: "pair", 3: "triple"}
KIND_NAMES_ZH = {"single": "单张", "pair": "对子", "triple": "三张", "tractor": "拖拉机",
                 "titanic": "泰坦尼克"}

Counts = tuple[tuple[int, int], ...]  # sorted (kind, count) pairs: a hashable multiset
Shape = tuple[int, int]  # (width, length)


class MixedSuitError(ValueError):
    """A set of cards that should be of one effective suit is not."""


def unit_kind(width: int, length: int) -> str:
    """`single`, `pair`, `triple`, `tractor` or `titanic` for a (width, length)."""
    if length == 1:
        return KIND_NAMES[width]
    return "tractor" if width == 2 else "titanic"


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit of a play: `kind`, `width`, `length`, its `cards` and `top` position."""

    width: int
    length: int
    cards: tuple[Card, ...]
    top: int  # position of its highest rank inside the effective suit
    suit: int  # effective suit (0..3, or TRUMP)

    @property
    def kind(self) -> str:
        return unit_kind(self.width, self.length)

    @property
    def size(self) -> int:
        return self.width * self.length

    @property
    def shape(self) -> Shape:
        return (self.width, self.length)

    def describe(self, lang: str = "en") -> str:
        """`pair 10♥ 10♥` / `对子 10♥ 10♥`."""
        name = KIND_NAMES_ZH[self.kind] if lang == "zh" else self.kind
        return f"{name} {format_cards(self.cards, lang=lang)}"

    def __str__(self) -> str:
        return f"{self.kind}({format_cards(self.cards)})"


def counts_of(cards: Iterable[int]) -> Counts:
    """The multiset of card kinds as sorted (kind, count) pairs."""
    d: dict[int, int] = {}
    for c in cards:
        d[c] = d.get(c, 0) + 1
    return tuple(sorted(d.items()))


def tally(cards: Iterable[int]) -> dict[int, int]:
    """How many copies of each card `cards` holds, in first-seen order: a `Counter`'s counts
    at a fifth of its cost (its constructor was a twentieth of a playout's time)."""
    d: dict[int, int] = {}
    for c in cards:
        d[c] = d.get(c, 0) + 1
    return d


def missing_cards(hand: Sequence[int], cards: Sequence[int]) -> list[int]:
    """The cards of `cards` that `hand` does not hold (copies counted), in order."""
    if len(cards) == 1:
        return [] if cards[0] in hand else list(cards)
    out: list[int] = []
    for c, n in tally(cards).items():
        out.extend([c] * (n - hand.count(c)))  # empty when the hand holds enough
    return out


def suit_of(cards: Sequence[int], table: TrumpTable) -> int:
    """The one effective suit of `cards`; MixedSuitError if they span several."""
    eff = table.eff
    s = eff[cards[0]]
    for c in cards:
        if eff[c] != s:
            raise MixedSuitError("the cards are not all of one suit (trumps count as one suit)")
    return s


# ---------------------------------------------------------------------------------------------
# chains: runs of adjacent positions where some kind has at least `width` copies

def _by_pos(cnt: Counts, pos: tuple[int, ...], width: int) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for kind, n in cnt:
        if n >= width:
            out.setdefault(pos[kind], []).append(kind)
    return out


def chains(cnt: Counts, pos: tuple[int, ...], width: int, length: int) -> Iterator[tuple[int, ...]]:
    """Every run of `length` adjacent positions, one kind each, with ≥ `width` copies each.

    Yields tuples of kinds from the highest position down, highest runs first.
    """
    by_pos = _by_pos(cnt, pos, width)
    for top in sorted(by_pos, reverse=True):
        if all(top - i in by_pos for i in range(length)):
            yield from product(*(by_pos[top - i] for i in range(length)))


def remove_kinds(cnt: Counts, kinds: Iterable[int], width: int) -> Counts:
    d = dict(cnt)
    for k in kinds:
        d[k] -= width
    return tuple((k, n) for k, n in d.items() if n)


def _max_unit(cnt: Counts, pos: tuple[int, ...]) -> tuple[int, list[Shape]]:
    """The largest unit size present, and every (width, length) that reaches it."""
    best, shapes = 1, [(1, 1)]
    for width in (2, 3):
        by_pos = _by_pos(cnt, pos, width)
        if not by_pos:
            continue
        ps = sorted(by_pos)
        run, longest = 1, 1
        for a, b in pairwise(ps):
            run = run + 1 if b == a + 1 else 1
            longest = max(longest, run)
        for length in range(1, longest + 1):
            size = width * length
            if size > best:
                best, shapes = size, [(width, length)]
            elif size == best:
                shapes.append((width, length))
    return best, shapes


@lru_cache(maxsize=65536)
def _decompose(cnt: Counts, table: TrumpTable) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Best decomposition of a one-suit multiset as (width, length, kinds-high-to-low) units."""
    if not cnt:
        return ()
    pos = table.pos
    if len(cnt) == 1:
        kind, n = cnt[0]
        if n <= 3:
            return ((n, 1, (kind,)),)
    size, shapes = _max_unit(cnt, pos)
    if size == 1:
        ordered = sorted((k for k, n in cnt for _ in range(n)), key=lambda k: -pos[k])
        return tuple((1, 1, (k,)) for k in ordered)
    best: tuple | None = None
    best_key: tuple | None = None
    for width, length in shapes:
        for kinds in chains(cnt, pos, width, length):
            rest = _decompose(remove_kinds(cnt, kinds, width), table)
            units = ((width, length, kinds), *rest)
            key = _rank_key(units, pos)
            if best_key is None or key > best_key:
                best, best_key = units, key
    assert best is not None
    return best


def _rank_key(units, pos) -> tuple:
    """Sizes descending first (lexicographic), then the tops of the largest units."""
    items = sorted(((w * n, w, pos[ks[0]]) for w, n, ks in units), reverse=True)
    return (tuple(s for s, _, _ in items), tuple((w, t) for _, w, t in items))


def _make_unit(width: int, length: int, kinds: tuple[int, ...], table: TrumpTable) -> Unit:
    cards = tuple(Card(k) for k in kinds for _ in range(width))
    return Unit(width, length, cards, table.pos[kinds[0]], table.eff[kinds[0]])


def decompose(cards: Sequence[int], trump: Trump) -> list[Unit]:
    """Split cards of one effective suit into units, largest first (RULES.md §4).

    `AH AH AH KH KH` (♠ trump) → tractor `AH AH KH KH` + single `AH`.
    """
    if not cards:
        return []
    table = trump.table
    suit_of(cards, table)
    raw = _decompose(counts_of(cards), table)
    units = [_make_unit(w, n, ks, table) for w, n, ks in raw]
    units.sort(key=lambda u: (u.size, u.width, u.top), reverse=True)
    return units


def shape_of(cards: Sequence[int], table: TrumpTable) -> tuple[Shape, ...]:
    """The lead's shape: its units' (width, length), largest first."""
    if len(cards) == 1:
        return ((1, 1),)
    return _shape(counts_of(cards), table)


@lru_cache(maxsize=65536)
def _shape(cnt: Counts, table: TrumpTable) -> tuple[Shape, ...]:
    raw = _decompose(cnt, table)
    return tuple(sorted(((w, n) for w, n, _ in raw), key=lambda s: (s[0] * s[1], s[0]),
                        reverse=True))


@lru_cache(maxsize=65536)
def match_shape(cnt: Counts, shape: tuple[Shape, ...], table: TrumpTable) -> int | None:
    """If the multiset splits into exactly `shape` (largest first), the top position of its
    best largest unit — the number plays are compared by; else None.
    """
    pos = table.pos
    if not shape:
        return -1 if not cnt else None
    width, length = shape[0]
    if width == 1:  # only singles left: any cards fit; the key is the highest card
        total = sum(n for _, n in cnt)
        if total != len(shape):
            return None
        return max(pos[k] for k, _ in cnt)
    for kinds in chains(cnt, pos, width, length):
        if match_shape(remove_kinds(cnt, kinds, width), shape[1:], table) is not None:
            return pos[kinds[0]]
    return None


def is_tractor(cards: Sequence[int], trump: Trump) -> bool:
    """True if the cards are exactly one tractor (2+ adjacent pairs of one effective suit)."""
    units = _one_unit(cards, trump)
    return units is not None and units.width == 2 and units.length >= 2


def is_titanic(cards: Sequence[int], trump: Trump) -> bool:
    """True if the cards are exactly one titanic (2+ adjacent triples of one effective suit)."""
    units = _one_unit(cards, trump)
    return units is not None and units.width == 3 and units.length >= 2


def _one_unit(cards: Sequence[int], trump: Trump) -> Unit | None:
    if not cards:
        return None
    try:
        units = decompose(cards, trump)
    except MixedSuitError:
        return None
    return units[0] if len(units) == 1 else None


def pair_kinds(cnt: Counts, width: int = 2) -> list[int]:
    """Kinds with at least `width` copies (a triple can serve as a pair)."""
    return [k for k, n in cnt if n >= width]


def tractor_profile(kinds: Sequence[int], width: int, table: TrumpTable) -> tuple[int, ...]:
    """Lengths of the chains the given kinds (each taken `width` times) form, longest first."""
    if len(kinds) < 2:
        return (1,) * len(kinds)
    raw = _decompose(tuple(sorted((k, width) for k in kinds)), table)
    return tuple(sorted((n for _, n, _ in raw), reverse=True))


def sub_multisets(cnt: Counts, size: int) -> Iterator[list[int]]:
    """Every distinct multiset of `size` cards drawn from `cnt`."""
    if size == 0:
        yield []
        return
    if not cnt:
        return
    (kind, n), rest = cnt[0], cnt[1:]
    remaining = sum(m for _, m in rest)
    for take in range(min(n, size), -1, -1):
        if size - take > remaining:
            break
        for tail in sub_multisets(rest, size - take):
            yield [kind] * take + tail


__all__ = [
    "TRUMP",
    "MixedSuitError",
    "Unit",
    "chains",
    "counts_of",
    "decompose",
    "is_titanic",
    "is_tractor",
    "match_shape",
    "shape_of",
    "suit_of",
    "unit_kind",
]
