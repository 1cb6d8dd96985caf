"""`python -m tutor ai-oracle --positions N [--player SPEC …] [--json]`: screen AI variants on
the per-decision oracle before any arena.

Positions are card-play decisions from hands the heuristic plays for every seat (one in
every `--every` of a seat's plays, seeds from `--seed`). At each the oracle values the
candidates (the tactics' best `--candidates`, plus every player's choice) on the true deal,
as `--judge` says:
- `playouts` (default): played out `--repeats` times with the quick policy, the search's own
  playouts: the clairvoyant's view, what no fair player can reach. This judge shares the
  search's biases: a search that guesses the deal better agrees with it more, whether or not
  it plays better (refusals=deal gained +0.103 a decision by it, and lost in the arena).
- `players`: the hand itself goes on after the candidate with heuristic players in every
  seat, the arena's opponents, so the seat too plays on as the heuristic would: the worth of
  one deviation from the heuristic. By it hard loses -0.115 a decision [-0.251, +0.022] to
  the heuristic (300 positions), while in the arena it wins +0.141 a hand: its deviations pay
  only when its own later play follows them up.
A player's *regret* at a position is the best candidate's value less its choice's (积分 for
the seat, with the card-point tie-break); its *gain* is the heuristic's regret less its own,
paired position by position, with a 95% interval.
With `--base SPEC` the gains are paired against that player instead (the heuristic is
still screened). Regrets and gains are also split by kind of position (`by_kind`): a lead or
a follow, the seat's true role, whether the friend has shown, and the trick's band, to say
where a player wins or loses. With `--json` every position's regrets and kinds are listed
too, for pairing any two players or runs.

It also measures the search's inference: at each position `--draws` deals are drawn from the
sampler and weighed by its evidence and by play inference (how well a deal explains the
others' recent plays), and so is the true deal. Its percentile among them (0.5: the weights
cannot tell it from a guess; 1: it outweighs every one) is reported by trick, with the drawn
deals' effective share (how many of them the weights leave in play). Before the friend shows,
the true friend's share of the drawn deals, weighed by each evidence (`feeds`, `fitted`) and
not, says how well each reads who the friend is.

A player SPEC is `heuristic`, `random`, `normal`, `hard`, or `search:opt=value,…` with the
search's options (`playouts`, `infer`, `policy`, `teams`, `evidence`, `refusals`, `particles`,
`temperature`, `prior`, `candidates`, `view`, `bids`, `bid_cap`, `leaf`, `leaf_tricks`,
`value`: the oracle judges card play only), e.g. `search:playouts=40,infer=8` or
`search:playouts=400,leaf=value`.

A SPEC `know:FACT` (or `know:FACT,playouts=N,policy=P,teams=T,view=V`; 160 quick playouts by
default) is a hindsight search, told one fact of the true deal (`deal`, `shape`, `trumps`,
`high`, `pairs`, `singles`, `friend`, or `part,share=S`, a share S of the hidden cards: see
`hindsight`). It is no fair player: its gain over `hard` bounds what inferring that fact
from the play could bring.

With `--particles M` the whole-hand inference is measured too: the true deal's likelihood of
every play so far is ranked among those of the M particles the filter holds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import zlib
from dataclasses import replace

from lab.ai.inference import past_plays, play_likelihood, window_start
from lab.ai.particles import ParticleFilter
from lab.ai.sampler import EVIDENCE, ResearchSampler
from lab.ai.search import ResearchSearchPlayer, build
from lab.arena import mean_ci
from tutor.ai import HeuristicPlayer
from tutor.ai.decision import PlayerSpec
from tutor.ai.heuristic import context_from_memory
from tutor.ai.memory import build_memory
from tutor.ai.rollout import outcome_value
from tutor.ai.search import candidate_plays, marked_kinds
from tutor.ai.strength import OPTIONS, PLAYOUTS
from tutor.commands.progress import ProgressLine
from tutor.review.review import hand_start
from tutor.review.values import play_outcomes, true_deal
from tutor.rules import Card, Hand, Match, Phase, Play

from .hindsight import FACTS, Hindsight

BASELINE = "heuristic"
HINDSIGHT_PLAYOUTS = 160  # a hindsight search's default, hard's before value leaves
SEARCH_OPTIONS = {"playouts": int, "infer": int, "policy": str, "teams": str, "evidence": str,
                  "refusals": str, "particles": int, "temperature": float, "prior": float,
                  "candidates": int, "view": str, "bids": int, "bid_cap": int,
                  "leaf": str, "leaf_tricks": int, "value": str}


def parse_spec(text: str, seed: int) -> PlayerSpec | Hindsight:
    """A player from its SPEC (see the module's text); ValueError if it is not one."""
    if text.startswith("know:"):
        return _hindsight(text, seed)
    if text in ("heuristic", "random"):
        return PlayerSpec(text, seed)
    if text in OPTIONS:
        return PlayerSpec("search", seed, OPTIONS[text])
    kind, _, opts = text.partition(":")
    if kind != "search":
        raise ValueError(f"{text!r}: a player is heuristic, random, normal, hard or "
                         "search:opt=value,…")
    options: list[tuple[str, object]] = []
    for item in filter(None, opts.split(",")):
        name, sep, value = item.partition("=")
        if not sep or name not in SEARCH_OPTIONS:
            raise ValueError(f"{item!r}: search options are playouts=N, infer=K, policy=P, "
                             "teams=T, evidence=E, refusals=R, particles=M, temperature=T, "
                             "prior=P, candidates=K, view=V, bids=K, bid_cap=C, leaf=L, "
                             "leaf_tricks=N, value=FILE")
        try:
            options.append((name, SEARCH_OPTIONS[name](value)))
        except ValueError:
            raise ValueError(f"{item!r}: {value!r} is not a value for {name}") from None
    if not any(name == "playouts" for name, _ in options):
        options.insert(0, ("playouts", PLAYOUTS["normal"]))  # work, never wall time
    spec = PlayerSpec("search", seed, tuple(options))
    try:
        build(spec)  # the search checks its options' values (a policy, a team mode) as made
    except ValueError as exc:
        raise ValueError(f"{text!r}: {exc}") from None
    return spec


def _hindsight(text: str, seed: int) -> Hindsight:
    fact, *rest = text.removeprefix("know:").split(",")
    if fact not in FACTS:
        raise ValueError(f"{text!r}: know a fact of the deal, one of {', '.join(FACTS)}")
    options: dict = {"playouts": HINDSIGHT_PLAYOUTS}
    for item in rest:
        name, sep, value = item.partition("=")
        if not sep or name not in ("playouts", "policy", "teams", "view", "share") or (
                name == "playouts" and not (value.isdigit() and int(value) >= 1)):
            raise ValueError(f"{item!r}: the options of know:FACT are playouts=N, policy=P, "
                             "teams=T and view=V (and, for know:part, share=S)")
        if name == "share":
            options[name] = _share(fact, item, value)
        else:
            options[name] = int(value) if name == "playouts" else value
    try:  # the search checks the values of its playout options, as parse_spec's does
        ResearchSearchPlayer(**{k: v for k, v in options.items() if k not in ("playouts", "share")})
    except ValueError as exc:
        raise ValueError(f"{text!r}: {exc}") from None
    return Hindsight(fact, seed, **options)


def _share(fact: str, item: str, value: str) -> float:
    """know:part's share of the hidden cards kept where they are, checked."""
    try:
        share = float(value)
    except ValueError:
        share = -1.0
    if fact != "part" or not 0 <= share <= 1:
        raise ValueError(f"{item!r}: share=S is know:part's option, a number from 0 to 1")
    return share


def _seeded(spec: PlayerSpec | Hindsight, seed: int, hand: Hand) -> PlayerSpec | Hindsight:
    """`spec` with this position's seed (and, for a hindsight player, its true deal)."""
    if isinstance(spec, Hindsight):
        return replace(spec, seed=seed, truth=true_deal(hand))
    return PlayerSpec(spec.kind, seed, spec.options)


def positions(count: int, seed: int, every: int) -> list[tuple[Hand, int]]:
    """`count` (position, seat) card-play decisions with a choice, from heuristic self-play:
    each seat's `every`-th play, hand after hand from match `seed`."""
    found: list[tuple[Hand, int]] = []
    hand_seed = seed
    while len(found) < count:
        hand = Match(seed=hand_seed).new_hand()
        hand_seed += 1
        players = [HeuristicPlayer(s) for s in range(hand.rules.players)]
        plays = [0] * hand.rules.players
        while hand.phase != Phase.FINISHED and len(found) < count:
            seat = hand.turn
            assert seat is not None
            obs = hand.observation(seat)
            if hand.phase == Phase.PLAYING:
                plays[seat] += 1
                if plays[seat] % every == 0 and len(
                        candidate_plays(context_from_memory(obs, build_memory(obs)), 2,
                                        marked_kinds(obs))) > 1:
                    found.append((_copy(hand), seat))
            hand.apply(players[seat].act(obs))
    return found


def _copy(hand: Hand) -> Hand:
    """`hand` as it stands now, as a hand of its own (the original plays on)."""
    again = hand_start(hand)
    for action in hand.actions:
        again.apply(action)
    return again


BANDS = ((1, 10), (11, 20), (21, 40))  # tricks, for the inference's percentiles and kinds
BAND_NAMES = tuple(f"tricks {lo}-{hi}" for lo, hi in BANDS)


def band_of(hand: Hand) -> str:
    """The band of tricks the hand's next trick falls in (one of BAND_NAMES)."""
    trick = len(hand.tricks) + 1
    return next(name for (lo, hi), name in zip(BANDS, BAND_NAMES, strict=True)
                if lo <= trick <= hi)


def position_kinds(hand: Hand, seat: int) -> tuple[str, ...]:
    """What kind of decision this is: a lead or a follow, the seat's true role (the oracle
    knows the friend), whether the friend has shown, and the band of tricks."""
    obs = hand.observation(seat)
    role = ("declarer" if seat == hand.declarer else
            "friend" if seat == hand.friend else "defender")
    return ("follow" if obs.current else "lead", role,
            "friend shown" if obs.friend is not None else "friend hidden", band_of(hand))


KINDS = ("lead", "follow", "declarer", "friend", "defender", "friend hidden", "friend shown",
         *BAND_NAMES)  # every kind position_kinds gives, in the reports' order


def by_kind(kinds: list[tuple[str, ...]], regrets: dict[str, list[float]],
            base: str) -> dict[str, dict]:
    """Each kind's positions, each player's regret there and its gain over `base`."""
    out: dict[str, dict] = {}
    for kind in KINDS:
        at = [i for i, ks in enumerate(kinds) if kind in ks]
        if not at:
            continue
        out[kind] = {"n": len(at), "players": {
            name: {"regret": mean_ci([r[i] for i in at]),
                   "gain": mean_ci([regrets[base][i] - r[i] for i in at])}
            for name, r in regrets.items()}}
    return out


def truth_percentile(hand: Hand, seat: int, draws: int, seed: int) -> tuple[float, float]:
    """Where the true deal's weight falls among `draws` sampled deals' (ties count half), and
    the drawn deals' effective share ((Σw)² / Σw² / draws: 1 when all weigh the same, near
    1/draws when one outweighs the rest)."""
    obs = hand.observation(seat)
    mem = build_memory(obs)
    sampler, history = ResearchSampler(obs, mem), past_plays(obs)
    start = window_start(obs, history)
    rng = random.Random(seed)

    def weight(hands, kitty, friend) -> float:
        return sampler.evidence(hands, friend) * play_likelihood(obs, history, hands, kitty,
                                                                 start)

    truth = true_deal(hand)
    true_hands = [[int(c) for c in h] for h in truth.hands]
    mine = weight(true_hands, [int(c) for c in truth.kitty], hand.friend)
    others = [weight(d.hands, d.kitty, d.friend) for d in (sampler.draw(rng)
                                                            for _ in range(draws))]
    below = sum(w < mine for w in others) + 0.5 * sum(w == mine for w in others)
    squares = sum(w * w for w in others)
    share = sum(others) ** 2 / squares / draws if squares else 0.0
    return below / draws, share


def friend_share(hand: Hand, seat: int, draws: int, seed: int) -> dict[str, float] | None:
    """Before the friend shows, to a seat that is not the friend: the share of `draws`
    sampled deals that make the true friend the friend, weighed by each of the sampler's
    evidences and unweighed (what the evidence adds). None when there is no friend to find."""
    obs = hand.observation(seat)
    if obs.friend is not None or hand.friend in (None, hand.declarer, seat):
        return None
    mem = build_memory(obs)
    out = {}
    for evidence in EVIDENCE:  # the same deals for each: the weights draw no numbers
        sampler, rng = ResearchSampler(obs, mem, evidence), random.Random(seed)
        drawn = [sampler.draw(rng) for _ in range(draws)]
        total = sum(d.weight for d in drawn)
        out[evidence] = sum(d.weight for d in drawn if d.friend == hand.friend) / total
        out["unweighed"] = sum(d.friend == hand.friend for d in drawn) / draws
    return out


def particle_percentile(hand: Hand, seat: int, count: int, seed: int) -> float:
    """Where the true deal's whole-hand play likelihood falls among the particles' (ties
    count half): 0.5 when the filter's deals explain the play as well as the truth does."""
    obs = hand.observation(seat)
    plays = past_plays(obs)
    truth = true_deal(hand)
    mine = play_likelihood(obs, plays, [[int(c) for c in h] for h in truth.hands],
                           [int(c) for c in truth.kitty])
    others = [play_likelihood(obs, plays, s.hands, s.kitty)
              for s in ParticleFilter(obs, seed, count).samples()]
    return (sum(w < mine for w in others) + 0.5 * sum(w == mine for w in others)) / len(others)


JUDGES = ("playouts", "players")


def _ci(figures: dict) -> str:
    """A mean with its 95% interval, for the text report."""
    return f"{figures['mean']:+.3f} [{figures['ci95'][0]:+.3f}, {figures['ci95'][1]:+.3f}]"


def finished_by_players(hand: Hand, seat: int, cards: tuple[Card, ...]) -> float:
    """What `cards` are worth to `seat` when heuristic players finish this very hand."""
    again = _copy(hand)
    again.apply(Play(seat, cards))
    players = [HeuristicPlayer(s) for s in range(again.rules.players)]
    while again.phase != Phase.FINISHED:
        turn = again.turn
        assert turn is not None
        again.apply(players[turn].act(again.observation(turn)))
    assert again.result is not None
    return outcome_value(again.result, seat, again.rules.decks)


def judge_position(hand: Hand, seat: int, specs: dict[str, PlayerSpec | Hindsight],
                   candidates: int,
                   repeats: int, judge: str = "playouts") -> dict[str, float]:
    """Each player's regret at this position (0: it chose what the oracle rates best)."""
    obs = hand.observation(seat)
    mem = build_memory(obs)
    plays: list[tuple[Card, ...]] = [tuple(c.cards) for c in
                                     candidate_plays(context_from_memory(obs, mem), candidates,
                                                     marked_kinds(obs))]
    chosen: dict[str, tuple[Card, ...]] = {}
    for name, spec in specs.items():
        action = build(spec).act(obs)
        assert isinstance(action, Play)
        chosen[name] = tuple(action.cards)
        if not any(sorted(p) == sorted(action.cards) for p in plays):
            plays.append(tuple(action.cards))
    if judge == "players":
        means = [finished_by_players(hand, seat, p) for p in plays]
    else:
        seed = zlib.crc32(repr((hand.seed, len(hand.actions))).encode())
        values = play_outcomes(obs, mem, plays, [true_deal(hand)], repeats, seed)
        means = [values.value(k).score for k in range(len(plays))]
    best = max(means)
    return {name: best - next(means[k] for k, p in enumerate(plays) if sorted(p) == sorted(c))
            for name, c in chosen.items()}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor ai-oracle", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--player", action="append", default=[], metavar="SPEC",
                        help="a player to screen (repeat it); the heuristic is always in")
    parser.add_argument("--base", default=BASELINE, metavar="SPEC",
                        help="the player gains are paired against (default: the heuristic)")
    parser.add_argument("--seed", type=int, default=5000, help="the first self-play hand")
    parser.add_argument("--every", type=int, default=3, help="one in this many of a seat's plays")
    parser.add_argument("--candidates", type=int, default=6)
    parser.add_argument("--judge", choices=JUDGES, default="playouts",
                        help="value candidates by quick playouts (default) or by heuristic "
                             "players finishing the hand")
    parser.add_argument("--repeats", type=int, default=8,
                        help="playouts of each candidate (--judge playouts)")
    parser.add_argument("--draws", type=int, default=32,
                        help="sampled deals the true one is ranked among")
    parser.add_argument("--particles", type=int, default=0, metavar="M",
                        help="rank the true deal among M whole-hand particles too")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if (args.positions < 1 or args.every < 1 or args.candidates < 2 or args.repeats < 1
            or args.draws < 1 or args.particles < 0):
        parser.error("--positions, --every, --repeats and --draws must be at least 1, "
                     "--candidates 2")
    try:
        specs = {name: parse_spec(name, 0)
                 for name in dict.fromkeys([BASELINE, args.base, *args.player])}
    except ValueError as exc:
        parser.error(str(exc))
    found = positions(args.positions, args.seed, args.every)
    regrets: dict[str, list[float]] = {name: [] for name in specs}
    kinds: list[tuple[str, ...]] = []
    ranks: dict[str, list[float]] = {band: [] for band in BAND_NAMES}
    shares: dict[str, list[float]] = {band: [] for band in BAND_NAMES}
    whole: dict[str, list[float]] = {band: [] for band in BAND_NAMES}
    friends: dict[str, list[dict[str, float]]] = {band: [] for band in BAND_NAMES}
    line = ProgressLine("oracle", len(found))
    for done, (hand, seat) in enumerate(found, start=1):
        seed = zlib.crc32(f"{hand.seed}/{done}".encode())
        seeded = {name: _seeded(s, seed, hand) for name, s in specs.items()}
        for name, regret in judge_position(hand, seat, seeded, args.candidates,
                                           args.repeats, args.judge).items():
            regrets[name].append(regret)
        kinds.append(position_kinds(hand, seat))
        band = band_of(hand)
        rank, share = truth_percentile(hand, seat, args.draws, done)
        ranks[band].append(rank)
        shares[band].append(share)
        found_friend = friend_share(hand, seat, args.draws, done)
        if found_friend is not None:
            friends[band].append(found_friend)
        if args.particles:
            whole[band].append(particle_percentile(hand, seat, args.particles, done))
        line.update(done, "  ".join(f"{n} {statistics.fmean(r):.3f}"
                                    for n, r in regrets.items()))
    heuristic, base = regrets[BASELINE], regrets[args.base]
    result = {"positions": len(found), "seed": args.seed, "judge": args.judge,
              "repeats": args.repeats, "base": args.base,
              "candidates": args.candidates, "players": {
                  name: {"regret": mean_ci(r),
                         "best_chosen": round(sum(x <= 1e-9 for x in r) / len(r), 3),
                         "gain_over_heuristic": mean_ci([b - x for b, x in
                                                         zip(heuristic, r, strict=True)]),
                         "gain_over_base": mean_ci([b - x for b, x in
                                                    zip(base, r, strict=True)])}
                  for name, r in regrets.items()},
              "by_kind": by_kind(kinds, regrets, args.base),
              "truth_percentile": {band: mean_ci(r) for band, r in ranks.items()},
              "effective_share": {band: mean_ci(r) for band, r in shares.items()},
              "friend_share": {band: {k: mean_ci([f[k] for f in r])
                                      for k in (*EVIDENCE, "unweighed")}
                               for band, r in friends.items()}}
    result["regrets"] = {name: [round(x, 4) for x in r] for name, r in regrets.items()}
    result["kinds"] = [list(k) for k in kinds]
    if args.particles:
        result["particle_percentile"] = {band: mean_ci(r) for band, r in whole.items()}
    if args.json:
        print(json.dumps(result))
        return 0
    judged = ("heuristic players finish the hand" if args.judge == "players"
              else f"{args.repeats} playouts a candidate")
    print(f"oracle: {result['positions']} positions, {judged}; gains over {args.base}")
    for name, figures in result["players"].items():
        gain = figures["gain_over_base"]
        print(f"  {name:<32} regret {figures['regret']['mean']:.3f}  best "
              f"{figures['best_chosen']:.0%}  gain {_ci(gain)}")
    others = [name for name in specs if name != args.base]
    print(f"  by kind: n, {args.base}'s regret, then each other player's gain over it")
    for kind, figures in result["by_kind"].items():
        players = figures["players"]
        print(f"    {kind:<14} {figures['n']:4d}  {players[args.base]['regret']['mean']:.3f}  "
              + "  ".join(f"{name} {_ci(players[name]['gain'])}" for name in others))
    for band, figures in result["truth_percentile"].items():
        if figures["n"]:
            print(f"  the true deal's percentile among {args.draws} drawn, {band}: "
                  f"{figures['mean']:.2f}; the drawn deals' effective share "
                  f"{result['effective_share'][band]['mean']:.2f} (n={figures['n']})")
    for band, figures in result["friend_share"].items():
        if figures["unweighed"]["n"]:
            print(f"  before the friend shows, {band}: the true friend's share of the drawn "
                  "deals " + ", ".join(f"{figures[k]['mean']:.2f} by {k}" for k in EVIDENCE)
                  + f", {figures['unweighed']['mean']:.2f} unweighed "
                  f"(n={figures['unweighed']['n']})")
    for band, figures in result.get("particle_percentile", {}).items():
        if figures["n"]:
            print(f"  the true deal's percentile among {args.particles} particles by the "
                  f"whole hand's play, {band}: {figures['mean']:.2f} (n={figures['n']})")
    return 0
