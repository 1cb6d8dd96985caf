"""Find the best play (strategy): a position from self-play or a strategy lesson where the
review's judge found one play clearly best (`tutor.strategy`), with the plays it weighed.

Question `choose`: candidates lettered A, B, C…; answer the letter of the best. A position
is a card play, a bid (or pass), the bury or the friend call (`decision`). The values are
the judge's: each candidate's expected 积分 over deals the player could not tell from the
real one, with the standard error of its gap to the best; a pick is right, as in
`better_play`, when its cost counted as the review counts it is below an inaccuracy.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.review.kinds import play_kind
from tutor.rules import CardError, Trump, parse_cards, points_of
from tutor.text import Text, both

from ..answers import ascii_cards
from ..fields import Fields
from ..inputs import Choice, Input
from ..model import Question, Solution
from ..text import join, lettered, listing, mark, trump_public, trump_sentence
from .better_play import KITTY, LETTERS, SEATS, BetterPlayKind

DECISIONS = ("play", "bid", "bury", "call")
NOTED = ("points_given", "points_not_fed", "unit_broken", "trump_spent", "trump_missed")


class StrategyKind(BetterPlayKind):
    name = "strategy"
    questions: ClassVar[dict[str, Text]] = {"choose": both("strategy.q_choose")}
    steps: ClassVar[dict[str, str]] = {}  # a lesson's strategy step is proven first:
    # `tutor.strategy.lessons` builds its question from the judge's values

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        decision = f.choice("decision", DECISIONS, default="play")
        pos = self.read_seat(f, first_trick=0)
        candidates = f.card_lists("candidates", 2, len(LETTERS),
                                  0 if decision == "bid" else 1, 31)
        values, errors = self.read_values(f, len(candidates), errors_required=True)
        why = f.text("why")
        bids = self._bids(f) if decision == "bid" else []
        buried = f.cards("buried", KITTY, KITTY) if decision == "call" else []
        source = f.get("source")
        if source is not None and not (isinstance(source, dict)
                                       and isinstance(source.get("hand"), str)
                                       and isinstance(source.get("action"), int)):
            raise f.error("source", both("strategy.err_source"))
        self.check_candidates(f, pos, candidates, decision)
        return {**pos, "decision": decision, "candidates": candidates, "values": values,
                "errors": errors, "why": why, "bids": bids, "buried": buried, "source": source}

    @staticmethod
    def _bids(f: Fields) -> list[tuple[int, list]]:
        raw = f.get("bids", [])
        if not isinstance(raw, list) or not all(
                isinstance(b, list) and len(b) == 2 and isinstance(b[0], int)
                and 0 <= b[0] < SEATS and isinstance(b[1], str) for b in raw):
            raise f.error("bids", both("strategy.err_bids"))
        out = []
        for i, (seat, text) in enumerate(raw, 1):
            try:
                out.append((seat, parse_cards(text)))
            except CardError as exc:
                raise f.error(f"bids[{i}]", both("question.err_card", error=str(exc))) from None
        return out

    # ------------------------------------------------------------------ showing
    def _label(self, q: Question, k: int) -> Text:
        """Option `k` as a learner reads it (`B: [[…]]`, `C: pass`), cards in hand order."""
        cards = q.position["trump"].sort(q.position["candidates"][k])
        decision = q.position["decision"]
        if decision == "bid":
            return (both("strategy.pass_option", letter=LETTERS[k]) if not cards else
                    both("strategy.bid_option", letter=LETTERS[k], cards=mark(cards)))
        if decision == "call":
            return both("strategy.call_option", letter=LETTERS[k], cards=mark(cards))
        return lettered(LETTERS[k], cards)

    def source(self, q: Question) -> Text:
        return both("strategy.from_game", trick=q.position["trick"])

    def seen(self, q: Question) -> dict[str, Any] | None:
        """A card play's position, drawn by a page's position view (a bid, bury or call is
        told in its prompt: the trump, the bids, the hand)."""
        if q.position["decision"] != "play":
            return None
        return {**q.position, "source": self.source(q)}

    def ask(self, q: Question) -> Text:
        opts = listing(self._label(q, k) for k in range(len(q.position["candidates"])))
        return both("better_play.candidates", asks=q.asks(), opts=opts)

    def prompt(self, q: Question) -> Text:
        pos = q.position
        trump: Trump = pos["trump"]
        decision = pos["decision"]
        if decision == "bid":
            bids = listing(both("better_play.play", who=self._who(q, s), cards=mark(c))
                           for s, c in pos["bids"])
            parts = [both("strategy.bidding", level=trump.level),
                     both("strategy.bids", bids=bids) if pos["bids"] else
                     both("strategy.no_bids")]
        elif decision in ("bury", "call"):
            parts = [both("strategy.setup"), trump_sentence(trump)]
            if decision == "call":
                parts.append(both("strategy.buried", cards=mark(trump.sort(pos["buried"]))))
        else:
            parts = self.play_position(q, self.source(q))
        parts.append(both("strategy.hand", hand=mark(trump.sort(pos["hand"]))))
        parts.append(self.ask(q))
        return join(parts) + self.history(q)

    def answer_input(self, q: Question) -> Input:
        return Choice(tuple((LETTERS[k], self._label(q, k))
                            for k in range(len(q.position["candidates"]))))

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        return {"decision": pos["decision"], "trump": trump_public(pos["trump"]),
                "seat": pos["seat"], "role": pos["role"], "trick": pos["trick"],
                "leader": pos["leader"], "plays": [ascii_cards(p) for p in pos["plays"]],
                "hand": ascii_cards(pos["hand"]), "points": pos["points"],
                "points_of": pos["points_of"],
                "bids": [[s, ascii_cards(c)] for s, c in pos["bids"]],
                "buried": ascii_cards(pos["buried"]),
                "candidates": [ascii_cards(c) for c in pos["candidates"]]}

    # ------------------------------------------------------------------ solving
    def solve(self, q: Question) -> Solution:
        """The best candidate by the judge's values, with every value and why it is best."""
        pos = q.position
        values = pos["values"]
        best = max(range(len(values)), key=lambda k: (values[k], -k))
        lines = [both("strategy.value", option=self._label(q, k), value=f"{values[k]:+.2f}",
                      cost=f"{values[best] - values[k]:.2f}")
                 for k in range(len(values))]
        parts = [both("strategy.values", values=listing(lines)),
                 both("strategy.best", option=self._label(q, best)), pos["why"]]
        notes = self._others(q, best) if pos["decision"] == "play" else []
        if notes:
            parts.append(both("strategy.others", notes=listing(notes)))
        return Solution(best, LETTERS[best], join(parts))

    def _others(self, q: Question, best: int) -> list[Text]:
        """What each other play does that the best does not, as the review's kinds of
        mistake tell it (points, a pair or triple broken, trumps), where that is so."""
        pos = q.position
        cands = pos["candidates"]
        notes = []
        for k, cards in enumerate(cands):
            if k == best:
                continue
            kind = play_kind(pos["hand"], bool(pos["plays"]), pos["trump"], cards, cands[best])
            if kind in NOTED:
                points = abs(points_of(cards) - points_of(cands[best]))
                notes.append(both(f"strategy.not_{kind}", option=self._label(q, k), n=points))
        return notes

    def hint(self, q: Question, given: Any) -> Text:
        return both(f"strategy.hint_{q.position['decision']}")


KIND = StrategyKind()
