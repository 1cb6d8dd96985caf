"""`python -m tutor load --mix tableflood`: one account tries to open and start many shared
tables in a row from one page, back to the lobby after each (the reproduction of the issue
where a guest started 40 tables and their computers played on), while a normal learner plays
on the Play page. Reported: how many tables the caps let it open, how many were refused and
with what message, and the normal learner's click → update, unloaded and loaded."""

from __future__ import annotations

import asyncio
import secrets
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any, TextIO

from tornado.httpclient import AsyncHTTPClient

from .learner import NoAnswer, labels, report_failure
from .play import PlayLearner
from .report import Report, spread
from .run import LoadError, check_url, reachable
from .tables import OPEN, TablePerson, TableRecord

BACK = labels("tables.back_to_lobby")
WAIT_S = 30.0  # a click of the flood's is answered within this


@dataclass
class TableFloodReport:
    """What `run_tableflood` measured (times in ms)."""

    tried: int
    opened: int = 0
    started: int = 0
    refused: int = 0
    refusal: str = ""  # the message a refused try was shown
    errors: int = 0
    examples: list[str] = field(default_factory=list)
    unloaded_ms: dict[str, Any] = field(default_factory=dict)
    loaded_ms: dict[str, Any] = field(default_factory=dict)
    p95_ratio: float = 0.0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def table(self) -> str:
        u, lo = self.unloaded_ms, self.loaded_ms
        return "\n".join([
            f"one account tried {self.tried} tables: {self.opened} opened, {self.started} "
            f"started, {self.refused} refused ({self.refusal or 'no message'}), "
            f"{self.errors} errors", *(f"  - {e}" for e in self.examples),
            f"a learner's click -> update  unloaded p50 {u['p50']} ms  p95 {u['p95']} ms "
            f"(n={u['n']})",
            f"                             loaded   p50 {lo['p50']} ms  p95 {lo['p95']} ms "
            f"(n={lo['n']})  p95 x{self.p95_ratio:.2f}",
        ])


async def _learner(base: str, run_id: str, index: int, seconds: float, think_s: float
                   ) -> Report:
    """A normal learner playing on the Play page for `seconds`: their clicks, timed."""
    report = Report(learners=1, mix="play:normal")
    learner = PlayLearner(base, index, run_id, report, time.perf_counter() + seconds,
                          think_s=think_s, strength="normal")
    try:
        await learner.run()
    finally:
        await learner.close()
    return report


async def _flood(base: str, run_id: str, tries: int, out: TableFloodReport,
                 progress: TextIO | None) -> TablePerson:
    """One account, from one page, opens (and starts) table after table, going back to the
    lobby after each (its tables stay open, their host present); the page, for closing."""
    report = Report(learners=1, mix="tableflood")
    host = TablePerson(base, 10_000, run_id, report, float("inf"), think_s=0.0,
                       record=TableRecord(0), seat_index=0)
    await host.sign_up()
    await host.open()
    at_table = False
    for k in range(tries):
        try:
            if at_table:  # at the table just opened: back to the lobby
                back = host.button(BACK)
                if back is None:
                    raise NoAnswer("the table has no Other tables button")
                await host.page.click(back.id)
                await host.page.until(lambda: host.button(OPEN) is not None, WAIT_S)
                at_table = False
            opened = host.button(OPEN)
            if opened is None:
                raise NoAnswer("the lobby has no Open table button")
            host.forget_head()
            before = host.code()
            await host.page.click(opened.id)

            def answered(before: str = before) -> bool:
                host.forget_head()  # the table it opened is drawn with a header of its own
                return host.code() not in ("", before) or bool(host.alerts("alert-danger"))

            # (a refusal's message may be the one shown already: settling waits for the
            # server's answer, and a table opened after all would show as an error next)
            await host.page.until(answered, WAIT_S)
            await host.page.settle()
            host.forget_head()
            if host.code() in ("", before):
                shown = host.alerts("alert-danger")
                if not shown:
                    raise NoAnswer("Open table neither opened a table nor said why not")
                out.refused += 1
                out.refusal = out.refusal or shown[0].plain_text.strip()
                continue
            out.opened += 1
            at_table = True
            await host.start_match([host.display_name])
            out.started += 1
        except Exception as exc:
            report_failure(report, host.username, exc)
        if progress is not None:
            print(f"tableflood: {k + 1}/{tries} tried, {out.opened} opened, "
                  f"{out.refused} refused", file=progress, flush=True)
    out.errors += report.errors
    out.examples += report.examples
    return host


def run_tableflood(url: str, tries: int = 40, seconds: float = 60, *, calm: float = 30,
                   think_s: float = 1.0, progress: TextIO | None = sys.stderr
                   ) -> TableFloodReport:
    """A normal learner alone for `calm` seconds, then for `seconds` while one account
    tries to open and start `tries` tables."""
    if tries < 1 or seconds <= 0 or calm <= 0:
        raise LoadError("give at least one table and some seconds")
    base = check_url(url)
    out = TableFloodReport(tried=tries)

    async def main() -> None:
        AsyncHTTPClient.configure(None, max_clients=max(10, tries * 2))
        await reachable(base)
        run_id = secrets.token_hex(3)
        if progress is not None:
            print(f"unloaded: a learner plays for {calm:.0f} s", file=progress, flush=True)
        alone = await _learner(base, run_id, 0, calm, think_s)
        start = time.perf_counter()
        flood = asyncio.ensure_future(_flood(base, run_id, tries, out, progress))
        loaded = await _learner(base, run_id, 1, seconds, think_s)
        host = await flood
        out.seconds = time.perf_counter() - start
        await host.close()
        out.errors += alone.errors + loaded.errors
        out.unloaded_ms, out.loaded_ms = spread(alone.click_ms), spread(loaded.click_ms)
        if out.unloaded_ms["p95"] and out.loaded_ms["p95"]:
            out.p95_ratio = out.loaded_ms["p95"] / out.unloaded_ms["p95"]

    asyncio.run(main())
    return out
