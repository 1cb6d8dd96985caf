"""The shipped strategy bank: its size and themes, its load time's order, its entries the
judge's own (judged again, each comes out the same), and the verification's report."""

from __future__ import annotations

import json
import random

import pytest

from tutor.commands.puzzles import main as puzzles_main
from tutor.puzzle.loader import STRATEGY_DIR
from tutor.review.review import DEFAULT_BUDGET
from tutor.strategy.run import read_lines
from tutor.strategy.verify import stated_best, still_best, verify


@pytest.fixture(scope="module")
def lines():
    return [line for path in sorted(STRATEGY_DIR.glob("*.jsonl")) for line in read_lines(path)]


def test_stats_count_at_least_2000_mined_puzzles_over_at_least_10_themes(capsys):
    assert puzzles_main(["stats", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["mined"] >= 2000
    assert sum(1 for n in report["mined_by_theme"].values() if n > 0) >= 10
    assert report["mined"] + report["rules"] == report["puzzles"]
    assert sum(report["mined_by_decision"].values()) == report["mined"]
    assert sum(report["mined_by_tier"].values()) == report["mined"]
    assert 0 < report["top_reason_share"] <= 1 and report["most_from_one_trick"] >= 1


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
    assert still_best(line["record"], entry, DEFAULT_BUDGET)
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
    """`python -m tutor mine --seed 1` made it: hand 0 mined again is its first line."""
    from tutor.strategy.run import mine_line

    first = next(x for x in lines if x["key"] == "1_0")
    assert json.loads(json.dumps(mine_line(1, 0))) == first


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
