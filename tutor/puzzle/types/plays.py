"""Shared reading and explaining of a trick's plays (used by kitty and trick puzzles)."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.rules import TRUMP, Card, MixedSuitError, Trump, decompose, throw_check, trick_winner

from ..fields import Fields
from ..text import Text, cards, seat_cap
from .common import listing, unit_text


def read_plays(f: Fields, trump: Trump, min_plays: int, max_plays: int,
               check_throw: bool) -> list[list[Card]]:
    """The plays of one trick in order from the lead, all of the lead's length."""
    plays = f.card_lists("plays", min_plays, max_plays, 1, 31)
    lead = plays[0]
    try:
        units = decompose(lead, trump)
    except MixedSuitError:
        raise f.error("plays[1]", "the lead must be all one suit (all trumps count as one suit)",
                      "首家出牌必须是同一门花色（主牌算一门）") from None
    for i, play in enumerate(plays[1:], 2):
        if len(play) != len(lead):
            raise f.error(f"plays[{i}]", f"must have {len(lead)} cards, as many as were led",
                          f"应有{len(lead)}张牌，与首家相同")
    if check_throw and len(units) > 1 and not throw_check(lead, plays[1:], trump).ok:
        raise f.error("plays[1]", "this throw would fail against the other plays, "
                      "so it could not be the lead", "这手甩牌面对其他人的牌会失败，不可能这样出")
    f.check_copies("plays", *plays)
    return plays


def shape(cards_: Sequence[int], trump: Trump) -> list[tuple[int, int]] | None:
    """The (width, length) of each unit, or None for cards of several suits."""
    try:
        return sorted((u.width, u.length) for u in decompose(cards_, trump))
    except MixedSuitError:
        return None


def walk_trick(plays: Sequence[Sequence[int]], seats: Sequence[int], trump: Trump) -> list[Text]:
    """Play by play: who takes the lead of the trick, and why the others do not."""
    lead = plays[0]
    lead_units = decompose(lead, trump)
    lead_shape = shape(lead, trump)
    lines = [seat_cap(seats[0]) + Text(f" leads {cards(lead)}", f"首家出 {cards(lead)}")
             + (Text(" (", "（") + listing(unit_text(u) for u in lead_units) + Text(")", "）")
                if len(lead) > 1 else Text("", "")) + Text(".", "。")]
    best = 0
    for i in range(1, len(plays)):
        play = plays[i]
        now = trick_winner(list(plays[: i + 1]), trump)
        who = seat_cap(seats[i])
        s = shape(play, trump)
        if now == i:
            how = (Text("trumps", "用主牌毙") if trump.is_trump(play[0])
                   and not trump.is_trump(lead[0]) and not trump.is_trump(plays[best][0])
                   else Text("beats", "大过"))
            lines.append(who + Text(f": {cards(play)} {how.en} {cards(plays[best])} and takes "
                                    "the trick for now.",
                                    f"：{cards(play)} {how.zh} {cards(plays[best])}，暂时最大。"))
            best = i
            continue
        if s is None:
            why = Text("mixes suits, so it cannot win", "花色混杂，不能赢")
        elif trump.effective_suit(play[0]) not in (trump.effective_suit(lead[0]), TRUMP):
            why = Text("is another plain suit (a discard)", "是别的副牌（垫牌）")
        elif s != lead_shape:
            why = (Text("does not match the shape of the lead (", "与首家牌型不同（")
                   + listing(unit_text(u) for u in decompose(play, trump)) + Text(")", "）"))
        else:
            why = Text(f"is not higher than {cards(plays[best])}", f"不大于 {cards(plays[best])}")
        lines.append(who + Text(f": {cards(play)} {why.en}.", f"：{cards(play)} {why.zh}。"))
    return lines
