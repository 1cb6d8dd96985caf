"""Mining: the same seed gives the same output, on local processes and on a real Dask
cluster (a `dask scheduler` and two `dask worker` processes on this machine); an
interrupted run resumes; the output loads as bank puzzles."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tutor.commands.mine import main
from tutor.puzzle.loader import load_mined
from tutor.strategy.run import read_lines

DASK = Path(sys.executable).parent / "dask"
ARGS = ["--hands", "2", "--seed", "7", "--deals", "4", "--json"]


def mined(tmp_path: Path, name: str, *extra: str, capsys) -> tuple[bytes, dict]:
    out = tmp_path / name
    assert main([*ARGS, "--out", str(out), *extra]) == 0
    return out.read_bytes(), json.loads(capsys.readouterr().out)


@pytest.fixture
def cluster(tmp_path):
    """A Dask scheduler and two single-threaded worker processes; its address."""
    file = tmp_path / "scheduler.json"
    log = (tmp_path / "dask.log").open("w")
    procs = [subprocess.Popen([str(DASK), "scheduler", "--no-dashboard", "--port", "0",
                               "--scheduler-file", str(file)], stdout=log, stderr=log)]
    address = None
    try:
        deadline = time.monotonic() + 60
        while not file.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        for _ in range(2):
            procs.append(subprocess.Popen(
                [str(DASK), "worker", "--no-dashboard", "--nthreads", "1", "--nworkers", "1",
                 "--scheduler-file", str(file)], stdout=log, stderr=log))
        from distributed import Client

        address = json.loads(file.read_text())["address"]
        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        # the scheduler closes its workers at once; a terminated worker took 8 s to go
        if address is not None:
            with contextlib.suppress(Exception), Client(address, timeout=30) as client:
                client.shutdown()
        for proc in procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=15)
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=30)
        log.close()


@pytest.mark.timeout(600)
def test_a_seed_mines_the_same_bytes_twice_locally_and_on_a_dask_cluster(tmp_path, capsys,
                                                                         cluster):
    first, report = mined(tmp_path, "a.jsonl", "--workers", "2", capsys=capsys)
    on_dask, dask_report = mined(tmp_path, "c.jsonl", "--scheduler", cluster, capsys=capsys)
    assert first == on_dask  # two runs, two engines, one output (a third run added 20 s)
    assert report["hands"] == dask_report["hands"] == 2
    lines = read_lines(tmp_path / "a.jsonl")
    assert [x["number"] for x in lines] == [0, 1]
    puzzles = load_mined(tmp_path / "a.jsonl")
    assert len(puzzles) == report["puzzles"]
    for p in puzzles:  # every kept position reads, solves and names its themes
        assert p.type == "strategy" and p.solve().text in "ABCDEF"
        assert p.themes[0] == "strategy" and len(p.themes) >= 2


def test_an_interrupted_run_resumes_and_a_finished_output_is_not_overwritten(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    assert main(["--hands", "1", "--seed", "7", "--deals", "4", "--json", "--out",
                 str(out)]) == 0
    whole = out.read_text()
    out.write_text(whole + whole[: len(whole) // 2])  # a second line cut short
    assert main(["--hands", "1", "--seed", "7", "--deals", "4", "--json", "--out",
                 str(out)]) == 1
    assert "--resume" in capsys.readouterr().err
    assert main(["--hands", "1", "--seed", "7", "--deals", "4", "--json", "--out", str(out),
                 "--resume"]) == 0
    assert json.loads(capsys.readouterr().out)["new_hands"] == 0  # kept, not mined again
    assert out.read_text() == whole  # the cut line is gone
    assert main(["--hands", "1", "--seed", "8", "--deals", "4", "--json", "--out", str(out),
                 "--resume"]) == 1
    assert "another seed" in capsys.readouterr().err
