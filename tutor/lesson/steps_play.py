"""Steps about play (§5–6): the legal follow, who wins the trick, does the throw stand."""

from __future__ import annotations

from typing import Any

from tutor.rules import (
    MixedSuitError,
    decompose,
    follow_error,
    legal_follows,
    throw_check,
    trick_winner,
)

from .fields import Fields
from .step import CardsStep, ChoiceStep, Verdict, cards_text, verdict
from .text import Text, join, mark
from .units_text import seat_text, unit_text, units_text


class FollowStep(CardsStep):
    """Select a legal follow to `lead` from `hand`."""

    type = "follow"
    default_question = Text("Select a legal follow.", "选出合法的跟牌。")

    def read(self, f: Fields) -> None:
        self.lead = f.cards("lead")
        self.pick_from = f.cards("hand", minimum=1)
        self.max_select = len(self.lead)

    def validate(self, f: Fields) -> None:
        try:
            decompose(self.lead, self.trump)
        except MixedSuitError:
            raise f.error("lead", "must be all of one suit (trumps count as one)") from None
        if len(self.pick_from) < len(self.lead):
            raise f.error("hand", "must hold at least as many cards as were led")

    def prompt(self) -> Text:
        return (Text(f"{self.trump.describe('en').capitalize()}. The lead: ",
                     f"{self.trump.describe('zh')}。首家出：") + cards_text(self.lead))

    def solution(self) -> list:
        return next(legal_follows(self.pick_from, self.lead, self.trump))

    def judge(self, value: Any) -> Verdict:
        err = follow_error(self.pick_from, self.lead, value, self.trump)
        if err is not None:
            return Verdict(False, err.text("en"), err.text("zh"))
        return verdict(True, Text(f"{mark(value)} follows the lead legally.",
                                  f"{mark(value)} 是合法的跟牌。"))


class TrickStep(ChoiceStep):
    """Which play wins the trick? `plays` are in order from the lead."""

    type = "trick"
    default_question = Text("Which play wins the trick?", "哪一家赢这一轮？")

    def read(self, f: Fields) -> None:
        self.plays = f.card_lists("plays", (2, 5))
        for i, p in enumerate(self.plays):
            if len(p) != len(self.plays[0]) or not p:
                raise f.error(f"plays[{i}]", "every play must have as many cards as the lead")

    def validate(self, f: Fields) -> None:
        try:
            decompose(self.plays[0], self.trump)
        except MixedSuitError:
            raise f.error("plays[0]", "the lead must be all of one suit") from None

    def _name(self, i: int) -> Text:
        return (Text("the lead", "首家") if i == 0
                else Text(f"follower {i}", f"第{i}个跟牌者"))

    def prompt(self) -> Text:
        head = self.trump.describe("en").capitalize()
        lines = [Text(f"{head}.", f"{self.trump.describe('zh')}。")]
        for i, p in enumerate(self.plays):
            name = self._name(i)
            lines.append(Text(f"\n- {name.en}: {mark(p)}", f"\n- {name.zh}：{mark(p)}"))
        return Text("".join(x.en for x in lines), "".join(x.zh for x in lines))

    def options(self) -> list[tuple[str, Text]]:
        return [(str(i), self._name(i) + Text(f" {mark(p)}", f" {mark(p)}"))
                for i, p in enumerate(self.plays)]

    def solution(self) -> str:
        return str(trick_winner(self.plays, self.trump))

    def judge(self, value: Any) -> Verdict:
        win = int(self.solution())
        name = self._name(win)
        if win == 0:
            why = Text("No later play matches the lead's shape and beats it, so the lead wins.",
                       "后面没有牌型相同且更大的牌，首家赢。")
        elif self.trump.is_trump(self.plays[win][0]) and not self.trump.is_trump(
                self.plays[0][0]):
            why = Text(f"{name.en.capitalize()} wins with {mark(self.plays[win])}: all trump, in "
                       "the lead's exact shape, and the highest such play.",
                       f"{name.zh}用 {mark(self.plays[win])} 赢：全是主牌，牌型与首家完全相同，"
                       "而且是其中最大的。")
        else:
            why = Text(f"{name.en.capitalize()} wins with {mark(self.plays[win])}: the lead's "
                       "suit and exact shape, and higher.",
                       f"{name.zh}用 {mark(self.plays[win])} 赢：与首家同花色、牌型完全相同，"
                       "而且更大。")
        return verdict(value == str(win), why)


class ThrowStep(ChoiceStep):
    """Does the throw stand, and if not, which component is played instead?"""

    type = "throw"
    default_question = Text("Does this throw succeed? If not, what must be played instead?",
                            "这次甩牌能成功吗？如果不能，必须改出什么？")

    def read(self, f: Fields) -> None:
        self.throw = f.cards("throw", minimum=2)
        self.others = f.card_lists("others", (1, 4))

    def validate(self, f: Fields) -> None:
        try:
            units = decompose(self.throw, self.trump)
        except MixedSuitError:
            raise f.error("throw", "must be all of one suit (trumps count as one)") from None
        if len(units) < 2:
            raise f.error("throw", "is one unit, not a throw")

    def _result(self):
        return throw_check(self.throw, self.others, self.trump)

    def prompt(self) -> Text:
        head = self.trump.describe("en").capitalize()
        lines = [Text(f"{head}. Seat 0 throws {mark(self.throw)}; the "
                      "other players hold, in this suit:",
                      f"{self.trump.describe('zh')}。0号位甩 {mark(self.throw)}；其他人的这门牌：")]
        for i, cards in enumerate(self.others, start=1):
            shown = mark(cards) if cards else "—"
            lines.append(Text(f"\n- seat {i}: {shown}", f"\n- {i}号位：{shown}"))
        return Text("".join(x.en for x in lines), "".join(x.zh for x in lines))

    def options(self) -> list[tuple[str, Text]]:
        out = [("ok", Text("It succeeds", "甩牌成功"))]
        for u in decompose(self.throw, self.trump):
            out.append((" ".join(str(c) for c in u.cards),
                        Text(f"It fails: {mark(u.cards)} is played",
                             f"失败：改出 {mark(u.cards)}")))
        return out

    def solution(self) -> str:
        r = self._result()
        return "ok" if r.ok else " ".join(str(c) for c in r.forced)

    def judge(self, value: Any) -> Verdict:
        r = self._result()
        if r.ok:
            why = Text(f"Nobody holds a higher unit of the same shape than any part of "
                       f"{units_text(r.units).en}, so the throw stands.",
                       f"没有人有比 {units_text(r.units).zh} 中任何一部分更大的同型牌，甩牌成功。")
        else:
            parts = [Text(f"{seat_text(b.seat + 1).en.capitalize()} beats "
                          f"{unit_text(b.unit).en} with {mark(b.by)}.",
                          f"{seat_text(b.seat + 1).zh}的 {mark(b.by)} 大过"
                          f"{unit_text(b.unit).zh}。") for b in r.beats]
            parts.append(Text(f"The lowest beaten component, {mark(r.forced)}, is played; the "
                              "other cards go back to the hand and the thrower loses 1 积分.",
                              f"被打败的最小部分 {mark(r.forced)} 必须出，"
                              "其余收回，甩牌者扣1积分。"))
            why = join(parts)
        return verdict(value == self.solution(), why)
