"""The command line: what it lists, the development commands it forwards to `lab` from a
checkout (and refuses clearly without one), selfplay's JSON records and the engine
benchmark's output."""

import itertools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.__main__ import main

KEYS = {"declarer", "friend", "trump", "kitty", "defender_points", "kitty_multiplier",
        "kitty_bonus", "levels_before", "levels_after", "score", "failed_throws", "tricks"}


def test_selfplay_json_prints_one_consistent_record_per_hand(capsys):
    assert main(["selfplay", "--hands", "3", "--seed", "7", "--json"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 3
    records = [json.loads(line) for line in lines]
    for rec in records:
        assert rec.keys() >= KEYS
        assert set(rec["trump"]) == {"level", "suit"}
        assert len(rec["kitty"]) == 7
        cards = sum(len(p) for t in rec["tricks"] for p in t["plays"])
        assert cards == 155
        trick_points = sum(t["points"] for t in rec["tricks"])
        assert rec["defender_points"] == rec["trick_points"] + rec["kitty_bonus"]
        assert trick_points + rec["kitty_points"] == 300
        for t in rec["tricks"]:
            assert {"leader", "plays", "winner", "points"} <= t.keys()
    for before, after in itertools.pairwise(records):
        assert after["levels_before"] == before["levels_after"]
        assert after["declarer"] == before["next_declarer"]


def test_selfplay_is_deterministic_for_a_seed(capsys):
    main(["selfplay", "--hands", "2", "--seed", "3", "--json"])
    first = capsys.readouterr().out
    main(["selfplay", "--hands", "2", "--seed", "3", "--json"])
    assert capsys.readouterr().out == first


def test_bench_engine_json_reports_hands_per_second():
    out = subprocess.run([sys.executable, "-m", "tutor", "bench", "engine", "--hands", "5",
                          "--json"], capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["hands"] == 5 and data["hands_per_second"] > 0
    assert data["legal_follow_check_us"] > 0 and data["throw_check_us"] > 0


def test_unknown_command_is_a_usage_error(capsys):
    assert main(["fly"]) == 2
    assert "unknown command: fly" in capsys.readouterr().err


def test_bench_ai_times_a_search_variant_and_refuses_what_is_no_player(capsys):
    out = subprocess.run([sys.executable, "-m", "tutor", "bench", "ai", "--search-every", "40",
                          "--budget", "0.05", "--player", "search:playouts=8,policy=heuristic",
                          "--player", "search:playouts=4,bids=1", "--json"],
                         capture_output=True, text=True, check=True).stdout
    figures = json.loads(out)
    for name in ("search:playouts=8,policy=heuristic", "search:playouts=4,bids=1",
                 "search:playouts=4,bids=1 (bids)"):
        timed = figures[name]
        assert timed["n"] >= 2 and 0 < timed["p50_s"] <= timed["p95_s"] <= timed["max_s"]
    assert "search:playouts=8,policy=heuristic (bids)" not in figures  # it bids as the heuristic
    for spec in ("know:deal", "search:teams=known"):
        with pytest.raises(SystemExit):
            main(["bench", "ai", "--player", spec])
        assert spec in capsys.readouterr().err


ROOT = Path(__file__).resolve().parents[2]


def test_help_lists_only_what_a_teacher_or_operator_runs(capsys):
    assert main(["--help"]) == 0
    listed = {line.split()[0] for line in capsys.readouterr().out.splitlines()
              if line.startswith("  ")}
    assert listed == {"serve", "review", "migrate", "puzzles", "lessons", "mine"}


def test_a_development_command_runs_as_typed_from_another_folder_of_a_checkout(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(ROOT)  # tutor from this checkout; lab found beside it
    out = subprocess.run([sys.executable, "-m", "tutor", "ladder", "--help"], cwd=tmp_path,
                         env=env, capture_output=True, text=True, check=True).stdout
    assert "python -m tutor ladder" in out


def test_an_installed_tutor_without_lab_says_where_development_commands_run(tmp_path):
    shutil.copytree(ROOT / "tutor", tmp_path / "tutor",
                    ignore=shutil.ignore_patterns("__pycache__", "*.npz"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, "-m", "tutor", "arena", "hard", "heuristic"],
                          cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 2
    assert "'arena' is a development command" in done.stderr and "checkout" in done.stderr
    done = subprocess.run([sys.executable, "-m", "tutor", "fly"], cwd=tmp_path, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 2 and "unknown command: fly" in done.stderr


def test_python_m_lab_lists_and_runs_the_development_commands():
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    listed = subprocess.run([sys.executable, "-m", "lab", "--help"], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=True).stdout
    for name in ("bench", "arena", "ladder", "ai-oracle", "ai-fit", "ai-value", "load",
                 "selfplay"):
        assert f"  {name} " in listed
    out = subprocess.run([sys.executable, "-m", "lab", "selfplay", "--hands", "1", "--seed",
                          "3", "--json"], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True).stdout
    assert json.loads(out)["tricks"]
