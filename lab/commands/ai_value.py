"""`python -m tutor ai-value data|train`: the search's learned value of a deal between tricks.

    python -m tutor ai-value data --hands N --seed S --out DIR   # heuristic self-play states
    python -m tutor ai-value train --data DIR [--out FILE]       # fit the model, report it

`data` plays N hands of heuristic self-play (hand seeds S, S+1, …) and keeps every state
between tricks with how its hand ended, in chunk files of `--chunk` hands under DIR; run it
again and the chunks already written are kept, so an interrupted run resumes.

`train` fits `state_value`'s model to every chunk in DIR, holding out every hand whose seed is
a multiple of 20, and reports the held-out cross-entropy against the outcomes' base rates
(how much the states tell), by how far the hand has gone. `--out` saves the model (the file
the search loads by default is `tutor/ai/weights/state_value.npz`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from lab.ai.train import train
from lab.ai.value_data import selfplay_states
from tutor.ai.state_value import (
    MIDPOINTS,
    OUTCOMES,
    RAW,
    StateValue,
    encode,
)
from tutor.commands.progress import ProgressLine

HELD_OUT = 20  # hands whose seed is a multiple of this are held out of training
BANDS = ((0.7, 1.0), (0.4, 0.7), (0.15, 0.4), (0.0, 0.15))  # share of the cards left


def _chunk_name(first: int, count: int) -> str:
    return f"states-{first}-{count}.npz"


def _chunk(first: int, count: int) -> dict[str, np.ndarray]:
    raws, outcomes, points, hands = [], [], [], []
    for seed in range(first, first + count):
        raw, outcome, taken = selfplay_states(seed)
        raws.append(raw)
        outcomes.append(np.full(len(raw), outcome, dtype=np.int8))
        points.append(np.full(len(raw), taken, dtype=np.int16))
        hands.append(np.full(len(raw), seed, dtype=np.int64))
    return {"raw": np.concatenate(raws), "outcome": np.concatenate(outcomes),
            "points": np.concatenate(points), "hand": np.concatenate(hands)}


def make_data(out: Path, hands: int, seed: int, chunk: int, workers: int,
              quiet: bool = False) -> int:
    """Write the chunks of `hands` self-play hands from `seed` that `out` lacks; how many
    chunks were written."""
    out.mkdir(parents=True, exist_ok=True)
    todo = [(first, min(chunk, seed + hands - first))
            for first in range(seed, seed + hands, chunk)
            if not (out / _chunk_name(first, min(chunk, seed + hands - first))).exists()]
    line = None if quiet else ProgressLine("ai-value data", len(todo))
    with ProcessPoolExecutor(max(1, workers)) as pool:
        for done, ((first, count), data) in enumerate(
                zip(todo, pool.map(_chunk, *zip(*todo, strict=True)) if todo else [],
                    strict=True), start=1):
            target = out / _chunk_name(first, count)
            fresh = target.with_name(target.stem + ".tmp.npz")  # then swapped in whole
            np.savez_compressed(fresh, **data)
            fresh.replace(target)
            if line:
                line.update(done, f"hands {first}..{first + count - 1}")
    return len(todo)


def load_data(folder: Path) -> dict[str, np.ndarray]:
    """Every chunk in `folder`, joined; ValueError if there is none or one is not a chunk."""
    files = sorted(folder.glob("states-*-*.npz"))
    files = [f for f in files if ".tmp" not in f.name]
    if not files:
        raise ValueError(f"{folder} holds no states: write some with `ai-value data`")
    parts: dict[str, list[np.ndarray]] = {"raw": [], "outcome": [], "points": [], "hand": []}
    ends: list[tuple[int, int, Path]] = []  # each chunk's hands, so none is counted twice
    for f in files:
        try:
            first, count = (int(n) for n in f.stem.split("-")[1:3])
        except ValueError:
            raise ValueError(f"{f} is not a chunk of states: its name has no hands") from None
        for a, b, other in ends:
            if first < b and a < first + count:
                raise ValueError(f"{f} and {other} hold some of the same hands: remove one")
        ends.append((first, first + count, f))
        try:
            with np.load(f) as data:
                for key in parts:
                    parts[key].append(data[key])
        except (OSError, KeyError, ValueError) as exc:
            raise ValueError(f"{f} is not a chunk of states: {exc}") from None
        if parts["raw"][-1].ndim != 2 or parts["raw"][-1].shape[1] != RAW:
            raise ValueError(f"{f} is not a chunk of states: its rows are not raw states")
        if len({len(parts[key][-1]) for key in parts}) != 1:
            raise ValueError(f"{f} is not a chunk of states: its arrays differ in length")
    return {key: np.concatenate(value) for key, value in parts.items()}


def _corr(a: np.ndarray, b: np.ndarray) -> float | None:
    """The correlation of a and b, rounded; None where it is undefined (a constant)."""
    if len(a) < 2 or a.std() == 0 or b.std() == 0:
        return None
    return round(float(np.corrcoef(a, b)[0, 1]), 4)


def _shown(corr: float | None) -> str:
    return "undefined" if corr is None else f"{corr:.3f}"


def report(model: StateValue, raw: np.ndarray, outcome: np.ndarray, points: np.ndarray,
           base: np.ndarray) -> dict:
    """Held-out cross-entropy of the model and of the base rates `base`, overall and by the
    share of the cards left, and how the model's expected points follow the true ones."""
    chances = model.chances(raw)
    rows = np.arange(len(raw))
    loss = -np.log(chances[rows, outcome] + 1e-12)
    base_loss = -np.log(base[outcome] + 1e-12)
    expected = chances @ np.array(MIDPOINTS)
    left = raw[:, :54].sum(1) / 31.0
    out = {"states": len(raw), "cross_entropy": round(float(loss.mean()), 4),
           "base_rates": round(float(base_loss.mean()), 4),
           "points_corr": _corr(expected, points), "by_left": []}
    for lo, hi in BANDS:
        at = (left > lo) & (left <= hi)
        if at.sum() > 1:
            out["by_left"].append({
                "cards_left": [lo, hi], "states": int(at.sum()),
                "cross_entropy": round(float(loss[at].mean()), 4),
                "base_rates": round(float(base_loss[at].mean()), 4),
                "points_corr": _corr(expected[at], points[at])})
    return out


def _hidden(text: str) -> tuple[int, ...]:
    try:
        sizes = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: layer sizes like 128,64") from None
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: layer sizes like 128,64")
    return sizes


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor ai-value", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    data = sub.add_parser("data", help="heuristic self-play states into chunk files")
    data.add_argument("--hands", type=int, required=True)
    data.add_argument("--seed", type=int, default=2_000_000_000)
    data.add_argument("--out", required=True, metavar="DIR")
    data.add_argument("--chunk", type=int, default=1000, help="hands a file")
    data.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    data.add_argument("--quiet", action="store_true")
    fit = sub.add_parser("train", help="fit the model to the states in DIR")
    fit.add_argument("--data", required=True, metavar="DIR")
    fit.add_argument("--out", metavar="FILE", help="save the model here")
    fit.add_argument("--hidden", type=_hidden, default=(128, 64))
    fit.add_argument("--epochs", type=int, default=8)
    fit.add_argument("--rate", type=float, default=3e-4)
    fit.add_argument("--decay", type=float, default=1e-3)
    fit.add_argument("--batch", type=int, default=2048)
    fit.add_argument("--seed", type=int, default=0)
    fit.add_argument("--json", action="store_true")
    fit.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if args.what == "data":
        if args.hands < 1 or args.chunk < 1 or args.workers < 1:
            parser.error("--hands, --chunk and --workers must be at least 1")
        made = make_data(Path(args.out), args.hands, args.seed, args.chunk, args.workers,
                         args.quiet)
        print(f"{made} chunk(s) written to {args.out}")
        return 0
    if args.epochs < 1 or args.batch < 1 or args.rate <= 0 or args.decay < 0:
        parser.error("--epochs and --batch must be at least 1, --rate above 0, --decay 0+")
    out = Path(args.out).with_suffix(".npz") if args.out else None  # what savez writes
    if out and not out.parent.is_dir():
        parser.error(f"--out {args.out}: the folder {out.parent} does not exist")
    try:
        found = load_data(Path(args.data))
    except ValueError as exc:
        parser.error(str(exc))
    held = found["hand"] % HELD_OUT == 0
    if held.all() or not held.any():
        parser.error(f"{args.data}: too few hands to hold {HELD_OUT}th of them out")
    x, x_held = encode(found["raw"][~held]), encode(found["raw"][held])
    y, y_held = found["outcome"][~held].astype(np.int64), found["outcome"][held].astype(
        np.int64)
    line = None if args.quiet else ProgressLine("ai-value train", args.epochs)
    model = train(x, y, x_held, y_held, args.hidden, args.epochs, args.rate, args.batch,
                  args.decay, args.seed, classes=len(OUTCOMES),
                  progress=(lambda e, loss: line.update(e + 1, f"held-out loss {loss:.4f}"))
                  if line else None)
    base = np.bincount(y, minlength=len(OUTCOMES)) / len(y)
    summary = report(StateValue(model), found["raw"][held], y_held, found["points"][held],
                     base)
    summary.update(hands=len(np.unique(found["hand"])), train_states=len(y),
                   hidden=list(args.hidden), epochs=args.epochs)
    if out:
        model.save(out, info=summary)
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"{summary['hands']} hands, {summary['train_states']} states to train on, "
          f"{summary['states']} held out")
    print(f"held-out cross-entropy {summary['cross_entropy']:.4f} "
          f"(the outcomes' base rates: {summary['base_rates']:.4f}); "
          f"expected points follow the true ones with r = {_shown(summary['points_corr'])}")
    for band in summary["by_left"]:
        lo, hi = band["cards_left"]
        print(f"  {lo:.0%}-{hi:.0%} of the cards left: {band['cross_entropy']:.4f} "
              f"(base {band['base_rates']:.4f}), r = {_shown(band['points_corr'])}, "
              f"{band['states']} states")
    if out:
        print(f"model saved to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
