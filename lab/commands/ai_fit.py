"""`python -m tutor ai-fit --hands N [--player SPEC] [--json]`: fit the play model's softening.

Play inference models another seat by the heuristic tactics seen from that seat, softened
into probabilities: a softmax over its options' values at a temperature, mixed with a floor
for plays the tactics do not consider. This command plays `--hands` hands with five copies
of a player (SPEC as in `ai-oracle`; default `hard`, the strength the others meet), records
every card play with the options the model sees on the true deal, and prints how well each
(temperature, floor) explains them, as a mean log-likelihood a play: the best is the fit.

With `--team` it fits the friend evidence instead (`lab.ai.team`): over every follow made
before the friend shows, how often each kind of follow comes from each pair of roles. It
prints the rows of `EVENT_RATES` (1000 hands from seed 20000 gave the shipped table).

With `--refusals` it fits the top-card evidence (`lab.ai.refusals`): at each lead, how
often a holder of a suit's top kind led one, in the first ten tricks and later; in tricks led
with one card, how often a follower holding a kind that beats the winning card played one,
by whether the winner is on its side, the points in the trick and whether trumps were led.
It prints the rows of `LEAD_RATES` and `BEAT_RATES` (1000 hands of `--player heuristic` from
seed 30000 gave the shipped tables).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict

from lab.ai.inference import fit_temperature, option_values
from lab.ai.refusals import (
    TRUMP,
    allies,
    band_of,
    beating_kinds,
    fit_beat_rates,
    lead_band,
    top_kinds,
)
from lab.ai.search import build
from lab.ai.team import fit_rates, roles_key
from tutor.ai.heuristic import context_from_memory
from tutor.ai.memory import build_memory
from tutor.ai.team import KINDS, event_of
from tutor.commands.progress import ProgressLine
from tutor.rules import Match, Phase, Play

from .ai_oracle import parse_spec

TEMPERATURES = (0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0)
FLOORS = (0.005, 0.01, 0.02, 0.05, 0.1, 0.2)


def _self_play(hands: int, spec_text: str, seed: int):
    """(hand, observation, action about to be applied) at every decision of `hands`
    self-play hands of the player `spec_text`, with a progress line."""
    line = ProgressLine("ai-fit", hands)
    for h in range(hands):
        hand = Match(seed=seed + h).new_hand()
        players = [build(parse_spec(spec_text, seed + 7 * h + s)) for s in range(5)]
        while hand.phase != Phase.FINISHED:
            obs = hand.observation(hand.turn)
            action = players[obs.seat].act(obs)
            yield hand, obs, action
            hand.apply(action)
        line.update(h + 1, "")


def record(hands: int, spec_text: str, seed: int) -> list[tuple[list, tuple[int, ...]]]:
    """(options the model sees, the play made) for every card play of `hands` self-play
    hands of the player `spec_text`."""
    examples: list[tuple[list, tuple[int, ...]]] = []
    for hand, obs, action in _self_play(hands, spec_text, seed):
        if hand.phase == Phase.PLAYING:
            assert isinstance(action, Play)
            options = option_values(context_from_memory(obs, build_memory(obs)))
            examples.append((options, tuple(int(c) for c in action.cards)))
    return examples


def record_team(hands: int, spec_text: str, seed: int) -> dict[tuple[str, str, bool], Counter]:
    """How often each kind of follow came from each pair of roles, over the follows of
    `hands` self-play hands made before the friend showed (hands with a friend only)."""
    counts: dict[tuple[str, str, bool], Counter] = defaultdict(Counter)
    for hand, obs, action in _self_play(hands, spec_text, seed):
        if (hand.phase == Phase.PLAYING and hand.current and hand.friend is not None
                and hand.friend != hand.declarer
                and hand.observation(hand.declarer).friend is None):
            assert isinstance(action, Play) and hand.trump is not None
            event = event_of(hand.current, obs.seat, action.cards, hand.trump)
            counts[roles_key(event, hand.declarer, hand.friend)][event.kind] += 1
    return counts


def main_team(args: argparse.Namespace) -> int:
    """`--team`: fit and print the friend evidence's rates."""
    counts = record_team(args.hands, args.player, args.seed)
    rates = fit_rates(counts)
    if args.json:
        print(json.dumps({"player": args.player, "hands": args.hands, "kinds": list(KINDS),
                          "rows": [{"follower": f, "winner": w, "followed": fo,
                                    "follows": sum(counts[(f, w, fo)].values()),
                                    "rates": list(r)} for (f, w, fo), r in rates.items()]}))
        return 0
    print(f"ai-fit --team: {args.hands} hands of {args.player}; rates of {', '.join(KINDS)}")
    for key, row in rates.items():
        print(f"    {key!r}: {row!r},  # {sum(counts[key].values())} follows")
    return 0


def record_refusals(hands: int, spec_text: str, seed: int) -> dict[tuple, Counter]:
    """Over `hands` self-play hands, the plays by seats holding a kind they could refuse:
    single-card follows by holders of a kind beating the winner (rows of `BEAT_RATES`), and
    leads by holders of a top kind (rows ("lead", band) of `LEAD_RATES`); each counted by
    whether they played such a kind."""
    counts: dict[tuple, Counter] = defaultdict(Counter)
    for hand, obs, action in _self_play(hands, spec_text, seed):
        if hand.phase != Phase.PLAYING:
            continue
        assert isinstance(action, Play) and hand.trump is not None
        mine = {int(c) for c in hand.cards_of(obs.seat)}
        used = {int(c) for c in action.cards}
        if not hand.current:
            played = Counter(int(c) for t in hand.tricks for _, cs in t.plays for c in cs)
            tops = top_kinds([played[k] for k in range(54)], hand.trump, hand.rules.decks)
            if mine & tops:
                counts[("lead", lead_band(len(hand.tricks)))][bool(used & tops)] += 1
            continue
        found = beating_kinds(hand.current, hand.trump)
        eff = hand.trump.table.eff
        suit = eff[hand.current[0][1][0]]
        if found is None or eff[action.cards[0]] != suit or not mine & found[1]:
            continue
        key = (allies(obs.seat, found[0], hand.declarer, hand.friend),
               band_of(sum(c.points for _, p in hand.current for c in p)), suit == TRUMP)
        counts[key][bool(used & found[1])] += 1
    return counts


def main_refusals(args: argparse.Namespace) -> int:
    """`--refusals`: fit and print the top-card evidence's rates."""
    counts = record_refusals(args.hands, args.player, args.seed)
    rates = fit_beat_rates(counts)
    if args.json:
        print(json.dumps({"player": args.player, "hands": args.hands,
                          "rows": [{"row": list(key), "plays": sum(counts[key].values()),
                                    "used": rate} for key, rate in rates.items()]}))
        return 0
    print(f"ai-fit --refusals: {args.hands} hands of {args.player}; how often a holder "
          "played a kind it could have refused")
    for key, rate in rates.items():
        row = key[1] if key[0] == "lead" else key
        table = "LEAD_RATES" if key[0] == "lead" else "BEAT_RATES"
        print(f"    {row!r}: {rate!r},  # {table}, {sum(counts[key].values())} plays")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor ai-fit", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--player", default="hard", metavar="SPEC")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--team", action="store_true",
                        help="fit the friend evidence's rates instead of the softening")
    parser.add_argument("--refusals", action="store_true",
                        help="fit the top-card evidence's rates instead of the softening")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")
    try:
        parse_spec(args.player, 0)
    except ValueError as exc:
        parser.error(str(exc))
    if args.team and args.refusals:
        parser.error("--team and --refusals fit different things: choose one")
    if args.team:
        return main_team(args)
    if args.refusals:
        return main_refusals(args)
    examples = record(args.hands, args.player, args.seed)
    ranked = fit_temperature(examples, TEMPERATURES, FLOORS)
    top = [max(opts, key=lambda o: o[1])[0] for opts, _ in examples]
    considered = sum(any(c == tuple(sorted(chosen)) for c, _ in opts)
                     for opts, chosen in examples)
    result = {"player": args.player, "hands": args.hands, "plays": len(examples),
              "top_choice": round(sum(t == tuple(sorted(c)) for t, (_, c) in
                                      zip(top, examples, strict=True)) / len(examples), 3),
              "considered": round(considered / len(examples), 3),
              "fit": [{"temperature": t, "floor": f, "loglik": round(ll, 4)}
                      for t, f, ll in ranked]}
    if args.json:
        print(json.dumps(result))
        return 0
    best = result["fit"][0]
    print(f"ai-fit: {len(examples)} plays by {args.player}: the tactics' top choice "
          f"{result['top_choice']:.1%}, among their options {result['considered']:.1%}")
    print(f"  best: temperature {best['temperature']}, floor {best['floor']}: "
          f"{best['loglik']:.3f} a play")
    for row in result["fit"][1:6]:
        print(f"        temperature {row['temperature']}, floor {row['floor']}: "
              f"{row['loglik']:.3f}")
    return 0
