"""`python -m tutor serve` runs on glibc's malloc, so ended page sessions' memory can go back
to the system, while its AI workers search on Python's own heap; a PYTHONMALLOC its runner
chose is kept (tutor/ui/heap.py)."""

from __future__ import annotations

import json
import os
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.serving import free_port, served


def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


@pytest.mark.parametrize("given", [None, "pymalloc"])
def test_the_server_runs_on_the_system_malloc_and_its_workers_do_not(tmp_path, given):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONMALLOC"}
    env["TUTOR_DB"] = str(tmp_path / "tutor.duckdb")
    if given:
        env["PYTHONMALLOC"] = given
    args = [sys.executable, "-m", "tutor", "serve", "--port", str(port), "--ai-workers", "2"]
    with served(args, f"http://127.0.0.1:{port}/", tmp_path / "serve.log", env):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/tutor-stats", timeout=30) as r:
            pid = int(json.loads(r.read())["pid"])
        assert _environ(pid).get("PYTHONMALLOC") == (given or "malloc")
        workers = [c for c in _children(pid) if "spawn_main" in
                   Path(f"/proc/{c}/cmdline").read_bytes().decode(errors="replace")]
        assert len(workers) >= 2
        assert all(_environ(w).get("PYTHONMALLOC") == given for w in workers)
