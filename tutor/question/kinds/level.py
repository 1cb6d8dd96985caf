"""Level-change questions (升级, §8): from the defenders' points P, who goes up and by how much?

Questions:
- `change` (puzzles): P is given directly, or as trick points plus a kitty lost on the last
  trick. Answer `declarer 2`, `defenders 1` or `none`.
- `choose` (lesson step `level_change`): P is given; choose the change from the table's rows.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from tutor.rules import card_points, kitty_multiplier
from tutor.text import Text, both

from ..answers import answer_text, ascii_cards, bad_answer
from ..fields import Fields
from ..inputs import Choice, Input, SideLevels
from ..kind import Kind
from ..model import Question, Solution
from ..scoring_text import level_text, page_trump, points_multiple_of_5, side_text, trump_rule
from ..text import join, mark, trump_public

SIDES = {"declarer": "declarer", "庄家": "declarer", "庄家方": "declarer",
         "defenders": "defenders", "defender": "defenders", "抓分方": "defenders",
         "闲家": "defenders"}
NONE_WORDS = {"none", "nobody", "无", "都不升", "没人升级"}
MOST = 10
ROWS = (("declarer", 3), ("declarer", 2), ("declarer", 1), ("none", 0),
        ("defenders", 1), ("defenders", 2), ("defenders", 3))


def change_key(side: str, levels: int) -> str:
    """The answer text of a change: `declarer 2`, `defenders 1`, `none`."""
    return "none" if side == "none" else f"{side} {levels}"


def parse_change(q: Question, answer: Any) -> tuple[tuple[str, int], str]:
    """`declarer 2` / `defenders +1` / `none` (also 庄家 2, 抓分方 1, 无)."""
    text = answer_text(q, answer).lower().strip()
    if text in NONE_WORDS:
        return ("none", 0), "none"
    m = re.fullmatch(r"(\S+?)\s*[+＋]?\s*(\d+)\s*(?:级|levels?)?", text)
    if not m or m.group(1) not in SIDES or not 1 <= int(m.group(2)) <= MOST:
        raise bad_answer(q)
    side, levels = SIDES[m.group(1)], int(m.group(2))
    return (side, levels), change_key(side, levels)


class LevelKind(Kind):
    name = "level"
    questions: ClassVar[dict[str, Text]] = {"change": both("level.q_change"),
                                            "choose": both("level.q_change")}
    steps: ClassVar[dict[str, str]] = {"level_change": "choose"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        points = f.integer("points", 0, 300)
        points_multiple_of_5(f, points)
        pos: dict[str, Any] = {"points": points, "kitty": None}
        if question == "choose":
            page_trump(f)  # a lesson step may name a trump; the table does not depend on it
            return pos
        if f.has("kitty") or f.has("last"):
            trump = f.trump()
            kitty = f.cards("kitty", 1, 8)
            last = f.cards("last", 1, 31)
            if points + card_points(kitty) > 300:
                raise f.error("points", both("level.err_total"))
            pos |= {"trump": trump, "kitty": kitty, "last": last,
                    "last_winner": f.choice("last_winner", ["defenders", "declarer"]),
                    "rule": f.choice("rule", ["first", "max"], default="first")}
            f.check_copies("last", kitty, last)
        return pos

    def prompt(self, q: Question) -> Text:
        pos = q.position
        parts = [both("level.won", points=pos["points"])]
        if pos["kitty"] is not None:
            key = ("level.kitty_defenders" if pos["last_winner"] == "defenders"
                   else "level.kitty_declarer")
            parts += [trump_rule(pos["trump"], pos["rule"]),
                      both(key, kitty=mark(pos["kitty"]), last=mark(pos["last"]))]
        return join([*parts, q.asks()])

    def answer_format(self, q: Question) -> Text:
        if q.question == "choose":
            return both("level.format_choose")
        return both("level.format")

    def answer_input(self, q: Question) -> Input:
        if q.question == "choose":
            return Choice(tuple((change_key(s, n), side_text(s, n)) for s, n in ROWS))
        return SideLevels(MOST)

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        return parse_change(q, answer)

    def solve(self, q: Question) -> Solution:
        pos = q.position
        total = pos["points"]
        parts = []
        if pos["kitty"] is not None:
            kp = card_points(pos["kitty"])
            if pos["last_winner"] == "defenders":
                mult = kitty_multiplier(pos["last"], pos["trump"], pos["rule"])
                total += kp * mult
                parts.append(both("level.kitty_adds", kitty=kp, mult=mult,
                                  points=pos["points"], total=total))
            else:
                parts.append(both("level.kitty_kept", total=total))
        (side, levels), why = level_text(total)
        parts.append(why)
        return Solution((side, levels), change_key(side, levels), join(parts))

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        out: dict[str, Any] = {"points": pos["points"]}
        if pos["kitty"] is not None:
            out |= {"trump": trump_public(pos["trump"]), "kitty": ascii_cards(pos["kitty"]),
                    "last": ascii_cards(pos["last"]), "last_winner": pos["last_winner"],
                    "rule": pos["rule"]}
        return out


KIND = LevelKind()
