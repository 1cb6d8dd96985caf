"""Is the bank's "clearly best" real? K random mined puzzles judged again with four times
the fair deals and hindsight playouts: the share whose best play is still clearly best
(`criterion.clearly_best`) tells whether the mining's threshold is loose."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tutor.review.jobs import HandRecord, judge_at
from tutor.review.review import DEFAULT_BUDGET, Budget
from tutor.rules import parse_cards

from .criterion import clearly_best
from .run import budget_of, read_lines, run_tasks

WORK = 4  # how many times the mining's work a verification spends


def stated_best(entry: dict[str, Any]) -> list:
    """The cards of the candidate a puzzle entry's values make best."""
    values = entry["values"]
    best = max(range(len(values)), key=lambda k: (values[k], -k))
    return sorted(parse_cards(entry["candidates"][best]))


def still_best(record: dict[str, Any], entry: dict[str, Any], budget: Budget) -> bool:
    """Whether `entry`'s best is still clearly best when its position is judged with
    `budget` (the verification's: `WORK` times the mining's deals and playouts)."""
    judged = judge_at(HandRecord.from_dict(record), entry["source"]["action"], budget)
    best = None if judged is None else clearly_best(judged)
    return best is not None and sorted(judged.candidates[best].cards) == stated_best(entry)


def verify(bank: Path, k: int, seed: int = 1, workers: int | None = None,
           scheduler: str | None = None, deals: int = DEFAULT_BUDGET.fair_deals,
           progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Re-judge `k` puzzles drawn (by `seed`) from the mined files in `bank`, mined with
    `deals` fair deals a decision, with `WORK` times that: how many were checked, how many
    stay clearly best, their share and the seconds it took."""
    more = budget_of(deals * WORK)
    files = sorted(Path(bank).glob("*.jsonl")) if Path(bank).is_dir() else [Path(bank)]
    items = [(line["record"], entry) for path in files for line in read_lines(path)
             for entry in line["puzzles"]]
    chosen = random.Random(seed).sample(items, min(k, len(items)))
    start, kept, failed = time.monotonic(), 0, []
    results = run_tasks(_check, [(r, e, more) for r, e in chosen], workers, scheduler)
    for done, (pid, ok) in enumerate(results, 1):
        kept += ok
        if not ok:
            failed.append(pid)
        if progress is not None:
            spent = time.monotonic() - start
            progress(f"{done}/{len(chosen)} re-judged, {kept} stay best, "
                     f"ETA {spent / done * (len(chosen) - done):.0f} s")
    checked = len(chosen)
    return {"checked": checked, "kept": kept, "share": kept / checked if checked else 0.0,
            "failed": sorted(failed), "seconds": round(time.monotonic() - start, 1)}


def _check(record: dict[str, Any], entry: dict[str, Any], budget: Budget) -> tuple[str, bool]:
    return entry["id"], still_best(record, entry, budget)
