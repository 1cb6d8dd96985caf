"""Throw puzzles (甩牌): does a throw stand, and if not, what is played and what it costs.

Questions:
- `outcome`: the other players' cards of the thrown suit are shown seat by seat. Answer `ok`
  if the throw succeeds, otherwise the cards the thrower must play instead (`10H 10H`).
- `safe`: only the cards of that suit still out are shown, not who holds them (some may be in
  the kitty). Answer `safe` if no single player could beat any part of the throw whatever the
  distribution, else `risky`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.rules import Card, MixedSuitError, decompose, throw_check

from ..fields import Fields
from ..model import Puzzle, Solution
from ..text import Text, cards, join, seat, seat_cap, sentence
from .base import PuzzleType, answer_cards, answer_text, bad_answer, sorted_cards
from .common import ascii_cards, listing, suit_text, trump_public, trump_text, unit_text

OK_WORDS = {"ok", "succeeds", "success", "stands", "成功", "甩牌成功"}
SAFE_WORDS = {"safe": "safe", "安全": "safe", "risky": "risky", "unsafe": "risky",
              "有风险": "risky", "风险": "risky", "不安全": "risky"}


class ThrowType(PuzzleType):
    name = "throw"
    questions: ClassVar[dict[str, Text]] = {
        "outcome": Text("Does the throw succeed, and if not what is played?",
                        "甩牌能成功吗？失败的话要出什么？"),
        "safe": Text("Is the throw safe whoever holds the cards still out?",
                     "不论剩下的牌在谁手里，这手甩牌都安全吗？"),
    }

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        thrower = f.seat("thrower")
        throw = f.cards("throw", 2, 40)
        try:
            units = decompose(throw, trump)
        except MixedSuitError:
            raise f.error("throw", "a throw must be all one suit (all trumps count as one suit)",
                          "甩牌必须是同一门花色（主牌算一门）") from None
        if len(units) < 2:
            raise f.error("throw", f"{ascii_cards(throw)} is a single unit ({units[0].kind}), "
                          "not a throw", f"{ascii_cards(throw)} 只是一个牌型，不是甩牌")
        eff = trump.effective_suit(throw[0])
        hand = f.cards("hand", 0, 40, default=ascii_cards(throw))
        others = f.card_lists("others", 4, 4)
        kitty = f.cards("kitty", 0, 7, default="")
        for name, group in [("hand", hand), *((f"others[{i + 1}]", o) for i, o in
                                              enumerate(others)), ("kitty", kitty)]:
            if any(trump.effective_suit(c) != eff for c in group):
                raise f.error(name, "must hold only cards of the thrown suit",
                              "只能列出与甩牌同一门的牌")
        rest = list(hand)
        for c in throw:
            if c not in rest:
                raise f.error("hand", "must include every card of the throw", "必须包含甩出的牌")
            rest.remove(c)
        f.check_copies("others", hand, *others, kitty)
        return {"trump": trump, "thrower": thrower, "throw": throw, "hand": hand,
                "others": others, "kitty": kitty}

    def _seats(self, p: Puzzle) -> list[int]:
        return [(p.position["thrower"] + i) % 5 for i in range(1, 5)]

    def _pool(self, p: Puzzle) -> list[Card]:
        pos = p.position
        return pos["trump"].sort([c for o in pos["others"] for c in o] + list(pos["kitty"]))

    def prompt(self, p: Puzzle) -> Text:
        pos = p.position
        trump, throw = pos["trump"], pos["throw"]
        suit = suit_text(trump, throw[0])
        head = join([sentence(trump_text(trump)), Text(
            f"Seat {pos['thrower']} holds {cards(pos['hand'])} in {suit.en} and throws "
            f"{cards(throw)}.",
            f"{pos['thrower']}号位的{suit.zh}是 {cards(pos['hand'])}，甩出 {cards(throw)}。")])
        if p.question == "safe":
            out = cards(self._pool(p)) or "—"
            return join([head, Text(
                f"The other {suit.en} still out (in other hands or the kitty): {out}. "
                "Is the throw safe, whoever holds them?",
                f"其余还没出的{suit.zh}（在别人手里或底牌里）：{out}。不论在谁手里，这手甩牌都安全吗？")])
        hold = listing(seat(s) + Text(f": {cards(o) or '—'}", f"：{cards(o) or '—'}")
                       for s, o in zip(self._seats(p), pos["others"], strict=True))
        return join([head, Text(f"The others hold these {suit.en}: ", f"其他人的{suit.zh}：") + hold
                     + Text(". Does the throw succeed? If not, which cards must be played instead?",
                            "。甩牌能成功吗？如果失败，必须改出哪些牌？")])

    def answer_format(self, p: Puzzle) -> Text:
        if p.question == "safe":
            return Text("Answer `safe` or `risky`.", "回答「安全」(safe) 或「有风险」(risky)。")
        return Text("Answer `ok` if the throw succeeds, otherwise the cards played instead, "
                    "e.g. `10H 10H`.",
                    "甩牌成功回答 ok（成功），否则写出必须改出的牌，例如 10H 10H。")

    def parse_answer(self, p: Puzzle, answer: Any) -> tuple[Any, str]:
        if p.question == "safe":
            word = SAFE_WORDS.get(answer_text(answer, p).lower())
            if word is None:
                raise bad_answer(p)
            return word, word
        if isinstance(answer, str):
            text = answer.strip()
            if text.lower() in OK_WORDS:
                return None, "ok"
            for prefix in ("fails:", "fail:", "fails", "失败：", "失败:", "失败"):
                if text.lower().startswith(prefix):
                    answer = text[len(prefix):]
                    break
        given = sorted_cards(answer_cards(p, answer))
        return given, ascii_cards(p.position["trump"].sort(list(given)))

    def solve(self, p: Puzzle) -> Solution:
        pos = p.position
        trump, throw = pos["trump"], pos["throw"]
        if p.question == "safe":
            return self._solve_safe(p)
        result = throw_check(throw, pos["others"], trump)
        units = listing(unit_text(u) for u in result.units)
        parts = [Text("The throw is made of ", "这手甩牌由") + units
                 + Text(".", "组成。")]
        seats = self._seats(p)
        if result.ok:
            parts.append(Text("No other player holds a unit of the same shape that beats any of "
                              "them, so the throw succeeds and all its cards are played.",
                              "没有任何一家有同样牌型且更大的牌，甩牌成功，全部打出。"))
            return Solution(None, "ok", join(parts))
        for b in result.beats:
            s = seats[b.seat]
            parts.append(seat_cap(s) + Text(
                f" holds {cards(b.by)}, which beats your {b.unit.describe('en')}.",
                f"有 {cards(b.by)}，大过你的{b.unit.describe('zh')}。"))
        forced = cards(result.forced)
        why = (Text(" (the lowest beaten component)", "（被打败的最小一组）")
               if len(result.beats) > 1 else Text("", ""))
        parts.append(Text(f"The throw fails: {forced} is played", f"甩牌失败：改出 {forced}")
                     + why + Text(f" and seat {pos['thrower']} loses 1 积分.",
                                  f"，{pos['thrower']}号位扣1积分。"))
        value = sorted_cards(result.forced)
        return Solution(value, ascii_cards(result.forced), join(parts))

    def _solve_safe(self, p: Puzzle) -> Solution:
        pos = p.position
        trump, throw = pos["trump"], pos["throw"]
        pool = self._pool(p)
        worst = throw_check(throw, [pool], trump)
        parts = [Text("The throw is made of ", "这手甩牌由")
                 + listing(unit_text(u) for u in worst.units) + Text(".", "组成。")]
        if worst.ok:
            parts.append(Text("Even if one player held every card still out, none of them forms a "
                              "unit of the same shape above a part of the throw: it is safe.",
                              "即使剩下的牌全在一家手里，也组不成同样牌型且更大的牌：甩牌安全。"))
            value = "safe"
        else:
            for b in worst.beats:
                parts.append(Text(f"{cards(b.by)} are still out: a player holding them would beat "
                                  f"your {b.unit.describe('en')}.",
                                  f"{cards(b.by)} 还没出：谁有这些牌就能大过你的"
                                  f"{b.unit.describe('zh')}。"))
            parts.append(Text("So the throw is risky.", "所以这手甩牌有风险。"))
            value = "risky"
        actual = throw_check(throw, pos["others"], trump)
        if actual.ok:
            parts.append(Text("In this deal it would in fact succeed.",
                              "在这副牌里，它实际上会成功。"))
        else:
            b = actual.beats[0]
            parts.append(Text(f"In this deal seat {self._seats(p)[b.seat]} holds {cards(b.by)}: "
                              f"the throw fails, {cards(actual.forced)} is played.",
                              f"在这副牌里，{self._seats(p)[b.seat]}号位有 {cards(b.by)}："
                              f"甩牌失败，改出 {cards(actual.forced)}。"))
        return Solution(value, value, join(parts))

    def public_position(self, p: Puzzle) -> dict[str, Any]:
        pos = p.position
        out: dict[str, Any] = {
            "trump": trump_public(pos["trump"]),
            "thrower": pos["thrower"],
            "hand": ascii_cards(pos["hand"]),
            "throw": ascii_cards(pos["throw"]),
        }
        if p.question == "safe":
            out["out"] = ascii_cards(self._pool(p))  # who holds them is hidden
        else:
            out["others"] = [{"seat": s, "cards": ascii_cards(o)}
                             for s, o in zip(self._seats(p), pos["others"], strict=True)]
        return out
