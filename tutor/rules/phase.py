"""The phases of a hand, as a str-valued enum.

`Phase.PLAYING == "playing"`, and it prints, formats and JSON-encodes as `playing`, so saved
games, page attributes and messages read and write the same text as before.
"""

from __future__ import annotations

from enum import StrEnum

from .errors import Localized


class Phase(StrEnum):
    """Where a hand stands: bidding → burying → calling → playing → finished."""

    BIDDING = "bidding"
    BURYING = "burying"
    CALLING = "calling"
    PLAYING = "playing"
    FINISHED = "finished"

    @property
    def zh(self) -> str:
        """The phase's Chinese name for messages: 亮主, 扣底, 叫朋友, 出牌, 结束."""
        return _ZH[self]

    @property
    def label(self) -> Localized:
        """The phase as a message parameter, worded per language."""
        return Localized(self.value, _ZH[self])


_ZH = {Phase.BIDDING: "亮主", Phase.BURYING: "扣底", Phase.CALLING: "叫朋友",
       Phase.PLAYING: "出牌", Phase.FINISHED: "结束"}

__all__ = ["Phase"]
