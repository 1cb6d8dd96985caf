"""`python -m tutor puzzles check|stats|generate`: validate the puzzle bank, count it, or
generate puzzles."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from tutor.puzzle import BANK_DIR, PuzzleFileError, load_bank, load_file
from tutor.puzzle.generate import GENERATORS, GenerateError, bank_text
from tutor.puzzle.loader import MINED_TYPES, load_mined, mined_files
from tutor.puzzle.themes import TIER_NAMES
from tutor.strategy.run import read_lines
from tutor.strategy.select import report as report_shape

FORBIDDEN_KEYS = {"answer", "solution", "expected", "explanation"}


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tutor puzzles",
                                description="The puzzle bank: check it, or generate puzzles.")
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="load, solve and check every puzzle file")
    c.add_argument("files", nargs="*", type=Path, help="files to check (default: the bank)")
    c.add_argument("--dir", type=Path, default=BANK_DIR, help="bank folder (default: puzzles/)")
    s = sub.add_parser("stats", help="count the bank's puzzles: by type, and the mined by theme")
    s.add_argument("--dir", type=Path, default=BANK_DIR, help="bank folder (default: puzzles/)")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    g = sub.add_parser("generate", help="generate puzzles of one type")
    g.add_argument("--type", required=True, choices=sorted(GENERATORS))
    g.add_argument("--count", required=True, type=int)
    g.add_argument("--seed", required=True, type=int)
    g.add_argument("--tier", choices=sorted(TIER_NAMES), help="only this tier (1-3/easy-hard)")
    g.add_argument("--out", type=Path, help="write this file (default: print)")
    return p


def _keys(obj: object) -> set[str]:
    if isinstance(obj, dict):
        return set(obj) | {k for v in obj.values() for k in _keys(v)}
    if isinstance(obj, list):
        return {k for v in obj for k in _keys(v)}
    return set()


def check(files: list[Path]) -> int:
    """Load, solve and inspect every puzzle; print each problem and a summary; 0 if clean."""
    problems: list[str] = []
    ids: dict[str, str] = {}
    counts: Counter[tuple[str, int]] = Counter()
    if not files:
        problems.append("no puzzle files found")
    for path in files:
        try:
            puzzles = load_file(path)
        except PuzzleFileError as exc:
            problems.append(str(exc))
            continue
        for p in puzzles:
            where = f"{p.file}: puzzle {p.id}"
            if p.id in ids:
                problems.append(f"{where}: field 'id': duplicate id (also in {ids[p.id]})")
            ids[p.id] = p.file
            try:
                p.solve()
                public = p.public()
                json.dumps(public)
            except Exception as exc:  # a puzzle the rules core cannot solve is a bank error
                problems.append(f"{where}: cannot be solved: {type(exc).__name__}: {exc}")
                continue
            leaked = _keys(public) & FORBIDDEN_KEYS
            if leaked:
                problems.append(f"{where}: public form carries {sorted(leaked)}")
            counts[(p.type, p.difficulty)] += 1
    for line in problems:
        print(line, file=sys.stderr)
    types = sorted({t for t, _ in counts})
    print(f"{'type':<12} {'easy':>5} {'medium':>7} {'hard':>5} {'total':>6}")
    for t in types:
        row = [counts[(t, d)] for d in (1, 2, 3)]
        print(f"{t:<12} {row[0]:>5} {row[1]:>7} {row[2]:>5} {sum(row):>6}")
    total = sum(counts.values())
    print(f"{len(files)} files, {total} puzzles, {len(problems)} problems")
    return 1 if problems else 0


def check_mined(files: list[Path]) -> int:
    """Load and solve every mined strategy puzzle; print problems and a count; 0 if clean."""
    count = 0
    for path in files:
        try:
            puzzles = load_mined(path)
            for p in puzzles:
                p.solve()
        except PuzzleFileError as exc:
            print(exc, file=sys.stderr)
            return 1
        count += len(puzzles)
    print(f"{len(files)} mined files, {count} strategy puzzles")
    return 0


def stats(root: Path, as_json: bool) -> int:
    """The bank's counts: puzzles by type, the mined ones by theme, tier and decision (with
    the most common reason's share and the most puzzles from one trick, what
    `strategy.select` caps), and the load time."""
    start = time.perf_counter()
    try:
        bank = load_bank(root)
    except PuzzleFileError as exc:
        print(exc, file=sys.stderr)
        return 1
    seconds = time.perf_counter() - start
    mined = [p for p in bank if p.type in MINED_TYPES]
    shape = report_shape([e for path in mined_files(root) for line in read_lines(path)
                          for e in line["puzzles"]])
    by_theme = Counter(t for p in mined for t in p.themes if t not in MINED_TYPES)
    report = {"puzzles": len(bank), "rules": len(bank) - len(mined), "mined": len(mined),
              "mined_by_theme": dict(sorted(by_theme.items(), key=lambda kv: -kv[1])),
              "mined_by_tier": dict(sorted(Counter(p.difficulty for p in mined).items())),
              "mined_by_decision": shape["by_decision"],
              "top_reason": shape["top_reason"], "top_reason_share": shape["top_reason_share"],
              "most_from_one_trick": shape["most_from_one_trick"],
              "by_type": dict(sorted(Counter(p.type for p in bank).items())),
              "load_seconds": round(seconds, 3)}
    if as_json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    for key, value in report.items():
        print(f"{key}: {value}")
    return 0


def main(argv: list[str]) -> int:
    """Run `check` or `generate`; returns the exit status."""
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.command == "check":
        files = args.files or sorted(Path(args.dir).glob("*.toml"))
        return check(files) | check_mined(mined_files(args.dir))
    if args.command == "stats":
        return stats(args.dir, args.json)
    if args.count < 1:
        print("--count must be at least 1", file=sys.stderr)
        return 2
    tier = TIER_NAMES[args.tier] if args.tier else None
    try:
        text = bank_text(args.type, args.count, args.seed, tier)
    except GenerateError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.out:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.count} {args.type} puzzles to {args.out}")
    else:
        sys.stdout.write(text)
    return 0
