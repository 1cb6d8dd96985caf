"""What a question asks its learner to do: the input a page builds for it.

A kind declares one of these per question; `tutor.ui` draws it. Whatever the input, the
answer it produces is text in the question's answer format, which the kind then reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.rules import Card
from tutor.text import Text


@dataclass(frozen=True)
class Choice:
    """One of `options`: (answer, label) pairs; labels may hold card marks."""

    options: tuple[tuple[str, Text], ...]


@dataclass(frozen=True)
class Several:
    """Any number of `options` (the answer is their keys joined by spaces, or `none`)."""

    options: tuple[tuple[str, Text], ...]


@dataclass(frozen=True)
class PickCards:
    """Cards clicked from `cards` (at most `most`; 0 means any number), drawn without trump
    marks or trump-first order where that would give the answer away (`plain`)."""

    cards: tuple[Card, ...]
    most: int = 0
    plain: bool = False
    none: bool = False  # an empty selection is the answer `none`
    ordered: bool = False  # the answer is the cards in the order clicked


@dataclass(frozen=True)
class ThrowOutcome:
    """`ok`, or the thrown cards actually played (clicked from `cards`)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Number:
    """One whole number from `lo` to `hi`."""

    lo: int
    hi: int


@dataclass(frozen=True)
class Numbers:
    """One whole number per label (e.g. each seat's 积分), answered joined by spaces."""

    labels: tuple[Text, ...]
    lo: int
    hi: int


@dataclass(frozen=True)
class SideLevels:
    """`declarer N`, `defenders N` or `none`: who goes up, and how many levels (1..most)."""

    most: int


Input = Choice | Several | PickCards | ThrowOutcome | Number | Numbers | SideLevels
