"""积分 puzzles: from levels before the hand, the defenders' points and failed throws,
what 积分 does each seat score this hand? Answer five whole numbers in seat order,
e.g. `-1 14 -6 -1 -6`.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from tutor.rules import LEVEL_NAMES, RANK_VALUE, level_change, score_points

from ..fields import Fields
from ..model import Puzzle, Solution
from ..text import Text, join
from .base import PuzzleType, answer_text, bad_answer
from .level import side_text

TOP = 14


def _levels(f: Fields) -> list[int]:
    f.used.add("levels")
    raw = f.raw.get("levels")
    if not isinstance(raw, list) or len(raw) != 5:
        raise f.error("levels", "must list 5 levels in seat order, e.g. [\"2\", \"5\", \"A\", ...]",
                      "应按座位顺序列出5个级别，例如 [\"2\", \"5\", \"A\", ...]")
    out = []
    for v in raw:
        key = str(v).upper()
        if key not in RANK_VALUE:
            raise f.error("levels", f"{v!r} is not a level (2..10, J, Q, K, A)",
                          f"{v!r} 不是级别（2..10、J、Q、K、A）")
        out.append(RANK_VALUE[key])
    return out


class ScoreType(PuzzleType):
    name = "score"
    questions: ClassVar[dict[str, Text]] = {
        "score": Text("What 积分 does each seat score this hand?", "每个座位本局得多少积分？"),
    }

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        levels = _levels(f)
        declarer = f.seat("declarer")
        friend = f.seat_or_alone("friend")
        if friend == declarer:
            raise f.error("friend", "the friend cannot be the declarer (write \"alone\")",
                          "朋友不能是庄家（一打四请写 \"alone\"）")
        points = f.integer("points", 0, 10000)
        if points % 5:
            raise f.error("points", "points come in multiples of 5", "分数必须是5的倍数")
        failed = f.int_list("failed", 5, 0, 20, default=[0] * 5)
        return {"levels": levels, "declarer": declarer, "friend": friend, "points": points,
                "failed": failed}

    def _names(self, levels: list[int]) -> str:
        return " ".join(f"{i}:{LEVEL_NAMES[v]}" for i, v in enumerate(levels))

    def prompt(self, p: Puzzle) -> Text:
        pos = p.position
        friend = (Text("plays alone", "一打四") if pos["friend"] is None
                  else Text(f"seat {pos['friend']} is the friend", f"{pos['friend']}号位是朋友"))
        parts = [Text(f"Levels before the hand (seat:level): {self._names(pos['levels'])}.",
                      f"本局前的级别（座位:级别）：{self._names(pos['levels'])}。"),
                 Text(f"Seat {pos['declarer']} is the declarer and ",
                      f"{pos['declarer']}号位是庄家，")
                 + friend + Text(".", "。"),
                 Text(f"The defenders score P = {pos['points']}.",
                      f"抓分方得分 P = {pos['points']}。")]
        fails = [f"{i}×{n}" for i, n in enumerate(pos["failed"]) if n]
        if fails:
            parts.append(Text(f"Failed throws this hand (seat×count): {', '.join(fails)}.",
                              f"本局甩牌失败（座位×次数）：{'、'.join(fails)}。"))
        parts.append(self.questions[p.question])
        return join(parts)

    def answer_format(self, p: Puzzle) -> Text:
        return Text("Answer five whole numbers in seat order 0–4, e.g. `-1 14 -6 -1 -6`.",
                    "按0–4号位顺序写五个整数，例如 -1 14 -6 -1 -6。")

    def parse_answer(self, p: Puzzle, answer: Any) -> tuple[Any, str]:
        if isinstance(answer, (list, tuple)) and all(isinstance(a, int) for a in answer):
            values = [int(a) for a in answer]
        else:
            tokens = [t for t in re.split(r"[\s,;，、]+", answer_text(answer, p)) if t]
            if not all(re.fullmatch(r"[+-]?\d+", t) for t in tokens):
                raise bad_answer(p)
            values = [int(t) for t in tokens]
        if len(values) != 5:
            raise bad_answer(p, f"Give exactly 5 numbers, not {len(values)}.",
                             f"必须正好写5个数，而不是{len(values)}个。")
        return tuple(values), " ".join(str(v) for v in values)

    def solve(self, p: Puzzle) -> Solution:
        pos = p.position
        side, n = level_change(pos["points"])
        team = {pos["declarer"], pos["friend"]} - {None}
        risers = {"declarer": team, "defenders": set(range(5)) - team}.get(side, set())
        after = [min(TOP, lv + n) if i in risers else lv for i, lv in enumerate(pos["levels"])]
        score = score_points(after, pos["failed"])
        parts = [Text(f"P = {pos['points']}: ", f"P = {pos['points']}：") + side_text(side, n)
                 + Text(".", "。")]
        capped = [i for i in risers if pos["levels"][i] + n > TOP]
        if capped:
            word = "seat" if len(capped) == 1 else "seats"
            parts.append(Text(f"Levels stop at A ({word} {', '.join(map(str, sorted(capped)))}).",
                              f"级别最高到A（{'、'.join(map(str, sorted(capped)))}号位）。"))
        parts.append(Text(f"Levels after: {self._names(after)} (J=11, Q=12, K=13, A=14).",
                          f"本局后的级别：{self._names(after)}（J=11，Q=12，K=13，A=14）。"))
        total = sum(after)
        lines = []
        for i, s in enumerate(score):
            fail = f" − {pos['failed'][i]}" if pos["failed"][i] else ""
            lines.append(f"{i}: 5×{after[i]} − {total}{fail} = {s}")
        parts.append(Text("积分 = Σ over the others of (own level − their level) − failed throws "
                          "= 5 × own − sum of all levels − failed throws: "
                          + "; ".join(lines) + ".",
                          "积分 = Σ(自己级别 − 他人级别) − 甩牌失败次数"
                          " = 5×自己 − 全体级别之和 − 失败次数："
                          + "；".join(lines) + "。"))
        return Solution(tuple(score), " ".join(map(str, score)), join(parts))

    def public_position(self, p: Puzzle) -> dict[str, Any]:
        pos = p.position
        return {"levels": [LEVEL_NAMES[v] for v in pos["levels"]], "declarer": pos["declarer"],
                "friend": pos["friend"], "points": pos["points"], "failed": list(pos["failed"])}
