"""Calling and finding the friend (叫朋友, RULES.md §7)."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .errors import IllegalFriendCall


def friend_call_error(card: int, nth: int | None, rule: str,
                      decks: int) -> IllegalFriendCall | None:
    """Why this call is not allowed under `rule`, or None."""
    if Card(card).is_joker:
        return IllegalFriendCall("friend_joker")
    if rule == "nth_played":
        if nth is None or not 1 <= nth <= decks:
            return IllegalFriendCall("friend_nth", max=decks)
    elif nth is not None:
        return IllegalFriendCall("friend_no_nth")
    return None


def holder_friend(hands: Sequence[Sequence[int]], declarer: int, card: int) -> int | None:
    """Default rule: the first player after the declarer, in play order, holding a copy of
    `card` at the call; None if nobody else holds one (the declarer plays alone)."""
    players = len(hands)
    for step in range(1, players):
        seat = (declarer + step) % players
        if card in hands[seat]:
            return seat
    return None


def nth_played_friend(copies_before: int, copies_in_play: int, nth: int) -> bool:
    """`nth_played`: does a play with `copies_in_play` copies, after `copies_before` were
    played, contain the Nth copy?"""
    return copies_before < nth <= copies_before + copies_in_play
