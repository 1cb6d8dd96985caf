"""Throws (甩牌, §6): reading a throw and the one explanation of how it stands or fails.

The throw kind's questions (`outcome`, `safe` and the lessons' `stands`) and the pattern kind's
`decompose` read throws; every explanation of a throw check comes from `explain_throw`.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.rules import Card, MixedSuitError, ThrowResult, Trump, Unit, decompose, format_cards
from tutor.text import Text, both

from .fields import Fields
from .text import listing, mark, seat_cap, unit_name, unit_text


def read_throw(f: Fields, name: str, trump: Trump, min_len: int = 2, max_len: int = 40,
               several: bool = True) -> tuple[list[Card], list[Unit]]:
    """Cards of one suit (all trumps count as one); with `several`, more than one unit."""
    cards = f.cards(name, min_len, max_len)
    try:
        units = decompose(cards, trump)
    except MixedSuitError:
        raise f.error(name, both("throws.err_suit")) from None
    if several and len(units) < 2:
        raise f.error(name, both("throws.err_one_unit", cards=format_cards(cards),
                                 unit=unit_name(units[0].kind)))
    return cards, units


def made_of(units: Sequence[Unit]) -> Text:
    """`The throw is made of pair [[AH AH]], single [[KH]].`"""
    return both("throws.made_of", units=listing(unit_text(u) for u in units))


def explain_throw(result: ThrowResult, seats: Sequence[int], thrower: int,
                  hidden: bool = False) -> list[Text]:
    """Why the throw stands or fails, component by component. `seats` names the holder of each
    hand checked; with `hidden`, one pool of cards still out was checked (who holds them is
    not known), and the verdict says whether the throw is safe."""
    parts = [made_of(result.units)]
    if hidden:
        if result.ok:
            parts.append(both("throws.safe"))
        else:
            parts.extend(both("throws.still_out", by=mark(b.by), unit=unit_text(b.unit),
                              n=len(b.by))
                         for b in result.beats)
            parts.append(both("throws.risky"))
        return parts
    if result.ok:
        parts.append(both("throws.stands"))
        return parts
    parts.extend(both("throws.beaten_by", seat=seat_cap(seats[b.seat]), by=mark(b.by),
                      unit=unit_text(b.unit)) for b in result.beats)
    lowest = both("throws.lowest") if len(result.beats) > 1 else Text("", "")
    parts.append(both("throws.fails", forced=mark(result.forced), lowest=lowest, seat=thrower))
    return parts
