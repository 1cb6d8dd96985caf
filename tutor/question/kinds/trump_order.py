"""Trumps and their order (主牌, §2).

Questions:
- `order`: put these trumps in order, highest first (equal cards in any order), e.g.
  `BJ 2H 2S AH`.
- `trumps`: which of these cards are trumps? Answer the trump cards (`none` if none).
- `select` (the lessons' `trumps` step): select every trump among `cards` (at least one).
- `highest` (the lessons' `highest` step): select the highest of `cards` (all trumps, or all
  of one plain suit).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from tutor.rules import TRUMP, Card, Trump
from tutor.text import Text, both

from ..answers import answer_cards, ascii_cards, bad_answer, sorted_cards
from ..fields import Fields
from ..inputs import Input, PickCards
from ..kind import Kind
from ..model import Question, Solution
from ..text import join, mark, trump_public, trump_sentence

NONE_WORDS = ("none", "无", "没有")


def why_trump(c: Card, trump: Trump) -> Text:
    """Why a card is trump (joker, level card, trump suit) or not."""
    if c.is_joker:
        return both("trump_order.joker")
    if c.rank == trump.level:
        return both("trump_order.level_card", level=trump.level)
    if c.suit == trump.suit:
        return both("trump_order.suit_card")
    return both("trump_order.plain_card")


def chain(cards: Sequence[int], trump: Trump) -> str:
    """The cards high to low with `>` between different ranks and `=` between equal ones."""
    cs = trump.sort(cards)
    out = mark(cs[:1])
    for hi, lo in itertools.pairwise(cs):
        out += (" > " if trump.beats(hi, lo) else " = ") + mark([lo])
    return out


class TrumpOrderKind(Kind):
    name = "trump_order"
    questions: ClassVar[dict[str, Text]] = {
        "order": both("trump_order.q_order"),
        "trumps": both("trump_order.q_trumps"),
        "select": both("trump_order.q_select"),
        "highest": both("trump_order.q_highest"),
    }
    steps: ClassVar[dict[str, str]] = {"trumps": "select", "highest": "highest"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        cs = f.cards("cards", 2, 20) if question in ("order", "trumps") else f.cards("cards", 2)
        if question == "order" and not all(trump.is_trump(c) for c in cs):
            bad = " ".join(str(c) for c in cs if not trump.is_trump(c))
            raise f.error("cards", both("trump_order.err_not_trumps", cards=bad))
        if question == "select" and not any(trump.is_trump(c) for c in cs):
            raise f.error("cards", both("trump_order.err_no_trump"))
        if question == "highest" and len({trump.effective_suit(c) for c in cs}) != 1:
            raise f.error("cards", both("trump_order.err_one_suit"))
        f.check_copies("cards", cs)
        return {"trump": trump, "cards": cs}

    def prompt(self, q: Question) -> Text:
        pos = q.position
        return join([trump_sentence(pos["trump"]), both("trump_order.cards",
                                                        cards=mark(pos["cards"])), q.asks()])

    def answer_format(self, q: Question) -> Text:
        return both({"order": "trump_order.format_order", "trumps": "trump_order.format_trumps",
                     "select": "trump_order.format_select",
                     "highest": "trump_order.format_highest"}[q.question])

    def answer_input(self, q: Question) -> Input:
        cs = tuple(q.position["cards"])
        if q.question == "order":
            return PickCards(cs, plain=True, ordered=True)  # clicked highest first
        if q.question == "trumps":
            return PickCards(cs, plain=True, none=True)
        if q.question == "highest":
            return PickCards(cs, most=1, plain=True)
        return PickCards(cs, plain=True)

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        pos = q.position
        if q.question == "trumps" and isinstance(answer, str) and \
                answer.strip().lower() in NONE_WORDS:
            return (), "none"
        given = answer_cards(q, answer)
        if q.question == "order":
            if sorted_cards(given) != sorted_cards(pos["cards"]):
                raise bad_answer(q, both("trump_order.answer_exact"))
            return tuple(given), ascii_cards(given)
        if Counter(given) - Counter(pos["cards"]):
            raise bad_answer(q, both("trump_order.answer_among"))
        if q.question == "highest" and len(given) != 1:
            raise bad_answer(q, both("trump_order.answer_one"))
        return sorted_cards(given), ascii_cards(pos["trump"].sort(given))

    def is_correct(self, q: Question, given: Any, solution: Solution) -> bool:
        trump: Trump = q.position["trump"]
        if q.question == "order":
            return all(not trump.beats(lo, hi) for hi, lo in itertools.pairwise(given))
        if q.question == "highest":
            return trump.position(given[0]) == trump.position(solution.value[0])
        return given == solution.value

    def solve(self, q: Question) -> Solution:
        pos = q.position
        trump: Trump = pos["trump"]
        cs = trump.sort(pos["cards"])
        if q.question == "order":
            expl = [both("trump_order.high_to_low", chain=chain(cs, trump)),
                    both("trump_order.trump_order")]
            return Solution(tuple(cs), ascii_cards(cs), join(expl))
        if q.question == "highest":
            where = both("trump_order.in_trump" if trump.effective_suit(cs[0]) == TRUMP
                         else "trump_order.in_suit")
            return Solution(sorted_cards(cs[:1]), ascii_cards(cs[:1]),
                            both("trump_order.highest", where=where, chain=chain(cs, trump)))
        trumps = [c for c in cs if trump.is_trump(c)]
        expl = [both("trump_order.why", card=mark([c]), why=why_trump(c, trump)) for c in cs]
        return Solution(sorted_cards(trumps), ascii_cards(trumps) or "none", join(expl))

    def explain(self, q: Question, given: Any, correct: bool, solution: Solution) -> Text:
        if correct or q.question not in ("trumps", "select"):
            return solution.explanation
        trump: Trump = q.position["trump"]
        parts = []
        extra = [c for c in given if not trump.is_trump(c)]
        if extra:
            parts.append(both("trump_order.extra", cards=mark(trump.sort(extra)), n=len(extra)))
        missed = len(solution.value) - sum((Counter(given) & Counter(solution.value)).values())
        if missed:
            parts.append(both("trump_order.missed", n=missed, level=trump.level))
        return join([*parts, solution.explanation])

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        return {"trump": trump_public(pos["trump"]), "cards": ascii_cards(pos["cards"])}


KIND = TrumpOrderKind()
