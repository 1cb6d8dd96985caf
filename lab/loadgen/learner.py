"""One simulated learner: an account made through the app's own endpoint, a page opened
like a browser opens it, and timed actions on it. `play`, `puzzles` and `learn` subclass it.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPRequest

from tutor.text import t

from .doc import Model
from .report import Report
from .wire import Disconnected, PageError, PageSession, take_cookies

CREATE = "/auth/create"
REOPENS = 3  # a learner whose page fails opens it again this many times, then stops


def labels(key: str, **params: Any) -> frozenset[str]:
    """A catalogue string (`area.key`) in both languages: how a widget is found by its label."""
    return frozenset(t(key, lang, **params) for lang in ("en", "zh"))


class NoAnswer(Exception):
    """The page did not answer an action in time."""


# a person's mean pause before each action (drawn from half to one and a half times it): a
# card is chosen in 1-3 s, and a move of theirs in the game is two pauses (the hint, then
# the play), about 4 s; 0.3 s, the old pace, was a person choosing a card in milliseconds
THINK_S = 2.0


def report_failure(report: Report, username: str, exc: Exception) -> None:
    """Count a simulated person's page run that ended in `exc`, by its kind."""
    kind = ("disconnect" if isinstance(exc, Disconnected) else "page"
            if isinstance(exc, PageError) else "no answer" if isinstance(exc, NoAnswer)
            else "exception")
    report.error(kind, f"{username}: {exc!r}" if kind == "exception" else f"{username}: {exc}")


async def wait_all(tasks: list[asyncio.Future], timeout: float, report: Report,
                   late: str) -> None:
    """Wait for `tasks` at most `timeout` s; those still running are cancelled and counted
    as one "no answer" error saying `late` (formatted with how many)."""
    if not tasks:
        return
    _done, pending = await asyncio.wait(tasks, timeout=timeout)
    for task in pending:
        task.cancel()
    if pending:
        report.error("no answer", late.format(n=len(pending)))
        await asyncio.gather(*pending, return_exceptions=True)


class Learner:
    """A learner with its own account, doing its part until `stop_at` (a perf_counter time)."""

    page_query = "?page=home"

    def __init__(self, base: str, index: int, run_id: str, report: Report, stop_at: float,
                 think_s: float = THINK_S, timeout_s: float = 60.0, seed: int = 0) -> None:
        self.base = base.rstrip("/")
        self.index = index
        self.username = f"load-{run_id}-{index}"
        self.report = report
        self.stop_at = stop_at
        self.think_s = think_s
        self.timeout_s = timeout_s
        self.rng = random.Random(seed * 1000 + index)
        self.cookies: dict[str, str] = {}
        self.page: PageSession | None = None

    # ---------------------------------------------------------------- running
    @property
    def time_left(self) -> bool:
        return time.perf_counter() < self.stop_at

    async def run(self) -> None:
        """Sign up, then open the page and do the part until time is up; every failure is
        counted in the report (the page is opened again after one)."""
        try:
            await self.sign_up()
        except PageError as exc:
            self.report.error("account", str(exc))
            return
        self.report.usernames.append(self.username)
        for _ in range(REOPENS + 1):
            if not self.time_left:
                return
            try:
                await self.open()
                await self.work()
                return
            except Exception as exc:  # a bug here or a page we do not understand: say so
                report_failure(self.report, self.username, exc)
            finally:
                await self.close()

    async def sign_up(self) -> None:
        """Create this learner's account through the app's account endpoint."""
        body = json.dumps({"username": self.username, "password": "load-" + self.username,
                           "display_name": f"Load {self.index}", "role": "learner",
                           "lang": "en"})
        request = HTTPRequest(self.base + CREATE, method="POST", body=body,
                              headers={"Content-Type": "application/json",
                                       "Origin": self.base},
                              request_timeout=self.timeout_s)
        try:
            response = await AsyncHTTPClient().fetch(request, raise_error=False)
        except OSError as exc:
            raise PageError(f"POST {self.base}{CREATE}: {exc}") from None
        if response.code != 200:
            try:
                why = json.loads(response.body or b"{}").get("error", "")
            except ValueError:
                why = (response.body or b"")[:100].decode("utf-8", "replace")
            raise PageError(f"POST {CREATE} for {self.username}: HTTP {response.code} {why}")
        take_cookies(response.headers, self.cookies)

    async def open(self) -> None:
        """Open the learner's page (its first render is recorded) and check it has no alert."""
        await self.close()
        self.page, ms = await PageSession.open(self.base, self.page_query, self.cookies,
                                               self.report.error, timeout=self.timeout_s)
        self.report.first_render_ms.append(ms)
        await self.page.settle()  # what the page sends once it hears it is drawn
        self.report.counts["pages opened"] += 1
        for alert in self.alerts("alert-warning", "alert-danger"):
            self.report.error("alert", f"{self.username}: {alert.plain_text.strip()[:150]}")

    async def close(self) -> None:
        if self.page is not None:
            page, self.page = self.page, None
            await page.close()

    async def work(self) -> None:
        """The learner's part, until time is up."""
        raise NotImplementedError

    # ---------------------------------------------------------------- looking
    @property
    def doc(self):
        assert self.page is not None
        return self.page.doc

    def button(self, names: frozenset[str], under: Model | None = None) -> Model | None:
        """The shown button labelled with one of `names`."""
        return self.doc.first(lambda m: m.kind in ("Button", "Toggle")
                              and str(m.get("label", "")).strip() in names, under)

    def alerts(self, *kinds: str, under: Model | None = None) -> list[Model]:
        """Shown alerts of these kinds (`alert-danger` …) that say something."""
        return self.doc.find(lambda m: any(k in m.classes for k in kinds)
                             and "alert" in m.classes and bool(m.plain_text.strip()), under)

    # ---------------------------------------------------------------- acting
    async def think(self) -> None:
        """A learner's pause between actions."""
        if self.think_s > 0:
            await asyncio.sleep(self.think_s * self.rng.uniform(0.5, 1.5))

    async def timed(self, send: Callable[[], Awaitable[float]], answered: Callable[[], Any],
                    what: str, record: bool = True, timeout: float | None = None) -> float:
        """Send a user event and wait for the document change that answers it (the first
        patch after sending for which `answered()` holds); its click→update time in ms."""
        assert self.page is not None
        before = self.doc.version
        sent = await send()
        try:
            at = await self.page.until(lambda: self.doc.version > before and answered(),
                                       timeout or self.timeout_s)
        except TimeoutError:
            raise NoAnswer(f"{what}: no answer within {timeout or self.timeout_s:.0f} s") from None
        ms = (at - sent) * 1000
        if record:
            self.report.answered(what, ms)
        await self.page.settle()
        return ms

    async def click(self, button: Model, answered: Callable[[], Any], what: str,
                    record: bool = True) -> float:
        assert self.page is not None
        return await self.timed(lambda: self.page.click(button.id), answered, what, record)

    async def set(self, model: Model, attr: str, value: Any, answered: Callable[[], Any],
                  what: str, record: bool = True) -> float:
        assert self.page is not None
        return await self.timed(lambda: self.page.set(model.id, attr, value), answered, what,
                                record)
