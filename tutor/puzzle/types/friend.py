"""Friend puzzles (找朋友): who is the friend, under either friend rule?

Questions:
- `holder` (the default rule): the copies of the called card each seat holds at the call are
  shown; the friend is the first holder after the declarer in play order.
- `nth_played`: the plays that contained the called card are listed in order; whoever plays
  the Nth copy is the friend (the declarer is alone if that is the declarer or it never comes).
Answer a seat number (`3`) or `alone`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.rules import holder_friend, nth_played_friend

from ..fields import Fields
from ..model import Puzzle, Solution
from ..text import Text, cards, join, seat_cap
from .base import PuzzleType, answer_seat
from .common import ascii_cards

ORDINAL_EN = {1: "1st", 2: "2nd", 3: "3rd"}


class FriendType(PuzzleType):
    name = "friend"
    questions: ClassVar[dict[str, Text]] = {
        "holder": Text("Who is the friend (first holder after the declarer)?",
                       "谁是朋友（庄家之后第一个有这张牌的人）？"),
        "nth_played": Text("Who is the friend (whoever plays the Nth copy)?",
                           "谁是朋友（打出第N张的人）？"),
    }

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        declarer = f.seat("declarer")
        card = f.card("card")
        if card.is_joker:
            raise f.error("card", "the called card cannot be a joker", "叫朋友不能叫王")
        pos: dict[str, Any] = {"declarer": declarer, "card": card}
        if question == "holder":
            copies = f.int_list("copies", 5, 0, 3)
            if sum(copies) > 3:
                raise f.error("copies", "there are only 3 copies of a card", "一张牌只有3张")
            pos["copies"] = copies
        else:
            pos["nth"] = f.integer("nth", 1, 3)
            f.used.add("played")
            played = f.raw.get("played")
            ok = isinstance(played, list) and all(
                isinstance(x, list) and len(x) == 2 and all(isinstance(v, int) for v in x)
                and 0 <= x[0] <= 4 and 1 <= x[1] <= 3 for x in played)
            if not ok:
                raise f.error("played", "must list [seat, copies] pairs in play order, e.g. "
                              "[[3, 1], [0, 2]]",
                              "应按出牌顺序列出 [座位, 张数]，例如 [[3, 1], [0, 2]]")
            if sum(x[1] for x in played) > 3:
                raise f.error("played", "there are only 3 copies of a card", "一张牌只有3张")
            pos["played"] = [tuple(x) for x in played]
        return pos

    def prompt(self, p: Puzzle) -> Text:
        pos = p.position
        c = cards([pos["card"]])
        head = Text(f"Seat {pos['declarer']} is the declarer and calls {c}.",
                    f"{pos['declarer']}号位是庄家，叫 {c}。")
        if p.question == "holder":
            held = ", ".join(f"{i}: {n}" for i, n in enumerate(pos["copies"]))
            body = Text(f"Copies of {c} held at the call (seat: copies): {held}; the rest are in "
                        "the kitty.",
                        f"叫朋友时各家持有 {c} 的张数（座位：张数）：{held}；其余在底牌里。")
        else:
            seq = ", ".join(f"seat {s} ×{n}" for s, n in pos["played"]) or "none"
            seq_zh = "，".join(f"{s}号位×{n}" for s, n in pos["played"]) or "没有"
            body = Text(f"Rule: whoever plays the {ORDINAL_EN[pos['nth']]} copy is the friend. "
                        f"Plays containing {c}, in order: {seq}.",
                        f"规则：打出第{pos['nth']}张 {c} 的人是朋友。"
                        f"依次出现 {c} 的出牌：{seq_zh}。")
        return join([head, body, Text("Who is the friend?", "谁是朋友？")])

    def answer_format(self, p: Puzzle) -> Text:
        return Text("Answer the friend's seat number, e.g. `3`, or `alone` (one against four).",
                    "回答朋友的座位号，例如 3；庄家一打四则回答 alone（一打四）。")

    def parse_answer(self, p: Puzzle, answer: Any) -> tuple[Any, str]:
        value = answer_seat(p, answer, alone=True)
        return value, "alone" if value is None else str(value)

    def solve(self, p: Puzzle) -> Solution:
        pos = p.position
        d, c = pos["declarer"], cards([pos["card"]])
        parts = []
        if p.question == "holder":
            copies = pos["copies"]
            friend = holder_friend([[pos["card"]] * n for n in copies], d, pos["card"])
            for step in range(1, 5):
                s = (d + step) % 5
                if copies[s]:
                    many = "copies" if copies[s] > 1 else "copy"
                    parts.append(seat_cap(s) + Text(
                        f" is the first seat after the declarer holding {c} ({copies[s]} {many}),"
                        " so it is the friend.",
                        f"是庄家之后第一个有 {c} 的人（{copies[s]}张），所以是朋友。"))
                    break
                parts.append(seat_cap(s) + Text(f" holds no {c}.", f"没有 {c}。"))
            if friend is None:
                kitty = 3 - sum(copies)
                parts.append(Text(f"No other player holds {c} (the declarer holds {copies[d]}, the "
                                  f"kitty {kitty}): the declarer plays alone, one against four.",
                                  f"其他人都没有 {c}（庄家{copies[d]}张，底牌{kitty}张）："
                                  "庄家一打四。"))
        else:
            nth, before, friend = pos["nth"], 0, None
            found = False
            for s, n in pos["played"]:
                if nth_played_friend(before, n, nth):
                    found = True
                    span = f"{before + 1}" if n == 1 else f"{before + 1}–{before + n}"
                    which = "copy" if n == 1 else "copies"
                    parts.append(seat_cap(s) + Text(
                        f" plays {which} {span} of {c}, the {ORDINAL_EN[nth]} among them.",
                        f"打出第{span}张 {c}，包含第{nth}张。"))
                    if s == d:
                        parts.append(Text("That is the declarer, so the declarer plays alone.",
                                          "这是庄家自己，所以庄家一打四。"))
                    else:
                        friend = s
                        parts.append(seat_cap(s) + Text(" is the friend.", "是朋友。"))
                    break
                before += n
            if not found:
                parts.append(Text(f"Only {before} cop{'y' if before == 1 else 'ies'} of {c} "
                                  f"appeared, never the {ORDINAL_EN[nth]}: the declarer plays "
                                  "alone.", f"{c} 只出现了{before}张，没有第{nth}张：庄家一打四。"))
        return Solution(friend, "alone" if friend is None else str(friend), join(parts))

    def public_position(self, p: Puzzle) -> dict[str, Any]:
        pos = p.position
        out: dict[str, Any] = {"declarer": pos["declarer"], "card": ascii_cards([pos["card"]])}
        if p.question == "holder":
            out["copies"] = list(pos["copies"])
        else:
            out |= {"nth": pos["nth"], "played": [list(x) for x in pos["played"]]}
        return out
