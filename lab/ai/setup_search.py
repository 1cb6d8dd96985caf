"""Search for the declarer's bury and friend call: a few sensible candidates (the heuristic's
first), each played out to the end of the hand on the same sampled deals, the best weighted
mean outcome wins (the heuristic's choice with a small head start).

While burying or calling, the declarer knows its own cards, the kitty and the bids, nothing
else; the `Sampler` deals the other hands from that (level cards shown in bids stay with their
bidders). A bury is played on with the heuristic's call for it; a call with the bury made.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable

from tutor.ai.budget import budget_spent, ranked_means
from tutor.ai.memory import build_memory
from tutor.ai.preplay import bury_cost, call_scores, cheapest, choose_bury, choose_call
from tutor.ai.rollout import Playout, outcome_value
from tutor.ai.sampler import Sampler
from tutor.rules import (
    TRUMP,
    Action,
    Bury,
    CallFriend,
    Card,
    Hand,
    Observation,
    Phase,
    friend_call_error,
)

# ------------------------------------------------------------------ bury candidates


def bury_void(obs: Observation, ranks: tuple[int, ...]) -> Bury | None:
    """Bury every card of some side suits (to be void in them), picked by their place from
    the shortest (`ranks` = (0,): the shortest; (1,): the next; (0, 1): both), the rest of the
    kitty by the heuristic's cost; None if they hold more cards than a kitty."""
    table = obs.trump.table  # type: ignore[union-attr]
    lengths = Counter(table.eff[c] for c in obs.hand if table.eff[c] != TRUMP)
    if len(lengths) <= max(ranks):
        return None
    by_length = sorted(lengths, key=lambda s: (lengths[s], s))
    suits = {by_length[r] for r in ranks}
    forced = [c for c in obs.hand if table.eff[c] in suits]
    if len(forced) > obs.rules.kitty:
        return None
    rest = [c for c in obs.hand if table.eff[c] not in suits]
    fill = cheapest(obs, bury_cost(obs), obs.rules.kitty - len(forced), rest)
    return Bury(obs.seat, tuple(forced + fill))


def bury_no_points(obs: Observation) -> Bury | None:
    """The heuristic's bury without point cards (None if fewer than a kitty are pointless)."""
    plain = [c for c in obs.hand if not c.points]
    if len(plain) < obs.rules.kitty:
        return None
    return Bury(obs.seat, tuple(cheapest(obs, bury_cost(obs), among=plain)))


def bury_points(obs: Observation) -> Bury:
    """The heuristic's bury leaning to point cards: points make a card cheaper to bury."""
    return Bury(obs.seat, tuple(cheapest(obs, bury_cost(obs, point_weight=-0.6))))


def bury_keep_pairs(obs: Observation) -> Bury:
    """The heuristic's bury that breaks no pair (nor so a tractor) unless it must."""
    return Bury(obs.seat, tuple(cheapest(obs, bury_cost(obs, pair_cost=60.0))))


def bury_void_one(obs: Observation) -> Bury | None:
    """Void the shortest side suit."""
    return bury_void(obs, (0,))


def bury_void_next(obs: Observation) -> Bury | None:
    """Void the second-shortest side suit."""
    return bury_void(obs, (1,))


def bury_void_two(obs: Observation) -> Bury | None:
    """Void the two shortest side suits."""
    return bury_void(obs, (0, 1))


# the alternatives in the order they are tried (the first distinct ones are kept)
BURY_ALTERNATIVES: tuple[Callable[[Observation], Bury | None], ...] = (
    bury_void_one, bury_void_next, bury_no_points, bury_points, bury_void_two, bury_keep_pairs)


def bury_candidates(obs: Observation, k: int) -> list[Bury]:
    """The heuristic's bury, then distinct legal alternatives, up to `k` in all."""
    if obs.phase != Phase.BURYING:
        raise ValueError("bury candidates need the burying phase")
    out = [choose_bury(obs)[0]]
    seen = {tuple(sorted(out[0].cards))}
    for make in BURY_ALTERNATIVES:
        if len(out) >= k:
            break
        bury = make(obs)
        if bury is None or not bury_is_legal(obs, bury):
            continue
        key = tuple(sorted(bury.cards))
        if key not in seen:
            seen.add(key)
            out.append(bury)
    return out[:max(k, 1)]


def bury_is_legal(obs: Observation, bury: Bury) -> bool:
    """Whether the rules take `bury` from this position (checked on a copy of it)."""
    hands = [list(obs.hand) if s == obs.seat else [Card(0)] * n
             for s, n in enumerate(obs.hand_sizes)]
    return Hand.setup_from_observation(obs, hands).why_illegal(bury) is None


# ------------------------------------------------------------------ call candidates


def call_candidates(obs: Observation, k: int) -> list[CallFriend]:
    """The heuristic's call, then the best card of each other side suit (by the heuristic's
    score), another Nth copy where the rule uses one, and the next card of the called suit."""
    if obs.phase != Phase.CALLING:
        raise ValueError("call candidates need the calling phase")
    first = choose_call(obs)[0]
    eff = obs.trump.table.eff  # type: ignore[union-attr]
    rules = obs.rules
    scored = [c for _, c in call_scores(obs)]
    mine = Counter(obs.hand)

    def call_of(c: Card) -> CallFriend:  # the heuristic's Nth for a card: the first not mine
        nth = min(rules.decks, mine[c] + 1) if first.nth is not None else None
        return CallFriend(obs.seat, c, nth)

    others, suits = [], {eff[first.card]}
    for c in scored:
        if eff[c] not in suits:
            suits.add(eff[c])
            others.append(call_of(c))
    nths = []
    if rules.friend_rule == "nth_played" and first.nth is not None:
        nths = [CallFriend(obs.seat, first.card, n) for n in range(1, rules.decks + 1)
                if n != first.nth]
        nths.sort(key=lambda a: abs(a.nth - first.nth))  # type: ignore[operator]
    same_suit = [call_of(c) for c in scored if eff[c] == eff[first.card] and c != first.card][:1]
    ordered = [first, *others[:1], *nths[:1], *others[1:], *nths[1:], *same_suit]
    out: list[CallFriend] = []
    for call in ordered:
        if call not in out and friend_call_error(call.card, call.nth, rules.friend_rule,
                                                 rules.decks) is None:
            out.append(call)
        if len(out) >= k:
            break
    return out


# ------------------------------------------------------------------ the search


class SetupReport:
    """The chosen bury or call, every candidate with its mean outcome (best first), and the
    effort spent (`playouts` is what the worker pool reads)."""

    def __init__(self, best: Action, ranked: list[tuple[Action, float]], samples: int,
                 playouts: int) -> None:
        self.best = best
        self.ranked = ranked
        self.samples = samples
        self.playouts = playouts


def setup_candidates(obs: Observation, k: int) -> list[Action]:
    """The bury or call candidates for `obs` (burying or calling), the heuristic's first."""
    if obs.phase == Phase.BURYING:
        return list(bury_candidates(obs, k))
    return list(call_candidates(obs, k))


def search_setup(obs: Observation, candidates: list[Action], rng: random.Random,
                 playouts: int | None = None, budget_s: float = 0.5, prior: float = 0.25,
                 policy: str = "quick") -> SetupReport:
    """Value each candidate (candidate 0 the heuristic's, which gets `prior`) by playing it
    out on the same sampled deals with the same playout seeds: `playouts` in all, split
    evenly, or as many as fit in `budget_s` seconds when `playouts` is None."""
    start = time.perf_counter()
    if len(candidates) == 1:
        return SetupReport(candidates[0], [(candidates[0], 0.0)], 0, 0)
    sampler = Sampler(obs, build_memory(obs))
    follow_ups: dict[int, CallFriend] = {}
    totals = [0.0] * len(candidates)
    weight_sum = 0.0
    samples = done = 0
    ready = time.perf_counter() - start
    while True:
        sample = sampler.draw(rng)
        seed = rng.getrandbits(64)
        for i, cand in enumerate(candidates):
            hand = Hand.setup_from_observation(obs, sample.hands)
            hand.apply(cand)
            if obs.phase == Phase.BURYING:
                if i not in follow_ups:  # the heuristic's call after this bury
                    follow_ups[i] = choose_call(hand.observation(obs.seat))[0]
                hand.apply(follow_ups[i])
            result = Playout(hand, [], [set() for _ in range(obs.rules.players)]).run(
                random.Random(seed), policy)
            totals[i] += sample.weight * outcome_value(result, obs.seat, obs.rules.decks)
            done += 1
        weight_sum += sample.weight
        samples += 1
        if budget_spent(done, playouts, budget_s, start, ready, samples):
            break
    means, order = ranked_means(totals, weight_sum, prior)
    return SetupReport(candidates[order[0]], [(candidates[i], means[i]) for i in order],
                       samples, done)
