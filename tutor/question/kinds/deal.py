"""Deal questions (§1, lesson step `deal`): the numbers of a deal for some decks and players.

`ask` names the number: `kitty` (cards in the kitty), `hand` (cards in each hand), `total`
(cards in all) or `points` (points in all the decks). Answer a whole number.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.rules import RuleSet
from tutor.text import Text, both

from ..fields import Fields
from ..kind import NumberKind
from ..model import Question, Solution
from ..scoring_text import page_trump
from ..text import join

ASK = ("kitty", "hand", "total", "points")
MOST = 10000


class DealKind(NumberKind):
    name = "deal"
    most = MOST
    questions: ClassVar[dict[str, Text]] = {"count": both("deal.q_count")}
    steps: ClassVar[dict[str, str]] = {"deal": "count"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        page_trump(f)  # a lesson step may name a trump; the deal does not depend on it
        ask = f.choice("ask", ASK)
        decks = f.integer("decks", 1, 4, default=3)
        players = f.integer("players", 3, 8, default=5)
        try:
            RuleSet(decks=decks, players=players)
        except ValueError as exc:
            raise f.error("players", both("deal.err_rules", error=str(exc))) from None
        return {"ask": ask, "decks": decks, "players": players}

    def _rules(self, q: Question) -> RuleSet:
        return RuleSet(decks=q.position["decks"], players=q.position["players"])

    def prompt(self, q: Question) -> Text:
        pos = q.position
        return join([both("deal.table", decks=pos["decks"], players=pos["players"]),
                     q.wording or both(f"deal.q_{pos['ask']}")])

    def answer_format(self, q: Question) -> Text:
        return both("deal.format")

    def solve(self, q: Question) -> Solution:
        r = self._rules(q)
        value = {"kitty": r.kitty, "hand": r.hand_size, "total": r.total_cards,
                 "points": r.total_points}[q.position["ask"]]
        if q.position["ask"] == "points":  # only what this question asks: no later answers
            why = both("deal.explain_points", decks=r.decks, points=r.total_points)
        else:
            why = both("deal.explain", decks=r.decks, total=r.total_cards, players=r.players,
                       hand=r.hand_size, kitty=r.kitty, answer=value)
        return Solution(value, str(value), why)

    def hint(self, q: Question, given: Any) -> Text:
        return both(self.hint_key(q, "hint_" + q.position["ask"]))

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        return {"ask": pos["ask"], "decks": pos["decks"], "players": pos["players"]}


KIND = DealKind()
