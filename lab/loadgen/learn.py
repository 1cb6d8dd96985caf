"""A learner on the Learn page: read, answer each page's question (showing the answer when
wrong), and go on page by page, lesson by lesson."""

from __future__ import annotations

import contextlib

from .learner import Learner, NoAnswer, labels
from .questions import SHOW_ANSWER, check, fill, question_card, verdict

NEXT = labels("learn.next") | labels("learn.finish")
UNLOCK_S = 30.0


class LessonLearner(Learner):
    """Steps through the lessons from where the account left off."""

    page_query = "?page=learn"

    def where(self) -> str:
        """Which lesson and page is shown (the page's `zp-learn-where` line)."""
        found = self.doc.first(lambda m: "zp-learn-where" in m.text)
        return found.text if found is not None else ""

    async def work(self) -> None:
        while self.time_left:
            await self.think()
            card = question_card(self)
            if card is not None and self.doc.first(lambda m: "zp-step" in m.classes):
                await self.answer(card)
            nxt = self.button(NEXT)
            if nxt is None:
                raise NoAnswer("the Learn page shows no Next button")
            if nxt.disabled:  # a right answer unlocks it, in a change that may come later
                with contextlib.suppress(TimeoutError):
                    await self.page.until(lambda nxt=nxt: not nxt.disabled, UNLOCK_S)
            if nxt.disabled:
                card = question_card(self)
                shown = verdict(self, card) if card is not None else None
                raise NoAnswer(f"Next stays disabled after the answer was shown ({self.where()}"
                               f" verdict {shown})")
            here = self.where()
            gate = [m.text for m in self.doc.shown() if m.kind == "HTML"]
            await self.click(nxt, lambda here=here, gate=gate: self.where() != here or gate != [
                m.text for m in self.doc.shown() if m.kind == "HTML"], "next page")
            self.report.counts["lesson pages"] += 1
            if self.where() == here:  # the last page of the last lesson: start again
                first = self.doc.first(lambda m: m.kind == "Button"
                                       and " 1. " in f" {m.get('label', '')}")
                if first is None:
                    return
                await self.click(first, lambda: True, "open lesson 1")

    async def answer(self, card) -> None:
        """Answer the page's question; if it is not right, show the answer (which unlocks)."""
        if (nxt := self.button(NEXT)) is not None and not nxt.disabled:
            return  # answered before (the account resumed here)
        kind = None
        if await fill(self, card):
            kind = await check(self, card)
        if kind != "alert-success":
            await self.think()
            kind = await check(self, card, SHOW_ANSWER)
        self.report.counts["lesson questions"] += 1
