"""Throws (甩牌, §6): does a throw stand, and if not, what is played; is it safe?

Questions:
- `outcome`: the other players' cards of the thrown suit are shown seat by seat. Answer `ok`
  if the throw succeeds, otherwise the cards the thrower must play instead (`10H 10H`).
- `safe`: only the cards of that suit still out are shown, not who holds them (some may be in
  the kitty). Answer `safe` if no single player could beat any part of the throw whatever the
  distribution, else `risky`.
- `stands` (the lessons' `throw` step): seat 0 throws `throw`; `others` holds 1 to 4 hands of
  the seats after it. Choose "it succeeds" or "it fails: <unit> is played".
"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.rules import Card, decompose, throw_check
from tutor.text import Text, both

from ..answers import answer_cards, answer_text, ascii_cards, bad_answer, sorted_cards
from ..fields import Fields
from ..inputs import Choice, Input, ThrowOutcome
from ..kind import Kind
from ..model import Question, Solution
from ..text import join, listing, mark, seat, suit_text, trump_public, trump_sentence
from ..throws import explain_throw, read_throw

OK_WORDS = {"ok", "succeeds", "success", "stands", "成功", "甩牌成功"}
FAIL_PREFIXES = ("fails:", "fail:", "fails", "失败：", "失败:", "失败")
SAFE_WORDS = {"safe": "safe", "安全": "safe", "risky": "risky", "unsafe": "risky",
              "有风险": "risky", "风险": "risky", "不安全": "risky"}


class ThrowKind(Kind):
    name = "throw"
    questions: ClassVar[dict[str, Text]] = {
        "outcome": both("throw.q_outcome"),
        "safe": both("throw.q_safe"),
        "stands": both("throw.q_stands"),
    }
    steps: ClassVar[dict[str, str]] = {"throw": "stands"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        if question == "stands":
            throw, _ = read_throw(f, "throw", trump)
            others = f.card_lists("others", 1, 4)
            return {"trump": trump, "thrower": 0, "throw": throw, "hand": None,
                    "others": others, "kitty": []}
        thrower = f.seat("thrower")
        throw, _ = read_throw(f, "throw", trump)
        eff = trump.effective_suit(throw[0])
        hand = f.cards("hand", 0, 40, default=ascii_cards(throw))
        others = f.card_lists("others", 4, 4)
        kitty = f.cards("kitty", 0, 7, default="")
        for name, group in [("hand", hand), *((f"others[{i + 1}]", o) for i, o in
                                              enumerate(others)), ("kitty", kitty)]:
            if any(trump.effective_suit(c) != eff for c in group):
                raise f.error(name, both("throw.err_other_suit"))
        rest = list(hand)
        for c in throw:
            if c not in rest:
                raise f.error("hand", both("throw.err_hand"))
            rest.remove(c)
        f.check_copies("others", hand, *others, kitty)
        return {"trump": trump, "thrower": thrower, "throw": throw, "hand": hand,
                "others": others, "kitty": kitty}

    def _seats(self, q: Question) -> list[int]:
        pos = q.position
        return [(pos["thrower"] + i) % 5 for i in range(1, len(pos["others"]) + 1)]

    def _pool(self, q: Question) -> list[Card]:
        pos = q.position
        return pos["trump"].sort([c for o in pos["others"] for c in o] + list(pos["kitty"]))

    def prompt(self, q: Question) -> Text:
        pos = q.position
        trump, throw = pos["trump"], pos["throw"]
        suit = suit_text(trump, throw[0])
        if pos["hand"] is None:
            head = both("throw.throws", seat=pos["thrower"], throw=mark(throw))
        else:
            head = both("throw.holds", seat=pos["thrower"], suit=suit, hand=mark(pos["hand"]),
                        throw=mark(throw))
        head = join([trump_sentence(trump), head])
        if q.question == "safe":
            return join([head, both("throw.out", suit=suit, out=mark(self._pool(q))), q.asks()])
        hold = listing(seat(s) + Text(f": {mark(o)}", f"：{mark(o)}")
                       for s, o in zip(self._seats(q), pos["others"], strict=True))
        return join([head, both("throw.others", suit=suit, hold=hold), q.asks()])

    def answer_format(self, q: Question) -> Text:
        if q.question == "safe":
            return both("throw.format_safe")
        return both("throw.format_outcome")

    def answer_input(self, q: Question) -> Input:
        pos = q.position
        if q.question == "safe":
            return Choice((("safe", both("throw.opt_safe")), ("risky", both("throw.opt_risky"))))
        if q.question == "outcome":
            return ThrowOutcome(tuple(pos["throw"]))
        options = [("ok", both("throw.opt_ok"))]
        options += [(ascii_cards(u.cards), both("throw.opt_fails", cards=mark(u.cards)))
                    for u in decompose(pos["throw"], pos["trump"])]
        return Choice(tuple(options))

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        if q.question == "safe":
            word = SAFE_WORDS.get(answer_text(q, answer).lower())
            if word is None:
                raise bad_answer(q)
            return word, word
        if isinstance(answer, str):
            text = answer.strip()
            if text.lower() in OK_WORDS:
                return None, "ok"
            for prefix in FAIL_PREFIXES:
                if text.lower().startswith(prefix):
                    answer = text[len(prefix):]
                    break
        given = sorted_cards(answer_cards(q, answer))
        return given, ascii_cards(q.position["trump"].sort(list(given)))

    def solve(self, q: Question) -> Solution:
        pos = q.position
        if q.question == "safe":
            return self._solve_safe(q)
        result = throw_check(pos["throw"], pos["others"], pos["trump"])
        parts = explain_throw(result, self._seats(q), pos["thrower"])
        if result.ok:
            return Solution(None, "ok", join(parts))
        return Solution(sorted_cards(result.forced), ascii_cards(result.forced), join(parts))

    def _solve_safe(self, q: Question) -> Solution:
        pos = q.position
        trump, throw = pos["trump"], pos["throw"]
        worst = throw_check(throw, [self._pool(q)], trump)
        parts = explain_throw(worst, [], pos["thrower"], hidden=True)
        value = "safe" if worst.ok else "risky"
        actual = throw_check(throw, pos["others"], trump)
        if actual.ok:
            parts.append(both("throw.deal_ok"))
        else:
            b = actual.beats[0]
            parts.append(both("throw.deal_fails", seat=self._seats(q)[b.seat], by=mark(b.by),
                              forced=mark(actual.forced)))
        return Solution(value, value, join(parts))

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        out: dict[str, Any] = {"trump": trump_public(pos["trump"]), "thrower": pos["thrower"],
                               "throw": ascii_cards(pos["throw"])}
        if pos["hand"] is not None:
            out["hand"] = ascii_cards(pos["hand"])
        if q.question == "safe":
            out["out"] = ascii_cards(self._pool(q))  # who holds them is hidden
        else:
            out["others"] = [{"seat": s, "cards": ascii_cards(o)}
                             for s, o in zip(self._seats(q), pos["others"], strict=True)]
        return out


KIND = ThrowKind()
