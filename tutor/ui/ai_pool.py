"""The AI's worker processes: pages send observations, workers send back decisions, hints
and the judgements of a game review.

Searches run in separate interpreters, so the web process's event loop only renders and
answers clicks however many games are thinking. One pool per process, sized by
`--ai-workers` ($TUTOR_AI_WORKERS, default the core count), started on first use.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import multiprocessing
import os
import statistics
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from tutor.ai import Decision, PlayerSpec, Suggestion, decide
from tutor.review import Budget, Judged, hint
from tutor.review.jobs import HandRecord, judge_at
from tutor.rules import Observation

if TYPE_CHECKING:  # the process pool's module is imported when the first worker starts:
    # merely importing it, a notebook's kernel (which never starts one) lost widget messages
    from concurrent.futures import ProcessPoolExecutor

ENV_VAR = "TUTOR_AI_WORKERS"
RECENT = 2000  # decisions kept for the playout figures
# jobs after which a worker leaves and a fresh one takes its place: a worker's heap grew
# ~2 MB a minute for as long as a class played (62 -> 157 MB over 30 minutes, still rising);
# a fresh one starts in about a second, and a job is never cut short
JOBS_PER_WORKER = 500
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")

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


_jobs_done = 0  # in a worker: the jobs it has run


def _counted(limit: int, work: Callable[..., T], *args: Any) -> T:
    """Run a job in a worker; the last of its `limit` says in the server's log that the
    worker leaves (the pool starts a new one after it)."""
    global _jobs_done
    try:
        return work(*args)
    finally:
        _jobs_done += 1
        if _jobs_done == limit:
            import resource

            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(f"AI worker {os.getpid()} leaves after {limit} jobs (peak {peak:.0f} MB); "
                  "a new one takes its place", file=sys.stderr, flush=True)


# Jobs wait in order of urgency, then of arrival: a hint (the person is waiting for it), then
# the computer players' moves, then a review's decisions.
HINT, MOVE, REVIEW = 0, 1, 2


@dataclass(order=True)
class _Job:
    priority: int
    seq: int
    work: Callable[..., Any] = field(compare=False)
    args: tuple = field(compare=False)
    result: Future = field(compare=False, default_factory=Future)


class AIPool:
    """A process pool for AI work. At most one job per worker is handed to the processes; the
    rest wait here, most urgent first, so a hint never queues behind a room's searches."""

    def __init__(self, workers: int, jobs_per_worker: int = JOBS_PER_WORKER) -> None:
        if workers < 1:
            raise ValueError("the AI needs at least one worker process")
        self.workers = workers
        self.jobs_per_worker = jobs_per_worker
        self._lock = threading.Lock()
        self._executor: ProcessPoolExecutor | None = None
        self._running = 0
        self._closed = False
        self._waiting: list[_Job] = []
        self._seq = itertools.count()
        self.decisions = 0
        self._playouts: deque[int] = deque(maxlen=RECENT)
        self._seconds: deque[float] = deque(maxlen=RECENT)

    # ------------------------------------------------------------------ jobs
    async def decide(self, spec: PlayerSpec, obs: Observation) -> Decision:
        """The action `spec`'s player takes for `obs`, chosen in a worker process."""
        decision = await self._run(MOVE, decide, spec, obs)
        with self._lock:
            self.decisions += 1
            if decision.playouts:  # a search: its work and its time
                self._playouts.append(decision.playouts)
                self._seconds.append(decision.seconds)
        return decision

    async def hint(self, obs: Observation) -> Suggestion:
        """The suggestion for the person who sees `obs`, worked out in a worker process."""
        return await self._run(HINT, hint, obs)

    async def judge(self, record: HandRecord, index: int, budget: Budget) -> Judged | None:
        """One decision of a game review (`tutor.review.jobs.judge_at`), in a worker."""
        return await self._run(REVIEW, judge_at, record, index, budget)

    @property
    def saturated(self) -> bool:
        """Every worker is busy: a new job waits for one to be free."""
        with self._lock:
            return self._running >= self.workers

    def stats(self) -> dict[str, Any]:
        """Figures for /tutor-stats: workers, jobs running and waiting, decisions, and the
        playouts and milliseconds of recent searches."""
        with self._lock:
            playouts, seconds = list(self._playouts), list(self._seconds)
            return {"workers": self.workers, "busy": self._running,
                    "waiting": len(self._waiting), "decisions": self.decisions,
                    "playouts_p50": statistics.median(playouts) if playouts else None,
                    "search_ms_p50": (round(statistics.median(seconds) * 1000, 1)
                                      if seconds else None)}

    def worker_pids(self) -> list[int]:
        """The process ids of the running workers (for monitoring, and for tests that kill
        one)."""
        with self._lock:
            executor = self._executor
        processes = getattr(executor, "_processes", None) or {}
        return list(processes)

    def start(self) -> None:
        """Start every worker now and wait until each has imported the AI (at serve start,
        so the first game does not wait for it)."""
        executor = self._current()
        for future in [executor.submit(_counted, self.jobs_per_worker, _ready)
                       for _ in range(self.workers)]:
            future.result()

    def shutdown(self) -> None:
        """Stop the workers (a later job starts new ones)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers for good (the server is stopping): the jobs still waiting fail,
        and none starts new workers, as a job finishing or cancelled now would."""
        with self._lock:
            self._closed = True
            waiting, self._waiting = self._waiting, []
        for job in waiting:
            job.result.set_exception(BrokenExecutor("the server is stopping"))
        self.shutdown()

    # -------------------------------------------------------------- plumbing
    async def _run(self, priority: int, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in a worker; a pool whose worker died is replaced and tried again."""
        for attempt in (1, 2):
            job = _Job(priority, next(self._seq), work, args)
            self._enqueue(job)
            try:
                return await asyncio.wrap_future(job.result)
            except BrokenExecutor:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _enqueue(self, job: _Job) -> None:
        with self._lock:
            if self._closed:
                job.result.set_exception(BrokenExecutor("the server is stopping"))
                return
            heapq.heappush(self._waiting, job)
        self._dispatch()

    def _dispatch(self) -> None:
        """Hand waiting jobs to the workers while one is free."""
        while True:
            with self._lock:
                if self._closed or self._running >= self.workers or not self._waiting:
                    return
                job = heapq.heappop(self._waiting)
                self._running += 1
            executor = self._current()
            try:
                future = executor.submit(_counted, self.jobs_per_worker, job.work, *job.args)
            except (BrokenExecutor, RuntimeError) as exc:  # found broken, or just shut down
                self._finished(executor, job, None, BrokenExecutor(str(exc)))
                continue
            future.add_done_callback(
                lambda done, job=job, executor=executor: self._finished(executor, job, done))

    def _finished(self, executor: ProcessPoolExecutor, job: _Job, done: Future | None,
                  error: BaseException | None = None) -> None:
        """A job ended (in the executor's thread): pass on its result, start the next."""
        with self._lock:
            self._running -= 1
        if error is None and done is not None:
            error = (BrokenExecutor("the AI's workers were stopped") if done.cancelled()
                     else done.exception())
        if isinstance(error, BrokenExecutor):
            self._drop(executor)
        if error is not None:
            job.result.set_exception(error)
        else:
            job.result.set_result(done.result())
        self._dispatch()

    def _current(self) -> ProcessPoolExecutor:
        """The executor, started on first use."""
        from concurrent.futures import ProcessPoolExecutor

        with self._lock:
            if self._executor is None:
                # spawn: each worker is a fresh interpreter and a direct child of this
                # process (not a fork of it, with its threads and open database)
                context = multiprocessing.get_context("spawn")
                # one thread of BLAS in each: a worker is one core's search, and the value
                # leaves' small matrix products on threads of their own fought the other
                # workers (a batch of 50 leaves took 30x as long on a busy machine)
                for var in BLAS_THREADS:
                    os.environ.setdefault(var, "1")
                self._executor = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_start_worker,
                    initargs=(os.getpid(),), max_tasks_per_child=self.jobs_per_worker)
            return self._executor

    def _drop(self, broken: ProcessPoolExecutor) -> None:
        """Forget a pool whose worker died (unless another job replaced it already)."""
        with self._lock:
            if self._executor is not broken:
                return
            self._executor = None
        print("an AI worker died: its jobs run again on new workers", file=sys.stderr,
              flush=True)
        broken.shutdown(wait=False, cancel_futures=True)
