"""`python -m tutor ladder`: the strength ladder read from arena logs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab.commands import arena as arena_cmd
from lab.commands import ladder


def _log(tmp_path, name: str, argv: list[str], seed: int = 4) -> str:
    path = str(tmp_path / name)
    assert arena_cmd.main([*argv, "--deals", "2", "--seed", str(seed), "--workers", "1",
                           "--quiet", "--json", "--log", path]) == 0
    return path


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("ladder")
    return [_log(tmp, "h_r.jsonl", ["heuristic", "random"]),
            _log(tmp, "s1_h.jsonl", ["search", "heuristic", "--playouts", "2"]),
            _log(tmp, "s2_h.jsonl", ["search", "heuristic", "--playouts", "6"])]


def test_each_step_is_direct_or_paired_deal_by_deal(logs, capsys):
    capsys.readouterr()
    assert ladder.main([*logs, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(s["from"], s["to"], s["how"]) for s in out] == [
        ("random", "heuristic", "direct"),
        ("heuristic", "search(playouts=2)", "direct"),
        ("search(playouts=2)", "search(playouts=6)", "paired")]
    loaded = [ladder.load(Path(p))[1] for p in logs]
    assert out[0]["jifen"]["mean"] == pytest.approx(
        sum(d.jifen for d in loaded[0]) / 2, abs=1e-4)
    diffs = [b.jifen - a.jifen for a, b in zip(loaded[1], loaded[2], strict=True)]
    assert out[2]["jifen"]["mean"] == pytest.approx(sum(diffs) / 2, abs=1e-4)
    assert out[2]["jifen"]["n"] == 2
    assert ladder.main(logs) == 0
    assert "random < heuristic: 积分" in capsys.readouterr().out


def test_logs_that_do_not_climb_one_ladder_are_refused(logs, tmp_path, capsys):
    other = _log(tmp_path, "s2_h_5.jsonl", ["search", "heuristic", "--playouts", "6"], seed=5)
    capsys.readouterr()
    with pytest.raises(SystemExit):
        ladder.main([logs[1], other])  # other deals: no pairs to compare
    assert "does not start at search(playouts=2)" in capsys.readouterr().err
    junk = tmp_path / "notes.txt"
    junk.write_text("not a log\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        ladder.main([str(junk)])
    assert "not an arena log" in capsys.readouterr().err
