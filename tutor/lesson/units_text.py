"""Names of units and seats in both languages, with cards as marks."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.rules import Unit

from .text import Text, mark

KIND = {"single": Text("single", "单张"), "pair": Text("pair", "对子"),
        "triple": Text("triple", "三张"), "tractor": Text("tractor", "拖拉机"),
        "titanic": Text("titanic", "泰坦尼克")}


def unit_text(unit: Unit) -> Text:
    """`pair [[10H 10H]]` / `对子 [[10H 10H]]`."""
    k = KIND[unit.kind]
    return Text(f"{k.en} {mark(unit.cards)}", f"{k.zh} {mark(unit.cards)}")


def units_text(units: Sequence[Unit]) -> Text:
    """Units joined with `+`."""
    parts = [unit_text(u) for u in units]
    return Text(" + ".join(p.en for p in parts), " + ".join(p.zh for p in parts))


def seat_text(seat: int) -> Text:
    return Text(f"seat {seat}", f"{seat}号位")
