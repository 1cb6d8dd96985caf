"""`python -m tutor bench engine [--json]`: random self-play speed and hot-operation costs."""

from __future__ import annotations

import argparse
import json
import random
import time

from tutor.rules import Hand, Phase, clear_caches, decompose, follow_error, throw_check


def _samples(seeds: range) -> tuple[list, list, list]:
    """Follows (hand, lead, play, trump), leads with the other hands, from seeded hands."""
    follows, leads = [], []
    for seed in seeds:
        h = Hand(seed)
        rng = random.Random(seed)
        while h.phase != Phase.FINISHED:
            action = h.random_action(rng)
            if h.phase == Phase.PLAYING:
                lead = h.lead
                hand = h.cards_of(action.seat)
                if lead:
                    follows.append((hand, lead, action.cards, h.trump))
                else:
                    others = [h.cards_of(s) for s in range(5) if s != action.seat]
                    leads.append((action.cards, others, h.trump))
            h.apply(action)
    return follows, leads, [(cards, t) for cards, _, t in leads]


def _per_op(fn, items, repeat: int = 3) -> float:
    """Microseconds per call, caches cleared before each pass (the cold, honest cost)."""
    best = float("inf")
    for _ in range(repeat):
        clear_caches()
        t0 = time.perf_counter()
        for item in items:
            fn(*item)
        best = min(best, time.perf_counter() - t0)
    return best / len(items) * 1e6


def run(hands: int = 200, seed: int = 0) -> dict:
    """Measure full random hands per second (one process, one core) and op costs."""
    clear_caches()
    t0 = time.perf_counter()
    tricks = 0
    for i in range(hands):
        h = Hand(seed + i)
        rng = random.Random(seed + i)
        while h.phase != Phase.FINISHED:
            h.apply(h.random_action(rng))
        tricks += len(h.tricks)
    elapsed = time.perf_counter() - t0
    follows, leads, decomps = _samples(range(10_000, 10_020))
    return {
        "hands": hands,
        "seconds": round(elapsed, 3),
        "hands_per_second": round(hands / elapsed, 1),
        "tricks_per_second": round(tricks / elapsed, 1),
        "legal_follow_check_us": round(_per_op(follow_error, follows), 2),
        "throw_check_us": round(_per_op(throw_check, leads), 2),
        "decompose_us": round(_per_op(decompose, decomps), 2),
        "samples": {"follows": len(follows), "leads": len(leads)},
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor bench engine")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = run(args.hands, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"random self-play: {result['hands_per_second']} full hands/s "
              f"({result['hands']} hands in {result['seconds']} s, "
              f"{result['tricks_per_second']} tricks/s, one process)")
        print(f"legal-follow check: {result['legal_follow_check_us']} µs/call "
              f"over {result['samples']['follows']} follows (cold caches)")
        print(f"throw check:        {result['throw_check_us']} µs/call "
              f"over {result['samples']['leads']} leads (cold caches)")
        print(f"decomposition:      {result['decompose_us']} µs/call (cold caches)")
    return 0
