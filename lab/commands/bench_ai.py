"""`python -m tutor bench ai [--json]`: decision latency of each AI player.

Positions are fixed: seeded hands played by heuristic players, every 3rd decision (bids,
burying, calling and card play). Random and heuristic decide at every position; search (at
its default 0.5 s budget unless --budget is given) at every 5th, to keep the run short; so do
play mode's "normal" and "hard", which are playout counts (`tutor.ai.strength`), and each
`--player SPEC` (a search variant as `ai-oracle` spells it, e.g.
`search:playouts=48,policy=heuristic`): what a variant costs before it may become a strength.
`--against DIR` times a checkout of older code first, then this one, side by side.
A variant that searches its bids (`bids=K`) is timed at bidding decisions with a choice too
(every one of more hands, as they are few), as a row of its own.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Iterator

from lab.ai.search import build
from tutor.ai import HeuristicPlayer, RandomPlayer, SearchPlayer, strength_spec
from tutor.ai.bidding import bid_choices
from tutor.ai.decision import PlayerSpec
from tutor.rules import Hand, Observation, Phase, RuleSet
from tutor.ui.ai_pool import BLAS_THREADS

from .ai_oracle import parse_spec


def _decisions(seeds: range) -> Iterator[tuple[int, Observation]]:
    """The seat to act's observation at every decision of heuristic-played deals, with the
    decision's index in its deal."""
    for seed in seeds:
        players = [HeuristicPlayer(s) for s in range(5)]
        hand = Hand(seed, RuleSet(), (2,) * 5, seed % 5)
        step = 0
        while hand.phase != Phase.FINISHED:
            obs = hand.observation(hand.turn)
            yield step, obs
            hand.apply(players[hand.turn].act(obs))
            step += 1


def bench_positions(seeds: range = range(4), every: int = 3) -> list[Observation]:
    """Observations of the seat to act, every `every`-th decision of heuristic-played deals."""
    return [obs for step, obs in _decisions(seeds) if step % every == 0]


def bid_positions(seeds: range = range(12)) -> list[Observation]:
    """Every bidding decision with a choice (a bid to show) in heuristic-played deals."""
    return [obs for _, obs in _decisions(seeds)
            if obs.phase == Phase.BIDDING and len(bid_choices(obs)) > 1]


def latency(player, observations: list[Observation]) -> dict:
    """Median, 95th percentile and maximum seconds per decision."""
    times = []
    for obs in observations:
        t = time.perf_counter()
        player.act(obs)
        times.append(time.perf_counter() - t)
    times.sort()
    return {"p50_s": round(statistics.median(times), 6),
            "p95_s": round(times[min(len(times) - 1, int(0.95 * len(times)))], 6),
            "max_s": round(times[-1], 6), "n": len(times)}


def _side_by_side(other: str, argv: list[str], as_json: bool) -> int:
    """`bench ai` of the checkout `other`, then of this code, one after the other on this
    machine, as a table of both and their ratios (this over that). Both run with one BLAS
    thread, as the app's AI workers do."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).resolve().parents[2]
    runs = {}
    for name, root in (("other", Path(other).resolve()), ("this", here)):
        env = {**os.environ, "PYTHONPATH": str(root)}
        env.pop("TUTOR_PURE_PYTHON", None)
        env.update({var: "1" for var in BLAS_THREADS})  # as in the app's AI workers
        out = subprocess.run([sys.executable, "-m", "tutor", "bench", "ai", "--json", *argv],
                             cwd=root, env=env, capture_output=True, text=True)
        if out.returncode:
            print(out.stderr, file=sys.stderr)
            return out.returncode
        runs[name] = json.loads(out.stdout)
    rows = {name: {"other": r, "this": runs["this"][name],
                   "p50_ratio": round(runs["this"][name]["p50_s"] / r["p50_s"], 3),
                   "p95_ratio": round(runs["this"][name]["p95_s"] / r["p95_s"], 3)}
            for name, r in runs["other"].items() if name in runs["this"]}
    if as_json:
        print(json.dumps({"other": str(Path(other).resolve()), "players": rows}))
        return 0
    print(f"AI decision latency: {other} (other) then this code, one after the other")
    print(f"  {'player':<10} {'other p50':>10} {'p95':>9} {'this p50':>10} {'p95':>9} "
          f"{'p50 x':>7} {'p95 x':>7}")
    for name, r in rows.items():
        old, new = r["other"], r["this"]
        print(f"  {name:<10} {old['p50_s'] * 1e3:>8.1f}ms {old['p95_s'] * 1e3:>7.1f}ms"
              f" {new['p50_s'] * 1e3:>8.1f}ms {new['p95_s'] * 1e3:>7.1f}ms"
              f" {r['p50_ratio']:>7.3f} {r['p95_ratio']:>7.3f}")
    return 0


def main(argv: list[str]) -> int:
    """Print the latency table (or JSON with --json)."""
    parser = argparse.ArgumentParser(prog="python -m tutor bench ai")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--budget", type=float, default=0.5, help="search seconds per decision")
    parser.add_argument("--search-every", type=int, default=5,
                        help="search decides at every n-th position only")
    parser.add_argument("--player", action="append", default=[], metavar="SPEC",
                        help="also time this player at the search's positions (repeatable)")
    parser.add_argument("--against", metavar="DIR",
                        help="a checkout of other code (an older commit): time it first, "
                             "then this one, and print both side by side")
    args = parser.parse_args(argv)
    if args.against:  # the same positions and players, told again to each checkout
        again = [f"--budget={args.budget}", f"--search-every={args.search_every}",
                 *(f"--player={text}" for text in args.player)]
        return _side_by_side(args.against, again, args.json)
    specs = {}
    for text in args.player:
        try:
            spec = parse_spec(text, 0)
        except ValueError as e:
            parser.error(str(e))
        if not isinstance(spec, PlayerSpec):
            parser.error(f"{text!r}: a hindsight player needs the true deal; it has no latency")
        specs[text] = spec
    positions = bench_positions()
    playing = [o for o in positions if o.phase == Phase.PLAYING]
    results = {
        "random": latency(RandomPlayer(0), positions),
        "heuristic": latency(HeuristicPlayer(0), positions),
        "search": latency(SearchPlayer(0, budget_s=args.budget),
                          playing[:: args.search_every]),
        **{strength: latency(strength_spec(strength, 0).build(), playing[:: args.search_every])
           for strength in ("normal", "hard")},
        **{text: latency(build(spec), playing[:: args.search_every])
           for text, spec in specs.items()},
    }
    bidding = [text for text, spec in specs.items() if dict(spec.options).get("bids")]
    if bidding:
        bids = bid_positions()
        results.update({f"{text} (bids)": latency(build(specs[text]), bids)
                        for text in bidding})
    if args.json:
        print(json.dumps(results))
        return 0
    print(f"AI decision latency ({len(positions)} positions; search: "
          f"{results['search']['n']} card plays at {args.budget} s budget)")
    width = max(10, *(len(name) for name in results))
    print(f"  {'player':<{width}} {'p50':>10} {'p95':>10} {'max':>10}")
    for name, r in results.items():
        print(f"  {name:<{width}} {r['p50_s'] * 1e3:>8.2f}ms {r['p95_s'] * 1e3:>8.2f}ms "
              f"{r['max_s'] * 1e3:>8.2f}ms")
    return 0
