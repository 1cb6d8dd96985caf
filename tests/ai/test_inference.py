"""Play inference and the search options built on it: legal, observation-only, and the real
deal explains the heuristic's plays better than a typical sampled one."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from tutor.ai import HeuristicPlayer, SearchPlayer
from tutor.ai.inference import MISMATCH, consistency, play_history
from tutor.ai.memory import build_memory
from tutor.ai.sampler import Sampler
from tutor.rules import Hand, Phase

from .helpers import deal, play_out


def _heuristic_position(seed: int, plays: int) -> Hand:
    """A deal played by five heuristic players until `plays` card plays have been made."""
    hand = deal(seed)
    player = HeuristicPlayer(0)
    made = 0
    while hand.phase != Phase.PLAYING or made < plays:
        made += hand.phase == Phase.PLAYING
        hand.apply(player.act(hand.observation(hand.turn)))
    return hand


def test_the_real_deal_explains_the_heuristic_plays_better_than_samples():
    real_scores, sample_medians = [], []
    for seed in (3, 11, 12):
        hand = _heuristic_position(seed, 40)
        obs = hand.observation(hand.turn)
        mem = build_memory(obs)
        history = play_history(obs)
        assert history and all(len(before) < 5 for before, _, _ in history)
        others = sum(seat != obs.seat for _, seat, _ in history)
        real = consistency(obs, mem, history, [hand.cards_of(s) for s in range(5)],
                           hand.kitty, hand.friend)
        sampler = Sampler(obs, mem)
        rng = random.Random(seed)
        drawn = [sampler.draw(rng) for _ in range(20)]
        scores = [consistency(obs, mem, history, d.hands, d.kitty, d.friend) for d in drawn]
        for s in [real, *scores]:  # one factor of MISMATCH per play the model did not make
            misses = round(math.log(s, MISMATCH)) if s < 1 else 0
            assert 0 <= misses <= others and s == pytest.approx(MISMATCH ** misses)
        real_scores.append(real)
        sample_medians.append(statistics.median(scores))
    assert statistics.fmean(real_scores) > statistics.fmean(sample_medians)


@pytest.mark.parametrize("options", [{"policy": "heuristic"}, {"infer": 3}])
def test_search_options_play_legal_hands_from_the_observation(options):
    players = [SearchPlayer(seed=s, playouts=4, **options) if s in (1, 3) else
               HeuristicPlayer(s) for s in range(5)]
    hand = play_out(deal(8), lambda h: players[h.turn].act(h.observation(h.turn)))
    assert hand.result is not None
    position = _heuristic_position(9, 25)
    obs = position.observation(position.turn)
    first = SearchPlayer(seed=2, playouts=8, **options).act(obs)
    assert SearchPlayer(seed=2, playouts=8, **options).act(obs) == first


@pytest.mark.parametrize("options", [{"policy": "perfect"}, {"infer": -1}])
def test_search_refuses_unknown_options(options):
    with pytest.raises(ValueError):
        SearchPlayer(**options)
