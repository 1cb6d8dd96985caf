"""Pattern puzzles (牌型): is it a tractor / titanic, and how does a throw decompose?

Questions:
- `tractor`, `titanic`: answer `yes` or `no`.
- `decompose`: the units of the play, separated by `|`, e.g. `AH AH KH KH | AH`.
"""

from __future__ import annotations

import itertools
import re
from typing import Any, ClassVar

from tutor.rules import Card, MixedSuitError, Trump, decompose, is_titanic, is_tractor

from ..fields import Fields
from ..model import Puzzle, Solution
from ..text import Text, cards, join
from .base import PuzzleType, answer_cards, answer_text, answer_yes_no, bad_answer, sorted_cards
from .common import ascii_cards, cards_prompt, listing, trump_public, unit_text


class PatternType(PuzzleType):
    name = "pattern"
    questions: ClassVar[dict[str, Text]] = {
        "tractor": Text("Is this a tractor?", "这是拖拉机吗？"),
        "titanic": Text("Is this a titanic?", "这是泰坦尼克吗？"),
        "decompose": Text("Into which units does this throw split?", "这手甩牌分成哪些牌型？"),
    }

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        cs = f.cards("cards", 2, 31)
        if question == "decompose":
            try:
                decompose(cs, trump)
            except MixedSuitError:
                raise f.error("cards", "a throw must be all one suit (all trumps count as one "
                              "suit)", "甩牌必须是同一门花色（主牌算一门）") from None
        f.check_copies("cards", cs)
        return {"trump": trump, "cards": cs}

    def prompt(self, p: Puzzle) -> Text:
        return cards_prompt(p, self.questions[p.question])

    def answer_format(self, p: Puzzle) -> Text:
        if p.question == "decompose":
            return Text("Write each unit's cards, units separated by `|`, e.g. `AH AH KH KH | AH`.",
                        "写出每个牌型的牌，用 | 分开，例如 AH AH KH KH | AH。")
        return Text("Answer `yes` or `no`.", "回答「是」(yes) 或「否」(no)。")

    def parse_answer(self, p: Puzzle, answer: Any) -> tuple[Any, str]:
        if p.question != "decompose":
            value = answer_yes_no(p, answer)
            return value, "yes" if value else "no"
        if isinstance(answer, (list, tuple)) and all(isinstance(g, (list, tuple)) for g in answer):
            groups = [answer_cards(p, g) for g in answer]
        else:
            text = answer_text(answer, p)
            groups = [answer_cards(p, g) for g in re.split(r"[|/;\n]+", text) if g.strip()]
        if not groups:
            raise bad_answer(p)
        flat = sorted_cards([c for g in groups for c in g])
        if flat != sorted_cards(p.position["cards"]):
            raise bad_answer(p, "Use exactly the cards of the throw, each once.",
                             "必须恰好用上这手甩牌的每一张牌。")
        trump: Trump = p.position["trump"]
        text = " | ".join(ascii_cards(trump.sort(g)) for g in groups)
        return [sorted_cards(g) for g in groups], text

    def is_correct(self, p: Puzzle, given: Any, solution: Solution) -> bool:
        if p.question != "decompose":
            return given == solution.value
        trump: Trump = p.position["trump"]
        keys = []
        for g in given:
            units = decompose(g, trump)
            if len(units) != 1:
                return False
            keys.append(_key(units[0]))
        return sorted(keys, reverse=True) == solution.value

    def solve(self, p: Puzzle) -> Solution:
        pos = p.position
        trump: Trump = pos["trump"]
        cs = pos["cards"]
        try:
            units = decompose(cs, trump)
        except MixedSuitError:
            units = None
        if p.question == "decompose":
            assert units is not None
            sizes = [u.width * u.length for u in units]
            text = " | ".join(ascii_cards(u.cards) for u in units)
            expl = [Text("It splits into ", "它分成") + listing(unit_text(u) for u in units)
                    + Text(".", "。"),
                    Text(f"Unit sizes {sizes}: the largest possible list, biggest units first.",
                         f"牌型大小为 {sizes}：按从大到小比较，这是最大的分法。"),
                    _order(cs, trump)]
            return Solution(sorted((_key(u) for u in units), reverse=True), text, join(expl))
        test = is_tractor if p.question == "tractor" else is_titanic
        value = test(cs, trump)
        name = (Text("tractor", "拖拉机") if p.question == "tractor"
                else Text("titanic", "泰坦尼克"))
        if units is None:
            expl = [Text(f"The cards are not all one suit (trumps count as one), so it is not a "
                         f"{name.en}.", f"这些牌不是同一门（主牌算一门），所以不是{name.zh}。")]
        elif value:
            many = "pairs" if units[0].width == 2 else "triples"
            expl = [Text(f"Yes: {units[0].length} adjacent {many} of one suit make a "
                         f"{name.en}.", f"是：同一门中{units[0].length}个相连的"
                         f"{'对子' if units[0].width == 2 else '三张'}组成{name.zh}。")]
        else:
            expl = [Text("No: it is ", "不是：它是") + listing(unit_text(u) for u in units)
                    + Text(f", not one {name.en}.", f"，不是一个{name.zh}。")]
        if units is not None:
            expl.append(_order(cs, trump))
        return Solution(value, "yes" if value else "no", join(expl))

    def public_position(self, p: Puzzle) -> dict[str, Any]:
        pos = p.position
        return {"trump": trump_public(pos["trump"]), "cards": ascii_cards(pos["cards"])}


def _key(unit: Any) -> tuple[int, int, int]:
    """Units compare by size, width and top rank: equal keys are equally good answers."""
    return (unit.width * unit.length, unit.width, unit.top)


def _order(cs: list[Card], trump: Trump) -> Text:
    """How the distinct ranks lie in the suit's order: `K♥ – A♥` adjacent, `2♠ = 2♣` equal."""
    kinds = sorted(set(cs), key=lambda c: -trump.position(c))
    steps_en, steps_zh = [cards([kinds[0]])], [cards([kinds[0]])]
    for hi, lo in itertools.pairwise(kinds):
        gap = trump.position(hi) - trump.position(lo)
        sep_en = " = " if gap == 0 else " – " if gap == 1 else " … "
        steps_en.append(sep_en + cards([lo]))
        steps_zh.append(sep_en + cards([lo]))
    return Text("In this order (– adjacent, … a gap, = equal rank): " + "".join(steps_en) + ".",
                "按大小顺序（– 相连，… 不相连，= 同级）：" + "".join(steps_zh) + "。")
