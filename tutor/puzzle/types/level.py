"""Level-change puzzles (升级): from the defenders' points P, who goes up and by how much?

P is given directly, or as trick points plus a kitty lost on the last trick.
Answer `declarer 2`, `defenders 1` or `none`.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from tutor.rules import card_points, kitty_multiplier, level_change

from ..fields import Fields
from ..model import Puzzle, Solution
from ..text import Text, cards, join, sentence
from .base import PuzzleType, answer_text, bad_answer
from .common import ascii_cards, trump_public, trump_text
from .kitty import rule_text

SIDES = {"declarer": "declarer", "庄家": "declarer", "庄家方": "declarer",
         "defenders": "defenders", "defender": "defenders", "抓分方": "defenders",
         "闲家": "defenders"}
NONE_WORDS = {"none", "nobody", "无", "都不升", "没人升级"}
BANDS = Text("(step 60: P = 0 → declarer side +3; under 60 → +2; under 120 → +1; under 180 → "
             "nobody moves; from 180 the defenders +1, and +1 per further 60)",
             "（每档60分：0分 → 庄家方升3级；60以下 → 升2级；120以下 → 升1级；180以下 → 都不升；"
             "180起抓分方升1级，每多60分再升1级）")


def side_text(side: str, levels: int) -> Text:
    """`the declarer side goes up 2 levels` / `庄家方升2级`."""
    if side == "none":
        return Text("nobody goes up (the declarer side loses the deal)", "都不升级（庄家方下台）")
    who = (Text("the declarer side", "庄家方") if side == "declarer"
           else Text("the defenders", "抓分方"))
    verb = "goes" if side == "declarer" else "go"
    return who + Text(f" {verb} up {levels} level{'s' if levels > 1 else ''}", f"升{levels}级")


def parse_change(p: Puzzle, answer: Any) -> tuple[tuple[str, int], str]:
    """`declarer 2` / `defenders +1` / `none` (also 庄家 2, 抓分方 1, 无)."""
    text = answer_text(answer, p).lower().strip()
    if text in NONE_WORDS:
        return ("none", 0), "none"
    m = re.fullmatch(r"(\S+?)\s*[+＋]?\s*(\d+)\s*(?:级|levels?)?", text)
    if not m or m.group(1) not in SIDES or not 1 <= int(m.group(2)) <= 10:
        raise bad_answer(p)
    side = SIDES[m.group(1)]
    return (side, int(m.group(2))), f"{side} {int(m.group(2))}"


class LevelType(PuzzleType):
    name = "level"
    questions: ClassVar[dict[str, Text]] = {
        "change": Text("Who goes up, and by how many levels?", "哪一方升级，升几级？"),
    }

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        points = f.integer("points", 0, 300)
        if points % 5:
            raise f.error("points", "card points come in multiples of 5", "分数必须是5的倍数")
        pos: dict[str, Any] = {"points": points, "kitty": None}
        if f.has("kitty") or f.has("last"):
            trump = f.trump()
            kitty = f.cards("kitty", 1, 8)
            last = f.cards("last", 1, 31)
            if points + card_points(kitty) > 300:
                raise f.error("points", "trick points and kitty points cannot exceed 300",
                              "得分加底分不能超过300")
            pos |= {"trump": trump, "kitty": kitty, "last": last,
                    "last_winner": f.choice("last_winner", ["defenders", "declarer"]),
                    "rule": f.choice("rule", ["first", "max"], default="first")}
            f.check_copies("last", kitty, last)
        return pos

    def _kitty_sentence(self, p: Puzzle) -> Text:
        pos = p.position
        who = (Text("a defender", "抓分方") if pos["last_winner"] == "defenders"
               else Text("the declarer side", "庄家方"))
        return join([sentence(trump_text(pos["trump"]) + Text("; ", "，") + rule_text(pos["rule"])),
                     Text(f"The kitty is {cards(pos['kitty'])} and {who.en} wins the last trick "
                          f"with {cards(pos['last'])}.",
                          f"底牌是 {cards(pos['kitty'])}，"
                          f"{who.zh}以 {cards(pos['last'])} 赢得最后一轮。")])

    def prompt(self, p: Puzzle) -> Text:
        pos = p.position
        head = Text(f"The defenders won {pos['points']} card points in tricks.",
                    f"抓分方在各轮中得了{pos['points']}分。")
        parts = [head]
        if pos["kitty"] is not None:
            parts.append(self._kitty_sentence(p))
        parts.append(self.questions[p.question])
        return join(parts)

    def answer_format(self, p: Puzzle) -> Text:
        return Text("Answer `declarer N`, `defenders N` or `none`, e.g. `declarer 2`.",
                    "回答 declarer N（庄家方升N级）、defenders N（抓分方升N级）或 none（都不升），"
                    "例如 declarer 2。")

    def parse_answer(self, p: Puzzle, answer: Any) -> tuple[Any, str]:
        return parse_change(p, answer)

    def solve(self, p: Puzzle) -> Solution:
        pos = p.position
        total = pos["points"]
        parts = []
        if pos["kitty"] is not None:
            kp = card_points(pos["kitty"])
            if pos["last_winner"] == "defenders":
                mult = kitty_multiplier(pos["last"], pos["trump"], pos["rule"])
                total += kp * mult
                parts.append(Text(f"The kitty holds {kp} points and the last trick earns ×{mult}: "
                                  f"P = {pos['points']} + {kp} × {mult} = {total}.",
                                  f"底牌有{kp}分，最后一轮为×{mult}：P = {pos['points']} + {kp} × "
                                  f"{mult} = {total}。"))
            else:
                parts.append(Text(f"The declarer side took the last trick, so the kitty adds "
                                  f"nothing: P = {total}.",
                                  f"庄家方拿了最后一轮，底牌不加分：P = {total}。"))
        side, levels = level_change(total)
        parts.append(Text(f"With P = {total}, ", f"P = {total}，") + side_text(side, levels)
                     + Text(f" {BANDS.en}.", f"{BANDS.zh}。"))
        text = "none" if side == "none" else f"{side} {levels}"
        return Solution((side, levels), text, join(parts))

    def public_position(self, p: Puzzle) -> dict[str, Any]:
        pos = p.position
        out: dict[str, Any] = {"points": pos["points"]}
        if pos["kitty"] is not None:
            out |= {"trump": trump_public(pos["trump"]), "kitty": ascii_cards(pos["kitty"]),
                    "last": ascii_cards(pos["last"]), "last_winner": pos["last_winner"],
                    "rule": pos["rule"]}
        return out
