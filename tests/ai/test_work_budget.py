"""A strength is work, not time: a search with a playout count decides the same however slow
the machine is, so "normal" means the same under any load. So does everything else the
product works out in its AI workers: each strength's every decision (bids, bury and call
included), hints, and a review's judgements. (The lab's setup and bid searches: in
tests/lab/ai/test_work_budget_lab.py.)"""

from __future__ import annotations

import itertools

import pytest

import tutor.ai.search as search_module
from tutor.ai import STRENGTHS, HeuristicPlayer, PlayerSpec, decide, strength_spec, suggest
from tutor.ai.bidding import bid_choices
from tutor.review import Budget
from tutor.review.bidding import judge_bid
from tutor.review.jobs import HandRecord, judge_at
from tutor.review.selfplay import heuristic_hand
from tutor.review.setup import judge_bury, judge_call
from tutor.rules import Bid, Bury, CallFriend, Match, Pass, Phase, Play, bid_options


def _positions(count: int) -> list:
    """Card-play observations of a hand the heuristic plays for every seat."""
    hand = Match(seed=21).new_hand()
    player, seen = HeuristicPlayer(seed=2), []
    while hand.phase != Phase.FINISHED and len(seen) < count:
        obs = hand.observation(hand.turn)
        if obs.phase == Phase.PLAYING and len(obs.hand) > 3:
            seen.append(obs)
        hand.apply(player.act(obs))
    return seen[::9]


def _before_play(seeds) -> tuple[list, list]:
    """The bids and passes with a choice, and the declarer's bury and call, of the first
    hands of matches `seeds`, which the heuristic plays for every seat."""
    bids, setups = [], []
    for seed in seeds:
        hand = Match(seed=seed).new_hand()
        player = HeuristicPlayer(seed=2)
        while hand.phase != Phase.PLAYING:
            obs = hand.observation(hand.turn)
            if obs.phase in (Phase.BURYING, Phase.CALLING):
                setups.append(obs)
            elif bid_options(obs.hand, obs.level, obs.seat, obs.standing_bid, obs.rules.decks):
                bids.append(obs)
            hand.apply(player.act(obs))
    return bids, setups


@pytest.fixture
def loaded(monkeypatch):
    """Switches on a machine so loaded that every look at the clock finds ten more seconds
    gone (the searches read `time.perf_counter`, patched for every module at once)."""

    def switch_on() -> None:
        ticks = itertools.count()
        monkeypatch.setattr(search_module.time, "perf_counter", lambda: next(ticks) * 10.0)

    return switch_on


def _decided(spec: PlayerSpec):
    """What `spec`'s player decides for an observation, and the playouts it spent on it."""

    def work(obs) -> tuple:
        decision = decide(spec, obs)
        return decision.action, decision.playouts

    return work


def _same_under_load(loaded, work, inputs) -> list:
    """`work` of each input on a calm machine, checked to be the same on a loaded one."""
    calm = [work(x) for x in inputs]
    loaded()
    assert [work(x) for x in inputs] == calm
    return calm


def test_a_playout_budget_ignores_the_clock(monkeypatch):
    spec = PlayerSpec("search", 7, (("playouts", 40),))
    positions = _positions(150)
    calm = [decide(spec, obs) for obs in positions]
    ticks = itertools.count()
    # a machine so loaded that every look at the clock finds ten more seconds gone
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: next(ticks) * 10.0)
    loaded = [decide(spec, obs) for obs in positions]
    assert [d.action for d in loaded] == [d.action for d in calm]
    assert [d.playouts for d in loaded] == [d.playouts for d in calm]
    assert any(d.playouts >= 40 for d in calm)


@pytest.mark.parametrize("strength", STRENGTHS)
def test_every_strength_decides_every_phase_the_same_under_load(loaded, strength):
    """The play mode's computer players: their card play (a search but for easy), and their
    bids, bury and call, at each strength."""
    spec = strength_spec(strength, 7)
    bids, setups = _before_play([3, 4])
    plays = _positions(150)[:: 3 if strength == "hard" else 1]
    calm = _same_under_load(loaded, _decided(spec), [*bids, *setups, *plays])
    assert {type(a) for a, _ in calm} >= {Bid, Pass, Bury, CallFriend, Play}
    if strength != "easy":  # searched, never past the count (a last deal rounds it up)
        count = dict(spec.options)["playouts"]
        assert any(p > 0 for _, p in calm)
        assert all(p < count + 8 for _, p in calm)


def test_hints_ignore_the_clock(loaded):
    bids, setups = _before_play([3, 4])
    _same_under_load(loaded, lambda obs: (suggest(obs).action, suggest(obs).reasons),
                     [*bids, *setups, *_positions(150)])


def test_a_reviews_judgements_ignore_the_clock(loaded):
    """A review's bids, card plays, bury and call are each judged the same under load (a
    bid, bury and call not the heuristic's own, which are not judged)."""
    hand = heuristic_hand(100)
    record = HandRecord.of(hand)
    budget = Budget(candidates=3, fair_deals=4, hindsight_repeats=2)
    at = {type(a): i for i, a in reversed(list(enumerate(hand.actions)))}  # each kind's first
    bid = next(i for i, a in enumerate(hand.actions) if isinstance(a, (Bid, Pass))
               and bid_options(record.position(i).cards_of(a.seat), hand.level, a.seat,
                               record.position(i).observation(a.seat).standing_bid, 3))
    play = next(i for i, a in enumerate(hand.actions) if isinstance(a, Play) and i > 40)
    bury, call = hand.actions[at[Bury]], hand.actions[at[CallFriend]]
    burying, calling = record.position(at[Bury]), record.position(at[CallFriend])
    rich = Bury(bury.seat, tuple(sorted(burying.cards_of(bury.seat),
                                        key=lambda c: -c.points)[:len(bury.cards)]))
    other = CallFriend(call.seat, next(c for c in calling.cards_of(call.seat)
                                       if c != call.card and not c.is_joker))
    bidding = record.position(bid)
    mine = hand.actions[bid]
    unlike = Pass(mine.seat) if isinstance(mine, Bid) else next(
        c for c in bid_choices(bidding.observation(mine.seat)) if isinstance(c, Bid))
    judges = [lambda: judge_bid(bidding, unlike, bid, budget),
              lambda: judge_at(record, play, budget),
              lambda: judge_bury(burying, rich, call, at[Bury], budget),
              lambda: judge_call(calling, other, at[CallFriend], budget)]
    calm = _same_under_load(loaded, lambda judge: judge(), judges)
    assert [j.decision for j in calm] == ["bid", "play", "bury", "call"]


def test_a_time_budget_would_not(monkeypatch):
    """The checks above could fail: a time budget under the same clock stops after one
    sample."""
    spec = PlayerSpec("search", 7, (("budget_s", 0.25),))
    obs = next(o for o in _positions(150) if decide(PlayerSpec("search", 7, (("playouts", 40),)),
                                                    o).playouts)
    ticks = itertools.count()
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: next(ticks) * 10.0)
    assert decide(spec, obs).playouts < 40
