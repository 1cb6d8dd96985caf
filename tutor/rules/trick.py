"""Who wins a trick (RULES.md §5): the lead, unless a later play matches its shape exactly."""

from __future__ import annotations

from collections.abc import Sequence

from .trump import TRUMP, Trump, TrumpTable
from .units import counts_of, match_shape, shape_of


def _key(play: Sequence[int], shape, table: TrumpTable) -> int | None:
    """The play's comparison key if it splits into exactly the lead's shape, else None."""
    if len(play) == 1:
        return table.pos[play[0]]
    return match_shape(counts_of(play), shape, table)


def winner_index(plays: Sequence[Sequence[int]], table: TrumpTable) -> int:
    """Index of the winning play; `plays[0]` is the lead (one effective suit)."""
    eff = table.eff
    lead = plays[0]
    led = eff[lead[0]]
    shape = shape_of(lead, table) if len(lead) > 1 else ((1, 1),)
    best, best_key = 0, _key(lead, shape, table)
    best_trumped = False
    for i in range(1, len(plays)):
        play = plays[i]
        s = eff[play[0]]
        if len(play) > 1 and any(eff[c] != s for c in play):
            continue  # mixed plays never win
        if s == led:
            if best_trumped:
                continue
        elif s == TRUMP:
            pass
        else:
            continue
        key = _key(play, shape, table)
        if key is None:
            continue
        if s != led and not best_trumped:
            best, best_key, best_trumped = i, key, True
        elif key > best_key:
            best, best_key = i, key
    return best


def trick_winner(plays: Sequence[Sequence[int]], trump: Trump) -> int:
    """Index into `plays` of the play that wins the trick (`plays[0]` is the lead)."""
    return winner_index(plays, trump.table)
