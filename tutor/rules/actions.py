"""Actions a seat can take in a hand, and events the hand reports (for UI and replays)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import Card, format_cards, parse_cards


@dataclass(frozen=True)
class Bid:
    """亮主: show 1–3 identical cards of the trump rank."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Pass:
    """Decline to bid."""

    seat: int


@dataclass(frozen=True)
class Bury:
    """The declarer buries the kitty (7 cards)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class CallFriend:
    """叫朋友: name a non-joker card (and, with `nth_played`, which copy makes the friend)."""

    seat: int
    card: Card
    nth: int | None = None


@dataclass(frozen=True)
class Play:
    """Lead or follow with these cards."""

    seat: int
    cards: tuple[Card, ...]


Action = Bid | Pass | Bury | CallFriend | Play


def make_play(seat: int, cards) -> Play:
    """A Play from text or cards: `make_play(2, "AH AH")`."""
    return Play(seat, tuple(parse_cards(cards)))


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-ready form of an action: {"type", "seat", "cards"|"card", "nth"}."""
    out: dict[str, Any] = {"type": type(action).__name__.lower(), "seat": action.seat}
    if isinstance(action, (Bid, Bury, Play)):
        out["cards"] = format_cards(action.cards)
    elif isinstance(action, CallFriend):
        out["card"] = str(action.card)
        if action.nth is not None:
            out["nth"] = action.nth
    return out


def action_from_dict(data: dict[str, Any]) -> Action:
    """The inverse of `action_to_dict`; ValueError on a malformed record."""
    kind = data.get("type")
    seat = int(data["seat"])
    if kind == "pass":
        return Pass(seat)
    if kind in ("bid", "bury", "play"):
        cards = tuple(parse_cards(data["cards"]))
        return {"bid": Bid, "bury": Bury, "play": Play}[kind](seat, cards)
    if kind == "callfriend":
        return CallFriend(seat, parse_cards(data["card"])[0], data.get("nth"))
    raise ValueError(f"unknown action type {kind!r}")


class EventKind(StrEnum):
    """What an `Event` reports; str-valued, so `Event.to_dict()` writes the same text as ever."""

    DEAL = "deal"
    REDEAL = "redeal"
    BID = "bid"
    PASS = "pass"
    KITTY_TURNED = "kitty_turned"
    TRUMP = "trump"
    KITTY_TAKEN = "kitty_taken"
    BURIED = "buried"
    FRIEND_CALLED = "friend_called"
    THROW_FAILED = "throw_failed"
    PLAY = "play"
    FRIEND_REVEALED = "friend_revealed"
    TRICK = "trick"
    HAND_END = "hand_end"


@dataclass(frozen=True)
class Event:
    """Something that happened. `private_to` is the only seat that may see it (None: everyone)."""

    type: EventKind
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    info: dict[str, Any] = field(default_factory=dict)
    private_to: int | None = None

    def visible_to(self, seat: int) -> bool:
        return self.private_to is None or self.private_to == seat

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": str(self.type)}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.cards:
            out["cards"] = format_cards(self.cards)
        out.update(self.info)
        return out
