"""Following (跟牌): which plays a follower may make (RULES.md §5).

The lead is split into components (its units, largest first). For each component a follower's
cards reach a *level* on the relaxation ladder of RULES.md:
- pair slot: (pairs,)
- triple slot: (triples, pairs)
- tractor slot of length L: (pairs, chain lengths of those pairs)
- titanic slot of length L: (triples, chain lengths of those triples, pairs, chain lengths of pairs)
Components are served in turn, largest first, so a set of cards reaches the lexicographically
best vector of levels over all ways to give its cards to the components. A follow with more
cards of the led suit than were led is legal exactly when the cards it plays from that suit
reach the same vector as the whole suit in hand: it kept as much of the shape as it could.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from .cards import Card
from .errors import IllegalPlay, Localized, cards_text
from .trump import TRUMP, Trump, TrumpTable
from .units import (
    Counts,
    Shape,
    _decompose,
    counts_of,
    match_shape,
    missing_cards,
    pair_kinds,
    remove_kinds,
    shape_of,
    sub_multisets,
    suit_of,
    tractor_profile,
    unit_kind,
)

Level = tuple
Used = tuple[tuple[int, int], ...]  # (kind, copies) taken by a component's structure


def _fills(cnt: Counts, width: int, length: int, table: TrumpTable) -> list[tuple[Level, Used]]:
    """Every best-level way to serve one (width, length) component from `cnt`."""
    if width == 2:
        kinds = pair_kinds(cnt, 2)
        p = min(length, len(kinds))
        out = []
        for combo in combinations(kinds, p):
            prof = tractor_profile(combo, 2, table) if length > 1 else ()
            out.append(((p, prof), tuple((k, 2) for k in combo)))
    else:  # width 3
        kinds3 = pair_kinds(cnt, 3)
        t = min(length, len(kinds3))
        out = []
        for tri in combinations(kinds3, t):
            rest = remove_kinds(cnt, tri, 3)
            kinds2 = pair_kinds(rest, 2)
            p = min((3 * length - 3 * t) // 2, len(kinds2))
            tprof = tractor_profile(tri, 3, table) if length > 1 else ()
            for pr in combinations(kinds2, p):
                pprof = tractor_profile(pr, 2, table) if length > 1 else ()
                used = tuple((k, 3) for k in tri) + tuple((k, 2) for k in pr)
                out.append(((t, tprof, p, pprof), used))
    best = max(level for level, _ in out)
    return [f for f in out if f[0] == best]


def _take(cnt: Counts, used: Used) -> Counts:
    d = dict(cnt)
    for k, n in used:
        d[k] -= n
    return tuple((k, n) for k, n in d.items() if n)


@lru_cache(maxsize=65536)
def best_fill(cnt: Counts, comps: tuple[Shape, ...], table: TrumpTable) -> tuple[Level, tuple]:
    """The best vector of component levels `cnt` can reach, and the structures that reach it."""
    if not comps or comps[0][0] == 1:
        return (), ()
    width, length = comps[0]
    best: tuple[Level, tuple] | None = None
    for level, used in _fills(cnt, width, length, table):
        rest_level, rest_used = best_fill(_take(cnt, used), comps[1:], table)
        total = ((level, *rest_level), (used, *rest_used))
        if best is None or total[0] > best[0]:
            best = total
    assert best is not None
    return best


def _split(cards: Sequence[int], eff: tuple[int, ...], suit: int) -> list[int]:
    return [c for c in cards if eff[c] == suit]


def follow_error(hand: Sequence[int], lead: Sequence[int], play: Sequence[int],
                 trump: Trump) -> IllegalPlay | None:
    """Why `play` is not a legal follow to `lead` from `hand` (which includes the play), or None.

    Checks card count, that the cards are held, suit obligations and shape obligations.
    """
    table = trump.table
    n = len(lead)
    if len(play) != n:
        return IllegalPlay("wrong_count", n=n)
    missing = missing_cards(hand, play)
    if missing:
        return IllegalPlay("not_in_hand", cards=cards_text(sorted(missing)))
    eff = table.eff
    suit = eff[lead[0]] if n == 1 else suit_of(lead, table)
    in_suit = _split(hand, eff, suit)
    played = _split(play, eff, suit)
    if len(in_suit) <= n:
        if len(played) != len(in_suit):
            return IllegalPlay("must_follow_all", n=len(in_suit), suit=_suit_label(suit, trump))
        return None
    label = _suit_label(suit, trump)
    if len(played) != n:
        return IllegalPlay("must_follow_suit", have=len(in_suit), n=n, suit=label)
    if n == 1:
        return None
    comps = shape_of(lead, table)
    if comps[0][0] == 1:
        return None
    want, _ = best_fill(counts_of(in_suit), comps, table)
    got, _ = best_fill(counts_of(played), comps, table)
    if got == want:
        return None
    return _shape_error(comps, want, got, label)


def _shape_error(comps: tuple[Shape, ...], want: Level, got: Level, label) -> IllegalPlay:
    for (width, length), w, g in zip(comps, want, got, strict=False):
        if w == g:
            continue
        if length == 1 and width == 2:
            return IllegalPlay("must_follow_pair", suit=label)
        if length == 1 and width == 3:
            if w[0] > g[0]:
                return IllegalPlay("must_follow_triple", suit=label)
            return IllegalPlay("must_follow_triple_pair", suit=label)
        unit = _unit_label(width, length)
        if width == 2 and w[0] == length and w[1] == (length,):
            return IllegalPlay("must_follow_tractor", length=length, suit=label)
        if width == 2 and w[0] > g[0]:
            return IllegalPlay("must_follow_pairs", unit=unit, n=w[0], suit=label)
        return IllegalPlay("must_follow_shape", unit=unit, suit=label)
    return IllegalPlay("must_follow_shape", unit=_unit_label(*comps[0]), suit=label)


_UNIT_ZH = {"single": "单张", "pair": "对子", "triple": "三张", "tractor": "拖拉机",
            "titanic": "泰坦尼克"}


def _unit_label(width: int, length: int) -> Localized:
    kind = unit_kind(width, length)
    return Localized(kind, _UNIT_ZH[kind])


def _suit_label(suit: int, trump: Trump) -> Localized:
    if suit == TRUMP:
        return Localized("trump", "主牌")
    return Localized(trump.suit_label(suit), trump.suit_label(suit))


def is_legal_follow(hand: Sequence[int], lead: Sequence[int], play: Sequence[int],
                    trump: Trump) -> bool:
    """True if `play` may follow `lead` from `hand` (the hand still includes `play`)."""
    return follow_error(hand, lead, play, trump) is None


def sample_follow(hand: Sequence[int], lead: Sequence[int], trump: Trump,
                  rng: random.Random) -> list[Card]:
    """A random legal follow: the required structure first, the rest at random."""
    table = trump.table
    n = len(lead)
    suit = suit_of(lead, table)
    in_suit = _split(hand, table.eff, suit)
    if len(in_suit) <= n:
        others = [c for c in hand if table.eff[c] != suit]
        return [Card(c) for c in in_suit + rng.sample(others, n - len(in_suit))]
    comps = shape_of(lead, table)
    chosen: list[int] = []
    if comps[0][0] != 1:
        _, used = best_fill(counts_of(in_suit), comps, table)
        for part in used:
            for k, copies in part:
                chosen.extend([k] * copies)
    rest = list(in_suit)
    for c in chosen:
        rest.remove(c)
    chosen.extend(rng.sample(rest, n - len(chosen)))
    return [Card(c) for c in chosen]


def legal_follows(hand: Sequence[int], lead: Sequence[int], trump: Trump) -> Iterator[list[Card]]:
    """Every distinct legal follow (as a multiset). Exhaustive: meant for small hands and tests."""
    table = trump.table
    n = len(lead)
    suit = suit_of(lead, table)
    in_suit = _split(hand, table.eff, suit)
    if len(in_suit) <= n:
        others = counts_of(c for c in hand if table.eff[c] != suit)
        for extra in sub_multisets(others, n - len(in_suit)):
            yield [Card(c) for c in in_suit + extra]
        return
    comps = shape_of(lead, table)
    want = best_fill(counts_of(in_suit), comps, table)[0] if comps[0][0] != 1 else ()
    for play in sub_multisets(counts_of(in_suit), n):
        if comps[0][0] == 1 or best_fill(counts_of(play), comps, table)[0] == want:
            yield [Card(c) for c in play]


def clear_caches() -> None:
    """Empty the memo tables of decomposition, shape matching and follow fills, so a
    benchmark can measure the cold cost of an operation."""
    for fn in (_decompose, match_shape, best_fill):
        fn.cache_clear()
