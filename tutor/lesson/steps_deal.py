"""Steps about the deal (§7): a legal bid, the suit a turned-up kitty sets, who the friend is."""

from __future__ import annotations

from typing import Any

from tutor.rules import (
    SUIT_NAMES_ZH,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    StandingBid,
    bid_error,
    bid_options,
    holder_friend,
    kitty_trump_suit,
)

from .fields import Fields
from .step import CardsStep, ChoiceStep, Verdict, verdict
from .text import Text, mark
from .units_text import seat_text

DECKS = 3
PLAYERS = 5


class BidStep(CardsStep):
    """Select cards that make a legal bid over the standing bid (you are `seat`)."""

    type = "bid"
    default_question = Text("Select cards for a bid that beats the standing bid.",
                            "选出能压过当前亮主的牌来亮主。")

    def read(self, f: Fields) -> None:
        self.pick_from = f.cards("hand", minimum=1)
        self.seat = f.integer("seat", 0, PLAYERS - 1, default=1)
        standing = f.cards("standing", minimum=0, default="")
        self.standing_seat = f.integer("standing_seat", 0, PLAYERS - 1, default=0)
        self.standing: StandingBid | None = None
        if standing:
            first = standing[0]
            if any(c != first for c in standing) or first.rank != self.trump.level:
                raise f.error("standing", f"must be 1–3 identical cards of the level rank "
                                          f"{self.trump.level}")
            self.standing = StandingBid(self.standing_seat, first.suit, len(standing))
            self.standing_cards = standing

    def validate(self, f: Fields) -> None:
        if not self._options():
            raise f.error("hand", "has no legal bid over the standing bid")

    def _options(self) -> list[tuple[Card, ...]]:
        return bid_options(self.pick_from, self.trump.level, self.seat, self.standing, DECKS)

    def prompt(self) -> Text:
        head = Text(f"Level {self.trump.level}; you are seat {self.seat}. ",
                    f"打{self.trump.level}；你是{self.seat}号位。")
        if self.standing is None:
            return head + Text("Nobody has bid yet.", "还没有人亮主。")
        who = seat_text(self.standing.seat)
        return head + Text(f"Standing bid: {who.en} showed {mark(self.standing_cards)}.",
                           f"当前亮主：{who.zh}亮了 {mark(self.standing_cards)}。")

    def solution(self) -> list[Card]:
        return list(self._options()[0])

    def judge(self, value: Any) -> Verdict:
        err = bid_error(self.pick_from, value, self.trump.level, self.seat, self.standing, DECKS)
        if err is not None:
            return Verdict(False, err.text("en"), err.text("zh"))
        suit = Card(value[0]).suit
        return verdict(True, Text(f"{mark(value)} is a legal bid: if it stands, "
                                  f"{SUIT_SYMBOLS[suit]} is trump.",
                                  f"{mark(value)} 是合法的亮主：如果没人再亮，"
                                  f"{SUIT_NAMES_ZH[suit]}{SUIT_SYMBOLS[suit]}就是主。"))


def _suit_options() -> list[tuple[str, Text]]:
    return [(s, Text(SUIT_SYMBOLS[s], f"{SUIT_NAMES_ZH[s]}{SUIT_SYMBOLS[s]}")) for s in SUITS]


class KittySuitStep(ChoiceStep):
    """Nobody bid in a later hand: which suit does the turned-up kitty make trump?"""

    type = "kitty_suit"
    default_question = Text("Nobody bid. Which suit is trump?", "没有人亮主。哪门是主？")

    def read(self, f: Fields) -> None:
        self.kitty = f.cards("kitty", minimum=1)

    def validate(self, f: Fields) -> None:
        if all(c.is_joker for c in self.kitty):
            raise f.error("kitty", "must hold a card that is not a joker")

    def prompt(self) -> Text:
        return Text(f"Level {self.trump.level}. The kitty, turned up in order: {mark(self.kitty)}",
                    f"打{self.trump.level}。翻开的底牌（按顺序）：{mark(self.kitty)}")

    def options(self) -> list[tuple[str, Text]]:
        return _suit_options()

    def solution(self) -> str:
        return kitty_trump_suit(self.kitty, self.trump.level)

    def judge(self, value: Any) -> Verdict:
        level = self.trump.level
        hit = next((c for c in self.kitty if c.rank == level), None)
        if hit is not None:
            why = Text(f"The first {level} in the kitty is {mark([hit])}: its suit is trump.",
                       f"底牌中第一张{level}是 {mark([hit])}：它的花色是主。")
        else:
            first = next(c for c in self.kitty if not c.is_joker)
            why = Text(f"No {level} in the kitty, so the first card that is not a joker, "
                       f"{mark([first])}, sets the suit.",
                       f"底牌中没有{level}，所以第一张不是王的牌 {mark([first])} 定主。")
        return verdict(value == self.solution(), why)


class FriendStep(ChoiceStep):
    """Who is the friend? `copies`: how many copies of `card` each seat holds at the call."""

    type = "friend"
    default_question = Text("Who is the friend?", "谁是朋友？")

    def read(self, f: Fields) -> None:
        self.declarer = f.integer("declarer", 0, PLAYERS - 1)
        self.card = f.cards("card")
        if len(self.card) != 1 or self.card[0].is_joker:
            raise f.error("card", "must be one card that is not a joker")
        raw = f.required("copies")
        if (not isinstance(raw, list) or len(raw) != PLAYERS
                or any(isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= DECKS
                       for n in raw) or sum(raw) > DECKS):
            raise f.error("copies", "must list 5 counts (0–3) in seat order, 3 at most in all")
        self.copies: list[int] = raw

    def prompt(self) -> Text:
        c = mark(self.card)
        held = ", ".join(f"{i}:{n}" for i, n in enumerate(self.copies))
        return Text(f"Seat {self.declarer} is the declarer and calls {c}. Copies of {c} held "
                    f"at the call (seat:copies): {held}.",
                    f"{self.declarer}号位是庄家，叫 {c}。叫牌时各家持有的 {c} 张数"
                    f"（座位:张数）：{held}。")

    def options(self) -> list[tuple[str, Text]]:
        seats = [(str(s), seat_text(s)) for s in range(PLAYERS) if s != self.declarer]
        return [*seats, ("alone", Text("nobody: the declarer plays alone", "没有：庄家一打四"))]

    def solution(self) -> str:
        hands = [[self.card[0]] * n for n in self.copies]
        seat = holder_friend(hands, self.declarer, self.card[0])
        return "alone" if seat is None else str(seat)

    def judge(self, value: Any) -> Verdict:
        right = self.solution()
        order = [(self.declarer + i) % PLAYERS for i in range(1, PLAYERS)]
        path = " → ".join(str(s) for s in order)
        if right == "alone":
            why = Text(f"In play order ({path}) nobody else holds a copy, so the declarer plays "
                       "alone (一打四).",
                       f"按出牌顺序（{path}）没有其他人有这张牌，庄家一打四。")
        else:
            why = Text(f"Going round in play order from the declarer ({path}), seat {right} is "
                       "the first to hold a copy.",
                       f"从庄家开始按出牌顺序（{path}），{right}号位是第一个有这张牌的人。")
        return verdict(value == right, why)
