"""Steps about units (§3–4): find a pair/triple/tractor/titanic, is this one, how a lead splits."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from tutor.rules import Card, MixedSuitError, Unit, decompose

from .fields import Fields
from .step import YES_NO, CardsStep, ChoiceStep, Verdict, cards_text, verdict
from .text import Text, mark
from .units_text import KIND, units_text

KINDS = ("pair", "triple", "tractor", "titanic")
WIDTH = {"pair": 2, "triple": 3, "tractor": 2, "titanic": 3}


def _split(cards: list[Card], trump) -> list[Unit] | Text:
    """The rules core's decomposition, or a Text if the cards span several suits."""
    try:
        return decompose(cards, trump)
    except MixedSuitError:
        return Text("These cards are not all of one suit (all trumps count as one suit), "
                    "so they cannot form one unit.",
                    "这些牌不是同一门花色（所有主牌算一门），不能组成一个牌型。")


def _is_kind(units: list[Unit] | Text, kind: str) -> bool:
    return not isinstance(units, Text) and len(units) == 1 and units[0].kind == kind


def _why(units: list[Unit] | Text, kind: str) -> Text:
    if isinstance(units, Text):
        return units
    k = KIND[kind]
    if _is_kind(units, kind):
        cards = mark(units[0].cards)
        return Text(f"Yes: {cards} is one {k.en}.", f"是的：{cards} 是一个{k.zh}。")
    return Text(f"The rules read these cards as {units_text(units).en}: not one {k.en}.",
                f"按规则这些牌是 {units_text(units).zh}，不是一个{k.zh}。")


class UnitStep(CardsStep):
    """Select cards from a hand that form one unit of `kind`."""

    type = "unit"
    default_question = Text("Select cards that make the unit asked for.", "选出组成所问牌型的牌。")

    def read(self, f: Fields) -> None:
        self.kind = f.choice("kind", KINDS)
        self.pick_from = f.cards("hand", minimum=2)
        k = KIND[self.kind]
        self.default_question = Text(f"Select cards that make one {k.en}.",
                                     f"选出能组成一个{k.zh}的牌。")

    def validate(self, f: Fields) -> None:
        if self._find() is None:
            raise f.error("hand", f"holds no {self.kind}")

    def prompt(self) -> Text:
        return Text(f"This hand: {self.trump.describe('en')}.",
                    f"本局：{self.trump.describe('zh')}。")

    def _find(self) -> list[Card] | None:
        width = WIDTH[self.kind]
        counts = Counter(self.pick_from)
        kinds = sorted((c for c, n in counts.items() if n >= width), key=self.trump.position,
                       reverse=True)
        lengths = [1] if self.kind in ("pair", "triple") else range(2, len(kinds) + 1)
        for length in lengths:
            for combo in combinations(kinds, length):
                cards = [c for c in combo for _ in range(width)]
                if _is_kind(_split(cards, self.trump), self.kind):
                    return cards
        return None

    def solution(self) -> list[Card]:
        found = self._find()
        assert found is not None
        return found

    def judge(self, value: Any) -> Verdict:
        units = _split(value, self.trump)
        return verdict(_is_kind(units, self.kind), _why(units, self.kind))


class IsUnitStep(ChoiceStep):
    """Yes or no: are these cards exactly one unit of `kind`?"""

    type = "is_unit"

    def read(self, f: Fields) -> None:
        self.kind = f.choice("kind", KINDS)
        self.cards = f.cards("cards", minimum=2)
        k = KIND[self.kind]
        self.default_question = Text(f"Is this one {k.en}?", f"这是一个{k.zh}吗？")

    def prompt(self) -> Text:
        head = self.trump.describe("en").capitalize()
        return (Text(f"{head}: ", f"{self.trump.describe('zh')}：")
                + cards_text(self.cards))

    def options(self) -> list[tuple[str, Text]]:
        return YES_NO

    def solution(self) -> str:
        return "yes" if _is_kind(_split(self.cards, self.trump), self.kind) else "no"

    def judge(self, value: Any) -> Verdict:
        return verdict(value == self.solution(), _why(_split(self.cards, self.trump), self.kind))


class DecomposeStep(ChoiceStep):
    """Which of the listed splits is how the rules read this lead?"""

    type = "decompose"
    default_question = Text("How do the rules split this lead into units?",
                            "按规则，这手牌拆成哪些牌型？")

    def read(self, f: Fields) -> None:
        self.cards = f.cards("cards", minimum=2)
        raw = f.required("options")
        if not isinstance(raw, list) or len(raw) < 2:
            raise f.error("options", 'must list at least two splits, like "AH AH KH KH | AH"')
        self.splits: list[list[list[Card]]] = []
        for i, text in enumerate(raw):
            if not isinstance(text, str):
                raise f.error(f"options[{i}]", "must be a string of cards split by |")
            parts = [f._parse(f"options[{i}]", part, 1) for part in text.split("|")]
            if Counter(c for p in parts for c in p) != Counter(self.cards):
                raise f.error(f"options[{i}]", "must use exactly the cards of 'cards'")
            self.splits.append(parts)

    def validate(self, f: Fields) -> None:
        if isinstance(_split(self.cards, self.trump), Text):
            raise f.error("cards", "must be all of one suit (trumps count as one)")
        right = [i for i in range(len(self.splits)) if self._matches(i)]
        if len(right) != 1:
            raise f.error("options", "exactly one option must be the rules core's split "
                                     f"(it is {units_text(self._units()).en})")

    def _units(self) -> list[Unit]:
        return decompose(self.cards, self.trump)

    def _matches(self, i: int) -> bool:
        want = sorted(sorted(u.cards) for u in self._units())
        return sorted(sorted(p) for p in self.splits[i]) == want

    def prompt(self) -> Text:
        return (Text(f"{self.trump.describe('en').capitalize()}; the lead: ",
                     f"{self.trump.describe('zh')}；首家出：") + cards_text(self.cards))

    def options(self) -> list[tuple[str, Text]]:
        out = []
        for i, parts in enumerate(self.splits):
            label = " + ".join(cards_text(p).en for p in parts)
            out.append((str(i), Text(label, label)))
        return out

    def solution(self) -> str:
        return next(str(i) for i in range(len(self.splits)) if self._matches(i))

    def judge(self, value: Any) -> Verdict:
        units = self._units()
        sizes = ", ".join(str(u.size) for u in units)
        why = Text(f"The rules take the split whose unit sizes, largest first, are largest "
                   f"({sizes}): {units_text(units).en}.",
                   f"规则选择牌型张数（从大到小）最大的拆法（{sizes}）：{units_text(units).zh}。")
        return verdict(value == self.solution(), why)
