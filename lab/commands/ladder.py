"""`python -m tutor ladder LOG LOG… [--json]`: the strength ladder from arena logs.

Give the logs of `arena … --log` runs, weakest step first, e.g. heuristic-vs-random, then
normal-vs-heuristic, then hard-vs-heuristic. Each step up the ladder is a 95% interval:
- a log whose B is the rung below is that step itself (its A's advantage over B);
- two logs against the same B with the same seed give the step between their A players,
  paired deal by deal on the deals both played (B's baseline hand cancels out).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from lab.arena import DealOutcome, mean_ci


def load(path: Path) -> tuple[dict, list[DealOutcome]]:
    """An arena log's header and deals; ValueError (with the path) if it is not one."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
        header = json.loads(lines[0])
        if not isinstance(header, dict) or {"a", "b", "seed"} - header.keys():
            raise ValueError("no arena header")
        deals = []
        for number, line in enumerate(lines[1:], start=2):
            try:
                deals.append(DealOutcome.from_dict(json.loads(line)))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                if number != len(lines):  # only a last line may be cut short
                    raise
        return header, deals
    except (OSError, IndexError, json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{path}: not an arena log ({exc})") from None


def steps(logs: list[tuple[dict, list[DealOutcome]]]) -> list[dict]:
    """Each step of the ladder the logs climb, as {"from", "to", "jifen", "levels", "how"}."""
    out = []
    below, prev = None, None
    for header, deals in logs:
        if below is None or header["b"] == below:
            out.append({"from": header["b"], "to": header["a"], "how": "direct",
                        "jifen": mean_ci([d.jifen for d in deals]),
                        "levels": mean_ci([d.levels for d in deals])})
        elif prev is not None and (prev[0]["b"], prev[0]["seed"]) == (header["b"],
                                                                      header["seed"]):
            earlier = {d.hand_seed: d for d in prev[1]}
            pairs = [(earlier[d.hand_seed], d) for d in deals if d.hand_seed in earlier]
            out.append({"from": below, "to": header["a"], "how": "paired",
                        "jifen": mean_ci([d.jifen - e.jifen for e, d in pairs]),
                        "levels": mean_ci([d.levels - e.levels for e, d in pairs])})
        else:
            raise ValueError(f"{header['a']} vs {header['b']} does not start at {below}, "
                             "nor share a baseline and seed with the log before it")
        below, prev = header["a"], (header, deals)
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor ladder", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", nargs="+", metavar="LOG")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        ladder = steps([load(Path(p)) for p in args.logs])
    except ValueError as exc:
        parser.error(str(exc))
    if args.json:
        print(json.dumps(ladder, ensure_ascii=False))
        return 0
    for step in ladder:
        j, lv = step["jifen"], step["levels"]
        print(f"{step['from']} < {step['to']}: 积分 {j['mean']:+.3f} "
              f"[{j['ci95'][0]:+.3f}, {j['ci95'][1]:+.3f}], levels {lv['mean']:+.3f} "
              f"[{lv['ci95'][0]:+.3f}, {lv['ci95'][1]:+.3f}] a hand ({step['how']}, "
              f"{j['n']} deals)")
    return 0
