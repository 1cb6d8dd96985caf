"""Running K learners at once in one asyncio loop, with a progress line, and the report."""

from __future__ import annotations

import asyncio
import resource
import secrets
import sys
import time
from typing import TextIO
from urllib.parse import urlsplit

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest

from .learn import LessonLearner
from .learner import THINK_S, Learner, wait_all
from .mix import Mix, Task
from .play import PlayLearner
from .puzzles import PuzzleLearner
from .report import Report

ARRIVAL_S = 0.25  # learners arrive one after another, this far apart (a class logging in)
GRACE_S = 20.0  # after the time is up, learners get this long to finish what they wait for


class LoadError(Exception):
    """The run cannot start (a bad URL, a server that does not answer): a readable message."""


def cpu_seconds() -> float:
    """This process's CPU time (user + system) so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def check_url(url: str) -> str:
    """The base URL (scheme and host) of `url`; LoadError if it is not an http(s) URL."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise LoadError(f"--url {url!r}: give the app's address, like http://localhost:5006/")
    return f"{parts.scheme}://{parts.netloc}"


async def reachable(base: str, timeout: float = 15) -> None:
    """LoadError unless the app's home page answers."""
    try:
        response = await AsyncHTTPClient().fetch(HTTPRequest(base + "/", request_timeout=timeout,
                                                             connect_timeout=timeout))
    except HTTPClientError as exc:
        raise LoadError(f"{base}/ answered HTTP {exc.code}: is it the tutor's server?") from None
    except OSError as exc:
        raise LoadError(f"cannot reach {base}/: {exc.strerror or exc} "
                        "(is `python -m tutor serve` running there?)") from None
    if b'"token"' not in response.body:
        raise LoadError(f"{base}/ is not the tutor's server (no Bokeh session in the page)")


def make_learner(task: Task, base: str, index: int, run_id: str, report: Report,
                 stop_at: float, think_s: float, seed: int) -> Learner:
    common = dict(think_s=think_s, seed=seed)
    if task.part == "play":
        return PlayLearner(base, index, run_id, report, stop_at, strength=task.strength or "normal",
                           **common)
    cls = PuzzleLearner if task.part == "puzzles" else LessonLearner
    return cls(base, index, run_id, report, stop_at, **common)


def run_load(url: str, learners: int, mix: Mix, seconds: float, *, mix_text: str = "",
             think_s: float = THINK_S, seed: int = 0,
             progress: TextIO | None = sys.stderr) -> Report:
    """Simulate `learners` learners doing `mix` against the app at `url` for `seconds`."""
    if learners < 1:
        raise LoadError("--learners must be at least 1")
    if seconds <= 0:
        raise LoadError("--seconds must be above 0")
    base = check_url(url)
    return asyncio.run(_run(base, learners, mix, seconds, mix_text, think_s, seed, progress))


async def _run(base: str, learners: int, mix: Mix, seconds: float, mix_text: str,
               think_s: float, seed: int, progress: TextIO | None) -> Report:
    AsyncHTTPClient.configure(None, max_clients=max(10, learners * 2))
    await reachable(base)
    report = Report(learners=learners, mix=mix_text)
    cpu0, start = cpu_seconds(), time.perf_counter()
    stop_at = start + seconds
    run_id = secrets.token_hex(3)
    tasks = []
    for i, task in enumerate(mix.assign(learners)):
        learner = make_learner(task, base, i, run_id, report, stop_at, think_s, seed)
        tasks.append(asyncio.ensure_future(_arrive(learner, i * ARRIVAL_S)))
    ticker = asyncio.ensure_future(_progress(report, start, seconds, progress))
    await wait_all(tasks, seconds + GRACE_S + learners * ARRIVAL_S, report,
                   f"{{n}} learners still waiting {GRACE_S:.0f} s after the time was up")
    ticker.cancel()
    report.seconds = time.perf_counter() - start
    report.generator_cpu_s = cpu_seconds() - cpu0
    if progress is not None and progress.isatty():
        progress.write("\n")
        progress.flush()
    return report


async def _arrive(learner: Learner, delay: float) -> None:
    await asyncio.sleep(delay)
    try:
        await learner.run()
    finally:
        await learner.close()


async def _progress(report: Report, start: float, seconds: float, out: TextIO | None) -> None:
    """A progress line on stderr with an ETA: rewritten every second on a terminal, a new
    line every ten seconds otherwise (a log)."""
    if out is None:
        return
    tty = out.isatty()
    while True:
        elapsed = time.perf_counter() - start
        left = max(0.0, seconds - elapsed)
        line = (f"load: {min(elapsed, seconds):4.0f}/{seconds:.0f} s · {report.learners} "
                f"learners · {len(report.click_ms)} clicks · {len(report.ai_move_ms)} AI moves · "
                f"{report.attempts_acknowledged} attempts · {report.errors} errors · "
                f"ETA {left:.0f} s" + ("" if left else " (finishing)"))
        out.write(f"\r{line}   " if tty else f"{line}\n")
        out.flush()
        await asyncio.sleep(1.0 if tty else 10.0)
