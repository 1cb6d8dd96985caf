"""`python -m tutor review --game ID [--hand N] [--db FILE|URL] [--json]`: the review of a
saved game's hands, as the Play page shows it, for scripts and teachers.

With `--selfplay SEED` it reviews a hand the heuristic plays for every seat instead (no
database needed).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from tutor.games import hands_of_game
from tutor.review import DEFAULT_BUDGET, Budget, HandReview, review_hand
from tutor.review.record import review_to_dict
from tutor.review.selfplay import heuristic_hand
from tutor.rules import format_cards
from tutor.store import ENV_VAR, Store, StoreError

from .progress import ProgressLine


def _print(review: HandReview, hand_no: int) -> None:
    print(f"hand {hand_no}: {len(review.decisions)} decisions judged; accuracy "
          f"{'—' if review.accuracy is None else f'{review.accuracy:.0f}%'}")
    for d in review.decisions:
        mark = "unlucky" if d.unlucky else (d.grade or "")
        better = "" if not d.cost_fair else f" — better {format_cards(d.best_fair) or 'pass'}"
        print(f"  {d.decision:<5} trick {d.trick:>2}  {format_cards(d.chosen) or 'pass':<14} cost "
              f"{d.cost_fair:5.2f} 积分 {mark:<10}{better}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor review")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--game", type=int, help="a saved game's id")
    source.add_argument("--selfplay", type=int, metavar="SEED",
                        help="a hand the heuristic plays for every seat")
    parser.add_argument("--hand", type=int, help="only this hand (1 = the first)")
    parser.add_argument("--seat", type=int, default=0, help="the seat reviewed (--selfplay)")
    parser.add_argument("--db", help=f"the progress database (default: ${ENV_VAR})")
    parser.add_argument("--deals", type=int, default=DEFAULT_BUDGET.fair_deals,
                        help="deals each decision is played out on for the fair view")
    parser.add_argument("--repeats", type=int, default=DEFAULT_BUDGET.hindsight_repeats,
                        help="playouts of the true deal for the hindsight view")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.repeats < 1:
        parser.error("--deals and --repeats must be at least 1")
    budget = Budget(DEFAULT_BUDGET.candidates, args.deals, args.repeats)
    if args.selfplay is not None:
        hands, seat = [heuristic_hand(args.selfplay)], args.seat
    else:
        if args.db:
            os.environ[ENV_VAR] = args.db
        try:
            with Store() as store:
                hands, seat = hands_of_game(store, store.games.owner(args.game), args.game)
        except (StoreError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
    numbers = list(range(1, len(hands) + 1))
    if args.hand is not None:
        if args.hand not in numbers:
            parser.error(f"--hand {args.hand}: the game has {len(hands)} finished hands")
        numbers = [args.hand]
    out = []
    for n in numbers:
        line = ProgressLine(f"hand {n}", 1)
        review = review_hand(hands[n - 1], seat, budget,
                             progress=lambda done, total, line=line: _step(line, done, total))
        out.append({"hand": n, "accuracy": review.accuracy, **review_to_dict(review)})
        if not args.json:
            _print(review, n)
    if args.json:
        print(json.dumps({"game": args.game, "seat": seat, "budget": budget.__dict__,
                          "hands": out}))
    return 0


def _step(line: ProgressLine, done: int, total: int) -> None:
    line.total = total
    line.update(done)
