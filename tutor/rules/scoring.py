"""Scoring a hand (RULES.md §8): kitty multiplier, level changes and 积分."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import RANK_VALUE
from .trump import Trump
from .units import decompose

LEVEL_NAMES = {v: r for r, v in RANK_VALUE.items()}  # 2..14 -> "2".."A" (RANK_VALUE inverted)
TOP_LEVEL = 14  # A


def multiplier_candidates(winning_play: Sequence[int], trump: Trump,
                          lead: Sequence[int] | None = None) -> list[tuple[str, int]]:
    """Every multiplier the winning play's units earn, in the rule's order of precedence.

    A play wins only by matching the lead's shape, so with `lead` given the winning play is
    read in that shape (a trump triple that beat a pair + single counts as pair + single).
    """
    units = decompose(lead if lead is not None else winning_play, trump)
    found: list[tuple[str, int]] = []
    titanics = [u.length for u in units if u.width == 3 and u.length > 1]
    if titanics:
        found.append(("titanic", 2 * 3 ** max(titanics)))
    if any(u.width == 3 and u.length == 1 for u in units):
        found.append(("triple", 6))
    tractors = [u.length for u in units if u.width == 2 and u.length > 1]
    if tractors:
        found.append(("tractor", 2 * 2 ** max(tractors)))
    if any(u.width == 2 and u.length == 1 for u in units):
        found.append(("pair", 4))
    found.append(("single", 2))
    return found


def kitty_multiplier(winning_play: Sequence[int], trump: Trump, rule: str = "first",
                     lead: Sequence[int] | None = None) -> int:
    """Kitty multiplier (扣底) from the last trick's winning play (in the `lead`'s shape).

    `first`: the first match of titanic 2·3^L, triple 6, tractor 2·2^L, pair 4, else 2;
    `max`: the largest of those the play contains.
    """
    found = multiplier_candidates(winning_play, trump, lead)
    if rule == "first":
        return found[0][1]
    if rule == "max":
        return max(v for _, v in found)
    raise ValueError(f"kitty multiplier rule must be 'first' or 'max', not {rule!r}")


def level_change(defender_points: int, decks: int = 3) -> tuple[str, int]:
    """Which side goes up and by how many levels, for the defenders' points P.

    Step s = 20 × decks: P = 0 → declarer +3; P < s → +2; P < 2s → +1; P < 3s → nobody
    (the declarer side loses the deal); else defenders +1, +1 more per further s.
    """
    if defender_points < 0:
        raise ValueError("defender points cannot be negative")
    step = 20 * decks
    if defender_points == 0:
        return "declarer", 3
    if defender_points < step:
        return "declarer", 2
    if defender_points < 2 * step:
        return "declarer", 1
    if defender_points < 3 * step:
        return "none", 0
    return "defenders", 1 + (defender_points - 3 * step) // step


def raise_level(level: int, by: int) -> int:
    """A player's level after rising `by`, stopping at A (14)."""
    return min(TOP_LEVEL, level + by)


def score_points(levels_after: Sequence[int], failed_throws: Sequence[int]) -> list[int]:
    """积分 of each player: Σ_{j≠i} (L_i − L_j) − failed throws of i (levels as 2..14)."""
    total = sum(levels_after)
    n = len(levels_after)
    return [n * lv - total - failed for lv, failed in zip(levels_after, failed_throws, strict=True)]
