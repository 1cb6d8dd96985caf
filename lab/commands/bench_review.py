"""`python -m tutor bench review [--hands 10] [--planted 20] [--hinted 0] [--json]`: how
fast the game review is, and how well it judges.

- `seconds_per_hand` {p50, p95}: one seat's decisions reviewed (bids and passes, bury, friend
  call, card plays), on hands the heuristic plays for every seat (one core: this process);
  `first_verdict_seconds`: until its first decision is judged (the page shows each as it
  comes).
- `clear_mistake_rate`: clear mistakes the review finds in the heuristic's own play, per
  judged decision (false alarms, if the heuristic were perfect); `by_decision` splits the
  judged decisions and the clear ones by their sort (bid, bury, call, play).
- `planted_blunders`: hands where one 10 or K was given to the opponents' trick when a card
  worth nothing would do; how many the review grades a blunder, and a clear one.
- `hinted` (`--hinted N`): N hands where one seat takes every hint; of its judged
  decisions, how many the review grades at all, and how many a clear mistake (one voice:
  both should be none), with each hint's time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from tutor.commands.progress import ProgressLine
from tutor.review import Budget, HandReview, hint, judge_play, review_hand
from tutor.review.jobs import HandRecord, judge_at
from tutor.review.jobs import decisions as hand_decisions
from tutor.review.review import hand_start
from tutor.review.selfplay import heuristic_hand, hinted_hand, planted_blunder


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor bench review")
    parser.add_argument("--hands", type=int, default=10, help="self-play hands to review")
    parser.add_argument("--planted", type=int, default=20, help="planted blunders to judge")
    parser.add_argument("--hinted", type=int, default=0,
                        help="hands where one seat takes every hint, then is reviewed")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--policy", choices=("quick", "judge", "referee"), default=None,
                        help="who plays the judge's playouts (default: the review's)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.planted < 0 or args.hinted < 0:
        parser.error("--hands must be at least 1, --planted and --hinted at least 0")
    budget = Budget() if args.policy is None else Budget(policy=args.policy)
    seconds, firsts, decisions, clear = [], [], 0, 0
    by_decision: dict[str, dict[str, int]] = {}
    line = ProgressLine("review", args.hands)
    for k in range(args.hands):
        hand = heuristic_hand(args.seed + k)
        seat = k % hand.rules.players
        record, review = HandRecord.of(hand), HandReview(seat)
        start = time.perf_counter()
        for index in hand_decisions(hand, seat):  # as `review_hand`, timing the first verdict
            judged = judge_at(record, index, budget)
            if judged is not None:
                if not review.decisions:
                    firsts.append(time.perf_counter() - start)
                review.decisions.append(judged)
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
    hinted = _hinted(args.hinted, args.seed + 20_000, budget)
    result = {
        "hands": args.hands,
        "seconds_per_hand": {"p50": round(statistics.median(seconds), 2),
                             "p95": round(_percentile(seconds, 0.95), 2)},
        "first_verdict_seconds": {"p50": round(statistics.median(firsts), 2),
                                  "p95": round(_percentile(firsts, 0.95), 2)},
        "decisions_per_hand": round(decisions / args.hands, 1),
        "clear_mistake_rate": round(clear / decisions, 3) if decisions else None,
        "by_decision": by_decision,
        "planted_blunders": planted,
        "hinted": hinted,
        "budget": {"candidates": budget.candidates, "fair_deals": budget.fair_deals,
                   "hindsight_repeats": budget.hindsight_repeats, "policy": budget.policy},
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"review: {result['seconds_per_hand']['p50']} s a hand (p95 "
              f"{result['seconds_per_hand']['p95']}), the first verdict after "
              f"{result['first_verdict_seconds']['p50']} s (p95 "
              f"{result['first_verdict_seconds']['p95']}), {result['decisions_per_hand']} "
              "decisions; "
              f"clear mistakes in the heuristic's play {result['clear_mistake_rate']}; planted "
              f"blunders graded blunder {planted['blunder']}/{planted['hands']}")
        if hinted["hands"]:
            print(f"taking every hint: {hinted['graded']} of {hinted['judged']} judged "
                  f"decisions graded, {hinted['clear']} clear mistakes; a hint "
                  f"{hinted['hint_seconds']['p50']} s (p95 {hinted['hint_seconds']['p95']})")
    return 0


def _hinted(hands: int, seed: int, budget: Budget) -> dict:
    """`hands` hands where one seat takes every hint, reviewed: what the review says of the
    hints (`clear_rate`: clear mistakes per judged decision)."""
    judged = graded = clear = 0
    times: list[float] = []

    def timed_hint(obs, budget):
        start = time.perf_counter()
        suggestion = hint(obs, budget)
        times.append(time.perf_counter() - start)
        return suggestion

    line = ProgressLine("hinted", hands)
    for k in range(hands):
        seat = k % 5
        hand = hinted_hand(seed + k, seat, budget, timed_hint)
        review = review_hand(hand, seat=seat, budget=budget)
        judged += len(review.decisions)
        graded += sum(1 for d in review.decisions if d.grade is not None)
        clear += sum(1 for d in review.decisions if d.clear)
        line.update(k + 1, f"{graded} graded, {clear} clear of {judged}")
    return {"hands": hands, "judged": judged, "graded": graded, "clear": clear,
            "clear_rate": round(clear / judged, 4) if judged else None,
            "hint_seconds": ({"p50": round(statistics.median(times), 3),
                              "p95": round(_percentile(times, 0.95), 3)} if times else None)}
