"""The shipped bank drawn from what was mined: no reason taught by more than a tenth of the
puzzles, at most three in five of tier 1 (the easiest) and two of one trick, so a learner
meets many ideas and more than the obvious. The puzzles dropped are those of the most
common reason, the narrowest margins first; the mining's own files stay as mined
(`mine --select FILE … --out DIR` writes the bank from them)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from tutor.review.jobs import HandRecord

from .mine import PER_TRICK, kitty_points, margin, reason_kind, retold
from .run import read_lines

TIER_ONE = 0.60  # at most this share of the bank is tier 1
REASON = 0.10  # no reason is shared by more than this share of the bank


def kind(entry: dict[str, Any]) -> str:
    """What a puzzle teaches, for the caps: its decision and its reason less cards."""
    return f"{entry['decision']}: {reason_kind(entry['why']['en'])}"


def select(entries: list[dict[str, Any]], tier_one: float = TIER_ONE,
           reason: float = REASON) -> list[dict[str, Any]]:
    """`entries` less the fewest needed for the caps, in their order: no more than
    `PER_TRICK` card plays of one trick (`one_trick_at_most`), then, while a reason is
    over its share or tier 1 over its, the puzzle of the most common reason (of tier 1,
    when that cap is the one broken) with the narrowest margin goes."""
    kept = {e["id"]: e for e in one_trick_at_most(entries)}
    kinds = {pid: kind(e) for pid, e in kept.items()}
    counts = Counter(kinds.values())
    tier1 = sum(e["difficulty"] == 1 for e in kept.values())
    while kept:
        over = {k for k, n in counts.items() if n > reason * len(kept)}
        if over:
            pool = [e for pid, e in kept.items() if kinds[pid] in over]
        elif tier1 > tier_one * len(kept):
            pool = [e for e in kept.values() if e["difficulty"] == 1]
        else:
            break
        drop = min(pool, key=lambda e: (-counts[kinds[e["id"]]], margin(e), e["id"]))
        del kept[drop["id"]]
        counts[kinds[drop["id"]]] -= 1
        tier1 -= drop["difficulty"] == 1
    return [e for e in entries if e["id"] in kept]


def one_trick_at_most(entries: list[dict[str, Any]], most: int = PER_TRICK
                      ) -> list[dict[str, Any]]:
    """`entries` less the narrowest card plays of any trick that gives more than `most`."""
    by_trick: dict[tuple, list[dict[str, Any]]] = {}
    for e in entries:
        if e["decision"] == "play":
            by_trick.setdefault((e["source"]["hand"], e["trick"]), []).append(e)
    gone = {e["id"] for group in by_trick.values()
            for e in sorted(group, key=lambda e: (-margin(e), e["id"]))[most:]}
    return [e for e in entries if e["id"] not in gone]


def report(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """A bank's shape: puzzles by decision and tier, the most common reason and its share,
    and the most puzzles any one trick gives."""
    kinds = Counter(kind(e) for e in entries)
    top, count = kinds.most_common(1)[0] if kinds else ("", 0)
    tricks = Counter((e["source"]["hand"], e["trick"]) for e in entries
                     if e["decision"] == "play")
    return {"by_decision": dict(sorted(Counter(e["decision"] for e in entries).items())),
            "by_tier": {str(k): v for k, v in
                        sorted(Counter(e["difficulty"] for e in entries).items())},
            "top_reason": top, "top_reason_share": round(count / max(len(entries), 1), 4),
            "most_from_one_trick": max(tricks.values(), default=0)}


def select_files(sources: list[Path], out: Path) -> dict[str, Any]:
    """Write the bank drawn (`select`) from the mined `sources` into the folder `out`: each
    puzzle told again as the code tells it now (`mine.retold`: one whose reason the code no
    longer gives is left out), one file for each source under its name, holding the hands
    that keep a puzzle. Returns its `report` with `left_untold`, the puzzles left out so."""
    lines = {path: read_lines(path) for path in sources}
    untold = 0
    for ls in lines.values():
        for line in ls:
            record = HandRecord.from_dict(line["record"])
            kitty = kitty_points(record)
            told = [retold(record, e, kitty) for e in line["puzzles"]]
            untold += told.count(None)
            line["puzzles"] = [e for e in told if e is not None]
    kept = {e["id"] for e in select([e for ls in lines.values() for x in ls
                                     for e in x["puzzles"]])}
    out.mkdir(parents=True, exist_ok=True)
    chosen = []
    for path, ls in lines.items():
        text = ""
        for line in ls:
            puzzles = [e for e in line["puzzles"] if e["id"] in kept]
            chosen += puzzles
            if puzzles:
                text += json.dumps({**line, "puzzles": puzzles}, ensure_ascii=False,
                                   sort_keys=True) + "\n"
        (out / path.name).write_text(text, encoding="utf-8")
    return {**report(chosen), "left_untold": untold}
