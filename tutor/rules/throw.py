"""Throws (甩牌, RULES.md §6): does a multi-unit lead stand, and what is played if not."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .trump import Trump, TrumpTable
from .units import Unit, counts_of, decompose, suit_of


@dataclass(frozen=True)
class Beat:
    """A component of the throw and who beats it with what."""

    unit: Unit  # the thrown component
    seat: int  # index into `others`
    by: tuple[Card, ...]  # the cards of the unit that beats it


@dataclass(frozen=True)
class ThrowResult:
    """`ok`: the throw stands; `forced`: the cards actually played; `beaten`: beaten units."""

    ok: bool
    forced: tuple[Card, ...]
    beaten: tuple[Unit, ...]
    beats: tuple[Beat, ...]
    units: tuple[Unit, ...]

    @property
    def penalty(self) -> int:
        """积分 lost by the thrower: 1 for a failed throw."""
        return 0 if self.ok else 1


def _beating_unit(unit: Unit, cards: Sequence[int], table: TrumpTable) -> tuple[Card, ...] | None:
    """The cards of a unit of `unit`'s shape in `cards` that ranks above it, if any."""
    pos = table.pos
    width, length = unit.width, unit.length
    by_pos: dict[int, int] = {}
    for kind, n in counts_of(c for c in cards if table.eff[c] == unit.suit):
        if n >= width and pos[kind] > unit.top - length + 1:
            by_pos.setdefault(pos[kind], kind)
    for top in sorted(by_pos, reverse=True):
        if top <= unit.top:
            break
        if all(top - i in by_pos for i in range(length)):
            return tuple(Card(by_pos[top - i]) for i in range(length) for _ in range(width))
    return None


def throw_check(play: Sequence[int], others: Sequence[Sequence[int]], trump: Trump) -> ThrowResult:
    """Check a lead against the other players' hands (kitty and trumping not considered).

    A one-unit lead always stands. A throw fails if some single other player holds a unit of
    the same shape that beats one of its components; then the lowest-ranked beaten component
    (ties: fewer cards) is played instead and the thrower loses 1 积分.
    """
    table = trump.table
    suit_of(play, table)
    units = tuple(decompose(play, trump))
    cards = tuple(Card(c) for c in play)
    if len(units) <= 1:
        return ThrowResult(True, cards, (), (), units)
    beats: list[Beat] = []
    for unit in units:
        for seat, hand in enumerate(others):
            by = _beating_unit(unit, hand, table)
            if by is not None:
                beats.append(Beat(unit, seat, by))
                break
    if not beats:
        return ThrowResult(True, cards, (), (), units)
    beaten = tuple(b.unit for b in beats)
    forced = min(beaten, key=lambda u: (u.top, u.size))
    return ThrowResult(False, forced.cards, beaten, tuple(beats), units)
