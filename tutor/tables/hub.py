"""This process's open shared tables: kept up with the database's notices, their pages told
of every change, and their computer seats played.

Everything here runs on one event loop (the server's): a notice from the database's
listening thread is handed to it, and so is every page's action. Who plays a computer
seat: the process that saved the table's last action, at once (after the pace delay); any
other process with the table open only after `grace` seconds without a new action (that
process went away). Two processes playing the same turn cannot both save it (the store
refuses the second), so the worst a race costs is one decision worked out twice. A person
to act has `turn_seconds`; past it they are marked away and the computer plays for them:
taking the seat back gives them their next turn, not this one's time again. A table where
no seated person is present waits: nobody's computers play on for an empty room.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import Awaitable, Callable

from tutor.ai import PlayerSpec
from tutor.rules import Action, Observation
from tutor.store import Store, StoreError

from .live import LiveTable

Decide = Callable[[PlayerSpec, Observation], Awaitable[Action]]
Watcher = Callable[[], None]
GRACE_SECONDS = 8.0  # longer than a computer's move takes on a busy server
HAND_END_SECONDS = 120  # a hand's end waits this long for the people not yet ready


async def decide_here(spec: PlayerSpec, obs: Observation) -> Action:
    """The computer's action worked out in a thread of this process (no worker pool)."""
    return await asyncio.to_thread(lambda: spec.build().act(obs))


class TableHub:
    """The open tables of one process on one store."""

    def __init__(self, store: Store, decide: Decide = decide_here, delay: float = 0.7,
                 grace: float = GRACE_SECONDS) -> None:
        self.store = store
        self.decide = decide
        self.delay, self.grace = delay, grace
        self._tables: dict[int, LiveTable] = {}
        self._watchers: dict[int, list[Watcher]] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._plans: dict[int, tuple[str, int, bool]] = {}  # each timer: for what, at which
        # entry, and whether at the pace delay (a hand's end waiting, once all are ready, hurries)
        self._deciding: dict[int, asyncio.Task] = {}  # the computer's move being worked out
        self._expired: dict[int, tuple[int, int]] = {}  # (seat, entry) whose time ran out
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop_listening: Callable[[], None] | None = None

    # ------------------------------------------------------------------ pages
    def open(self, table_id: int, watcher: Watcher) -> LiveTable:
        """The table, with `watcher()` called (on this loop) after each change of it. Without
        a running loop (a script, a test) nothing plays the computer seats by itself."""
        with contextlib.suppress(RuntimeError):
            self._loop = asyncio.get_running_loop()
        if self._stop_listening is None:
            self._stop_listening = self.store.tables.notices.listen(self._notice)
        live = self._tables.get(table_id)
        if live is None:
            live = self._tables[table_id] = LiveTable(self.store, table_id)
        else:  # a notice may have been missed while the database was away
            live.reload()
            live.catch_up()
        self._watchers.setdefault(table_id, []).append(watcher)
        self._schedule(live)
        return live

    def close(self, table_id: int, watcher: Watcher) -> None:
        """`watcher` no longer wants news of the table (its page ended); the last one
        leaving drops this process's copy."""
        watchers = self._watchers.get(table_id, [])
        if watcher in watchers:
            watchers.remove(watcher)
        if not watchers:
            self._watchers.pop(table_id, None)
            self._tables.pop(table_id, None)
            self._plans.pop(table_id, None)
            self._expired.pop(table_id, None)
            timer = self._timers.pop(table_id, None)
            if timer is not None:
                timer.cancel()

    def changed(self, live: LiveTable) -> None:
        """Tell the table's pages, and plan its next computer move or time limit."""
        for watcher in list(self._watchers.get(live.id, [])):
            watcher()
        self._schedule(live)

    # ------------------------------------------------------------------ notices
    def _notice(self, payload: str) -> None:
        """A notice from the database (any thread): handled on the loop."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._noticed, payload)

    def _noticed(self, payload: str) -> None:
        table, _, what = payload.partition(":")
        try:
            live = self._tables.get(int(table))
        except ValueError:
            return
        if live is None:
            return
        try:
            if not what.isdigit():  # seats, start, finished
                live.reload()
            new = live.catch_up()
        except StoreError as exc:  # the page's next action will say so
            print(f"table {live.id}: {exc}", file=sys.stderr)
            return
        if new or not what.isdigit():
            self.changed(live)

    # ------------------------------------------------------------------ the computer
    def _schedule(self, live: LiveTable) -> None:
        """Plan what happens next at `live` if nobody acts: a computer move, or a person's
        time running out. A plan already made for the same entry stands: a change that is
        no action (a page opened, a refused click, a seat's news) neither hurries the
        computer nor gives a person their time again."""
        loop = self._loop
        if loop is None:
            return
        number = live.game.count
        wait, then = None, None
        if live.computer_to_act() is not None:
            wait = self.delay if live.wrote_last else self.grace
            then = self._computer_turn
        elif (seat := live.person_to_act()) is not None:
            limit = live.info.options.get("turn_seconds")
            if limit:
                wait = float(limit) + (0 if live.wrote_last else self.grace)
                if self._expired.get(live.id) == (seat, number):
                    wait = 0.0  # their seat taken back at a turn whose time had run out
                then = self._time_up
        elif live.playing and live.game.hand_over and not live.game.match_over and \
                live.anyone_present:
            # everyone here is ready (or lets the computer play): deal on; else the host's
            # time for a hand's end (0: until the host deals)
            limit = live.info.options.get("hand_end_seconds", HAND_END_SECONDS)
            if not live.waiting_for():
                wait = self.delay if live.wrote_last else self.grace
            elif limit:
                wait = float(limit) + (0 if live.wrote_last else self.grace)
            then = self._deal_on if wait is not None else None
        plan = None if then is None else (then.__name__, number, wait == self.delay)
        if plan is not None and plan == self._plans.get(live.id):
            return  # still to come (a plan that ran is forgotten as it runs)
        self._plans.pop(live.id, None)
        timer = self._timers.pop(live.id, None)
        if timer is not None:
            timer.cancel()
        if then is not None:
            self._plans[live.id] = plan
            self._timers[live.id] = loop.call_later(wait, then, live.id, number)

    def _time_up(self, table_id: int, number: int) -> None:
        self._plans.pop(table_id, None)
        live = self._tables.get(table_id)
        if live is None or live.game.count != number:
            return
        seat = live.person_to_act()
        if seat is None:
            return
        try:
            live.catch_up()
            if live.game.count == number and live.person_to_act() == seat:
                self._expired[table_id] = (seat, number)
                live.store.tables.set_away(live.id, seat, True)
                live.reload()
        except StoreError as exc:
            print(f"table {live.id}: {exc}", file=sys.stderr)
        self.changed(live)

    def _deal_on(self, table_id: int, number: int) -> None:
        self._plans.pop(table_id, None)
        live = self._tables.get(table_id)
        if live is None or live.game.count != number:
            return
        try:
            live.next_hand(None)
        except StoreError as exc:
            print(f"table {live.id}: {exc}", file=sys.stderr)
        self.changed(live)

    def _computer_turn(self, table_id: int, number: int) -> None:
        self._plans.pop(table_id, None)
        live = self._tables.get(table_id)
        if live is None or table_id in self._deciding:
            return
        self._deciding[table_id] = asyncio.ensure_future(self._play_computer(live, number))

    async def _play_computer(self, live: LiveTable, number: int) -> None:
        started = time.monotonic()
        try:
            live.catch_up()
            seat = live.computer_to_act()
            if seat is None or live.game.count != number:
                return
            action = await self.decide(live.game.spec(seat), live.game.hand.observation(seat))
            live.computer_acts(seat, number, action)
        except StoreError as exc:
            print(f"table {live.id}: {exc}", file=sys.stderr)
        except Exception as exc:  # a worker failed: try again on the next plan
            print(f"table {live.id}: the computer's move failed: {exc!r}", file=sys.stderr)
            await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - started)))
        finally:
            self._deciding.pop(live.id, None)
        if live.id in self._tables:
            self.changed(live)
