"""Trump-order puzzles (主牌大小).

Questions:
- `order`: put these trumps in order, highest first (equal cards in any order), e.g.
  `BJ 2H 2S AH`.
- `trumps`: which of these cards are trumps? Answer the trump cards (`none` if none).
"""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

from tutor.rules import Card, Trump

from ..fields import Fields
from ..model import Puzzle, Solution
from ..text import Text, cards, join
from .base import PuzzleType, answer_cards, bad_answer, sorted_cards
from .common import ascii_cards, cards_prompt, trump_public


def why_trump(c: Card, trump: Trump) -> Text:
    """Why a card is trump (joker, level card, trump suit) or not."""
    if c.is_joker:
        return Text("a joker", "王")
    if c.rank == trump.level:
        return Text(f"a level card ({trump.level})", f"级牌（{trump.level}）")
    if c.suit == trump.suit:
        return Text("of the trump suit", "主花色")
    return Text("a plain card", "副牌")


class TrumpOrderType(PuzzleType):
    name = "trump_order"
    questions: ClassVar[dict[str, Text]] = {
        "order": Text("Put these trumps in order, highest first.", "把这些主牌从大到小排列。"),
        "trumps": Text("Which of these cards are trumps?", "这些牌中哪些是主牌？"),
    }

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        cs = f.cards("cards", 2, 20)
        if question == "order" and not all(trump.is_trump(c) for c in cs):
            bad = " ".join(str(c) for c in cs if not trump.is_trump(c))
            raise f.error("cards", f"an order puzzle lists only trumps; {bad} are not",
                          f"排序题只能列主牌；{bad} 不是主牌")
        f.check_copies("cards", cs)
        return {"trump": trump, "cards": cs}

    def prompt(self, p: Puzzle) -> Text:
        return cards_prompt(p, self.questions[p.question])

    def answer_format(self, p: Puzzle) -> Text:
        if p.question == "order":
            return Text("Write all the cards, highest first, e.g. `BJ 2H 2S AH`.",
                        "从大到小写出全部的牌，例如 BJ 2H 2S AH。")
        return Text("Write the trump cards, e.g. `SJ 2C 5H` (or `none`).",
                    "写出其中的主牌，例如 SJ 2C 5H（没有则写 none）。")

    def parse_answer(self, p: Puzzle, answer: Any) -> tuple[Any, str]:
        if p.question == "trumps" and isinstance(answer, str) and answer.strip().lower() in (
                "none", "无", "没有"):
            return (), "none"
        given = answer_cards(p, answer)
        if p.question == "order":
            if sorted_cards(given) != sorted_cards(p.position["cards"]):
                raise bad_answer(p, "Use exactly the cards given, each once.",
                                 "必须恰好用上题目中的每一张牌。")
            return tuple(given), ascii_cards(given)
        if any(c not in p.position["cards"] for c in given):
            raise bad_answer(p, "Choose only among the cards given.", "只能从题目中的牌里选。")
        return sorted_cards(given), ascii_cards(p.position["trump"].sort(given))

    def is_correct(self, p: Puzzle, given: Any, solution: Solution) -> bool:
        if p.question == "trumps":
            return given == solution.value
        trump: Trump = p.position["trump"]
        return all(not trump.beats(lo, hi) for hi, lo in itertools.pairwise(given))

    def solve(self, p: Puzzle) -> Solution:
        pos = p.position
        trump: Trump = pos["trump"]
        cs = trump.sort(pos["cards"])
        if p.question == "order":
            chain = cards(cs[:1])
            for hi, lo in itertools.pairwise(cs):
                chain += (" > " if trump.beats(hi, lo) else " = ") + cards([lo])
            expl = [Text(f"High to low: {chain}.", f"从大到小：{chain}。"),
                    Text("Order inside trump: big joker, small joker, the trump-suit level card, "
                         "the other level cards (equal), then the trump suit A down to 2 with the "
                         "level rank skipped.",
                         "主牌顺序：大王、小王、主花色级牌、其他花色级牌（同大），然后主花色从A到2"
                         "（跳过级牌）。")]
            return Solution(tuple(cs), ascii_cards(cs), join(expl))
        trumps = [c for c in cs if trump.is_trump(c)]
        expl = [Text(f"{cards([c])}: {why_trump(c, trump).en}.",
                     f"{cards([c])}：{why_trump(c, trump).zh}。") for c in cs]
        return Solution(sorted_cards(trumps), ascii_cards(trumps) or "none", join(expl))

    def public_position(self, p: Puzzle) -> dict[str, Any]:
        pos = p.position
        return {"trump": trump_public(pos["trump"]), "cards": ascii_cards(pos["cards"])}
