"""The AI's worker processes: pages send observations, workers send back decisions, hints
and the judgements of a game review.

Searches run in separate interpreters, so the web process's event loop only renders and
answers clicks however many games are thinking. One pool per process, sized by
`--ai-workers` ($TUTOR_AI_WORKERS, default the core count), started on first use.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import statistics
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from tutor.ai import Decision, PlayerSpec, Suggestion, decide, suggest
from tutor.review import Budget, Judged
from tutor.review.jobs import HandRecord, judge_at
from tutor.rules import Observation

ENV_VAR = "TUTOR_AI_WORKERS"
RECENT = 2000  # decisions kept for the playout figures

T = TypeVar("T")


def default_workers() -> int:
    """$TUTOR_AI_WORKERS if it is a positive whole number, else the machine's core count."""
    try:
        given = int(os.environ.get(ENV_VAR, ""))
    except ValueError:
        given = 0
    return given if given > 0 else (os.cpu_count() or 1)


def _start_worker(parent: int) -> None:
    """In each new worker: import the AI now, not in the first decision, and leave when the
    web process `parent` is gone (killed, it cannot tell its workers; they would wait
    forever). Given by the parent, as a worker may start after its parent died."""
    import tutor.ai  # noqa: F401

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent watch", daemon=True).start()


def _ready() -> bool:
    """A job that only proves a worker is up."""
    return True


class AIPool:
    """A process pool for AI work, with a count of jobs in flight and recent playout figures."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError("the AI needs at least one worker process")
        self.workers = workers
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._in_flight = 0
        self.decisions = 0
        self._playouts: deque[int] = deque(maxlen=RECENT)
        self._seconds: deque[float] = deque(maxlen=RECENT)

    # ------------------------------------------------------------------ jobs
    async def decide(self, spec: PlayerSpec, obs: Observation) -> Decision:
        """The action `spec`'s player takes for `obs`, chosen in a worker process."""
        decision = await self._run(decide, spec, obs)
        with self._lock:
            self.decisions += 1
            if decision.playouts:
                self._playouts.append(decision.playouts)
            self._seconds.append(decision.seconds)
        return decision

    async def hint(self, obs: Observation) -> Suggestion:
        """The suggestion for the person who sees `obs`, worked out in a worker process."""
        return await self._run(suggest, obs)

    async def judge(self, record: HandRecord, index: int, budget: Budget) -> Judged | None:
        """One decision of a game review (`tutor.review.jobs.judge_at`), in a worker."""
        return await self._run(judge_at, record, index, budget)

    @property
    def saturated(self) -> bool:
        """Every worker is busy: a new job waits for one to be free."""
        return self._in_flight >= self.workers

    def stats(self) -> dict[str, Any]:
        """Figures for /tutor-stats: workers, jobs in flight, decisions and their playouts."""
        with self._lock:
            playouts, seconds = list(self._playouts), list(self._seconds)
            return {"workers": self.workers, "busy": self._in_flight,
                    "decisions": self.decisions,
                    "playouts_p50": statistics.median(playouts) if playouts else None,
                    "decide_ms_p50": (round(statistics.median(seconds) * 1000, 1)
                                      if seconds else None)}

    def worker_pids(self) -> list[int]:
        """The process ids of the running workers (for monitoring, and for tests that kill
        one)."""
        with self._lock:
            executor = self._executor
        processes = getattr(executor, "_processes", None) or {}
        return list(processes)

    def shutdown(self) -> None:
        """Stop the workers (a later job starts new ones)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    # -------------------------------------------------------------- plumbing
    async def _run(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in a worker; a pool whose worker died is replaced and tried again."""
        with self._lock:
            self._in_flight += 1
        try:
            for attempt in (1, 2):
                executor = self._current()
                try:  # a pool found broken fails here at once, or later in the future
                    return await asyncio.wrap_future(executor.submit(work, *args))
                except BrokenProcessPool:
                    self._drop(executor)
                    if attempt == 2:
                        raise
            raise AssertionError("unreachable")
        finally:
            with self._lock:
                self._in_flight -= 1

    def start(self) -> None:
        """Start every worker now and wait until each has imported the AI (at serve start,
        so the first game does not wait for it)."""
        executor = self._current()
        futures = [executor.submit(_ready) for _ in range(self.workers)]
        for future in futures:
            future.result()

    def _current(self) -> ProcessPoolExecutor:
        """The executor, started on first use."""
        with self._lock:
            if self._executor is None:
                # spawn: each worker is a fresh interpreter and a direct child of this
                # process (not a fork of it, with its threads and open database)
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(self.workers, mp_context=context,
                                                     initializer=_start_worker,
                                                     initargs=(os.getpid(),))
            return self._executor

    def _drop(self, broken: ProcessPoolExecutor) -> None:
        """Forget a pool whose worker died (unless another job replaced it already)."""
        with self._lock:
            if self._executor is not broken:
                return
            self._executor = None
        broken.shutdown(wait=False, cancel_futures=True)


_pool: AIPool | None = None
_pool_lock = threading.Lock()


def get_pool() -> AIPool:
    """The process's AI pool, made on first use with `default_workers()` workers."""
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = AIPool(default_workers())
        return _pool


def stats() -> dict[str, Any]:
    """The pool's figures, or zeros before any page asked it for anything."""
    with _pool_lock:
        pool = _pool
    if pool is None:
        return {"workers": default_workers(), "busy": 0, "decisions": 0, "playouts_p50": None,
                "decide_ms_p50": None}
    return pool.stats()
