"""A learner on the Play page: a match against AI opponents of one strength, choosing legal
moves with the page's own Hint button, then Bid/Pass/Bury/Call/Play as the phase asks.

Timed: every click until the page answers it (click→update), and — while the AI seats act —
the time between successive AI actions arriving (the table redrawn), counted from the
answer to the person's own action.
"""

from __future__ import annotations

import time

from .doc import Model
from .learner import Learner, NoAnswer, labels

HINT = labels("ui.hint")
PLAY = labels("ui.play")
PASS = labels("ui.pass")
CALL = labels("ui.call")
BURY = frozenset().union(*(labels("ui.bury", n=n) for n in range(1, 13)))
ACTIONS = ((BURY, "bury"), (CALL, "call"), (PLAY, "play"))  # a turn's buttons, by name
NEXT_HAND = labels("ui.next_hand")
NEW_GAME = labels("ui.new_game")
MATCH_OVER = labels("ui.match_over")
AI_TURN_S = 180.0  # the AI seats may take this long between two of the person's turns


class PlayLearner(Learner):
    """Plays matches against opponents of `strength`."""

    page_query = "?page=play"

    def __init__(self, *args, strength: str = "normal", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.strength = strength

    # ---------------------------------------------------------------- looking
    def table(self) -> str:
        found = self.doc.first(lambda m: m.kind == "HTML" and 'class="zp-table"' in m.text)
        return found.text if found is not None else ""

    def state(self) -> tuple:
        """What the person sees change when an action is answered: the table, the hand and
        the buttons offered."""
        picker = self.doc.first(lambda m: m.kind == "ReactiveESM" and m.get("name") == "CardPicker")
        data = self.doc.model(picker.get("data")) if picker is not None else None
        cards = tuple(data.get("cards") or ()) if data is not None else ()
        return self.table(), cards, tuple(self.buttons())

    def my_turn(self) -> bool:
        return self.button(HINT) is not None

    def match_over(self) -> bool:
        return any(word in m.plain_text for m in self.doc.shown() if m.kind == "HTML"
                   for word in MATCH_OVER)

    def ready(self) -> bool:
        """The person has something to do: act, start the next hand or a new match."""
        return self.my_turn() or self.button(NEXT_HAND) is not None or self.match_over()

    def buttons(self) -> list[str]:
        """The labels of the buttons shown."""
        return [str(m.get("label")) for m in self.doc.shown() if m.kind == "Button"]

    def illegal(self) -> str:
        return "; ".join(a.plain_text.strip() for a in self.alerts("alert-danger"))

    # ---------------------------------------------------------------- acting
    async def work(self) -> None:
        await self.new_match()
        while self.time_left:
            await self.wait_for_ai(time.perf_counter())
            if not self.time_left:
                return
            await self.think()
            if self.match_over() and self.button(NEXT_HAND) is None:
                self.report.counts["matches finished"] += 1
                await self.new_match()
            elif (nxt := self.button(NEXT_HAND)) is not None:
                before = self.state()
                await self.click(nxt, lambda before=before: self.state() != before, "next hand")
                self.report.counts["hands played"] += 1
            elif self.my_turn():
                await self.move()

    async def new_match(self) -> None:
        """Choose the opponents' strength and start a new match."""
        select = self.doc.first(lambda m: m.kind == "CustomSelect" and {"easy", "normal", "hard"}
                                <= {o[0] for o in m.get("options") or [] if isinstance(o, list)})
        if select is None:
            raise NoAnswer("the Play page has no choice of opponents")
        if select.get("value") != self.strength:
            await self.page.set(select.id, "value", self.strength)
        button = self.button(NEW_GAME)
        if button is None:
            raise NoAnswer("the Play page has no New game button")
        before = self.state()
        await self.click(button, lambda: self.state() != before, "new game")
        self.report.counts["matches started"] += 1

    async def move(self) -> None:
        """One action of the person's: pass when bidding; otherwise take the hint and do it."""
        pass_ = self.button(PASS)
        if pass_ is not None:
            await self.act(pass_, "pass")
            return
        action = await self.take_hint()
        await self.think()
        await self.act(*action)

    async def take_hint(self) -> tuple[Model, str]:
        """The turn's action button (bury, call or play) and its name, once the hint asked
        for is shown and has chosen the cards."""
        action = next(((b, what) for names, what in ACTIONS
                       if (b := self.button(names)) is not None), None)
        if action is None:
            raise NoAnswer("the person's turn shows no action button")
        hint = self.button(HINT)
        hinted = self.hint_shown()
        await self.click(hint, lambda: self.hint_shown() and self.hint_shown() != hinted
                         and self._selected(action[1]), "hint")
        return action

    def hint_shown(self) -> str:
        return "; ".join(a.plain_text for a in self.alerts("alert-success"))

    def _selected(self, what: str) -> bool:
        """The hint's cards are selected in the hand (when the action plays cards)."""
        if what not in ("bury", "play"):
            return True
        picker = self.doc.first(lambda m: m.kind == "ReactiveESM" and m.get("name") == "CardPicker")
        data = self.doc.model(picker.get("data")) if picker is not None else None
        return data is not None and bool(data.get("selected"))

    async def act(self, button: Model, what: str) -> None:
        """Click an action button; answered when the table changes (or an error shows)."""
        before = self.state()
        await self.click(button, lambda: self.state() != before or self.illegal(), what)
        if problem := self.illegal():
            self.report.error("alert", f"{self.username}: {what} refused: {problem[:150]}")
            raise NoAnswer(f"{what} was refused")  # the page is reopened
        self.report.counts["moves"] += 1

    async def wait_for_ai(self, since: float) -> None:
        """Until the person may act again: each table change on the way is an AI action,
        timed from the one before (the first from `since`)."""
        assert self.page is not None
        deadline = time.perf_counter() + AI_TURN_S
        last, table = since, self.table()
        while not self.ready():
            if not self.time_left:
                return
            version = self.doc.version
            try:
                at = await self.page.until(lambda version=version: self.doc.version > version,
                                           min(deadline, self.stop_at) - time.perf_counter())
            except TimeoutError:
                if not self.time_left:
                    return
                raise NoAnswer(f"the AI did not move within {AI_TURN_S:.0f} s") from None
            now_table = self.table()
            if now_table != table:
                self.report.ai_move_ms.append((at - last) * 1000)
                self.report.counts["AI actions"] += 1
                last, table = at, now_table
        await self.page.settle()
