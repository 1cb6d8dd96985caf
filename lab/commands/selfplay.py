"""`python -m tutor selfplay --hands N --seed S [--json]`: random legal players play a match."""

from __future__ import annotations

import argparse
import json
import random

from tutor.rules import Match, Phase, RuleSet


def play_match(hands: int, seed: int, rules: RuleSet | None = None) -> list[dict]:
    """Play up to `hands` hands with random legal players; one summary dict per hand."""
    match = Match(seed=seed, rules=rules or RuleSet(), max_hands=hands)
    rng = random.Random(seed)
    out = []
    while not match.finished:
        hand = match.new_hand()
        while hand.phase != Phase.FINISHED:
            hand.apply(hand.random_action(rng))
        match.record(hand)
        out.append(hand.summary())
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor selfplay",
                                     description="Random legal players play a match.")
    parser.add_argument("--hands", type=int, default=1, help="number of hands (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="match seed (default 0)")
    parser.add_argument("--friend-rule", choices=["holder", "nth_played"], default="holder")
    parser.add_argument("--kitty-rule", choices=["first", "max"], default="first")
    parser.add_argument("--json", action="store_true", help="print one JSON object per hand")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    rules = RuleSet(friend_rule=args.friend_rule, kitty_multiplier=args.kitty_rule)
    for i, summary in enumerate(play_match(args.hands, args.seed, rules), start=1):
        if args.json:
            print(json.dumps(summary, ensure_ascii=False))
            continue
        t = summary["trump"]
        friend = "alone" if summary["friend"] is None else f"seat {summary['friend']}"
        mult = summary["kitty_multiplier"]
        print(f"hand {i}: declarer seat {summary['declarer']} ({friend}), level {t['level']}, "
              f"trump {t['suit']}; defenders {summary['defender_points']} points"
              + (f" (kitty ×{mult} = {summary['kitty_bonus']})" if mult else "")
              + f"; {summary['side']} +{summary['levels_up']}; levels {summary['levels_after']}"
              f"; 积分 {summary['score']}")
    return 0
