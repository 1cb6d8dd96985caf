"""Play inference and the search options built on it: the model of another seat is the
heuristic itself seen from that seat, its probabilities are a softmax, and the search stays
legal and a function of the observation."""

from __future__ import annotations

import math
import random

import pytest

from lab.ai.inference import (
    option_values,
    past_plays,
    play_likelihood,
    play_probability,
    view_at,
    window_start,
)
from lab.ai.search import ResearchSearchPlayer as SearchPlayer
from tests.ai.helpers import deal, play_out
from tutor.ai import HeuristicPlayer
from tutor.ai.heuristic import context_from_memory
from tutor.ai.memory import build_memory
from tutor.ai.sampler import Sampler
from tutor.rules import Card, EventKind, Hand, Phase, Play, Trump, parse_cards


def _heuristic_game(seed: int, plays: int, record: dict | None = None) -> Hand:
    """A deal played by five heuristic players until `plays` card plays have been made;
    `record` gets each play's observation by its seat, keyed by the play's index."""
    hand = deal(seed)
    player = HeuristicPlayer(0)
    made = 0
    while hand.phase != Phase.PLAYING or made < plays:
        obs = hand.observation(hand.turn)
        if hand.phase == Phase.PLAYING:
            if record is not None:
                record[made] = obs
            made += 1
        hand.apply(player.act(obs))
    return hand


def _truth(hand: Hand) -> tuple[list[list[int]], list[int]]:
    return [[int(c) for c in hand.cards_of(s)] for s in range(5)], [int(c) for c in hand.kitty]


@pytest.mark.parametrize("seed", [3, 11])
def test_each_play_is_judged_from_what_its_seat_saw_then(seed):
    seen: dict[int, object] = {}
    hand = _heuristic_game(seed, 60, seen)
    obs = hand.observation(hand.turn)
    plays = past_plays(obs)
    assert len(plays) == 60
    hands, kitty = _truth(hand)
    held = [list(h) for h in hands]
    for k in range(len(plays) - 1, -1, -1):
        held[plays[k].seat].extend(plays[k].played)
        then = seen[k]
        view = view_at(obs, plays, k, held[plays[k].seat], kitty)
        assert view.seat == then.seat == plays[k].seat
        for name in ("hand", "hand_sizes", "tricks", "current", "friend", "buried", "declarer"):
            assert getattr(view, name) == getattr(then, name), name
        assert view.events == [e for e in then.events if e.private_to is None]


@pytest.mark.parametrize("seed", [3, 11, 12])
def test_on_the_true_deal_the_model_predicts_every_heuristic_play(seed):
    """At temperature 0 the model is the heuristic itself: the real deal explains each of
    its plays with certainty, while deals drawn blind mostly do not."""
    hand = _heuristic_game(seed, 50)
    obs = hand.observation(hand.turn)
    plays = past_plays(obs)
    hands, kitty = _truth(hand)
    assert play_likelihood(obs, plays, hands, kitty, temperature=0.0, floor=0.0) == 1.0
    sampler = Sampler(obs, build_memory(obs))
    rng = random.Random(seed)
    drawn = [sampler.draw(rng) for _ in range(6)]
    blind = [play_likelihood(obs, plays, d.hands, d.kitty, temperature=0.0, floor=0.0)
             for d in drawn]
    assert sum(x < 1.0 for x in blind) >= 5
    softened = play_likelihood(obs, plays, hands, kitty)
    assert 0.0 < softened < 1.0
    assert softened > max(play_likelihood(obs, plays, d.hands, d.kitty) for d in drawn)


def test_a_window_judges_only_the_latest_tricks():
    hand = _heuristic_game(5, 47)
    obs = hand.observation(hand.turn)
    plays = past_plays(obs)
    start = window_start(obs, plays, window=2)
    assert {p.trick for p in plays[start:]} == {len(obs.tricks) - 2, len(obs.tricks) - 1,
                                                len(obs.tricks)}
    assert plays[start - 1].trick == len(obs.tricks) - 3


def test_probabilities_are_a_softmax_over_the_options():
    hand = _heuristic_game(7, 30)
    obs = hand.observation(hand.turn)
    ctx = context_from_memory(obs, build_memory(obs))
    options = option_values(ctx)
    assert len(options) >= 2 and len({cards for cards, _ in options}) == len(options)
    best = max(options, key=lambda o: o[1])[0]
    chosen = tuple(sorted(int(c) for c in HeuristicPlayer(0).act(obs).cards))
    assert chosen == best
    assert play_probability(ctx, chosen, 0.0, 0.0) == 1.0
    total = sum(play_probability(ctx, cards, 3.0, 0.0) for cards, _ in options)
    assert total == pytest.approx(1.0)
    warm = [play_probability(ctx, best, t, 0.0) for t in (0.5, 2.0, 8.0)]
    assert warm[0] >= warm[1] >= warm[2] > 1.0 / len(options) - 1e-9
    values = dict(options)
    other = min(options, key=lambda o: o[1])[0]
    ratio = play_probability(ctx, other, 2.0, 0.0) / play_probability(ctx, best, 2.0, 0.0)
    assert ratio == pytest.approx(math.exp((values[other] - values[best]) / 2.0))
    unconsidered = [c for c in ctx.hand if (int(c),) not in values]
    if unconsidered:
        assert play_probability(ctx, (unconsidered[0],), 2.0, 0.02) == pytest.approx(0.02)
    for cold in (0.0, 1e-3):  # a considered play is never less likely than an unconsidered
        assert play_probability(ctx, other, cold, 0.02) == pytest.approx(0.02)

def test_a_failed_throw_is_judged_as_the_throw_its_seat_chose():
    trump = Trump("2", "S")
    hand = Hand.position(["AH AH KH 10H 10H", "KH KH 3C 4C 5C", "3D 4D 5D 6D 7D",
                          "3S 4S 5S 6S 7S", "8C 9C 8D 9D JC"], trump, declarer=0,
                         kitty="6C 7C 8C 9C JD QD KD")
    hand.apply(Play(0, tuple(parse_cards("AH AH KH 10H 10H"))))
    obs = hand.observation(1)
    assert any(e.type == EventKind.THROW_FAILED for e in obs.events)
    (play,) = past_plays(obs)
    assert sorted(play.chosen) == sorted(int(c) for c in parse_cards("AH AH KH 10H 10H"))
    assert sorted(play.played) == sorted(int(c) for c in parse_cards("10H 10H"))
    assert play.events < len(obs.events) and play.before == ()
    assert isinstance(obs.hand[0], Card)


@pytest.mark.parametrize("options", [{"policy": "heuristic"}, {"infer": 3},
                                     {"particles": 6}, {"teams": "believed"}, {"teams": "read"},
                                     {"evidence": "fitted"}, {"refusals": "weigh"},
                                     {"refusals": "deal"}, {"refusals": "tilt"},
                                     {"policy": "heuristic", "view": "full"}])
def test_search_options_play_legal_hands_from_the_observation(options):
    players = [SearchPlayer(seed=s, playouts=4, **options) if s in (1, 3) else
               HeuristicPlayer(s) for s in range(5)]
    hand = play_out(deal(8), lambda h: players[h.turn].act(h.observation(h.turn)))
    assert hand.result is not None
    position = _heuristic_game(9, 25)
    obs = position.observation(position.turn)
    first = SearchPlayer(seed=2, playouts=8, **options).act(obs)
    assert SearchPlayer(seed=2, playouts=8, **options).act(obs) == first


@pytest.mark.parametrize("options", [{"policy": "perfect"}, {"infer": -1},
                                     {"particles": -2}, {"teams": "known"},
                                     {"evidence": "guess"}, {"refusals": "on"},
                                     {"view": "everything"}])
def test_search_refuses_unknown_options(options):
    with pytest.raises(ValueError):
        SearchPlayer(**options)
