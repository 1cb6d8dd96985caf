"""A learner on the Puzzles page: answer, read the verdict, next puzzle, again."""

from __future__ import annotations

from .learner import Learner, NoAnswer, labels
from .questions import check, fill, question_card, verdict

NEXT_PUZZLE = labels("ui.next_puzzle")


class PuzzleLearner(Learner):
    """Answers puzzles; every verdict shown (right or wrong) is an acknowledged attempt."""

    page_query = "?page=puzzles"

    async def work(self) -> None:
        while self.time_left:
            card = question_card(self)
            if card is None:
                raise NoAnswer("the Puzzles page shows no puzzle")
            await self.think()
            if not await fill(self, card):
                self.report.error("page", f"{self.username}: could not answer the puzzle")
                return
            kind = await check(self, card)
            if kind in ("alert-success", "alert-danger"):
                self.report.attempts_acknowledged += 1
                self.report.counts["puzzles answered"] += 1
            else:  # the page asks for a readable answer: a generator's slip, not the server's
                self.report.counts["puzzle answers refused"] += 1
                shown = verdict(self, card)
                if shown is not None and len(self.report.notes) < 5:
                    self.report.notes.append(f"{self.username}: {shown[1][:150]}")
            if not self.time_left:
                return
            await self.think()
            nxt = self.button(NEXT_PUZZLE)
            if nxt is None:
                raise NoAnswer("no Next puzzle button")
            # answered: a fresh card (its Check shown, no verdict) or none at all
            await self.click(nxt, lambda: (c := question_card(self)) is None or (
                self.button(labels("card.check"), c) is not None
                and not self.alerts("alert-success", "alert-danger", under=c)), "next puzzle")
