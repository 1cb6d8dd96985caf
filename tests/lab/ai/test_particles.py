"""The whole-hand particle filter: every particle agrees with what is certain, and the set is
a function of the observation alone, whatever the cache holds."""

from __future__ import annotations

from collections import Counter

import pytest

from lab.ai.particles import ParticleFilter, clear_cache
from tests.ai.helpers import deal
from tutor.ai import HeuristicPlayer
from tutor.ai.memory import build_memory
from tutor.rules import Hand, Phase


def _observations(seed: int, seat: int, every: int = 4):
    """Seat `seat`'s observations at every `every`-th of its plays in a heuristic hand."""
    hand = deal(seed)
    player = HeuristicPlayer(0)
    turns = 0
    while hand.phase != Phase.FINISHED:
        obs = hand.observation(hand.turn)
        if hand.phase == Phase.PLAYING and obs.seat == seat:
            turns += 1
            if turns % every == 0:
                yield hand, obs
        hand.apply(player.act(obs))


@pytest.mark.parametrize("seed,seat", [(3, 1), (4, 4), (21, 2)])
def test_every_particle_agrees_with_what_is_certain(seed, seat):
    checked = 0
    for _hand, obs in _observations(seed, seat):
        mem = build_memory(obs)
        eff = obs.trump.table.eff
        hidden = Counter({k: c for k, c in enumerate(mem.unseen) if c})
        if not mem.kitty_unknown:
            hidden.update(int(c) for c in obs.buried)
        samples = ParticleFilter(obs, 5, count=12).samples()
        assert sum(s.weight for s in samples) == pytest.approx(1.0)
        for s in samples:
            assert sorted(s.hands[seat]) == sorted(int(c) for c in obs.hand)
            assert [len(h) for h in s.hands] == list(obs.hand_sizes)
            assert len(s.kitty) == obs.rules.kitty
            placed = Counter(c for o in range(5) if o != seat for c in s.hands[o])
            assert placed + Counter(s.kitty) == hidden
            for o in range(5):
                assert not any(eff[c] in mem.voids[o] for c in s.hands[o]), "a shown void"
                if o != seat:
                    assert not Counter(mem.shown[o]) - Counter(s.hands[o]), "a shown card"
            if obs.friend is not None:
                assert s.friend == obs.friend
        checked += 1
    assert checked >= 4


def test_the_cache_only_saves_work():
    """The set at a decision is the same whether the filter ran from the first trick or
    carried on from an earlier decision's set (or from another game's)."""
    views = [obs for _h, obs in _observations(6, 3, every=3)]
    assert len(views) >= 4
    clear_cache()
    for obs in _observations(8, 3, every=5):  # another game in the cache
        ParticleFilter(obs[1], 9, count=10).samples()
    warm = [ParticleFilter(obs, 9, count=10).samples() for obs in views]
    clear_cache()
    cold = ParticleFilter(views[-1], 9, count=10).samples()
    assert [(s.hands, s.kitty, s.weight) for s in cold] == \
        [(s.hands, s.kitty, s.weight) for s in warm[-1]]
    other_seed = ParticleFilter(views[-1], 10, count=10).samples()
    assert [s.hands for s in other_seed] != [s.hands for s in cold]


def test_the_set_depends_on_the_observation_not_the_hidden_cards():
    for hand, obs in _observations(12, 0, every=6):
        truth = [hand.cards_of(s) for s in range(5)]
        drawn = ParticleFilter(obs, 1, count=4).samples()[0]
        assert drawn.hands != [[int(c) for c in h] for h in truth]
        kitty = hand.kitty if obs.seat != hand.declarer else obs.buried
        real = Hand.from_observation(obs, truth, kitty).observation(obs.seat)
        other = Hand.from_observation(obs, drawn.hands, drawn.kitty).observation(obs.seat)
        assert real == other
        clear_cache()
        first = ParticleFilter(real, 2, count=6).samples()
        clear_cache()
        again = ParticleFilter(other, 2, count=6).samples()
        assert [(s.hands, s.weight) for s in first] == [(s.hands, s.weight) for s in again]
