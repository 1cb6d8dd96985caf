"""`python -m tutor bench serve --learners K [--mix …] [--seconds S] [--ai-workers N] [--json]
[-- SERVE-ARGS…]`: start a local server on a temporary database, warm it up with one learner
(the unloaded AI figures), load it with K learners, stop it, and count the attempts the
database file really holds. One JSON object with --json.

`--tables K` instead: K shared tables of five simulated people each (`lab.loadgen.tables`),
no warm-up; how long a play takes to reach the other four seats, and the table actions
the database file holds against those the people's pages acknowledged."""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from lab.loadgen import LoadError, MixError, parse_mix, run_load
from lab.loadgen.learner import THINK_S
from lab.loadgen.tables import run_tables

DEFAULT_MIX = "play:normal=1"
STATS_PATH = "/tutor-stats"
START_S = 180  # a cold server on a loaded machine may take this long to answer
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ------------------------------------------------------------------- the server's share
def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds of the process and its waited-for children), from /proc."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()  # after "pid (comm) "
    utime, stime, cutime, cstime = (int(x) for x in fields[11:15])
    return int(fields[1]), (utime + stime + cutime + cstime) / TICKS


def family(pid: int) -> list[int]:
    """`pid` and all its live descendants."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (found := _stat(int(entry))) is not None:
            parents.setdefault(found[0], []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(parents.get(p, []))
    return out


def cpu_of(pid: int) -> float:
    """CPU seconds used so far by `pid` and its children (live ones and reaped ones)."""
    return sum(found[1] for p in family(pid) if (found := _stat(p)) is not None)


def rss_mb(pid: int) -> float:
    """Resident memory of `pid` and its live children, in MB."""
    total = 0
    for p in family(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return round(total / 1024, 1)


# ----------------------------------------------------------------------- the server
class Server:
    """`python -m tutor serve` on a free port and a database file in `folder`."""

    def __init__(self, folder: Path, serve_args: list[str], ai_delay_ms: int | None) -> None:
        self.port = free_port()
        self.db = folder / "tutor.duckdb"
        self.log_path = folder / "serve.log"
        self.url = f"http://localhost:{self.port}"
        env = dict(os.environ, TUTOR_DB=str(self.db))
        if ai_delay_ms is not None:
            env["TUTOR_AI_DELAY_MS"] = str(ai_delay_ms)
        self.args = [sys.executable, "-m", "tutor", "serve", "--port", str(self.port),
                     *serve_args]
        self._log = open(self.log_path, "w")  # noqa: SIM115 (closed in stop)
        self.proc = subprocess.Popen(self.args, stdout=self._log, stderr=subprocess.STDOUT,
                                     env=env)

    def wait_ready(self) -> None:
        """Until the home page answers; LoadError (with the log's end) if it never does."""
        deadline = time.monotonic() + START_S
        while True:
            try:
                urllib.request.urlopen(self.url + "/", timeout=30).read()
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise LoadError(f"the server did not start ({' '.join(self.args[2:])}):\n"
                                    + self.log_tail()) from None
                time.sleep(0.3)

    def stats(self) -> dict[str, Any] | None:
        """GET /tutor-stats (the AI pool's figures), or None where the server has none."""
        try:
            with urllib.request.urlopen(self.url + STATS_PATH, timeout=10) as response:
                return json.loads(response.read())
        except (OSError, ValueError):
            return None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()

    def log_tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.log_path.read_text().splitlines()[-lines:])
        except OSError:
            return "(no log)"


def saved_attempts(db: Path) -> int:
    """The attempts the database file holds once the server has stopped."""
    import duckdb

    from tutor.store import Store

    Store(db).close()  # opened as the app would: a file a killed server left is replayed
    with duckdb.connect(str(db), read_only=True) as con:
        return int(con.execute("SELECT count(*) FROM attempts").fetchone()[0])


def saved_table_actions(db: Path) -> dict[str, set[int]]:
    """Per table code, the counts its saved actions reach (action number n is count n + 1)
    in the database file once the server has stopped."""
    import duckdb

    from tutor.store import Store

    Store(db).close()
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT t.code, a.seq FROM game_actions a JOIN shared_tables t"
                           " ON t.game_id = a.game_id").fetchall()
    saved: dict[str, set[int]] = {}
    for code, seq in rows:
        saved.setdefault(code, set()).add(int(seq) + 1)
    return saved


def playouts(stats: dict[str, Any] | None) -> float | None:
    ai = (stats or {}).get("ai") or {}
    value = ai.get("playouts_p50")
    return float(value) if isinstance(value, int | float) else None


# ----------------------------------------------------------------------------- main
def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tutor bench serve",
                                description="a local server under simulated learners; "
                                            "arguments after -- go to `serve`")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--learners", type=int, help="simulated learners (default 1)")
    who.add_argument("--tables", type=int,
                     help="shared tables of five simulated people each, instead of learners")
    p.add_argument("--mix", default=DEFAULT_MIX, help=f"default {DEFAULT_MIX}")
    p.add_argument("--seconds", type=float, default=60, help="the loaded run (default 60)")
    p.add_argument("--warmup", type=float, default=15,
                   help="one learner playing 'normal' first: the unloaded figures "
                        "(default 15 s; 0 skips it)")
    p.add_argument("--ai-workers", type=int, help="passed on to serve")
    p.add_argument("--ai-delay-ms", type=int,
                   help="TUTOR_AI_DELAY_MS for the server (default: the app's pacing)")
    p.add_argument("--think-ms", type=float, default=THINK_S * 1000,
                   help=f"a learner's mean pause between actions (default {THINK_S * 1000:.0f})")
    p.add_argument("--json", action="store_true")
    return p


def main(argv: list[str]) -> int:
    serve_args: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, serve_args = argv[:at], argv[at + 1:]
    args = parser().parse_args(argv)
    if args.ai_workers is not None:
        serve_args = ["--ai-workers", str(args.ai_workers), *serve_args]
    try:
        if args.tables is not None:
            if args.tables < 1:
                raise LoadError("--tables must be at least 1")
            result = bench_tables(args, serve_args)
            print(json.dumps(result, ensure_ascii=False) if args.json
                  else tables_table(result))
            return 0
        mix = parse_mix(args.mix)
        if args.learners is None:
            args.learners = 1
        if args.learners < 1:
            raise LoadError("--learners must be at least 1")
        result = bench(args, mix, serve_args)
    except (MixError, LoadError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False) if args.json else table(result))
    return 0


def bench(args: argparse.Namespace, mix, serve_args: list[str]) -> dict[str, Any]:
    """Start, warm up, load, stop, count: the figures."""
    with tempfile.TemporaryDirectory(prefix="tutor-bench-serve-") as folder:
        print("bench serve: starting the server …", file=sys.stderr, flush=True)
        server = Server(Path(folder), serve_args, args.ai_delay_ms)
        try:
            server.wait_ready()
            warm = None
            if args.warmup > 0:
                print(f"bench serve: warm-up, one learner playing 'normal' for "
                      f"{args.warmup:.0f} s", file=sys.stderr, flush=True)
                warm = run_load(server.url, 1, parse_mix("play:normal=1"), args.warmup,
                                mix_text="play:normal=1", think_s=args.think_ms / 1000)
            warm_stats = server.stats()
            print(f"bench serve: {args.learners} learners ({args.mix}) for "
                  f"{args.seconds:.0f} s", file=sys.stderr, flush=True)
            cpu0, load0 = cpu_of(server.proc.pid), os.getloadavg()[0]
            report = run_load(server.url, args.learners, mix, args.seconds, mix_text=args.mix,
                              think_s=args.think_ms / 1000)
            server_cpu = cpu_of(server.proc.pid) - cpu0
            memory, load1 = rss_mb(server.proc.pid), os.getloadavg()[0]
            main_stats = server.stats()
        finally:
            server.stop()
        if server.proc.returncode not in (0, -15, None):
            report.error("server", f"serve exited with {server.proc.returncode}: "
                                   + server.log_tail(3))
        saved = saved_attempts(server.db)
    figures = report.as_dict()
    return {
        "learners": args.learners, "mix": args.mix, "seconds": figures["seconds"],
        "click_to_update_ms": figures["click_to_update_ms"],
        "ai_move_ms": figures["ai_move_ms"], "hint_ms": figures["hint_ms"],
        "click_to_update_by_action_ms": figures["click_to_update_by_action_ms"],
        "playouts_per_decision": {"unloaded": playouts(warm_stats),
                                  "loaded": playouts(main_stats)},
        "first_render_ms": figures["first_render_ms"],
        "attempts_acknowledged": report.attempts_acknowledged, "attempts_saved": saved,
        "errors": report.errors, "error_kinds": figures["error_kinds"],
        "error_examples": figures["error_examples"],
        "generator_cpu_s": figures["generator_cpu_s"], "server_cpu_s": round(server_cpu, 2),
        "server_rss_mb": memory,
        # the 1-minute load average as the run began and ended: other work on the machine
        # (above the server and the generator) makes every figure worse
        "load_average": [round(load0, 2), round(load1, 2)], "cores": os.cpu_count(),
        "warmup": None if warm is None else {
            "seconds": round(warm.seconds, 1), "ai_move_ms": warm.as_dict()["ai_move_ms"],
            "click_to_update_ms": warm.as_dict()["click_to_update_ms"]},
        "server_stats": {"after_warmup": warm_stats, "after_run": main_stats},
        "serve_args": serve_args, "counts": figures["counts"], "notes": figures["notes"],
    }


def bench_tables(args: argparse.Namespace, serve_args: list[str]) -> dict[str, Any]:
    """Start, seat the tables and let them play, stop, count the saved table actions."""
    with tempfile.TemporaryDirectory(prefix="tutor-bench-serve-") as folder:
        print("bench serve: starting the server …", file=sys.stderr, flush=True)
        server = Server(Path(folder), serve_args, args.ai_delay_ms)
        try:
            server.wait_ready()
            print(f"bench serve: {args.tables} tables of 5 people, playing for "
                  f"{args.seconds:.0f} s once seated (think {args.think_ms:.0f} ms mean)",
                  file=sys.stderr, flush=True)
            cpu0, load0 = cpu_of(server.proc.pid), os.getloadavg()[0]
            result = run_tables(server.url, args.tables, args.seconds,
                                think_s=args.think_ms / 1000)
            server_cpu = cpu_of(server.proc.pid) - cpu0
            memory, load1 = rss_mb(server.proc.pid), os.getloadavg()[0]
        finally:
            server.stop()
        report = result.report
        if server.proc.returncode not in (0, -15, None):
            report.error("server", f"serve exited with {server.proc.returncode}: "
                                   + server.log_tail(3))
        saved = saved_table_actions(server.db)
        log_problems = [line for line in server.log_tail(400).splitlines()
                        if line.startswith("table ") or "Traceback" in line]
    acknowledged = result.acknowledged
    lost = {code: sorted(nums - saved.get(code, set()))
            for code, nums in acknowledged.items() if nums - saved.get(code, set())}
    figures = result.as_dict()
    return {
        "tables": figures["tables"], "people": figures["people"],
        "seconds": figures["seconds"], "setup_s": figures["setup_s"],
        # a person's mean pause before each action, drawn from half to one and a half
        # times it (the learners' think time); a turn with a hint is two pauses
        "think_ms": args.think_ms,
        "play_seen_ms": figures["play_seen_ms"],
        "actions_acknowledged": figures["actions_acknowledged"],
        # of the acknowledged actions, those the database file holds under their number
        "actions_saved": sum(len(nums & saved.get(code, set()))
                             for code, nums in acknowledged.items()),
        # every table action saved (the computer's, for a person out of time, included)
        "actions_in_database": sum(len(v) for v in saved.values()),
        "acknowledged_not_saved": lost,
        "errors": report.errors, "error_kinds": dict(report.error_kinds),
        "error_examples": list(report.examples),
        "click_to_update_ms": figures["click_to_update_ms"], "hint_ms": figures["hint_ms"],
        "click_to_update_by_action_ms": figures["click_to_update_by_action_ms"],
        "first_render_ms": figures["first_render_ms"],
        "max_count_by_table": figures["max_count_by_table"],
        "saved_by_table": {code: len(v) for code, v in saved.items()},
        "generator_cpu_s": figures["generator_cpu_s"], "server_cpu_s": round(server_cpu, 2),
        "server_rss_mb": memory,
        "load_average": [round(load0, 2), round(load1, 2)], "cores": os.cpu_count(),
        "server_log_problems": log_problems[:5],
        "serve_args": serve_args, "counts": figures["counts"],
    }


def tables_table(r: dict[str, Any]) -> str:
    def pair(d: dict[str, Any]) -> str:
        return "—" if d["p50"] is None else f"{d['p50']:.0f} / {d['p95']:.0f} ms"

    lines = [f"bench serve: {r['tables']} tables of 5 people, {r['seconds']:.0f} s "
             f"(seated in {r['setup_s']:.0f} s), think {r['think_ms']:.0f} ms",
             f"  play seen p50/p95         {pair(r['play_seen_ms'])}",
             f"  click -> update p50/p95   {pair(r['click_to_update_ms'])}",
             f"  hint p50/p95              {pair(r['hint_ms'])}",
             f"  actions                   {r['actions_acknowledged']} acknowledged, "
             f"{r['actions_saved']} of them saved ({r['actions_in_database']} in the database)",
             f"  errors                    {r['errors']}",
             f"  CPU                       server {r['server_cpu_s']} s, generator "
             f"{r['generator_cpu_s']} s; server memory {r['server_rss_mb']} MB; load "
             f"{r['load_average']}"]
    lines += [f"  - {e}" for e in r["error_examples"]]
    return "\n".join(lines)


def table(r: dict[str, Any]) -> str:
    def pair(d: dict[str, Any]) -> str:
        return "—" if d["p50"] is None else f"{d['p50']:.0f} / {d['p95']:.0f} ms"

    p = r["playouts_per_decision"]
    lines = [f"bench serve: {r['learners']} learners, {r['mix']}, {r['seconds']:.0f} s",
             f"  click -> update p50/p95   {pair(r['click_to_update_ms'])}",
             f"  AI move p50/p95           {pair(r['ai_move_ms'])}",
             f"  hint p50/p95              {pair(r['hint_ms'])}",
             f"  first render p50/p95      {pair(r['first_render_ms'])}",
             f"  playouts per decision     unloaded {p['unloaded']}, loaded {p['loaded']}",
             f"  attempts                  {r['attempts_acknowledged']} acknowledged, "
             f"{r['attempts_saved']} saved",
             f"  errors                    {r['errors']}",
             f"  CPU                       server {r['server_cpu_s']} s, generator "
             f"{r['generator_cpu_s']} s; server memory {r['server_rss_mb']} MB"]
    lines += [f"  - {e}" for e in r["error_examples"]]
    return "\n".join(lines)
