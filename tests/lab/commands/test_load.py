"""`python -m tutor load`: simulated learners against a served app — every part of the mix
runs without errors, and every attempt a page acknowledged is in the database file."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import duckdb

from tests.serving import ROOT, free_port, served
from tutor.store import Store


def load(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tutor", "load", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def test_learners_of_every_part_meet_no_errors_and_lose_no_attempt(tmp_path):
    db = tmp_path / "tutor.duckdb"
    port = free_port()
    # the AI paced slower than a page takes to go quiet (0.2 s), so its moves are seen one by
    # one: at 30 ms all four could land while the learner thinks, and none was counted
    env = dict(os.environ, TUTOR_DB=str(db), TUTOR_AI_DELAY_MS="400")
    with served([sys.executable, "-m", "tutor", "serve", "--port", str(port)],
                f"http://localhost:{port}/", tmp_path / "serve.log", env) as url:
        done = load("--url", url, "--learners", "3", "--seconds", "12", "--think-ms", "50",
                    "--mix", "play:normal=1,puzzles=1,learn=1", "--json")
    assert done.returncode == 0, done.stderr
    assert "ETA" in done.stderr  # the progress line
    report = json.loads(done.stdout)
    assert report["errors"] == 0, report["error_examples"]
    counts = report["counts"]
    assert counts.get("moves", 0) > 0 and counts.get("AI actions", 0) > 0
    assert counts.get("lesson pages", 0) > 0
    assert report["attempts_acknowledged"] > 0
    for key in ("click_to_update_ms", "ai_move_ms", "first_render_ms"):
        assert report[key]["n"] > 0 and 0 < report[key]["p50"] <= report[key]["p95"], key
    assert report["generator_cpu_s"] > 0
    Store(db).close()  # opened as the app would, after the server stopped
    with duckdb.connect(str(db), read_only=True) as con:
        saved = con.execute("SELECT count(*) FROM attempts").fetchone()[0]
    assert saved == report["attempts_acknowledged"]


def test_one_table_of_five_simulated_people_saves_every_acknowledged_action():
    """`bench serve --tables 1`, short: five people seated through the lobby and the code,
    the host starts, they bid, bury, call and play through the pages' protocol; every action
    a page saw acknowledged is in the database, and every play reached the other pages."""
    done = subprocess.run([sys.executable, "-m", "tutor", "bench", "serve", "--tables", "1",
                           "--seconds", "12", "--warmup", "0", "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    assert "ETA" in done.stderr  # the progress line
    report = json.loads(done.stdout)
    assert report["errors"] == 0, report["error_examples"]
    assert (report["tables"], report["people"], report["counts"]["tables started"]) == (1, 5, 1)
    acknowledged = report["actions_acknowledged"]
    assert acknowledged > 0
    assert report["actions_saved"] == report["actions_in_database"] == acknowledged
    seen = report["play_seen_ms"]
    assert seen["n"] >= 4 and 0 < seen["p50"] <= seen["p95"]  # by the other four pages


def test_bad_input_gets_a_clear_error():
    nobody = f"http://localhost:{free_port()}/"
    done = load("--url", nobody, "--learners", "1", "--seconds", "1")
    assert done.returncode == 2
    assert "cannot reach" in done.stderr and "Traceback" not in done.stderr
    for mix, says in (("play:fast=1", "unknown strength"), ("puzzles", "has no share"),
                      ("learn=-1", "above 0"), ("chess=1", "unknown part")):
        done = load("--url", nobody, "--mix", mix)
        assert done.returncode == 2 and says in done.stderr, (mix, done.stderr)
        assert "Traceback" not in done.stderr
    done = load("--url", "localhost:5006", "--seconds", "1")
    assert done.returncode == 2 and "give the app's address" in done.stderr
    done = subprocess.run([sys.executable, "-m", "tutor", "bench", "serve", "--mix", "x=1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "unknown part" in done.stderr


def test_a_short_flood_is_refused_and_the_visitor_keeps_loading_pages(tmp_path):
    """`load --mix flood` for a few seconds against a server behind a (declared) proxy: the
    flood's oversized bodies are refused unread, its pages wait their turn or are refused,
    and the normal visitor's pages all load."""
    port = free_port()
    env = dict(os.environ, TUTOR_DB=str(tmp_path / "tutor.duckdb"))
    args = [sys.executable, "-m", "tutor", "serve", "--port", str(port), "--behind-proxy",
            "--session-burst", "2", "--session-rate", "0.2"]
    with served(args, f"http://localhost:{port}/", tmp_path / "serve.log", env) as url:
        done = load("--url", url, "--mix", "flood", "--seconds", "6", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["errors"] == 0
    assert report["unloaded_ms"]["n"] > 0 and report["loaded_ms"]["n"] > 0
    assert report["bodies_sent"] > 0 and report["bodies_refused"] == report["bodies_sent"]
    # 2 at once, then one every 5 s: of every page the flood asked for, few were built
    assert report["pages_sent"] > 0
    built = report["pages_sent"] - report["pages_refused"] - report["pages_held"]
    assert built <= 2 + 6 * 0.2 + 1
    assert set(report["memory_mb"]) == {"start", "peak", "end"}
    assert report["memory_mb"]["start"] > 0
