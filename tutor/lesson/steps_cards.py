"""Steps about single cards: points, the deal's numbers, which cards are trump, the highest."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tutor.rules import TRUMP, Card, RuleSet, card_points

from .fields import Fields
from .step import CardsStep, NumberStep, Verdict, cards_text, verdict
from .text import Text, join, mark


class PointsStep(NumberStep):
    """How many card points do these cards hold?"""

    type = "points"
    default_question = Text("How many points do these cards hold?", "这些牌一共多少分？")

    def read(self, f: Fields) -> None:
        self.cards = f.cards("cards")

    def prompt(self) -> Text:
        return cards_text(self.cards)

    def solution(self) -> int:
        return card_points(self.cards)

    def explain(self, right: int) -> Text:
        scoring = [c for c in self.cards if Card(c).points]
        if not scoring:
            return Text("No 5, 10 or K here: 0 points.", "这里没有5、10或K：0分。")
        return Text(f"The point cards are {mark(scoring)}: 5s count 5, 10s and Ks count 10, "
                    f"so {right} points.",
                    f"分牌是 {mark(scoring)}：5算5分，10和K算10分，共{right}分。")


DEAL_ASK = {
    "kitty": Text("cards in the kitty", "张底牌"),
    "hand": Text("cards in each player's hand", "张手牌（每人）"),
    "total": Text("cards in all", "张牌（总数）"),
    "points": Text("points in all the decks", "分（所有牌的总分）"),
}


class DealStep(NumberStep):
    """The numbers of a deal (`ask`: kitty, hand, total, points) for some decks and players."""

    type = "deal"
    default_question = Text("How many?", "多少？")

    def read(self, f: Fields) -> None:
        self.ask = f.choice("ask", tuple(DEAL_ASK))
        self.decks = f.integer("decks", 1, 4, default=3)
        self.players = f.integer("players", 3, 8, default=5)
        try:
            self.rules = RuleSet(decks=self.decks, players=self.players)
        except ValueError as exc:
            raise f.error("players", str(exc)) from None

    def prompt(self) -> Text:
        return Text(f"{self.decks} decks with jokers, {self.players} players.",
                    f"{self.decks}副牌（含王），{self.players}个人。")

    def solution(self) -> int:
        r = self.rules
        return {"kitty": r.kitty, "hand": r.hand_size, "total": r.total_cards,
                "points": r.total_points}[self.ask]

    def explain(self, right: int) -> Text:
        r = self.rules
        return Text(f"{r.decks} × 54 = {r.total_cards} cards; {r.players} players get "
                    f"{r.hand_size} each and {r.kitty} go to the kitty; every deck holds 100 "
                    f"points, so {r.total_points} in all. Answer: {right}.",
                    f"{r.decks} × 54 = {r.total_cards}张；{r.players}人每人{r.hand_size}张，"
                    f"底牌{r.kitty}张；每副牌100分，共{r.total_points}分。答案：{right}。")


class TrumpsStep(CardsStep):
    """Select every trump among the cards."""

    type = "trumps"
    default_question = Text("Select every trump.", "选出所有主牌。")

    def read(self, f: Fields) -> None:
        self.pick_from = f.cards("cards", minimum=2)

    def validate(self, f: Fields) -> None:
        if not self.solution():
            raise f.error("cards", "must hold at least one trump")

    def prompt(self) -> Text:
        return Text(f"This hand: {self.trump.describe('en')}.",
                    f"本局：{self.trump.describe('zh')}。")

    def solution(self) -> list[Card]:
        return [c for c in self.pick_from if self.trump.is_trump(c)]

    def judge(self, value: Any) -> Verdict:
        right = self.solution()
        if Counter(value) == Counter(right):
            return verdict(True, Text(
                f"The trumps are the jokers, every {self.trump.level} and every card of the "
                f"trump suit: {mark(self.trump.sort(right))}.",
                f"主牌是大小王、所有的{self.trump.level}和主花色的牌："
                f"{mark(self.trump.sort(right))}。"))
        parts = []
        extra = [c for c in value if not self.trump.is_trump(c)]
        if extra:
            parts.append(Text(f"{mark(extra)} are not trumps.", f"{mark(extra)} 不是主牌。"))
        missed = len(right) - sum((Counter(value) & Counter(right)).values())
        if missed:
            parts.append(Text(f"You missed {missed} trump(s): remember the jokers, every "
                              f"{self.trump.level} and every card of the trump suit.",
                              f"你漏了{missed}张主牌：别忘了大小王、所有的{self.trump.level}"
                              "和主花色的牌。"))
        return verdict(False, join(parts))


class HighestStep(CardsStep):
    """Select the highest card (all cards trump, or all of one suit)."""

    type = "highest"
    max_select = 1
    default_question = Text("Select the highest card.", "选出最大的一张牌。")

    def read(self, f: Fields) -> None:
        self.pick_from = f.cards("cards", minimum=2)

    def validate(self, f: Fields) -> None:
        if len({self.trump.effective_suit(c) for c in self.pick_from}) != 1:
            raise f.error("cards", "must be all trumps or all of one plain suit")

    def prompt(self) -> Text:
        return Text(f"This hand: {self.trump.describe('en')}.",
                    f"本局：{self.trump.describe('zh')}。")

    def _top(self) -> int:
        return max(self.trump.position(c) for c in self.pick_from)

    def solution(self) -> list[Card]:
        return [next(c for c in self.pick_from if self.trump.position(c) == self._top())]

    def judge(self, value: Any) -> Verdict:
        ok = len(value) == 1 and self.trump.position(value[0]) == self._top()
        order = self.trump.sort(self.pick_from)
        suit = self.trump.effective_suit(order[0])
        what = (Text("In trump", "主牌中") if suit == TRUMP
                else Text("In this suit", "这门花色中"))
        return verdict(ok, what + Text(f", high to low: {mark(order)}.",
                                       f"从大到小：{mark(order)}。"))
