"""Every player returns only legal actions, decided from the observation alone."""

from __future__ import annotations

import pytest

from tutor.ai import HeuristicPlayer, RandomPlayer, make_player
from tutor.rules import Hand, Pass, Phase, Play, RuleSet

from .helpers import deal, play_out, positions


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_full_hands_are_legal(kind):
    for seed in range(8):
        players = [make_player(kind, seed=seed * 10 + s) for s in range(5)]
        hand = play_out(deal(seed), lambda h, p=players: p[h.turn].act(h.observation(h.turn)))
        assert hand.result is not None


def test_nth_played_rule_is_legal_too():
    rules = RuleSet(friend_rule="nth_played")
    for seed in range(3):
        players = [HeuristicPlayer(s) for s in range(5)]
        hand = play_out(deal(seed, rules),
                        lambda h, p=players: p[h.turn].act(h.observation(h.turn)))
        assert hand.result is not None


def test_heuristic_only_throws_when_safe():
    """Throw safety is judged against every unseen card, so its throws never fail."""
    for seed in range(6):
        players = [HeuristicPlayer(s) for s in range(5)]
        hand = play_out(deal(seed), lambda h, p=players: p[h.turn].act(h.observation(h.turn)))
        assert hand.result.failed_throws == (0, 0, 0, 0, 0)


def test_heuristic_mixed_table_positions_are_legal():
    """From random mid-hand positions (odd trick shapes), the heuristic still plays legally."""
    player = HeuristicPlayer(0)
    for seed in range(12):
        for hand in positions(seed, every=5):
            action = player.act(hand.observation(hand.turn))
            assert hand.why_illegal(action) is None, (seed, action)


def _swap_hidden(hand, viewer):
    """A hand where two other seats trade one card each: the viewer sees no change. Built
    through the public API (`Hand.from_observation`), so only playing positions qualify."""
    if hand.phase != Phase.PLAYING:
        return None
    hands = [hand.cards_of(s) for s in range(5)]
    a, b = [s for s in range(5) if s != viewer][:2]
    ha, hb = hands[a], hands[b]
    for i, ca in enumerate(ha):
        for j, cb in enumerate(hb):
            if ca != cb:
                ha[i], hb[j] = cb, ca
                other = Hand.from_observation(hand.observation(viewer), hands, hand.kitty,
                                              friend=hand.friend)
                return other, a
    return None


@pytest.mark.parametrize("cls", [RandomPlayer, HeuristicPlayer])
def test_decision_depends_on_observation_only(cls):
    checked = 0
    for seed in range(6):
        for hand in positions(seed, every=9):
            viewer = hand.turn
            swapped = _swap_hidden(hand, viewer)
            if swapped is None:
                continue
            other, a = swapped
            assert sorted(other.cards_of(a)) != sorted(hand.cards_of(a))
            obs, obs2 = hand.observation(viewer), other.observation(viewer)
            assert obs == obs2
            assert cls(seed=3).act(obs) == cls(seed=3).act(obs2)
            checked += 1
    assert checked > 20


def test_random_player_is_seeded():
    hand = deal(4)
    obs = hand.observation(hand.turn)
    assert RandomPlayer(1).act(obs) == RandomPlayer(1).act(obs)
    plays = set()
    for hand in positions(4, every=3):
        if hand.phase == Phase.PLAYING and not hand.observation(hand.turn).current:
            obs = hand.observation(hand.turn)
            plays |= {RandomPlayer(s).act(obs) for s in range(6)}
            break
    assert len(plays) > 1 and all(isinstance(p, Play) for p in plays)


def test_heuristic_declarer_buries_no_trumps_when_it_has_enough_plain_cards():
    for seed in range(5):
        hand = deal(seed)
        players = [HeuristicPlayer(s) for s in range(5)]
        while hand.phase == Phase.BIDDING:
            hand.apply(players[hand.turn].act(hand.observation(hand.turn)))
        obs = hand.observation(hand.turn)
        bury = players[hand.turn].act(obs)
        plain = [c for c in obs.hand if not obs.trump.is_trump(c)]
        if len(plain) >= 7:
            assert not any(obs.trump.is_trump(c) for c in bury.cards)


def test_heuristic_passes_without_level_cards():
    for seed in range(10):
        hand = deal(seed)
        obs = hand.observation(hand.turn)
        if not any(c.rank == "2" for c in obs.hand):
            assert HeuristicPlayer(0).act(obs) == Pass(obs.seat)
