"""The shipped bank drawn from what was mined (`strategy.select`, `mine --select`): the caps
on tier 1, on one reason and on one trick hold, the fewest puzzles go, and a folder holding
another mining's files is not written over."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tutor.commands.mine import main
from tutor.puzzle.loader import STRATEGY_DIR
from tutor.strategy.run import read_lines
from tutor.strategy.select import kind, report, select


def entry(n: int, tier: int, why: str, best: float = 1.0) -> dict:
    return {"id": f"strategy-9_{n}-{n}", "decision": "play", "difficulty": tier,
            "why": {"en": why}, "values": [best, 0.0], "trick": n % 25,
            "source": {"hand": f"9_{n}", "action": n}}


def test_the_caps_hold_and_the_narrowest_of_the_most_common_reason_go_first():
    common = [entry(k, 1, "Play 3♣: a low card gives away the fewest points.", 1 + k / 100)
              for k in range(30)]
    others = [entry(100 + k, 2 if k % 2 else 3, f"Play {k}♠: reason number {'x' * k}.")
              for k in range(15)] + [entry(200 + k, 1, f"Lead K♥: idea {'y' * k}.")
                                    for k in range(10)]
    kept = select(common + others)
    kinds = Counter(kind(e) for e in kept)
    assert max(kinds.values()) <= 0.10 * len(kept)
    assert sum(e["difficulty"] == 1 for e in kept) <= 0.60 * len(kept)
    assert all(e in kept for e in others[:15])  # tier 2 and 3, each its own reason: all kept
    dropped = [e for e in common if e not in kept]
    assert dropped and max(e["values"][0] for e in dropped) < min(
        e["values"][0] for e in common if e in kept)  # the narrowest margins went
    shape = report(kept)
    assert shape["top_reason_share"] <= 0.10 and sum(shape["by_tier"].values()) == len(kept)


def test_mine_select_writes_the_bank_within_its_caps(tmp_path, capsys):
    lines = read_lines(STRATEGY_DIR / "judge-2.jsonl")[:60]
    source = tmp_path / "mined" / "judge-9.jsonl"
    source.parent.mkdir()
    source.write_text("".join(json.dumps(x) + "\n" for x in lines))
    out = tmp_path / "bank"
    assert main(["--select", str(source), "--json"]) == 2  # no --out
    assert "--out" in capsys.readouterr().err
    assert main(["--select", str(source), "--out", str(out), "--json"]) == 0
    shape = json.loads(capsys.readouterr().out)
    written = read_lines(out / "judge-9.jsonl")
    puzzles = [e for x in written for e in x["puzzles"]]
    assert len(puzzles) == sum(shape["by_tier"].values()) > 0
    assert sum(e["difficulty"] == 1 for e in puzzles) <= 0.60 * len(puzzles)
    assert shape["left_untold"] == 0 and shape["most_from_one_trick"] <= 2
    assert all(x["puzzles"] for x in written)  # a hand keeping no puzzle is left out
    # another mining's file in the folder: refused, nothing written over
    (out / "mined-1.jsonl").write_text("kept\n")
    before = (out / "judge-9.jsonl").read_bytes()
    assert main(["--select", str(source), "--out", str(out)]) == 1
    assert "mined-1.jsonl" in capsys.readouterr().err
    assert (out / "mined-1.jsonl").read_text() == "kept\n"
    assert (out / "judge-9.jsonl").read_bytes() == before


@pytest.mark.parametrize("args", [["--select", "nowhere.jsonl"]])
def test_a_missing_mined_file_is_named(tmp_path, capsys, args):
    assert main([*args, "--out", str(tmp_path)]) == 2
    assert "nowhere.jsonl" in capsys.readouterr().err
