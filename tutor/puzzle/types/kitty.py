"""Kitty puzzles (扣底): the last trick decides the multiplier and whether the kitty counts.

Questions:
- `bonus`: points added to the defenders' P by the kitty (0 when the declarer side wins the
  last trick). Answer a whole number, e.g. `200`.
- `multiplier`: the multiplier the last trick's winning play earns. Answer e.g. `8`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.rules import Trump, card_points, kitty_multiplier, multiplier_candidates, trick_winner

from ..fields import Fields
from ..model import Puzzle, Solution
from ..text import Text, cards, join, seat_cap, sentence
from .base import PuzzleType, answer_int
from .common import ascii_cards, trump_public, trump_text
from .plays import read_plays, walk_trick

UNIT_NAMES = {"titanic": Text("titanic", "泰坦尼克"), "triple": Text("triple", "三张"),
              "tractor": Text("tractor", "拖拉机"), "pair": Text("pair", "对子"),
              "single": Text("single", "单张")}


def rule_text(rule: str) -> Text:
    """The multiplier rule in words."""
    if rule == "max":
        return Text("multiplier rule: the largest match", "倍数规则：取最大")
    return Text("multiplier rule: the first match (titanic, triple, tractor, pair, single)",
                "倍数规则：按泰坦尼克、三张、拖拉机、对子、单张的顺序取第一个")


class KittyType(PuzzleType):
    name = "kitty"
    questions: ClassVar[dict[str, Text]] = {
        "bonus": Text("How many points does the kitty add to the defenders?",
                      "底牌给抓分方加多少分？"),
        "multiplier": Text("What multiplier does the last trick earn?",
                           "最后一轮的扣底倍数是多少？"),
    }

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        rule = f.choice("rule", ["first", "max"], default="first")
        declarer = f.seat("declarer")
        friend = f.seat_or_alone("friend")
        if friend == declarer:
            raise f.error("friend", "the friend cannot be the declarer (write \"alone\")",
                          "朋友不能是庄家（一打四请写 \"alone\"）")
        leader = f.seat("leader")
        plays = read_plays(f, trump, 5, 5, check_throw=True)
        kitty = f.cards("kitty", 1, 8)
        f.check_copies("kitty", *plays, kitty)
        return {"trump": trump, "rule": rule, "declarer": declarer, "friend": friend,
                "leader": leader, "plays": plays, "kitty": kitty}

    def _seats(self, p: Puzzle) -> list[int]:
        return [(p.position["leader"] + i) % 5 for i in range(5)]

    def _sides(self, p: Puzzle) -> Text:
        pos = p.position
        if pos["friend"] is None:
            return Text(f"Seat {pos['declarer']} is the declarer and plays alone.",
                        f"{pos['declarer']}号位是庄家，一打四。")
        return Text(f"Seat {pos['declarer']} is the declarer, seat {pos['friend']} the friend.",
                    f"{pos['declarer']}号位是庄家，{pos['friend']}号位是朋友。")

    def prompt(self, p: Puzzle) -> Text:
        pos = p.position
        trump: Trump = pos["trump"]
        plays = "; ".join(f"{s}: {cards(pl)}" for s, pl in zip(self._seats(p), pos["plays"],
                                                                strict=True))
        ask = self.questions[p.question]
        return join([sentence(trump_text(trump) + Text("; ", "，") + rule_text(pos["rule"])),
                     self._sides(p),
                     Text(f"The kitty is {cards(pos['kitty'])}.",
                          f"底牌是 {cards(pos['kitty'])}。"),
                     Text(f"Last trick, seat by seat from the lead: {plays}.",
                          f"最后一轮，从首家起：{plays}。"), ask])

    def answer_format(self, p: Puzzle) -> Text:
        if p.question == "multiplier":
            return Text("Answer the multiplier as a whole number, e.g. `8`.",
                        "用整数回答倍数，例如 8。")
        return Text("Answer the points added to the defenders as a whole number, e.g. `200` "
                    "(0 if none).", "用整数回答加给抓分方的分数，例如 200（没有则为 0）。")

    def parse_answer(self, p: Puzzle, answer: Any) -> tuple[Any, str]:
        value = answer_int(p, answer, 0, 100000)
        return value, str(value)

    def solve(self, p: Puzzle) -> Solution:
        pos = p.position
        trump: Trump = pos["trump"]
        plays, seats = pos["plays"], self._seats(p)
        idx = trick_winner(plays, trump)
        win_seat, winning = seats[idx], plays[idx]
        # a play wins only in the lead's shape, so the rules core reads it in that shape
        mult = kitty_multiplier(winning, trump, pos["rule"], lead=plays[0])
        found = multiplier_candidates(winning, trump, lead=plays[0])
        kitty_pts = card_points(pos["kitty"])
        declarer_side = {pos["declarer"], pos["friend"]} - {None}
        defenders_win = win_seat not in declarer_side
        parts = walk_trick(plays, seats, trump)
        parts.append(seat_cap(win_seat) + Text(f" wins the last trick with {cards(winning)}.",
                                               f"以 {cards(winning)} 赢得最后一轮。"))
        names = [UNIT_NAMES[k] for k, _ in found]
        has = Text(", ".join(f"{n.en} ×{v}" for n, (_, v) in zip(names, found, strict=True)),
                   "、".join(f"{n.zh}×{v}" for n, (_, v) in zip(names, found, strict=True)))
        if pos["rule"] == "max":
            how = Text(f"It earns {has.en}; the largest counts: ×{mult}.",
                       f"它可按{has.zh}计算；取最大：×{mult}。")
        else:
            how = Text(f"It earns {has.en}; the first in the rule's order counts: ×{mult}.",
                       f"它可按{has.zh}计算；按规则顺序取第一个：×{mult}。")
        parts.append(how)
        if defenders_win:
            bonus = kitty_pts * mult
            parts.append(seat_cap(win_seat) + Text(
                f" is a defender, so the kitty's {kitty_pts} points × {mult} = {bonus} are added "
                "to the defenders.",
                f"是抓分方，底牌{kitty_pts}分 × {mult} = {bonus}分加给抓分方。"))
        else:
            bonus = 0
            role = (Text("the declarer", "庄家") if win_seat == pos["declarer"]
                    else Text("the friend", "朋友"))
            parts.append(seat_cap(win_seat) + Text(
                f" is {role.en}: the declarer side keeps the kitty and the defenders get 0.",
                f"是{role.zh}：庄家方守住底牌，抓分方得0分。"))
        value = mult if p.question == "multiplier" else bonus
        return Solution(value, str(value), join(parts))

    def public_position(self, p: Puzzle) -> dict[str, Any]:
        pos = p.position
        return {
            "trump": trump_public(pos["trump"]),
            "rule": pos["rule"],
            "declarer": pos["declarer"],
            "friend": pos["friend"],
            "kitty": ascii_cards(pos["kitty"]),
            "plays": [{"seat": s, "cards": ascii_cards(pl)}
                      for s, pl in zip(self._seats(p), pos["plays"], strict=True)],
        }


