"""`python -m tutor load --url URL --learners K --mix play:normal=0.5,puzzles=0.3,learn=0.2
--seconds S [--json]`: simulate K learners against a running app and report what they met.
`--mix flood` instead floods it from one address (cookie-less pages, oversized bodies) while
a normal visitor loads pages (see `lab.loadgen.flood`; serve with `--behind-proxy`);
`--mix tableflood` has one account try to open and start `--tables` shared tables while a
learner plays (see `lab.loadgen.tableflood`)."""

from __future__ import annotations

import argparse
import json
import sys

from lab.loadgen import LoadError, MixError, parse_mix, run_load
from lab.loadgen.flood import run_flood
from lab.loadgen.learner import THINK_S
from lab.loadgen.tableflood import run_tableflood

DEFAULT_MIX = "play:normal=0.5,puzzles=0.3,learn=0.2"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m tutor load",
                                description="simulated learners against a running app")
    p.add_argument("--url", required=True, help="the app, like http://localhost:5006/")
    p.add_argument("--learners", type=int, default=3, help="how many at once (default 3)")
    p.add_argument("--mix", default=DEFAULT_MIX,
                   help=f"what they do, with shares (default {DEFAULT_MIX}); or `flood`: "
                        "one address floods pages and bodies while a visitor loads pages")
    p.add_argument("--seconds", type=float, default=60, help="how long (default 60)")
    p.add_argument("--tables", type=int, default=40,
                   help="with --mix tableflood: how many tables one account tries (default 40)")
    p.add_argument("--think-ms", type=float, default=THINK_S * 1000,
                   help=f"a learner's mean pause between actions (default {THINK_S * 1000:.0f})")
    p.add_argument("--seed", type=int, default=0, help="the learners' choices (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress line")
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    if args.mix == "flood":
        try:
            flood = run_flood(args.url, args.seconds, calm=min(10.0, args.seconds / 2),
                              settle=min(35.0, args.seconds + 5),
                              progress=None if args.quiet else sys.stderr)
        except LoadError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print(json.dumps(flood.as_dict()) if args.json else flood.table())
        return 0
    if args.mix == "tableflood":
        try:
            tables = run_tableflood(args.url, args.tables, args.seconds,
                                    calm=args.seconds,
                                    progress=None if args.quiet else sys.stderr)
        except LoadError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print(json.dumps(tables.as_dict(), ensure_ascii=False) if args.json else tables.table())
        return 0
    try:
        mix = parse_mix(args.mix)
        report = run_load(args.url, args.learners, mix, args.seconds, mix_text=args.mix,
                          think_s=args.think_ms / 1000, seed=args.seed,
                          progress=None if args.quiet else sys.stderr)
    except (MixError, LoadError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report.as_dict(), ensure_ascii=False) if args.json else report.table())
    return 0
