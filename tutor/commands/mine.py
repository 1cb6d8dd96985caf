"""`python -m tutor mine`: mine "find the best play" puzzles from self-play hands judged by the
review (`tutor.strategy`), or verify the bank's (`--verify K`)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tutor.puzzle.loader import STRATEGY_DIR


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m tutor mine",
        description="Mine strategy puzzles from self-play (a position is kept when one play "
                    "is clearly best), or re-judge bank puzzles with 4x the work.")
    p.add_argument("--hands", type=int, help="hands to play and judge (0..N-1 of the seed)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--out", type=Path,
                   help="output file, one JSON line per hand (default: "
                        "puzzles/strategy/mined-<seed>.jsonl, part of the shipped bank)")
    p.add_argument("--workers", type=int, help="local processes (default: one per core)")
    p.add_argument("--scheduler", help="a Dask scheduler (tcp://HOST:PORT) to run on instead")
    p.add_argument("--deals", type=int, default=48,
                   help="fair deals the judge plays out a decision (default 48, the review's)")
    p.add_argument("--resume", action="store_true", help="keep the hands in --out, mine the rest")
    p.add_argument("--verify", type=int, metavar="K",
                   help="re-judge K random bank puzzles with 4x the deals and playouts")
    p.add_argument("--policy", choices=("quick", "judge"), default="judge",
                   help="who plays the judge's playouts: judge (the shipped bank's, the "
                        "default: as players would, teams as known; every position kept is "
                        "certified by the referee) or quick (the hint's)")
    p.add_argument("--referee", action="store_true",
                   help="with --verify: value them by the referee (the tactics playing every "
                        "seat) and report top_share and clear_share")
    p.add_argument("--rejudge", type=Path, metavar="FILE",
                   help="judge again the puzzle positions of FILE (mined with --seed) "
                        "with --policy's judge, instead of playing new hands")
    p.add_argument("--setup", action="store_true",
                   help="judge only each hand's bids, bury and friend call")
    p.add_argument("--bank", type=Path, default=STRATEGY_DIR,
                   help="mined files to verify (default: puzzles/strategy/)")
    p.add_argument("--select", type=Path, nargs="+", metavar="FILE",
                   help="write the bank drawn from these mined files into --out (a folder): "
                        "every puzzle told again, the caps on tier 1 and on a reason kept "
                        "(`strategy.select`)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def main(argv: list[str]) -> int:
    """Mine or verify; returns the exit status."""
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.deals < 4:
        print("--deals must be at least 4", file=sys.stderr)
        return 2
    if args.verify is not None:
        return _verify(args)
    if args.select is not None:
        return _select(args)
    if args.referee:
        print("--referee goes with --verify K", file=sys.stderr)
        return 2
    if args.hands is None or args.hands < 1:
        print("give --hands N (at least 1), or --verify K", file=sys.stderr)
        return 2
    from tutor.strategy.run import mine

    out = args.out or STRATEGY_DIR / f"mined-{args.seed}.jsonl"
    quiet = args.json
    try:  # progress goes to stderr with --json too: stdout holds only the JSON
        summary = mine(args.seed, args.hands, out, workers=args.workers,
                       scheduler=args.scheduler, resume=args.resume, deals=args.deals,
                       policy=args.policy, source=args.rejudge, setup=args.setup,
                       progress=_progress)
    except (FileExistsError, ValueError, OSError) as exc:
        print(exc, file=sys.stderr)
        return 1
    result = {"out": str(out), "hands": summary.hands, "new_hands": summary.new_hands,
              "puzzles": summary.puzzles, "seconds": round(summary.seconds, 1)}
    print(file=sys.stderr)  # the progress line ends
    if quiet:
        print(json.dumps(result))
    else:
        print(f"{summary.hands} hands, {summary.puzzles} puzzles in {out} "
              f"({summary.new_hands} hands mined now in {summary.seconds:.0f} s)")
    return 0


def _progress(line: str) -> None:
    print("\r" + line, end="", file=sys.stderr, flush=True)


def _verify(args) -> int:
    from tutor.strategy.verify import verify

    if args.verify < 1:
        print("--verify needs K of at least 1", file=sys.stderr)
        return 2
    report = verify(args.bank, args.verify, args.seed, workers=args.workers,
                    scheduler=args.scheduler, deals=args.deals,
                    progress=_progress,
                    referee=args.referee, policy=args.policy)
    print(file=sys.stderr)  # the progress line ends
    if args.json:
        print(json.dumps(report))
    elif args.referee:
        print(f"The referee, with 4x the work: the stated best is its top choice in "
              f"{report['top_share']:.3f} of {report['checked']}, clearly best in "
              f"{report['clear_share']:.3f}")
    else:
        print(f"{report['kept']} of {report['checked']} stay clearly best with 4x the work "
              f"(share {report['share']:.3f})")
    return 0


def _select(args) -> int:
    """`--select`: the bank drawn from mined files, written into the folder `--out`."""
    from tutor.strategy.select import select_files

    if args.out is None:
        print("--select needs --out, the folder to write the bank into", file=sys.stderr)
        return 2
    names = {path.name for path in args.select}
    missing = [str(path) for path in args.select if not path.is_file()]
    if missing or len(names) < len(args.select):
        print(f"--select: {', '.join(missing) or 'two files of one name'}: give each "
              "mined file once, by its path", file=sys.stderr)
        return 2
    stale = sorted(p.name for p in args.out.glob("*.jsonl") if p.name not in names)
    if stale:  # a bank of two minings would mix judges: nothing is overwritten unasked
        print(f"{args.out} already holds mined files this selection would not replace "
              f"({', '.join(stale)}): move them away or choose another folder",
              file=sys.stderr)
        return 1
    try:
        report = select_files(list(args.select), args.out)
    except (OSError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    return 0

