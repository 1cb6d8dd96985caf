"""Shared tables under load: K tables of five simulated people, speaking the Table page's
protocol as browsers would (`bench serve --tables K`).

Per table one person opens it through the lobby (`?page=table`, "Open table"), reads its
code from the header's `data-code`, four others open `?page=table&code=…` (the first free
seats), and the host clicks "Start the match". Then each person, on their turn, does what a
learner on the Play page does (`play.py`): a bid the page offers, else Pass, while bidding
(if all five passed the first hand would be dealt again for ever); otherwise Hint, wait for
the hint's cards to be selected, then Bury/Call/Play; "Next hand" when a hand ends — each
after the load generator's think time.

Measured: `play_seen_ms`, from the moment a person sends an action (t0) to the moment each
of the other four people's pages shows the table's `data-count` reaching the action's
number (the patch that brought it, as the mirror received it). A person's own page showing
`data-count` reach that number is the action acknowledged. Next-hand markers count as
actions (they are saved as such) but not in `play_seen_ms`: several people may click
"Next hand" at once, and whose click was saved cannot be told.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import sys
import time
from dataclasses import dataclass, field
from typing import Any, TextIO

from tornado.httpclient import AsyncHTTPClient

from .doc import Model
from .learner import REOPENS, THINK_S, NoAnswer, labels, report_failure, wait_all
from .play import ACTIONS, NEXT_HAND, PASS, PlayLearner
from .report import Report, spread
from .run import LoadError, check_url, cpu_seconds, reachable
from .wire import Disconnected, PageError

PEOPLE = 5
BID = labels("ui.bid")
OPEN = labels("tables.open")
START = labels("tables.start")
COUNT = re.compile(r'data-count=(?:"|&quot;)(\d+)')
CODE = re.compile(r'data-code=(?:"|&quot;)(T[A-Z0-9]+)')
STATUS = re.compile(r'data-status=(?:"|&quot;)(\w+)')
SETUP_S = 120.0  # opening a table and seating five people may take this long
TABLE_QUIET_S = 180.0  # a table where nothing happens this long is stuck
SEEN_GRACE_S = 5.0  # after the time is up, the last actions get this long to reach every seat
ARRIVAL_S = 1.0  # tables open one after another, this far apart


@dataclass
class Sent:
    """One action a person sent: its number (the table's count once it is saved), who sent
    it, when (perf_counter) and what it was."""

    number: int
    sender: int  # the person's index at the table
    t0: float
    what: str


@dataclass
class TableRecord:
    """What one table's people saw."""

    index: int
    code: str = ""
    acknowledged: set[int] = field(default_factory=set)  # counts a sender's page reached
    sent: list[Sent] = field(default_factory=list)  # acknowledged seat actions, timed
    max_count: int = 0
    hand_ends: set[int] = field(default_factory=set)  # counts at which a hand was over
    started_at: float | None = None


class TablePerson(PlayLearner):
    """One person at a shared table."""

    def __init__(self, *args: Any, record: TableRecord, seat_index: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.record = record
        self.seat_index = seat_index
        self.display_name = f"Load {self.index}"
        self.page_query = "?page=table"
        self.seen_at: dict[int, float] = {}  # count -> when this page first showed it (or more)
        self._head_id: str | None = None
        self._seen = -1

    # ---------------------------------------------------------------- the header
    def head(self) -> Model | None:
        """The table's header pane (`zp-table-head`), found once per page."""
        if self._head_id is not None:
            model = self.doc.model(self._head_id)
            if model is not None:
                return model
        for model in reversed(list(self.doc.models.values())):  # the newest: a table entered
            if model.kind == "HTML" and "zp-table-head" in str(model.attrs.get("text") or ""):
                self._head_id = model.id
                return model
        return None

    def forget_head(self) -> None:
        """Look for the header again (the page left its table: a table entered next is drawn
        with new models)."""
        self._head_id = None

    def _head_value(self, pattern: re.Pattern) -> str | None:
        head = self.head()
        found = pattern.search(str(head.attrs.get("text") or "")) if head is not None else None
        return found.group(1) if found else None

    def count(self) -> int:
        """The table's `data-count` as this page shows it (-1 before the table shows)."""
        value = self._head_value(COUNT)
        return int(value) if value is not None else -1

    def status(self) -> str:
        return self._head_value(STATUS) or ""

    def code(self) -> str:
        return self._head_value(CODE) or ""

    def _patched(self, at: float) -> None:
        """After each patch: note when each new count first showed (a jump of two notes both)."""
        try:
            count = self.count()
        except Exception:  # never break the page's reader
            return
        if count > self._seen:
            for n in range(max(self._seen + 1, 0), count + 1):
                self.seen_at.setdefault(n, at)
            self._seen = count
            if count > self.record.max_count:
                self.record.max_count = count

    # ---------------------------------------------------------------- opening
    async def open(self) -> None:
        """Open the page (the lobby, or the table by its code) and note what it shows."""
        await super().open()
        assert self.page is not None
        self._head_id = None
        self.page.on_patch = self._patched
        self._patched(time.perf_counter())

    async def open_table(self) -> str:
        """The host: open a table through the lobby; its code."""
        await self.open()
        button = self.button(OPEN)
        if button is None:
            raise NoAnswer("the lobby has no Open table button")
        await self.click(button, lambda: bool(self.code()) or self.alerts("alert-danger"),
                         "open table")
        code = self.code()
        if not code:
            raise NoAnswer(f"no table opened: {self.illegal() or 'no data-code shown'}")
        return code

    def seated(self, names: list[str]) -> bool:
        """Every one of `names` sits at the table (as this page's seats line shows)."""
        seats = self.doc.first(lambda m: m.kind == "HTML" and "zp-seats" in m.text)
        return seats is not None and all(name in seats.plain_text for name in names)

    async def start_match(self, names: list[str]) -> None:
        """The host: once everyone sits, start the match."""
        assert self.page is not None
        try:
            await self.page.until(lambda: self.seated(names), SETUP_S)
        except TimeoutError:
            raise NoAnswer("the five people were not all seated") from None
        await self.page.settle()
        button = self.button(START)
        if button is None:
            raise NoAnswer("the host's page has no Start the match button")
        await self.click(button, lambda: self.status() == "playing", "start")

    # ---------------------------------------------------------------- playing
    def ready(self) -> bool:
        return (self.my_turn() or self.button(NEXT_HAND) is not None
                or self.status() == "finished")

    async def work(self) -> None:
        """Play on every turn of this person's until time is up."""
        assert self.page is not None
        while self.time_left:
            try:
                await self.page.until(lambda: self.ready() or not self.time_left,
                                      min(TABLE_QUIET_S, max(0.1, self.stop_at
                                                             - time.perf_counter())))
            except TimeoutError:
                if not self.time_left:
                    return
                raise NoAnswer(f"the table did not move for {TABLE_QUIET_S:.0f} s") from None
            if not self.time_left:
                return
            await self.page.settle()
            if not self.ready():
                continue
            await self.think()
            if self.status() == "finished":
                self.report.counts["matches finished"] += 1
                await self.page.until(lambda: not self.time_left,
                                      max(0.1, self.stop_at - time.perf_counter()))
                return
            if (nxt := self.button(NEXT_HAND)) is not None:
                await self.next_hand(nxt)
            elif self.my_turn():
                await self.move()

    async def next_hand(self, button: Model) -> None:
        """Next hand: answered when the count rises (this click's or another person's,
        which is the same marker) or the button goes (another's came first)."""
        before = self.count()
        self.record.hand_ends.add(before)
        await self.click(button, lambda: self.count() > before
                         or self.button(NEXT_HAND) is None, "next hand")
        if self.count() > before:
            self.record.acknowledged.add(before + 1)

    async def move(self) -> None:
        """A bid the page offers, else Pass, while bidding; otherwise the hint, then do it."""
        bid = self.button(BID)
        if bid is not None:
            await self.act(bid, "bid")
            return
        pass_ = self.button(PASS)
        if pass_ is not None:
            await self.act(pass_, "pass")
            return
        _, what = await self.take_hint()
        await self.think()
        button = self.button(dict((w, names) for names, w in ACTIONS)[what])
        if button is None:  # the turn was taken from them meanwhile (time ran out)
            self.report.counts["turns lost"] += 1
            return
        await self.act(button, what)

    async def act(self, button: Model, what: str) -> None:
        """Click an action button; acknowledged when this page's count reaches the next
        number (a red alert instead is a refusal: an error)."""
        assert self.page is not None
        before = self.count()
        number = before + 1
        sent: list[float] = []

        async def send() -> float:
            sent.append(await self.page.click(button.id))
            return sent[0]

        await self.timed(send, lambda: self.count() >= number or bool(self.illegal()), what)
        if self.count() < number:
            problem = self.illegal()
            self.report.error("alert", f"{self.username}: {what} refused: {problem[:150]}")
            raise NoAnswer(f"{what} was refused")  # the page is opened again
        self.record.acknowledged.add(number)
        self.record.sent.append(Sent(number, self.seat_index, sent[0], what))
        self.report.counts["moves"] += 1


class TableRun:
    """One table: five people, opened, seated, started, then playing until `stop_at`."""

    def __init__(self, base: str, index: int, run_id: str, report: Report, think_s: float,
                 seed: int) -> None:
        self.record = TableRecord(index)
        self.report = report
        self.stop_at = float("inf")  # set once every table is seated
        self.people = [TablePerson(base, index * PEOPLE + i, run_id, report, self.stop_at,
                                   think_s=think_s, seed=seed, record=self.record,
                                   seat_index=i) for i in range(PEOPLE)]

    async def set_up(self) -> bool:
        """Sign the five up, open the table, seat them, start the match; False (the error
        counted) if that failed."""
        host, others = self.people[0], self.people[1:]
        try:
            await asyncio.gather(*(p.sign_up() for p in self.people))
            for p in self.people:
                self.report.usernames.append(p.username)
            code = self.record.code = await host.open_table()
            for p in others:
                p.page_query = f"?page=table&code={code}"
            await asyncio.gather(*(p.open() for p in others))
            for p in others:
                if p.code() != code:
                    raise NoAnswer(f"{p.username} did not reach table {code}: "
                                   f"{p.illegal() or 'no table shown'}")
            host.page_query = f"?page=table&code={code}"  # where the host comes back to
            await host.start_match([p.display_name for p in self.people])
            self.report.counts["tables started"] += 1
            return True
        except Exception as exc:
            kind = {Disconnected: "disconnect", PageError: "page",
                    NoAnswer: "no answer"}.get(type(exc), "exception")
            self.report.error(kind, f"table {self.record.index} setup: {exc!r}"[:200])
            return False

    async def play(self, stop_at: float) -> None:
        for p in self.people:
            p.stop_at = stop_at
        self.record.started_at = time.perf_counter()
        await asyncio.gather(*(self._person(p) for p in self.people))

    async def _person(self, person: TablePerson) -> None:
        """A person plays; after a failure their page is opened again (they take their
        seat back), at most REOPENS times."""
        for attempt in range(REOPENS + 1):
            if not person.time_left:
                return
            try:
                if attempt:
                    await person.open()
                await person.work()
                return
            except Exception as exc:
                report_failure(self.report, person.username, exc)
            await person.close()

    async def until_seen(self) -> None:
        """After the time: the last acknowledged action gets a moment to reach every seat."""
        if not self.record.acknowledged:
            return
        last = max(self.record.acknowledged)
        deadline = time.perf_counter() + SEEN_GRACE_S
        while time.perf_counter() < deadline and any(
                p.page is not None and p.page.closed is None and last not in p.seen_at
                for p in self.people):
            await asyncio.sleep(0.05)

    async def close(self) -> None:
        for p in self.people:
            await p.close()

    def play_seen(self) -> tuple[list[float], int]:
        """(from a seat action's send to its number showing at each other seat, in ms; how
        many (action, seat) pairs never showed it)."""
        times: list[float] = []
        missing = 0
        for sent in self.record.sent:
            for p in self.people:
                if p.seat_index == sent.sender:
                    continue
                at = p.seen_at.get(sent.number)
                if at is None:
                    missing += 1
                else:
                    times.append((at - sent.t0) * 1000)
        return times, missing


@dataclass
class TablesResult:
    """What a run of tables measured."""

    report: Report
    tables: list[TableRun]
    seconds: float = 0.0  # the play, after the setup
    setup_s: float = 0.0
    play_seen_ms: list[float] = field(default_factory=list)
    not_seen: int = 0

    @property
    def acknowledged(self) -> dict[str, set[int]]:
        """Per table code, the action numbers (counts) acknowledged."""
        return {t.record.code: set(t.record.acknowledged) for t in self.tables if t.record.code}

    def as_dict(self) -> dict[str, Any]:
        figures = self.report.as_dict()
        seen = spread(self.play_seen_ms)
        return {
            "tables": len(self.tables), "people": len(self.tables) * PEOPLE,
            "seconds": round(self.seconds, 1), "setup_s": round(self.setup_s, 1),
            "play_seen_ms": dict(seen, max=round(max(self.play_seen_ms), 1)
                                 if self.play_seen_ms else None),
            "play_not_seen": self.not_seen,
            "actions_acknowledged": sum(len(v) for v in self.acknowledged.values()),
            "max_count_by_table": {t.record.code: t.record.max_count for t in self.tables
                                   if t.record.code},
            "click_to_update_ms": figures["click_to_update_ms"],
            "hint_ms": figures["hint_ms"],
            "click_to_update_by_action_ms": figures["click_to_update_by_action_ms"],
            "first_render_ms": figures["first_render_ms"],
            "errors": figures["errors"], "error_kinds": figures["error_kinds"],
            "error_examples": figures["error_examples"],
            "counts": figures["counts"], "generator_cpu_s": figures["generator_cpu_s"],
        }


def run_tables(url: str, tables: int, seconds: float, *, think_s: float = THINK_S,
               seed: int = 0, progress: TextIO | None = sys.stderr) -> TablesResult:
    """`tables` tables of five people against the app at `url`, playing for `seconds`
    once every table has started."""
    if tables < 1:
        raise LoadError("--tables must be at least 1")
    if seconds <= 0:
        raise LoadError("--seconds must be above 0")
    base = check_url(url)
    return asyncio.run(_run(base, tables, seconds, think_s, seed, progress))


async def _run(base: str, tables: int, seconds: float, think_s: float, seed: int,
               progress: TextIO | None) -> TablesResult:
    AsyncHTTPClient.configure(None, max_clients=max(10, tables * PEOPLE * 2))
    await reachable(base)
    report = Report(learners=tables * PEOPLE, mix="tables")
    result = TablesResult(report, [])
    run_id = secrets.token_hex(3)
    cpu0, start = cpu_seconds(), time.perf_counter()
    runs = [TableRun(base, i, run_id, report, think_s, seed) for i in range(tables)]
    result.tables = runs
    state = {"phase": "seating", "start": start, "seconds": seconds}
    ticker = asyncio.ensure_future(_progress(result, state, progress))
    try:
        async def arrive(run: TableRun, delay: float) -> bool:
            await asyncio.sleep(delay)
            return await run.set_up()

        ready = await asyncio.gather(*(arrive(r, i * ARRIVAL_S) for i, r in enumerate(runs)))
        playing = [r for r, ok in zip(runs, ready, strict=True) if ok]
        play_start = time.perf_counter()
        result.setup_s = play_start - start
        stop_at = play_start + seconds
        state.update(phase="playing", start=play_start)
        tasks = [asyncio.ensure_future(r.play(stop_at)) for r in playing]
        await wait_all(tasks, seconds + 60, report,
                       "{n} tables still waiting 60 s after the time was up")
        result.seconds = time.perf_counter() - play_start
        state["phase"] = "finishing"
        await asyncio.gather(*(r.until_seen() for r in playing))
    finally:
        ticker.cancel()
        for r in runs:
            await r.close()
    for r in runs:
        times, missing = r.play_seen()
        result.play_seen_ms += times
        result.not_seen += missing
        report.counts["hands finished"] += len(r.record.hand_ends)
    if result.not_seen:
        report.error("not seen", f"{result.not_seen} (action, seat) pairs: an acknowledged "
                                 "action never showed at another seat")
    report.seconds = result.seconds
    report.generator_cpu_s = cpu_seconds() - cpu0
    if progress is not None and progress.isatty():
        progress.write("\n")
        progress.flush()
    return result


async def _progress(result: TablesResult, state: dict[str, Any], out: TextIO | None) -> None:
    """A progress line with an ETA (as `run.py`'s): rewritten on a terminal, every ten
    seconds in a log."""
    if out is None:
        return
    tty = out.isatty()
    report = result.report
    while True:
        elapsed = time.perf_counter() - state["start"]
        seconds = state["seconds"]
        acked = sum(len(t.record.acknowledged) for t in result.tables)
        if state["phase"] == "seating":
            line = (f"tables: seating {len(result.tables)} tables · "
                    f"{report.counts.get('tables started', 0)} started · {report.errors} "
                    f"errors · {elapsed:.0f} s · ETA {seconds:.0f} s after the last starts")
        else:
            left = max(0.0, seconds - elapsed)
            seen = spread([(p.seen_at[s.number] - s.t0) * 1000 for t in result.tables
                           for s in t.record.sent for p in t.people
                           if p.seat_index != s.sender and s.number in p.seen_at])
            line = (f"tables: {min(elapsed, seconds):4.0f}/{seconds:.0f} s · "
                    f"{len(result.tables)} tables · {acked} actions acknowledged · "
                    f"play seen p95 {seen['p95'] if seen['p95'] is not None else '—'} ms · "
                    f"{report.errors} errors · ETA {left:.0f} s"
                    + ("" if left else " (finishing)"))
        out.write(f"\r{line}   " if tty else f"{line}\n")
        out.flush()
        await asyncio.sleep(1.0 if tty else 10.0)
