"""Text shared by the scoring kinds (kitty, level, score): the multiplier rule, what a winning
play earns, the kitty bonus and the level change, each explained once."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.rules import Trump, decompose, kitty_multiplier, level_change, multiplier_candidates
from tutor.text import Text, both

from .fields import Fields
from .text import listing, unit_name, unit_text

ORDER = ("titanic", "triple", "tractor", "pair", "single")  # the rule's order (§8)


def page_trump(f: Fields) -> Trump | None:
    """A lesson step's trump (its `level`/`suit` over the page's); None for a puzzle that
    names no trump because its question needs none."""
    return f.trump() if f.default_trump is not None else None


def no_friend_declarer(f: Fields, declarer: int, friend: int | None) -> None:
    """The friend is another seat than the declarer (or `alone`)."""
    if friend == declarer:
        raise f.error("friend", both("scoring.err_friend_declarer"))


def points_multiple_of_5(f: Fields, points: int) -> None:
    if points % 5:
        raise f.error("points", both("scoring.err_points_5"))


def rule_text(rule: str) -> Text:
    """The multiplier rule in words."""
    return both("scoring.rule_max" if rule == "max" else "scoring.rule_first")


def trump_rule(trump: Trump, rule: str) -> Text:
    """`Level 2, trump ♥ (hearts); multiplier rule: ….` as one sentence."""
    head = trump.describe("en")
    return both("scoring.trump_rule", trump=Text(head[:1].upper() + head[1:], trump.describe("zh")),
                rule=rule_text(rule))


def multiplier(play: Sequence[int], trump: Trump, rule: str, lead: Sequence[int]
               ) -> tuple[int, Text]:
    """The multiplier a winning play earns, read in the lead's shape, and why (§8): the units
    of the rules core's decomposition, each with what it alone would earn."""
    mult = kitty_multiplier(play, trump, rule, lead=lead)
    units = decompose(lead, trump)  # the match is taken over these units, not card subsets
    own = sorted(lead) == sorted(play)  # read in its own shape: the units are its cards
    earned = sorted(((u, multiplier_candidates(u.cards, trump)[0]) for u in units),
                    key=lambda e: (ORDER.index(e[1][0]), -e[1][1]))
    has = listing(both("scoring.earned", unit=unit_text(u) if own else unit_name(u.kind),
                       value=value) for u, (_, value) in earned)
    if len(units) == 1:
        return mult, both("scoring.earns_one", has=has, mult=mult)
    key = "scoring.earns_max" if rule == "max" else "scoring.earns_first"
    return mult, both(key, has=has, mult=mult)


def bonus_text(points: int, mult: int, seat: Text | None = None) -> Text:
    """The kitty's points × multiplier go to the defenders (`seat`: the defender who won)."""
    if seat is None:
        return both("scoring.bonus", points=points, mult=mult, bonus=points * mult)
    return both("scoring.bonus_seat", seat=seat, points=points, mult=mult, bonus=points * mult)


def side_text(side: str, levels: int) -> Text:
    """`the declarer side goes up 2 levels` / `庄家方升2级`; `none`: nobody goes up."""
    if side == "none":
        return both("scoring.side_none")
    return both(f"scoring.side_{side}_{'1' if levels == 1 else 'n'}", n=levels)


def level_text(points: int) -> tuple[tuple[str, int], Text]:
    """Who goes up and by how much for the defenders' points P, and why (the table of §8)."""
    side, levels = level_change(points)
    return (side, levels), both("scoring.level", points=points, change=side_text(side, levels))
