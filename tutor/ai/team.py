"""The follows made before the friend shows, as events: each follow into a trick another
seat is winning, by its kind (the follower gave no points, 5, or 10 or more without taking
the trick over, or took it over) and whether it followed the suit led. The sampler reads the
friend from the feeds among them (`Sampler`); rates of every kind by role, fitted on
self-play, read it better but played worse (`lab.ai.team`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.rules import Card, Observation, Trump, trick_winner

KINDS = ("zero", "feed5", "feed10", "take")


@dataclass(frozen=True)
class Event:
    """One follow into a trick `winner` was winning, by `seat`: its kind (see KINDS)."""

    seat: int
    winner: int
    followed: bool
    kind: str


def kind_of(points: int, took: bool) -> str:
    """The event's kind: a take-over, else how many points the follower gave."""
    if took:
        return "take"
    return "feed10" if points >= 10 else "feed5" if points >= 5 else "zero"


def event_of(before: Sequence[tuple[int, Sequence[Card]]], seat: int, cards: Sequence[Card],
             trump: Trump) -> Event:
    """The event of `seat` following `cards` into a trick whose plays so far are `before`."""
    eff = trump.table.eff
    suit = eff[before[0][1][0]]
    winning = trick_winner([c for _, c in before], trump)
    took = trick_winner([c for _, c in before] + [cards], trump) != winning
    return Event(seat, before[winning][0], any(eff[c] == suit for c in cards),
                 kind_of(sum(c.points for c in cards), took))


def follow_events(obs: Observation, everyone: bool = False) -> list[Event]:
    """Every follow so far by a seat other than the observer's (whose reasons it knows), or
    with `everyone`, by every seat."""
    assert obs.trump is not None
    tricks = [t.plays for t in obs.tricks] + ([tuple(obs.current)] if obs.current else [])
    return [event_of(plays[:i], seat, cards, obs.trump)
            for plays in tricks for i, (seat, cards) in enumerate(plays)
            if i > 0 and (everyone or seat != obs.seat)]
