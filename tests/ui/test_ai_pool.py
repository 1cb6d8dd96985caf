"""The AI's worker processes: the same decisions as in this process, hints, figures, and a
pool that survives a worker being killed."""

from __future__ import annotations

import asyncio
import os
import signal
import statistics
from concurrent.futures import BrokenExecutor

import pytest

from tests.loops import run_alone
from tutor.ai import Decision, HeuristicPlayer, PlayerSpec, decide
from tutor.review import hint
from tutor.rules import Phase
from tutor.ui.ai_pool import MOVE, AIPool, default_workers
from tutor.ui.play.session import PlaySession


def _observations(seed: int, count: int) -> list:
    """Observations of the seat to act, from a hand the heuristic plays for everyone."""
    session = PlaySession(seed=seed, strength="easy")
    player, seen = HeuristicPlayer(seed=1), []
    while not session.hand_over and len(seen) < count:
        obs = session.hand.observation(session.hand.turn)
        if obs.phase == Phase.PLAYING:
            seen.append(obs)
        session.hand.apply(player.act(obs))
    return seen[::7]


@pytest.fixture(scope="module")
def pool():
    made = AIPool(2)
    made.start()
    yield made
    made.shutdown()


def test_a_worker_decides_what_this_process_would(pool):
    spec = PlayerSpec("search", 5, (("playouts", 40),))
    observations = _observations(seed=4, count=120)

    async def both():
        return await asyncio.gather(*(pool.decide(spec, obs) for obs in observations))

    remote = run_alone(both())
    local = [decide(spec, obs) for obs in observations]
    assert [d.action for d in remote] == [d.action for d in local]
    assert [d.playouts for d in remote] == [d.playouts for d in local]
    searched = [d.playouts for d in remote if d.playouts]
    assert searched and all(p < 40 + 8 for p in searched)  # a clear best may stop it early
    figures = pool.stats()
    assert figures["decisions"] >= len(observations) and figures["busy"] == 0
    assert figures["playouts_p50"] == statistics.median(searched)
    assert figures["workers"] == 2


def test_a_hint_from_a_worker_is_the_reviews(pool):
    obs = _observations(seed=6, count=30)[1]
    remote = run_alone(pool.hint(obs))
    here = hint(obs)
    assert remote.action == here.action and remote.reasons == here.reasons


def test_a_saturated_pool_says_so_while_its_jobs_run():
    small = AIPool(1)
    spec = PlayerSpec("search", 1, (("playouts", 400),))
    obs = _observations(seed=8, count=60)[3]

    async def run():
        jobs = [asyncio.ensure_future(small.decide(spec, obs)) for _ in range(2)]
        await asyncio.sleep(0)
        during = small.saturated
        await asyncio.gather(*jobs)
        return during, small.saturated

    try:
        assert run_alone(run()) == (True, False)
    finally:
        small.shutdown()


def test_a_killed_worker_is_replaced_and_the_decision_still_comes(pool):
    obs = _observations(seed=9, count=30)[0]
    spec = PlayerSpec("heuristic", 3)
    run_alone(pool.decide(spec, obs))
    assert len(pool.worker_pids()) == 2
    for pid in pool.worker_pids():
        os.kill(pid, signal.SIGKILL)
    assert run_alone(pool.decide(spec, obs)).action == decide(spec, obs).action


def test_the_worker_count_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("TUTOR_AI_WORKERS", "3")
    assert default_workers() == 3
    monkeypatch.setenv("TUTOR_AI_WORKERS", "many")
    assert default_workers() == (os.cpu_count() or 1)
    with pytest.raises(ValueError, match="at least one"):
        AIPool(0)


def test_workers_leave_when_the_web_process_is_killed():
    """A SIGKILLed server cannot stop its workers; they notice and exit by themselves."""
    import subprocess
    import sys
    import time

    code = ("from tutor.ui.ai_pool import AIPool\n"
            "pool = AIPool(2)\npool.start()\nprint(*pool.worker_pids(), flush=True)\n"
            "import time\ntime.sleep(60)\n")
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    pids = [int(p) for p in server.stdout.readline().split()]
    assert len(pids) == 2
    server.kill()
    server.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(pid) for pid in pids):
        time.sleep(0.2)
    assert not any(_alive(pid) for pid in pids)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (exited, not yet reaped by init) counts as gone
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def test_a_hint_does_not_wait_behind_queued_searches():
    """One worker, busy; two searches wait, then a hint is asked for: the hint is served as
    soon as the worker is free, before the searches that came first."""
    small = AIPool(1)
    spec = PlayerSpec("search", 2, (("playouts", 300),))
    obs = _observations(seed=8, count=60)[3]
    finished: list[str] = []

    async def run():
        async def job(name, coro):
            await coro
            finished.append(name)

        tasks = [asyncio.ensure_future(job("running", small.decide(spec, obs)))]
        await asyncio.sleep(0.05)
        tasks += [asyncio.ensure_future(job(f"search {i}", small.decide(spec, obs)))
                  for i in (1, 2)]
        await asyncio.sleep(0.05)
        assert small.stats()["waiting"] == 2
        tasks.append(asyncio.ensure_future(job("hint", small.hint(obs))))
        await asyncio.gather(*tasks)

    try:
        small.start()
        run_alone(run())
    finally:
        small.shutdown()
    assert finished == ["running", "hint", "search 1", "search 2"]


def test_a_pool_shut_down_mid_work_still_answers_every_job():
    """Jobs running or waiting when the workers are stopped still get their decision (the
    running one from its worker, the others tried again on new workers), never an error, and
    never hang: a hang fails `wait_for`, which raises (it is not one of the results)."""
    small = AIPool(1)
    spec = PlayerSpec("search", 2, (("playouts", 300),))
    obs = _observations(seed=8, count=60)[3]

    async def run():
        jobs = [asyncio.ensure_future(small.decide(spec, obs)) for _ in range(3)]
        await asyncio.sleep(0.3)
        small.shutdown()
        return await asyncio.wait_for(asyncio.gather(*jobs, return_exceptions=True), 120)

    small.start()
    try:
        results = run_alone(run())
    finally:
        small.shutdown()
    expected = decide(spec, obs)
    assert [(r.action, r.playouts) if isinstance(r, Decision) else r for r in results] == \
        [(expected.action, expected.playouts)] * 3


def test_a_worker_leaves_after_its_jobs_and_new_ones_run_every_job_after(capfd):
    """A pool of one worker that leaves after 3 jobs (the served pool's: 500, so a worker's
    heap cannot grow for ever): 7 jobs all finish, on 3 workers one after another, and each
    leaving is said in the server's log."""
    small = AIPool(1, jobs_per_worker=3)

    async def run():
        return [await small._run(MOVE, os.getpid) for _ in range(7)]

    try:
        pids = run_alone(run())
    finally:
        small.shutdown()
    assert pids == [pids[0]] * 3 + [pids[3]] * 3 + [pids[6]] and len(set(pids)) == 3
    assert capfd.readouterr().err.count("leaves after 3 jobs") == 2


def test_a_closed_pool_fails_its_jobs_at_once_and_starts_no_workers():
    """The server stopping closes its pool: a job asked for then fails at once (its page is
    going away) instead of starting a new set of workers."""
    small = AIPool(1)
    small.close()

    async def run():
        return await small._run(MOVE, os.getpid)

    with pytest.raises(BrokenExecutor):
        run_alone(run())
    assert small.worker_pids() == [] and small._executor is None
