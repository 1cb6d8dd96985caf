"""Is the bank's "clearly best" real? K random mined puzzles judged again with four times
the fair deals and hindsight playouts: the share whose best play is still clearly best
(`criterion.clearly_best`) tells whether the mining's threshold is loose. With the referee
(`referee`), they are valued again by stronger players playing the cards out: the share
whose stated best is still the top choice, and the share still clearly best."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tutor.review.jobs import HandRecord
from tutor.review.review import DEFAULT_BUDGET, Budget
from tutor.rules import parse_cards

from .criterion import clearly_best
from .decision import judge_decision
from .referee import referee_view
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
    judged = judge_decision(HandRecord.from_dict(record), entry["source"]["action"], budget)
    best = None if judged is None else clearly_best(judged)
    return best is not None and sorted(judged.candidates[best].cards) == stated_best(entry)


def verify(bank: Path, k: int, seed: int = 1, workers: int | None = None,
           scheduler: str | None = None, deals: int = DEFAULT_BUDGET.fair_deals,
           progress: Callable[[str], None] | None = None,
           referee: bool = False, policy: str = DEFAULT_BUDGET.policy) -> dict[str, Any]:
    """Re-judge `k` puzzles drawn (by `seed`) from the mined files in `bank`, mined with
    `deals` fair deals a decision (or the deals its entry names), with `WORK` times that:
    how many were checked, how many stay clearly best, their share and the seconds it
    took; with `referee`, valued by the referee instead: `top_share` (its top choice is
    the stated best) and `clear_share` (clearly best by its values,
    `criterion.clearly_best`). `policy`: the judge's playouts the bank was mined with
    (`mine --policy`)."""
    files = sorted(Path(bank).glob("*.jsonl")) if Path(bank).is_dir() else [Path(bank)]
    items = [(line["record"], entry) for path in files for line in read_lines(path)
             for entry in line["puzzles"]]
    chosen = random.Random(seed).sample(items, min(k, len(items)))
    start, kept, top, failed = time.monotonic(), 0, 0, []
    results = run_tasks(_refereed if referee else _check,
                        [(r, e, budget_of(e["source"].get("deals", deals) * WORK, policy))
                         for r, e in chosen], workers, scheduler)
    for done, (pid, first, ok) in enumerate(results, 1):
        kept += ok
        top += first
        if not ok:
            failed.append(pid)
        if progress is not None:
            spent = time.monotonic() - start
            progress(f"{done}/{len(chosen)} re-judged, {kept} stay clearly best, "
                     f"ETA {spent / done * (len(chosen) - done):.0f} s")
    checked = len(chosen)
    report: dict[str, Any] = {
        "checked": checked, "kept": kept, "share": kept / checked if checked else 0.0,
        "failed": sorted(failed), "seconds": round(time.monotonic() - start, 1)}
    if referee:
        report.update(top_share=top / checked if checked else 0.0,
                      clear_share=kept / checked if checked else 0.0)
    return report


def _check(record: dict[str, Any], entry: dict[str, Any], budget: Budget
           ) -> tuple[str, bool, bool]:
    ok = still_best(record, entry, budget)
    return entry["id"], ok, ok


def _refereed(record: dict[str, Any], entry: dict[str, Any], budget: Budget
              ) -> tuple[str, bool, bool]:
    return entry["id"], *referee_view(record, entry["source"]["action"], stated_best(entry),
                                      budget)
