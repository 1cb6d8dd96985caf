"""Steps about scoring (§8): the kitty multiplier and bonus, level changes, 积分."""

from __future__ import annotations

from typing import Any

from tutor.rules import (
    RANK_VALUE,
    RANKS,
    MixedSuitError,
    card_points,
    decompose,
    kitty_multiplier,
    level_change,
    multiplier_candidates,
    raise_level,
    score_points,
)

from .fields import Fields
from .step import ChoiceStep, NumberStep, Verdict, verdict
from .text import Text, mark

RULE_TEXT = {"first": Text("the first match (the default)", "按顺序第一个符合的（默认）"),
             "max": Text("the largest (option max)", "最大的（max 选项）")}
KIND_TEXT = {"titanic": Text("titanic", "泰坦尼克"), "triple": Text("triple", "三张"),
             "tractor": Text("tractor", "拖拉机"), "pair": Text("pair", "对子"),
             "single": Text("anything else", "其他")}


class MultiplierStep(NumberStep):
    """The kitty multiplier of the last trick's winning `play` (read in the `lead`'s shape)."""

    type = "multiplier"
    default_question = Text("What is the kitty multiplier?", "扣底倍数是多少？")

    def read(self, f: Fields) -> None:
        self.play = f.cards("play")
        self.lead = f.cards("lead", default=" ".join(str(c) for c in self.play))
        self.rule = f.choice("rule", ("first", "max"), default="first")
        if len(self.lead) != len(self.play):
            raise f.error("lead", "must have as many cards as the winning play")
        try:
            decompose(self.lead, self.trump)
        except MixedSuitError:
            raise f.error("lead", "must be all of one suit") from None

    def _lead_given(self) -> bool:
        return sorted(self.lead) != sorted(self.play)

    def prompt(self) -> Text:
        out = Text(f"{self.trump.describe('en').capitalize()}. A defender wins the last trick with "
                   f"{mark(self.play)}",
                   f"{self.trump.describe('zh')}。抓分方用 {mark(self.play)} 赢得最后一轮")
        if self._lead_given():
            out += Text(f" (the lead was {mark(self.lead)})", f"（首家出的是 {mark(self.lead)}）")
        rule = RULE_TEXT[self.rule]
        return out + Text(f". Multiplier rule: {rule.en}.", f"。倍数规则：{rule.zh}。")

    def solution(self) -> int:
        return kitty_multiplier(self.play, self.trump, self.rule, lead=self.lead)

    def explain(self, right: int) -> Text:
        found = multiplier_candidates(self.play, self.trump, lead=self.lead)
        listed_en = ", ".join(f"{KIND_TEXT.get(k, Text(k, k)).en} → {v}" for k, v in found)
        listed_zh = "，".join(f"{KIND_TEXT.get(k, Text(k, k)).zh} → {v}" for k, v in found)
        rule = RULE_TEXT[self.rule]
        return Text(f"The winning play, read in the lead's shape, earns: {listed_en}. "
                    f"Taking {rule.en}: ×{right}.",
                    f"赢牌按首家牌型来看可得：{listed_zh}。取{rule.zh}：×{right}。")


class KittyBonusStep(MultiplierStep):
    """The points the defenders gain from the kitty: kitty points × multiplier."""

    type = "kitty_bonus"
    default_question = Text("How many points do the defenders gain from the kitty?",
                            "抓分方从底牌得到多少分？")

    def read(self, f: Fields) -> None:
        super().read(f)
        self.kitty = f.cards("kitty")

    def prompt(self) -> Text:
        return super().prompt() + Text(f" The kitty: {mark(self.kitty)}.",
                                       f"底牌：{mark(self.kitty)}。")

    def solution(self) -> int:
        return card_points(self.kitty) * super().solution()

    def explain(self, right: int) -> Text:
        m = super().solution()
        pts = card_points(self.kitty)
        return super().explain(m) + Text(f" Kitty points {pts} × {m} = {right}.",
                                         f"底牌分 {pts} × {m} = {right}。")


def _side_text(side: str, n: int) -> Text:
    if n == 0:
        return Text("nobody goes up (the deal passes to the defenders)", "都不升级（换庄）")
    if side == "declarer":
        return Text(f"declarer side +{n}", f"庄家方升{n}级")
    return Text(f"defenders +{n}", f"抓分方升{n}级")


class LevelChangeStep(ChoiceStep):
    """Who goes up, and by how much, when the defenders score `points` (P)?"""

    type = "level_change"
    default_question = Text("Who goes up, and by how many levels?", "哪一方升级？升几级？")

    def read(self, f: Fields) -> None:
        self.points = f.integer("points", 0, 300)
        if self.points % 5:
            raise f.error("points", "points come in multiples of 5")

    def prompt(self) -> Text:
        return Text(f"3 decks. The defenders score P = {self.points}.",
                    f"3副牌。抓分方得分 P = {self.points}。")

    def _key(self, side: str, n: int) -> str:
        return "none" if n == 0 else f"{side} {n}"

    def options(self) -> list[tuple[str, Text]]:
        pairs = [("declarer", 3), ("declarer", 2), ("declarer", 1), ("none", 0),
                 ("defenders", 1), ("defenders", 2), ("defenders", 3)]
        return [(self._key(s, n), _side_text(s, n)) for s, n in pairs]

    def solution(self) -> str:
        side, n = level_change(self.points)
        return self._key(side, n)

    def judge(self, value: Any) -> Verdict:
        side, n = level_change(self.points)
        res = _side_text(side, n)
        why = Text("With 3 decks the step is 60: P = 0 → declarer +3; under 60 → +2; under 120 "
                   f"→ +1; under 180 → nobody; 180 and up → defenders +1 per 60. Here: {res.en}.",
                   "3副牌每级60分：P = 0 庄家方升3级；60以下升2级；120以下升1级；180以下都不升"
                   f"（换庄）；180起抓分方每60分升1级。这里：{res.zh}。")
        return verdict(value == self._key(side, n), why)


class ScoreStep(NumberStep):
    """积分 of seat `ask` after a hand: levels before, declarer, friend, P and failed throws."""

    type = "score"
    default_question = Text("How much 积分 does this seat score this hand?",
                            "这个座位本局得多少积分？")

    def read(self, f: Fields) -> None:
        raw = f.required("levels")
        if not isinstance(raw, list) or len(raw) != 5 or any(str(v) not in RANK_VALUE
                                                             for v in raw):
            raise f.error("levels", 'must list 5 levels in seat order, like ["2", "5", "A"...]')
        self.levels = [RANK_VALUE[str(v)] for v in raw]
        self.declarer = f.integer("declarer", 0, 4)
        friend = f.get("friend", "alone")
        if friend != "alone" and (isinstance(friend, bool) or friend not in range(5)
                                  or friend == self.declarer):
            raise f.error("friend", 'must be another seat (0–4) or "alone"')
        self.friend: int | None = None if friend == "alone" else friend
        self.points = f.integer("points", 0, 300)
        self.failed = f.get("failed", [0] * 5)
        if not isinstance(self.failed, list) or len(self.failed) != 5 or any(
                isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in self.failed):
            raise f.error("failed", "must list 5 counts in seat order")
        self.ask = f.integer("ask", 0, 4)
        self.default_question = Text(f"How much 积分 does seat {self.ask} score this hand?",
                                     f"{self.ask}号位本局得多少积分？")

    def after(self) -> list[int]:
        side, n = level_change(self.points)
        team = {self.declarer} | ({self.friend} if self.friend is not None else set())
        winners = team if side == "declarer" else set(range(5)) - team
        return [raise_level(lv, n) if s in winners else lv for s, lv in enumerate(self.levels)]

    def prompt(self) -> Text:
        names = " ".join(f"{s}:{RANKS[v - 2]}" for s, v in enumerate(self.levels))
        friend = (Text("plays alone", "一打四") if self.friend is None
                  else Text(f"seat {self.friend} is the friend", f"{self.friend}号位是朋友"))
        out = Text(f"Levels before the hand (seat:level): {names}. Seat {self.declarer} is the "
                   f"declarer, {friend.en}. The defenders score P = {self.points}.",
                   f"本局前的级别（座位:级别）：{names}。{self.declarer}号位是庄家，{friend.zh}。"
                   f"抓分方得分 P = {self.points}。")
        fails = [f"{s}×{n}" for s, n in enumerate(self.failed) if n]
        if fails:
            out += Text(f" Failed throws (seat×count): {', '.join(fails)}.",
                        f"甩牌失败（座位×次数）：{'、'.join(fails)}。")
        return out

    def solution(self) -> int:
        return score_points(self.after(), self.failed)[self.ask]

    def explain(self, right: int) -> Text:
        after = self.after()
        names = " ".join(f"{s}:{RANKS[v - 2]}" for s, v in enumerate(after))
        me = after[self.ask]
        diffs = " + ".join(f"({me}−{v})" for s, v in enumerate(after) if s != self.ask)
        fail = self.failed[self.ask]
        tail = f" − {fail}" if fail else ""
        return Text(f"Levels after the hand: {names} (J=11, Q=12, K=13, A=14). Seat {self.ask}: "
                    f"{diffs}{tail} = {right}.",
                    f"本局后的级别：{names}（J=11，Q=12，K=13，A=14）。{self.ask}号位："
                    f"{diffs}{tail} = {right}。")
