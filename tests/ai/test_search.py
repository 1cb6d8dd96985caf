"""The search player: legal, reproducible with a playout budget, blind to hidden cards."""

from __future__ import annotations

import random

from tutor.ai import HeuristicPlayer, SearchPlayer
from tutor.ai.memory import build_memory
from tutor.ai.sampler import Sampler
from tutor.rules import Hand, Phase

from .helpers import deal, play_out, positions


def test_search_hands_are_legal_with_a_tiny_budget():
    for seed in range(2):
        players = [SearchPlayer(seed=s, playouts=4) if s % 2 == 0 else HeuristicPlayer(s)
                   for s in range(5)]
        hand = play_out(deal(seed), lambda h, p=players: p[h.turn].act(h.observation(h.turn)))
        assert hand.result is not None


def _playing_positions(seeds, every):
    for seed in seeds:
        for hand in positions(seed, every=every):
            if hand.phase == Phase.PLAYING:
                yield seed, hand


def test_search_decision_ignores_hidden_cards():
    """Rebuild the position with other hidden hands consistent with the observation: the
    observation is unchanged, and so is the seeded search's choice."""
    checked = 0
    for seed, hand in _playing_positions(range(3), every=31):
        obs = hand.observation(hand.turn)
        mem = build_memory(obs)
        alt = Sampler(obs, mem).draw(random.Random(seed))
        truth = [hand.cards_of(s) for s in range(5)]
        kitty = hand.kitty if obs.seat != hand.declarer else obs.buried
        real = Hand.from_observation(obs, truth, kitty).observation(obs.seat)
        other = Hand.from_observation(obs, alt.hands, alt.kitty).observation(obs.seat)
        assert alt.hands != truth
        assert real == other
        player = SearchPlayer(seed=5, playouts=8)
        assert player.act(real) == player.act(other)
        checked += 1
    assert checked >= 5


def test_samples_respect_what_the_observer_knows():
    for _seed, hand in _playing_positions(range(4), every=13):
        obs = hand.observation(hand.turn)
        mem = build_memory(obs)
        sampler = Sampler(obs, mem)
        eff = obs.trump.table.eff
        for i in range(3):
            sample = sampler.draw(random.Random(i))
            assert sorted(sample.hands[obs.seat]) == sorted(obs.hand)
            assert [len(h) for h in sample.hands] == list(obs.hand_sizes)
            assert len(sample.kitty) == obs.rules.kitty
            for s in range(5):
                if s != obs.seat and sample.weight > 0.05:
                    assert not {eff[c] for c in sample.hands[s]} & mem.voids[s]
            if obs.friend is not None and sample.weight > 0.05:
                assert sample.friend == obs.friend


def test_search_report_ranks_candidates():
    for _, hand in _playing_positions([6], every=11):
        obs = hand.observation(hand.turn)
        report = SearchPlayer(seed=1, playouts=12).search(obs)
        if len(report.ranked) > 1:
            assert report.playouts >= 12 and report.samples >= 3
            values = [v for _, v, _ in report.ranked]
            assert values == sorted(values, reverse=True)
            return
    raise AssertionError("no position with a choice")


def test_a_time_budget_is_spent_on_many_samples():
    """With a budget in seconds (no playout count) the search keeps drawing deals until the
    budget is nearly spent."""
    for _seed, hand in _playing_positions([5], every=9):
        obs = hand.observation(hand.turn)
        report = SearchPlayer(seed=1, budget_s=1.0).search(obs)
        if len(report.ranked) > 1:  # a deal's playouts take ~20 ms: 2 even on a busy machine
            assert report.samples >= 2
            return
    raise AssertionError("no position with a choice")
