"""Reading and explaining the plays of one trick (trick and kitty questions share them)."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.rules import TRUMP, Card, MixedSuitError, Trump, decompose, throw_check, trick_winner
from tutor.text import Text, both

from .fields import Fields
from .text import listing, mark, seat_cap, unit_text


def read_plays(f: Fields, trump: Trump, min_plays: int, max_plays: int,
               check_throw: bool) -> list[list[Card]]:
    """The plays of one trick in order from the lead, all of the lead's length."""
    plays = f.card_lists("plays", min_plays, max_plays, 1, 31)
    lead = plays[0]
    try:
        units = decompose(lead, trump)
    except MixedSuitError:
        raise f.error("plays[1]", both("plays.err_lead_suit")) from None
    for i, play in enumerate(plays[1:], 2):
        if len(play) != len(lead):
            raise f.error(f"plays[{i}]", both("plays.err_length", n=len(lead)))
    if check_throw and len(units) > 1 and not throw_check(lead, plays[1:], trump).ok:
        raise f.error("plays[1]", both("plays.err_throw_fails"))
    f.check_copies("plays", *plays)
    return plays


def shape(cards: Sequence[int], trump: Trump) -> list[tuple[int, int]] | None:
    """The (width, length) of each unit, or None for cards of several suits."""
    try:
        return sorted((u.width, u.length) for u in decompose(cards, trump))
    except MixedSuitError:
        return None


def _units(cards: Sequence[int], trump: Trump) -> Text:
    return listing(unit_text(u) for u in decompose(cards, trump))


def walk_trick(plays: Sequence[Sequence[int]], seats: Sequence[int], trump: Trump) -> list[Text]:
    """Play by play: who takes the lead of the trick, and why the others do not."""
    lead = plays[0]
    lead_shape = shape(lead, trump)
    if len(lead) > 1:
        lines = [both("plays.leads_units", seat=seat_cap(seats[0]), cards=mark(lead),
                      units=_units(lead, trump))]
    else:
        lines = [both("plays.leads", seat=seat_cap(seats[0]), cards=mark(lead))]
    best = 0
    for i in range(1, len(plays)):
        play = plays[i]
        who = seat_cap(seats[i])
        s = shape(play, trump)
        if trick_winner(list(plays[: i + 1]), trump) == i:
            ruffs = (trump.is_trump(play[0]) and not trump.is_trump(lead[0])
                     and not trump.is_trump(plays[best][0]))
            lines.append(both("plays.ruffs" if ruffs else "plays.beats", seat=who,
                              cards=mark(play), best=mark(plays[best])))
            best = i
            continue
        if s is None:
            why = both("plays.mixed")
        elif trump.effective_suit(play[0]) not in (trump.effective_suit(lead[0]), TRUMP):
            why = both("plays.discard")
        elif s != lead_shape:
            why = both("plays.other_shape", units=_units(play, trump))
        else:
            why = both("plays.not_higher", best=mark(plays[best]))
        lines.append(both("plays.loses", seat=who, cards=mark(play), why=why))
    return lines
