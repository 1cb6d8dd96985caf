"""`python -m tutor bench store` runs end to end and prints the figures it promises."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab.commands import bench_store

SMALL = ["--attempts", "400", "--inserts", "20", "--classes", "2", "--class-size", "3",
         "--repeat", "2", "--game-actions", "20"]


def test_json_output_has_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_store.main(["--json", *SMALL]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["attempts"] == 400
    assert figures["class_learners"] == 3
    assert figures["game_actions"] == 20
    for key in ("inserts_per_second", "history_query_ms", "class_query_ms",
                "game_action_ms_first", "game_action_ms_last", "game_read_ms"):
        assert figures[key] > 0


def test_it_never_writes_into_an_existing_file(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    existing = tmp_path / "tutor.duckdb"
    existing.write_bytes(b"precious")
    assert bench_store.main(["--db", str(existing), *SMALL]) == 2
    assert "exists" in capsys.readouterr().out
    assert existing.read_bytes() == b"precious"


def test_a_new_db_path_is_used_and_kept(tmp_path: Path) -> None:
    target = tmp_path / "bench.duckdb"
    assert bench_store.main(["--db", str(target), *SMALL]) == 0
    assert target.is_file()


def test_it_runs_on_an_empty_postgresql_database(pg_database, capsys) -> None:
    url = pg_database()
    assert bench_store.main(["--db", url, "--json", *SMALL]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["backend"] == "postgresql" and figures["attempts"] == 400
    assert figures["concurrent_inserts_per_second"] > 0
    assert bench_store.main(["--db", url, *SMALL]) == 1  # it holds records now
    assert "already holds records" in capsys.readouterr().out
