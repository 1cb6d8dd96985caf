"""积分 questions (§8): from levels before the hand, the defenders' points and failed throws,
what 积分 does each seat score this hand?

Questions:
- `score` (puzzles): every seat's 积分. Answer five whole numbers in seat order, e.g.
  `-1 14 -6 -1 -6`.
- `seat` (lesson step `score`): the 积分 of seat `ask`, one whole number.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from tutor.rules import LEVEL_NAMES, RANK_VALUE, level_change, raise_level, score_points
from tutor.text import Text, both

from ..answers import answer_int, answer_text, bad_answer
from ..fields import Fields
from ..inputs import Input, Number, Numbers
from ..kind import Kind
from ..model import Question, Solution
from ..scoring_text import no_friend_declarer, page_trump, points_multiple_of_5, side_text
from ..text import join, seat_cap

TOP = 14
LOW, HIGH = -100, 100  # 积分 of one hand: 5 × level − sum of levels − failed throws


def _levels(f: Fields) -> list[int]:
    raw = f.required("levels")
    if not isinstance(raw, list) or len(raw) != 5:
        raise f.error("levels", both("score.err_levels"))
    out = []
    for v in raw:
        key = str(v).upper()
        if key not in RANK_VALUE:
            raise f.error("levels", both("score.err_level", value=repr(v)))
        out.append(RANK_VALUE[key])
    return out


def _names(levels: list[int]) -> Text:
    """Each seat's level: `0:2 1:5` / `0号位2、1号位5`."""
    return Text(" ".join(f"{i}:{LEVEL_NAMES[v]}" for i, v in enumerate(levels)),
                "、".join(f"{i}号位{LEVEL_NAMES[v]}" for i, v in enumerate(levels)))


def _joined(items: list[str]) -> Text:
    return Text(", ".join(items), "、".join(items))


class ScoreKind(Kind):
    name = "score"
    questions: ClassVar[dict[str, Text]] = {"score": both("score.q_score"),
                                            "seat": both("score.q_seat_any")}
    steps: ClassVar[dict[str, str]] = {"score": "seat"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        levels = _levels(f)
        declarer = f.seat("declarer")
        if question == "seat":
            page_trump(f)  # a lesson step may name a trump; 积分 does not depend on it
            friend = f.seat_or_alone("friend") if f.has("friend") else f.get("friend")
            no_friend_declarer(f, declarer, friend)
            points = f.integer("points", 0, 300)
        else:
            friend = f.seat_or_alone("friend")
            no_friend_declarer(f, declarer, friend)
            points = f.integer("points", 0, 10000)
            points_multiple_of_5(f, points)
        failed = f.int_list("failed", 5, 0, 20, default=[0] * 5)
        pos = {"levels": levels, "declarer": declarer, "friend": friend, "points": points,
               "failed": failed}
        if question == "seat":
            pos["ask"] = f.seat("ask")
        return pos

    def _after(self, q: Question) -> tuple[str, int, set[int], list[int]]:
        pos = q.position
        side, n = level_change(pos["points"])
        team = {pos["declarer"], pos["friend"]} - {None}
        risers = {"declarer": team, "defenders": set(range(5)) - team}.get(side, set())
        after = [raise_level(lv, n) if i in risers else lv for i, lv in enumerate(pos["levels"])]
        return side, n, risers, after

    def prompt(self, q: Question) -> Text:
        pos = q.position
        friend = (both("score.alone") if pos["friend"] is None
                  else both("score.friend", friend=pos["friend"]))
        parts = [both("score.before", levels=_names(pos["levels"])),
                 both("score.declarer", declarer=pos["declarer"], friend=friend),
                 both("score.points", points=pos["points"])]
        fails = [(i, n) for i, n in enumerate(pos["failed"]) if n]
        if fails:
            parts.append(both("score.failed", fails=_joined([f"{i}×{n}" for i, n in fails])))
        if q.question == "seat" and q.wording is None:
            parts.append(both("score.q_seat", seat=pos["ask"]))
        else:
            parts.append(q.asks())
        return join(parts)

    def answer_format(self, q: Question) -> Text:
        if q.question == "seat":
            return both("score.format_seat", seat=q.position["ask"])
        return both("score.format")

    def answer_input(self, q: Question) -> Input:
        if q.question == "seat":
            return Number(LOW, HIGH)
        return Numbers(tuple(seat_cap(i) for i in range(5)), LOW, HIGH)

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        if q.question == "seat":
            value = answer_int(q, answer, LOW, HIGH)
            return value, str(value)
        if isinstance(answer, list | tuple) and all(isinstance(a, int) for a in answer):
            values = [int(a) for a in answer]
        else:
            tokens = [t for t in re.split(r"[\s,;，、]+", answer_text(q, answer)) if t]
            if not all(re.fullmatch(r"[+-]?\d+", t) for t in tokens):
                raise bad_answer(q)
            values = [int(t) for t in tokens]
        if len(values) != 5:
            raise bad_answer(q, both("score.five_numbers", n=len(values)))
        return tuple(values), " ".join(str(v) for v in values)

    def solve(self, q: Question) -> Solution:
        pos = q.position
        side, n, risers, after = self._after(q)
        score = score_points(after, pos["failed"])
        parts = [both("score.change", points=pos["points"], change=side_text(side, n))]
        capped = sorted(i for i in risers if pos["levels"][i] + n > TOP)
        if capped:
            key = "score.capped_1" if len(capped) == 1 else "score.capped_n"
            parts.append(both(key, seats=_joined([str(i) for i in capped])))
        parts.append(both("score.after", levels=_names(after)))
        total = sum(after)
        lines = []
        for i, s in enumerate(score):
            fail = f" − {pos['failed'][i]}" if pos["failed"][i] else ""
            lines.append(f"{i}: 5×{after[i]} − {total}{fail} = {s}")
        parts.append(both("score.formula", lines=Text("; ".join(lines), "；".join(lines))))
        if q.question == "seat":
            ask = pos["ask"]
            return Solution(score[ask], str(score[ask]),
                            join([*parts, both("score.seat_scores", seat=seat_cap(ask),
                                               score=score[ask])]))
        return Solution(tuple(score), " ".join(map(str, score)), join(parts))

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        out = {"levels": [LEVEL_NAMES[v] for v in pos["levels"]], "declarer": pos["declarer"],
               "friend": pos["friend"], "points": pos["points"], "failed": list(pos["failed"])}
        if q.question == "seat":
            out["ask"] = pos["ask"]
        return out


KIND = ScoreKind()
