"""What a puzzle is about, in a few words a person can read where it is listed (Progress, a
teacher's results and CSV, the puzzle page): its kind and its position, never its id alone
(`Throws · A♥ A♥ K♥ 10♥ 10♥, ♠ trump`, `Best play · a lead as the declarer, trick 7`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tutor.question.text import cards_text, trump_text
from tutor.text import Text, both


def _strategy(pos: Mapping[str, Any]) -> Text:
    decision = pos["decision"]
    if decision == "bid":
        return both("puzzle.about_bid", level=pos["trump"].level)
    if decision != "play":
        return both(f"puzzle.about_{decision}", trump=trump_text(pos["trump"]))
    key = "about_follow_play" if pos["plays"] else "about_lead"
    return both(f"puzzle.{key}", role=both(f"puzzle.as_{pos['role']}"), trick=pos["trick"])


ABOUT: dict[str, Callable[[Mapping[str, Any]], Text]] = {
    "follow": lambda p: both("puzzle.about_follow", cards=cards_text(p["lead"])),
    "friend": lambda p: (both("puzzle.about_friend_holder", card=cards_text([p["card"]]))
                         if p.get("nth") is None else
                         both("puzzle.about_friend", card=cards_text([p["card"]]), nth=p["nth"])),
    "kitty": lambda p: both("puzzle.about_kitty", cards=cards_text(p["plays"][0])),
    "level": lambda p: both("puzzle.about_level", n=p["points"]),
    "pattern": lambda p: cards_text(p["cards"]),
    "trick": lambda p: both("puzzle.about_trick", cards=cards_text(p["plays"][0])),
    "throw": lambda p: both("puzzle.about_throw", cards=cards_text(p["throw"]),
                            trump=trump_text(p["trump"])),
    "score": lambda p: both("puzzle.about_score", n=p["points"]),
    "trump_order": lambda p: both("puzzle.about_trump_order", n=len(p["cards"]),
                                  trump=trump_text(p["trump"])),
    "strategy": _strategy,
    "better_play": lambda p: both("puzzle.about_better_play", trick=p["trick"]),
}


def about(kind: str, position: Mapping[str, Any]) -> Text | None:
    """A few words on the position of a puzzle of `kind` (None for a kind without them)."""
    told = ABOUT.get(kind)
    return None if told is None else told(position)


__all__ = ["about"]
