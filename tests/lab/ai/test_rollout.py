"""Research playouts: with the friend hidden, the seats know only what they would of the
teams (a flat belief, or the heuristic's own reading of each seat's cards and the play), and
the kitty view shows each seat the unseen cards the heuristic in it sees."""

from __future__ import annotations

import random

import pytest

from lab.ai.rollout import ResearchPlayout as Playout
from lab.ai.rollout import seat_beliefs
from tests.ai.helpers import heuristic_positions
from tutor.ai.heuristic import context_from_memory
from tutor.ai.memory import build_memory
from tutor.ai.sampler import Sampler
from tutor.ai.tactics import choose_play
from tutor.rules import Hand, Phase, Play


def _before_the_friend_shows(seeds):
    """Heuristic self-play positions (every 6th play) while the friend is still unknown,
    with a deal the seat to play drew."""
    for step, (_, obs) in enumerate(heuristic_positions(seeds, 6, lambda h, o: o.friend is None)):
        mem = build_memory(obs)
        yield obs, mem, Sampler(obs, mem).draw(random.Random(step))


def test_with_the_friend_hidden_only_the_friend_knows_the_teams_until_it_shows():
    hidden = shown = 0
    for obs, mem, guess in _before_the_friend_shows(range(40000, 40004)):
        if guess.friend in (None, obs.declarer):
            continue
        hidden += 1
        hand = Hand.from_observation(obs, guess.hands, guess.kitty, guess.friend)
        playout = Playout(hand, obs.current, mem.voids, hidden_friend=True)
        d, f = obs.declarer, guess.friend
        other = next(s for s in range(5) if s not in (d, f))
        assert playout.context(d).ally == [1.0 if s == d else 0.25 for s in range(5)]
        seen = playout.context(other).ally
        assert seen[d] == 0.0 and seen[other] == 1.0 and seen[f] == 2 / 3
        exact = [1.0 if s in (d, f) else 0.0 for s in range(5)]
        assert playout.context(f).ally == exact  # the friend knows
        known = Playout(Hand.from_observation(obs, guess.hands, guess.kitty, guess.friend),
                        obs.current, mem.voids)
        assert known.context(d).ally == exact
        rng = random.Random(0)
        while playout.hidden and playout.hand.phase != Phase.FINISHED:
            playout.apply(Play(playout.hand.turn, choose_play(
                playout.context(playout.hand.turn)).cards))
        if playout.hand.phase != Phase.FINISHED:  # the friend has shown: everyone knows
            assert playout.hand.observation(d).friend == f
            assert playout.context(d).ally == exact
            shown += 1
        playout.run(rng)
    assert hidden >= 3 and shown >= 1


def test_read_beliefs_are_what_the_heuristic_in_each_seat_believes_until_the_friend_shows():
    checked = unlike_flat = 0
    for hand, obs in heuristic_positions(range(40000, 40004), 6, lambda h, o: o.friend is None):
        if hand.friend in (None, obs.declarer):
            continue
        truth = [[int(c) for c in hand.cards_of(s)] for s in range(5)]
        kitty = [int(c) for c in hand.kitty]
        mem = build_memory(obs)
        beliefs = seat_beliefs(Hand.from_observation(obs, truth, kitty, hand.friend))
        playout = Playout(Hand.from_observation(obs, truth, kitty, hand.friend), obs.current,
                          mem.voids, hidden_friend=True, beliefs=beliefs)
        flat = Playout(Hand.from_observation(obs, truth, kitty, hand.friend), obs.current,
                       mem.voids, hidden_friend=True)
        d, f = obs.declarer, hand.friend
        for seat in range(5):  # on the true deal, each seat's belief is its real one
            real = build_memory(hand.observation(seat))
            ally, defending = beliefs[seat]
            assert ally == pytest.approx([real.ally_p(s) for s in range(5)])
            assert defending == pytest.approx(1.0 - real.my_side_p)
            ctx = playout.context(seat)
            if seat == f:
                assert ctx.ally == [1.0 if s in (d, f) else 0.0 for s in range(5)]
            else:
                assert ctx.ally == ally and ctx.defending == defending
                unlike_flat += ctx.ally != flat.context(seat).ally
        checked += 1
        while playout.hidden and playout.hand.phase != Phase.FINISHED:
            playout.apply(Play(playout.hand.turn, choose_play(
                playout.context(playout.hand.turn)).cards))
        if playout.hand.phase != Phase.FINISHED:  # the friend has shown: everyone knows
            assert playout.context(d).ally == [1.0 if s in (d, f) else 0.0 for s in range(5)]
    assert checked >= 3 and unlike_flat >= 1


def test_the_kitty_view_shows_each_seat_the_unseen_cards_the_heuristic_in_it_sees():
    checked = 0
    for hand, obs in heuristic_positions(range(40010, 40012), 9, lambda h, o: True):
        truth = [[int(c) for c in hand.cards_of(s)] for s in range(5)]
        kitty = [int(c) for c in hand.kitty]
        mem = build_memory(obs)
        views = {view: Playout(Hand.from_observation(obs, truth, kitty, hand.friend),
                               obs.current, mem.voids, view=view)
                 for view in ("sample", "kitty", "full")}
        for seat in range(5):
            seen = context_from_memory(hand.observation(seat),
                                       build_memory(hand.observation(seat)))
            ctx = views["kitty"].context(seat)
            assert ctx.pool == seen.pool
            assert ctx.kitty_points == pytest.approx(seen.kitty_points)
            assert ctx.fast and not views["full"].context(seat).fast
            if seat == hand.declarer:  # it buried the kitty: the sample's view is its own
                assert views["sample"].context(seat).pool == seen.pool
            else:
                assert views["sample"].context(seat).pool != seen.pool
        checked += 1
    assert checked >= 6
    with pytest.raises(ValueError, match="view"):
        Playout(hand, obs.current, mem.voids, view="everything")
