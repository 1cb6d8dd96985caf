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


# who is winning a trick so far: (index of the winning play, its key, whether it trumped,
# the lead's shape, the led suit, how many plays)
TrickState = tuple[int, int | None, bool, tuple, int, int]


def trick_state(plays: Sequence[Sequence[int]], table: TrumpTable) -> TrickState:
    """Who wins `plays` so far (`plays[0]` is the lead, of one effective suit), kept so that
    one more play can be judged without judging the others again (`winner_with`)."""
    lead = plays[0]
    shape = shape_of(lead, table) if len(lead) > 1 else ((1, 1),)
    state: TrickState = (0, _key(lead, shape, table), False, shape, table.eff[lead[0]], 1)
    for i in range(1, len(plays)):
        state = _step(state, plays[i], table)
    return state


def _step(state: TrickState, play: Sequence[int], table: TrumpTable) -> TrickState:
    """The state after `play`: it wins if it matches the lead's shape in the led suit above
    the best (nobody having trumped), or in trumps above the best trump."""
    best, best_key, best_trumped, shape, led, count = state
    eff = table.eff
    s = eff[play[0]]
    if len(play) > 1 and any(eff[c] != s for c in play):
        return best, best_key, best_trumped, shape, led, count + 1  # mixed plays never win
    if (s == led and best_trumped) or (s != led and s != TRUMP):
        return best, best_key, best_trumped, shape, led, count + 1
    key = _key(play, shape, table)
    if key is None:
        return best, best_key, best_trumped, shape, led, count + 1
    if s != led and not best_trumped:
        return count, key, True, shape, led, count + 1
    if key > best_key:  # type: ignore[operator]
        return count, key, best_trumped, shape, led, count + 1
    return best, best_key, best_trumped, shape, led, count + 1


def winner_with(state: TrickState, play: Sequence[int], table: TrumpTable) -> int:
    """Index of the winning play once `play` follows the plays `state` holds."""
    return _step(state, play, table)[0]


def winner_index(plays: Sequence[Sequence[int]], table: TrumpTable) -> int:
    """Index of the winning play; `plays[0]` is the lead (one effective suit)."""
    return trick_state(plays, table)[0]


def trick_winner(plays: Sequence[Sequence[int]], trump: Trump) -> int:
    """Index into `plays` of the play that wins the trick (`plays[0]` is the lead)."""
    return winner_index(plays, trump.table)
