"""`python -m tutor arena A B --deals N --seed S [--json]`: duplicate-deal match of two AIs.

A deal is one seeded hand, every level 2, declarer seat = hand seed % 5 (bidding still sets
the trump suit). Each deal is played with five B players, then once per seat with A in that
seat: A's advantage is its 积分 / levels minus B's in the same seat on the same deal. Search
players take `--budget` seconds per decision, or `--playouts` playouts (reproducible).

With `--log FILE` every finished deal is appended to FILE as a JSON line (after a header
naming the players and the seed); run the same command again and the deals already logged
are kept, not played again, so an interrupted run resumes where it stopped.

A and B are player kinds (`random`, `heuristic`, `search`: the search flags below set the
search's options) or SPECs as `ai-oracle` reads them (`hard`, `search:playouts=160,bids=8`).
With `--only bidding` (or `burying`, `calling`, comma-separated) A is a B that decides
otherwise in those phases alone (e.g. `search:playouts=400,leaf=value,policy=heuristic,
bids=8` against `hard`): each seat's hand is followed with B until A would choose otherwise,
and only such hands are played out both ways, in a field of `--field SPEC` players
(default B). `--check N` plays the first N deals' other hands through with A too, and stops
if any of them ends otherwise.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from pathlib import Path

from lab.ai.sampler import EVIDENCE, REFUSALS
from lab.ai.search import TEAMS
from lab.arena import (
    SETUP_PHASES,
    DealOutcome,
    Pairing,
    PlayerSpec,
    run_arena,
    stderr_progress,
    summarize,
)
from tutor.ai.player import PLAYER_TYPES
from tutor.ai.search import POLICIES

from .ai_oracle import parse_spec
from .hindsight import Hindsight


def _fmt(stat: dict) -> str:
    if stat["mean"] is None:
        return "n/a"
    lo, hi = stat["ci95"]
    return f"{stat['mean']:+.3f}  (95% CI {lo:+.3f} .. {hi:+.3f}, n={stat['n']})"


LOG_VERSION = 1


def read_log(path: Path, header: dict) -> list[DealOutcome]:
    """The deals an earlier run of the same arena (`header`) logged in `path` (none if there
    is no such file); ValueError if it logged another arena. A last line cut short by an
    interruption is left out (its deal is played again)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    if not lines:
        return []
    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError:
        first = None
    if first != header:
        raise ValueError(f"{path} logs another arena ({lines[0][:120]}); "
                         f"this one is {json.dumps(header)}: give another --log")
    deals = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            deals.append(DealOutcome.from_dict(json.loads(line)))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            if number != len(lines):
                raise ValueError(f"{path}: line {number} is not a logged deal") from None
    return deals


@contextlib.contextmanager
def _log_writer(path: str | None, header: dict, kept: list[DealOutcome]):
    """A function that appends one deal to the log at `path` (nothing without one). The log
    is first written again as `header` and the deals `kept` from it, so a line an
    interruption cut short is gone before new ones follow."""
    if path is None:
        yield lambda _deal: None
        return
    target = Path(path)
    lines = [json.dumps(header), *(json.dumps(d.to_dict()) for d in kept)]
    fresh = target.with_name(target.name + ".tmp")  # then swapped in: never half written
    fresh.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    fresh.replace(target)
    with target.open("a", encoding="utf-8") as out:

        def write(deal: DealOutcome) -> None:
            out.write(json.dumps(deal.to_dict()) + "\n")
            out.flush()

        yield write


def _player(text: str, options: list[tuple[str, object]]) -> PlayerSpec:
    """A player kind (a search takes the flags' `options`) or a SPEC; ValueError if neither."""
    if text in PLAYER_TYPES:
        return PlayerSpec(text, 0, tuple(options) if text == "search" else ())
    spec = parse_spec(text, 0)
    if isinstance(spec, Hindsight):
        raise ValueError(f"{text!r}: a hindsight player knows the true deal: no arena player")
    return spec


def _pairing(args: argparse.Namespace) -> Pairing:
    """The pairing `--only`, `--field` and `--check` ask for; ValueError if it is not one."""
    if args.only is None:
        if args.field is not None or args.check:
            raise ValueError("--field and --check go with --only")
        return Pairing()
    names = {p.value: p for p in SETUP_PHASES}
    only = set()
    for name in filter(None, args.only.split(",")):
        if name not in names:
            raise ValueError(f"--only: {name!r} is not one of {', '.join(names)}")
        only.add(names[name])
    if not only:
        raise ValueError(f"--only: name some of {', '.join(names)}")
    if args.check < 0:
        raise ValueError("--check must be 0 or more")
    field = None if args.field is None else _player(args.field, [])
    return Pairing(frozenset(only), field, args.check)


def main(argv: list[str]) -> int:
    """Run the arena and print a table (or one JSON object with --json)."""
    parser = argparse.ArgumentParser(prog="python -m tutor arena", description=__doc__)
    parser.add_argument("a", help="the player measured: a kind or a SPEC")
    parser.add_argument("b", help="the baseline player: a kind or a SPEC")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--budget", type=float, default=None,
                        help="search: seconds per decision (default 0.5)")
    parser.add_argument("--playouts", type=int, default=None,
                        help="search: playouts per decision instead of a time budget")
    parser.add_argument("--policy", choices=POLICIES, default=None,
                        help="search: the policy samples are played out with (default quick)")
    parser.add_argument("--teams", choices=TEAMS, default=None,
                        help="search: what playout seats know of the teams (default sampled)")
    parser.add_argument("--evidence", choices=EVIDENCE, default=None,
                        help="search: how the friend is read from the follows (default feeds)")
    parser.add_argument("--refusals", choices=REFUSALS, default=None,
                        help="search: how follows below a beatable card are read (default off)")
    parser.add_argument("--infer", type=int, default=None, metavar="K",
                        help="search: draw K deals per playout deal, keep one by play inference")
    parser.add_argument("--particles", type=int, default=None, metavar="M",
                        help="search: draw playout deals from a whole-hand set of M particles")
    parser.add_argument("--setup", type=int, default=None, metavar="K",
                        help="search: pick the bury and the friend call among K candidates")
    parser.add_argument("--bids", type=int, default=None, metavar="K",
                        help="search: pick each bid or pass by playing every choice out on K "
                             "deals")
    parser.add_argument("--only", metavar="PHASES",
                        help="A differs from B only in these setup phases (bidding, burying, "
                             "calling): replay just the hands where it chooses otherwise")
    parser.add_argument("--field", metavar="SPEC",
                        help="with --only: the players of the other seats (default B)")
    parser.add_argument("--check", type=int, default=0, metavar="N",
                        help="with --only: play the first N deals through to confirm it")
    parser.add_argument("--log", metavar="FILE",
                        help="append each deal to FILE (JSON lines) and resume from it")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    options: list[tuple[str, object]] = []
    if args.budget is not None:
        options.append(("budget_s", args.budget))
    if args.playouts is not None:
        options.append(("playouts", args.playouts))
    if args.policy is not None:
        options.append(("policy", args.policy))
    if args.teams is not None:
        options.append(("teams", args.teams))
    if args.evidence is not None:
        options.append(("evidence", args.evidence))
    if args.refusals is not None:
        options.append(("refusals", args.refusals))
    if args.infer is not None:
        if args.infer < 0:
            parser.error("--infer must be 0 (off) or more")
        options.append(("infer", args.infer))
    if args.particles is not None:
        if args.particles < 0:
            parser.error("--particles must be 0 (off) or more")
        options.append(("particles", args.particles))
    if args.setup is not None:
        if args.setup < 0:
            parser.error("--setup must be 0 (off) or more")
        options.append(("setup", args.setup))
    if args.bids is not None:
        if args.bids < 0:
            parser.error("--bids must be 0 (off) or more")
        options.append(("bids", args.bids))
    try:
        specs = [_player(text, options) for text in (args.a, args.b)]
        how = _pairing(args)
    except ValueError as exc:
        parser.error(str(exc))
    header: dict = {"arena": LOG_VERSION, "a": str(specs[0]), "b": str(specs[1]),
                    "seed": args.seed}
    if how.only:  # a log of a full arena stays readable: its header has no such keys
        header.update(only=sorted(how.only), field=str(how.field or specs[1]))
    before: list[DealOutcome] = []
    if args.log:
        try:
            before = read_log(Path(args.log), header)
        except ValueError as exc:
            parser.error(str(exc))
    t0 = time.monotonic()
    with _log_writer(args.log, header, before) as log:
        try:
            deals = run_arena(specs[0], specs[1], args.deals, args.seed, args.workers,
                              None if args.quiet else stderr_progress(t0, len(before)),
                              before=before, on_deal=log, how=how)
        except AssertionError as exc:  # --check found A acting otherwise outside --only
            print(f"\narena: {exc}: not a pairing --only can measure", file=sys.stderr)
            return 1
    summary = summarize(deals, str(specs[0]), str(specs[1]))
    summary["seed"] = args.seed
    summary["seconds"] = round(time.monotonic() - t0, 1)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    print(f"arena: {summary['a']} vs {summary['b']}, {summary['deals']} deals "
          f"({summary['hands']} hands), seed {args.seed}, {summary['seconds']} s")
    print(f"  积分 advantage per hand:  {_fmt(summary['jifen_advantage'])}")
    print(f"  level advantage per hand: {_fmt(summary['level_advantage'])}")
    if how.only:
        print(f"  hands replayed (A chose otherwise in {', '.join(sorted(how.only))}): "
              f"{summary['replayed_share']:.1%}; the roles below are theirs")
    for role, stats in summary["by_role"].items():
        print(f"  as {role:<13} 积分 {_fmt(stats['jifen_advantage'])}")
        print(f"  {'':<16} levels {_fmt(stats['level_advantage'])}")
    return 0
