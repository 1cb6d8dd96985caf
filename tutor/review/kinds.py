"""What sort of mistake a play was, told from the play and the better one: the kinds the
Progress and Teacher pages count, and a line of the review's reason."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tutor.rules import TRUMP, Card, Observation, Trump

KINDS = ("points_given", "points_not_fed", "unit_broken", "trump_spent", "trump_missed", "lead",
         "other")
SETUP_KINDS = ("bid", "bury", "call")  # a decision before the play is its own kind


def mistake_kind(obs: Observation, chosen: tuple[Card, ...], better: tuple[Card, ...]) -> str:
    """The first kind that tells `chosen` from `better` for the seat that sees `obs`."""
    assert obs.trump is not None
    return play_kind(obs.hand, bool(obs.current), obs.trump, chosen, better)


def play_kind(hand: Sequence[Card], following: bool, trump: Trump, chosen: Sequence[Card],
              better: Sequence[Card]) -> str:
    """`mistake_kind` from the hand, whether it follows, and the trump: all a position as a
    puzzle shows needs."""
    points = sum(c.points for c in chosen) - sum(c.points for c in better)
    if following and points > 0:
        return "points_given"
    if following and points < 0:
        return "points_not_fed"
    if _breaks_units(hand, chosen) and not _breaks_units(hand, better):
        return "unit_broken"
    if following and _trumps(trump, chosen) > _trumps(trump, better):
        return "trump_spent"
    if following and _trumps(trump, chosen) < _trumps(trump, better):
        return "trump_missed"
    return "other" if following else "lead"


def _breaks_units(hand, cards) -> bool:
    """Whether `cards` play some of the copies of a card held two or more times, not all."""
    held, played = Counter(hand), Counter(cards)
    return any(held[c] >= 2 and 0 < n < held[c] for c, n in played.items())


def _trumps(trump: Trump, cards) -> int:
    eff = trump.table.eff
    return sum(1 for c in cards if eff[c] == TRUMP)
