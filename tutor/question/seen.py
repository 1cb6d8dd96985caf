"""A card play's position as its seat knew it, in sentences: the pieces a prompt joins into
one text (a terminal, a notebook) and a page's position view draws apart (the facts, the
trick so far, the hand, the earlier tricks folded until opened).

`pos` is a position as `better_play` and `strategy` read it: trump, seat, role, trick,
leader, plays, hand, points, points_of, and what the table had shown (declarer, friend,
friend_nth, friend_seat, tricks, kitty), each of those optional, and for a view its
`source` (where it comes from, said first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.review.puzzles import position_fields
from tutor.rules import Observation
from tutor.text import Text, both

from .text import history_parts, listing, mark, seat_cap, trump_sentence

SEATS = 5


def who(pos: Mapping[str, Any], seat: int) -> Text:
    """`You` for the position's own seat, else `Seat 3`."""
    return both("better_play.you") if seat == pos["seat"] else seat_cap(seat)


def facts(pos: Mapping[str, Any], source: Text) -> list[Text]:
    """What the seat knew, a sentence each: where the position comes from (`source`), its
    seat, its side as it knew it, the trump, the declarer, the called card and its state,
    to the declarer its bury, and the defenders' points as it could count them."""
    return [source, both("better_play.you_seat", n=pos["seat"]),
            both(f"better_play.role_{pos['role']}"), trump_sentence(pos["trump"]),
            *table_shown(pos), points(pos)]


def table_shown(pos: Mapping[str, Any]) -> list[Text]:
    """The declarer, the called card and its state, and to the declarer its bury."""
    out = []
    declarer = pos.get("declarer")
    if declarer is not None and declarer != pos["seat"]:
        out.append(both("better_play.declarer_is", who=seat_cap(declarer)))
    card = pos.get("friend")
    if card is not None:
        called = mark([card]) if pos.get("friend_nth") is None else both(
            "better_play.copy_of", nth=pos["friend_nth"], card=mark([card]))
        shown = pos.get("friend_seat")
        if shown is None:
            out.append(both("better_play.friend_hidden", card=called))
        elif shown == "alone":
            out.append(both("better_play.friend_alone", card=called))
        elif shown == pos["seat"]:
            out.append(both("better_play.friend_you", card=called))
        else:
            out.append(both("better_play.friend_shown", card=called, who=seat_cap(shown)))
    if pos.get("kitty"):
        out.append(both("better_play.kitty_own", cards=mark(pos["trump"].sort(pos["kitty"]))))
    return out


def points(pos: Mapping[str, Any]) -> Text:
    """The defenders' points as the seat could count them: their total, or (while the
    friend is hidden from it) every point taken by a seat other than the declarer."""
    key = "points_others" if pos.get("points_of") == "others" else "points"
    return both(f"better_play.{key}", n=pos["points"])


def so_far(pos: Mapping[str, Any]) -> Text:
    """The trick so far, seat by seat, or that the seat leads it."""
    if not pos["plays"]:
        return both("better_play.you_lead")
    seats = [(pos["leader"] + i) % SEATS for i in range(len(pos["plays"]))]
    return both("better_play.so_far", plays=listing(
        both("better_play.play", who=who(pos, s), cards=mark(p))
        for s, p in zip(seats, pos["plays"], strict=True)))


def hand(pos: Mapping[str, Any]) -> Text:
    """`Your hand: …`, in trump order."""
    return both("better_play.hand", hand=mark(pos["trump"].sort(pos["hand"])))


def earlier(pos: Mapping[str, Any]) -> tuple[Text, Text] | None:
    """The earlier tricks' title ("Earlier tricks (N)") and body (the tricks, the voids they
    showed), or None before the first trick has ended."""
    tricks = pos.get("tricks") or []
    return history_parts(tricks, pos["trump"], pos["seat"]) if tricks else None


def observed(obs: Observation, trick: int, source: Text | None = None) -> dict[str, Any]:
    """The position of a card play from the seat's own observation (trick `trick`, from 1),
    read as its personal puzzle reads it: the review's decision, drawn by the same view."""
    from .fields import Fields
    from .kinds.better_play import BetterPlayKind  # which tells its prompts with this module

    fields = Fields(position_fields(obs, trick), "review")
    return {**BetterPlayKind.read_seat(fields, first_trick=1), "source": source}
