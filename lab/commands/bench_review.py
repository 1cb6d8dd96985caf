"""`python -m tutor bench review [--hands 10] [--planted 20] [--json]`: how fast the game
review is, and how well it judges.

- `seconds_per_hand` {p50, p95}: one seat's decisions reviewed (bids and passes, bury, friend
  call, card plays), on hands the heuristic plays for every seat (one core: this process).
- `clear_mistake_rate`: clear mistakes the review finds in the heuristic's own play, per
  judged decision (false alarms, if the heuristic were perfect); `by_decision` splits the
  judged decisions and the clear ones by their sort (bid, bury, call, play).
- `planted_blunders`: hands where one 10 or K was given to the opponents' trick when a card
  worth nothing would do; how many the review grades a blunder, and a clear one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from tutor.commands.progress import ProgressLine
from tutor.review import Budget, judge_play, review_hand
from tutor.review.review import hand_start
from tutor.review.selfplay import heuristic_hand, planted_blunder


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor bench review")
    parser.add_argument("--hands", type=int, default=10, help="self-play hands to review")
    parser.add_argument("--planted", type=int, default=20, help="planted blunders to judge")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.planted < 0:
        parser.error("--hands must be at least 1 and --planted at least 0")
    budget = Budget()
    seconds, decisions, clear = [], 0, 0
    by_decision: dict[str, dict[str, int]] = {}
    line = ProgressLine("review", args.hands)
    for k in range(args.hands):
        hand = heuristic_hand(args.seed + k)
        start = time.perf_counter()
        review = review_hand(hand, seat=k % hand.rules.players, budget=budget)
        seconds.append(time.perf_counter() - start)
        decisions += len(review.decisions)
        clear += sum(1 for d in review.decisions if d.clear)
        for d in review.decisions:
            sort = by_decision.setdefault(d.decision, {"judged": 0, "clear": 0})
            sort["judged"] += 1
            sort["clear"] += d.clear
        line.update(k + 1, f"{seconds[-1]:.1f} s for {len(review.decisions)} decisions")
    planted = {"hands": 0, "blunder": 0, "clear_blunder": 0, "flagged": 0}
    line = ProgressLine("planted", args.planted)
    seed = args.seed + 10_000
    while planted["hands"] < args.planted:
        found = planted_blunder(seed)
        seed += 1
        if found is None:
            continue
        hand, index = found
        position = hand_start(hand)
        for action in hand.actions[:index]:
            position.apply(action)
        judged = judge_play(position, hand.actions[index].cards, index, budget)
        planted["hands"] += 1
        if judged is not None and judged.grade is not None:
            planted["flagged"] += 1
            planted["blunder"] += judged.grade == "blunder"
            planted["clear_blunder"] += judged.grade == "blunder" and judged.clear
        line.update(planted["hands"], f"{planted['blunder']} blunders")
    result = {
        "hands": args.hands,
        "seconds_per_hand": {"p50": round(statistics.median(seconds), 2),
                             "p95": round(_percentile(seconds, 0.95), 2)},
        "decisions_per_hand": round(decisions / args.hands, 1),
        "clear_mistake_rate": round(clear / decisions, 3) if decisions else None,
        "by_decision": by_decision,
        "planted_blunders": planted,
        "budget": {"candidates": budget.candidates, "fair_deals": budget.fair_deals,
                   "hindsight_repeats": budget.hindsight_repeats},
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"review: {result['seconds_per_hand']['p50']} s a hand (p95 "
              f"{result['seconds_per_hand']['p95']}), {result['decisions_per_hand']} decisions; "
              f"clear mistakes in the heuristic's play {result['clear_mistake_rate']}; planted "
              f"blunders graded blunder {planted['blunder']}/{planted['hands']}")
    return 0
