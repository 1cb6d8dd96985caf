"""The shipped strategy bank: its size and themes, its load time's order, its entries the
judge's own (judged again, each comes out the same), and the verification's report."""

from __future__ import annotations

import json
import random

import pytest

from tutor.ai.rollout import JUDGE
from tutor.commands.puzzles import main as puzzles_main
from tutor.puzzle.loader import STRATEGY_DIR
from tutor.review.review import DEFAULT_BUDGET
from tutor.strategy.run import budget_of, read_lines
from tutor.strategy.verify import stated_best, still_best, verify


@pytest.fixture(scope="module")
def lines():
    return [line for path in sorted(STRATEGY_DIR.glob("*.jsonl")) for line in read_lines(path)]


def test_stats_report_the_bank_within_its_caps(capsys, lines):
    """`puzzles stats` counts every mined puzzle of the bank, which `mine --select` drew within
    its caps: tier 1 at most 60%, no reason over 10%, at most two puzzles from one trick."""
    assert puzzles_main(["stats", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["mined"] == sum(len(x["puzzles"]) for x in lines) > 300
    assert sum(1 for n in report["mined_by_theme"].values() if n > 0) >= 10
    assert report["mined"] + report["rules"] == report["puzzles"]
    assert sum(report["mined_by_decision"].values()) == report["mined"]
    assert sum(report["mined_by_tier"].values()) == report["mined"]
    assert report["mined_by_tier"]["1"] <= 0.60 * report["mined"]
    assert 0 < report["top_reason_share"] <= 0.10 and report["most_from_one_trick"] <= 2


def test_every_theme_tag_and_decision_is_one_the_bank_knows(lines):
    from tutor.puzzle.themes import STRATEGY_THEMES

    decisions = set()
    for line in lines:
        for entry in line["puzzles"]:
            assert set(entry["themes"][1:]) <= set(STRATEGY_THEMES), entry["id"]
            decisions.add(entry["decision"])
    assert decisions == {"play", "bid", "bury", "call"}  # not only card plays


def test_a_mined_puzzle_judged_again_with_the_same_work_comes_out_the_same(lines):
    rng = random.Random(5)
    line = rng.choice([x for x in lines if x["puzzles"]])
    entry = rng.choice(line["puzzles"])
    assert still_best(line["record"], entry, budget_of(DEFAULT_BUDGET.fair_deals, JUDGE))
    # the stated best is the candidate of highest value, and the others are 0.20 below it
    best = max(entry["values"])
    assert sum(1 for v in entry["values"] if v > best - 0.2) == 1
    assert stated_best(entry)


def test_verify_reports_checked_kept_and_share(tmp_path, lines):
    small = tmp_path / "one.jsonl"
    line = next(x for x in lines if x["puzzles"])
    small.write_text(json.dumps(line) + "\n")
    report = verify(small, 1, seed=1, workers=1, deals=4)  # 16 deals: quick, and honest
    assert report["checked"] == 1 and report["kept"] in (0, 1)
    assert report["share"] == report["kept"] / report["checked"]


def test_the_shipped_bank_is_what_its_command_mines_again(lines):
    """`python -m tutor mine --policy judge --seed 5` mined judge-5.jsonl: a hand mined again
    finds every puzzle the bank kept of it (`mine --select` keeps some, told as now)."""
    from tutor.strategy.run import mine_line

    shipped = next(x for x in read_lines(STRATEGY_DIR / "judge-5.jsonl") if x["puzzles"])
    again = json.loads(json.dumps(mine_line(5, shipped["number"], policy=JUDGE)))
    assert again["record"] == shipped["record"]
    found = {e["id"]: e for e in again["puzzles"]}
    for kept in shipped["puzzles"]:
        assert kept["id"] in found, kept["id"]
        for field in ("candidates", "values", "errors", "difficulty", "why", "themes"):
            assert found[kept["id"]][field] == kept[field], (kept["id"], field)


def test_the_banks_and_lessons_words_are_what_the_code_tells_now(lines):
    """Themes and reasons are derived from the position and the judged plays: mended
    explanations are carried into the bank (`mine.redescribe`), never left stale."""
    from tutor.lesson.loader import HANDS, JUDGED, LESSONS_DIR
    from tutor.review.jobs import HandRecord
    from tutor.strategy.mine import kitty_points, redescribe
    from tutor.strategy.run import read_lines

    sample = random.Random(9).sample([(x, e) for x in lines for e in x["puzzles"]], 40)
    cached = json.loads((LESSONS_DIR / JUDGED).read_text(encoding="utf-8"))
    hands = {x["key"]: x for x in read_lines(LESSONS_DIR / HANDS)}
    sample += [(hands[e["source"]["hand"]], e) for e in cached.values() if e is not None]
    for line, entry in sample:
        record = HandRecord.from_dict(line["record"])
        assert redescribe(record, entry, kitty_points(record)) == entry, entry["id"]


def test_verify_with_the_referee_reports_top_and_clear_shares(tmp_path, lines, capsys):
    from tutor.commands.mine import main as mine_main

    small = tmp_path / "two.jsonl"
    small.write_text("".join(json.dumps(x) + "\n" for x in [x for x in lines if x["puzzles"]][:2]))
    assert mine_main(["--verify", "3", "--referee", "--bank", str(small), "--deals", "4",
                      "--workers", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["checked"] == 3
    assert 0.0 <= report["clear_share"] <= report["top_share"] <= 1.0
    assert report["clear_share"] == report["kept"] / 3
    assert mine_main(["--hands", "1", "--referee"]) == 2  # --referee goes with --verify
