"""Card points (分, §1): how many points do these cards hold? (the lessons' `points` step)

Question `count`: answer one whole number; 5s count 5, 10s and Ks count 10.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.rules import Card, card_points
from tutor.text import Text, both

from ..answers import ascii_cards
from ..fields import DECKS, Fields
from ..kind import NumberKind
from ..model import Question, Solution
from ..text import join, mark

MOST = 100 * DECKS  # every deck holds 100 points


class PointsKind(NumberKind):
    name = "points"
    most = MOST
    questions: ClassVar[dict[str, Text]] = {"count": both("points.q_count")}
    steps: ClassVar[dict[str, str]] = {"points": "count"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()  # a lesson page's trump; points do not depend on it
        return {"trump": trump, "cards": f.cards("cards", 1)}

    def prompt(self, q: Question) -> Text:
        return join([both("points.cards", cards=mark(q.position["cards"])), q.asks()])

    def answer_format(self, q: Question) -> Text:
        return both("points.format", most=MOST)

    def solve(self, q: Question) -> Solution:
        cs = q.position["cards"]
        right = card_points(cs)
        scoring = [c for c in cs if Card(c).points]
        if not scoring:
            why = both("points.none")
        else:
            why = both("points.some", cards=mark(scoring), n=right)
        return Solution(right, str(right), why)

    def public_position(self, q: Question) -> dict[str, Any]:
        return {"cards": ascii_cards(q.position["cards"])}


KIND = PointsKind()
