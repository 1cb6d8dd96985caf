"""`python -m tutor arena A B --deals N --seed S [--json]`: duplicate-deal match of two AIs.

A deal is one seeded hand, every level 2, declarer seat = hand seed % 5 (bidding still sets
the trump suit). Each deal is played with five B players, then once per seat with A in that
seat: A's advantage is its 积分 / levels minus B's in the same seat on the same deal. Search
players take `--budget` seconds per decision, or `--playouts` playouts (reproducible).
"""

from __future__ import annotations

import argparse
import json
import os
import time

from tutor.ai.arena import PlayerSpec, run_arena, stderr_progress, summarize
from tutor.ai.player import PLAYER_TYPES


def _fmt(stat: dict) -> str:
    if stat["mean"] is None:
        return "n/a"
    lo, hi = stat["ci95"]
    return f"{stat['mean']:+.3f}  (95% CI {lo:+.3f} .. {hi:+.3f}, n={stat['n']})"


def main(argv: list[str]) -> int:
    """Run the arena and print a table (or one JSON object with --json)."""
    parser = argparse.ArgumentParser(prog="python -m tutor arena", description=__doc__)
    parser.add_argument("a", choices=PLAYER_TYPES, help="the player measured")
    parser.add_argument("b", choices=PLAYER_TYPES, help="the baseline player")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--budget", type=float, default=None,
                        help="search: seconds per decision (default 0.5)")
    parser.add_argument("--playouts", type=int, default=None,
                        help="search: playouts per decision instead of a time budget")
    parser.add_argument("--policy", choices=("quick", "heuristic"), default=None,
                        help="search: the policy samples are played out with (default quick)")
    parser.add_argument("--infer", type=int, default=None, metavar="K",
                        help="search: draw K deals per playout deal, keep one by play inference")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    options: list[tuple[str, object]] = []
    if args.budget is not None:
        options.append(("budget_s", args.budget))
    if args.playouts is not None:
        options.append(("playouts", args.playouts))
    if args.policy is not None:
        options.append(("policy", args.policy))
    if args.infer is not None:
        if args.infer < 0:
            parser.error("--infer must be 0 (off) or more")
        options.append(("infer", args.infer))
    specs = [PlayerSpec(kind, tuple(options) if kind == "search" else ()) for kind in
             (args.a, args.b)]
    t0 = time.monotonic()
    deals = run_arena(specs[0], specs[1], args.deals, args.seed, args.workers,
                      None if args.quiet else stderr_progress(t0))
    summary = summarize(deals, str(specs[0]), str(specs[1]))
    summary["seed"] = args.seed
    summary["seconds"] = round(time.monotonic() - t0, 1)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    print(f"arena: {summary['a']} vs {summary['b']}, {summary['deals']} deals "
          f"({summary['hands']} hands), seed {args.seed}, {summary['seconds']} s")
    print(f"  积分 advantage per hand:  {_fmt(summary['jifen_advantage'])}")
    print(f"  level advantage per hand: {_fmt(summary['level_advantage'])}")
    for role, stats in summary["by_role"].items():
        print(f"  as {role:<13} 积分 {_fmt(stats['jifen_advantage'])}")
        print(f"  {'':<16} levels {_fmt(stats['level_advantage'])}")
    return 0
