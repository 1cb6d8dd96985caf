"""Where a Play page's AI works: one object, chosen when the page is built, that every AI
move, hint, hand review and game write goes through.

- `InPool`: a served page. The web process never searches: moves, hints and reviews are
  worked out in the AI's worker processes, and games are written off the event loop.
- `InThread`: a notebook whose kernel runs an event loop. The AI paces itself and thinks in
  a thread of the kernel (a kernel is one person's, not a whole room's).
- `HereAndNow`: no loop to pace with (a script, a test): everything runs when asked, in the
  caller's thread (`PlayPage.ai_move`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import panel as pn

from tutor.review import hint
from tutor.rules import Action
from tutor.store import StoreError

from ..ai_pool import AIPool
from .hand_review import HandReviewPanel
from .persist import GameSaver
from .session import PlaySession

Show = Callable[[object], None]  # shows the AI's `Suggestion` (None: none came)


class HandlesAI:
    """The protocol, and the way with no event loop: everything here and now."""

    paced = False  # whether the AI plays by itself on the page's event loop

    async def decide(self, session: PlaySession, busy: Callable[[int], None]) -> Action | None:
        """The AI's action for the seat to act (`busy(seat)` when it will take longer)."""
        return session.ai_decide()

    def hint(self, session: PlaySession, show: Show) -> None:
        """Work out a suggestion for the person and `show` it (later, if it runs elsewhere)."""
        show(session.hint())

    def review(self, panel: HandReviewPanel) -> None:
        """Judge a finished hand's decisions."""
        panel.start()

    def save(self, saver: GameSaver, saved: Callable[[], None],
             problem: Callable[[Exception], None]) -> None:
        """Write what `saver` collected; `saved()` after, `problem(exc)` if the store fails."""
        try:
            saver.flush()
        except StoreError as exc:
            problem(exc)
            return
        saved()

    def with_loop(self) -> HandlesAI:
        """The way to use once an event loop paces the AI."""
        return InThread()

    def without_loop(self) -> HandlesAI:
        """The way to use once nothing paces the AI."""
        return self


HereAndNow = HandlesAI


class InThread(HandlesAI):
    """A notebook's running loop: the AI, reviews and writes in threads of the kernel."""

    paced = True

    async def decide(self, session: PlaySession, busy: Callable[[int], None]) -> Action | None:
        return await asyncio.to_thread(session.ai_decide)

    def hint(self, session: PlaySession, show: Show) -> None:
        """The hint weighs the review's deals (a few tenths of a second): in a thread, so the
        kernel keeps answering meanwhile."""
        observation = session.observation
        _show_when_done(lambda: asyncio.to_thread(hint, observation), show)

    def review(self, panel: HandReviewPanel) -> None:
        panel.start(threaded=True)

    def save(self, saver: GameSaver, saved: Callable[[], None],
             problem: Callable[[Exception], None]) -> None:
        async def off_loop() -> None:
            try:
                await asyncio.to_thread(saver.flush)
            except StoreError as exc:
                problem(exc)
                return
            saved()

        pn.state.execute(off_loop)

    def with_loop(self) -> HandlesAI:
        return self

    def without_loop(self) -> HandlesAI:
        return HereAndNow()


class InPool(InThread):
    """A served page: moves, hints and reviews in the AI's worker processes (`pool`)."""

    def __init__(self, pool: AIPool) -> None:
        self.pool = pool

    async def decide(self, session: PlaySession, busy: Callable[[int], None]) -> Action | None:
        request = session.ai_request()
        if request is None:
            return None
        pool = self.pool
        if pool.saturated:  # every worker is busy: say why this seat takes longer
            busy(request[1].seat)
        return (await pool.decide(*request)).action

    def hint(self, session: PlaySession, show: Show) -> None:
        observation = session.observation
        _show_when_done(lambda: self.pool.hint(observation), show)

    def review(self, panel: HandReviewPanel) -> None:
        panel.start(pool=self.pool)

    def without_loop(self) -> HandlesAI:
        return self  # a served page never searches in its own process


def chosen(pool: AIPool | None) -> HandlesAI:
    """The way for a page when it is built: on a server its `pool`, else (None) here and now
    (until `with_loop()` when a notebook's loop starts pacing the AI)."""
    return InPool(pool) if pool is not None else HereAndNow()


def _show_when_done(work: Callable[[], Awaitable[Any]], show: Show) -> None:
    """Run `work` on the page's loop and `show` its result; None if it failed (nothing to
    show, and the next hint may be asked for)."""

    async def run() -> None:
        try:
            result = await work()
        except BaseException:
            show(None)
            raise
        show(result)

    pn.state.execute(run)
