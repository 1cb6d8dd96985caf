"""A play's reason says only what is so of its cards: a follow said to give the least away
gives no more points than any legal follow; a lead said to give away the fewest points
carries none when a pointless card could have been led."""

from __future__ import annotations

import itertools

from tutor.ai import HeuristicPlayer
from tutor.ai.explain import fewest_points, play_reason, setup_reason, suggest
from tutor.ai.heuristic import context_from_memory, heuristic_choice
from tutor.ai.memory import build_memory
from tutor.ai.tactics import Choice, follow_candidates, lead_candidates, score_follow, score_lead
from tutor.rules import (
    CallFriend,
    Hand,
    Match,
    Observation,
    Play,
    Trump,
    follow_error,
    parse_cards,
    points_of,
)

from .helpers import heuristic_positions

GIVE_LEAST = ("give the least away", "尽量少送分")


def _choices(obs: Observation) -> list[Choice]:
    ctx = context_from_memory(obs, build_memory(obs))
    if obs.current:
        return [score_follow(ctx, p) for p in follow_candidates(ctx)]
    return [score_lead(ctx, cards, kind) for cards, kind in lead_candidates(ctx)]


def _least_by_brute_force(obs: Observation) -> int:
    lead = obs.current[0][1]
    kinds = sorted(set(obs.hand))
    best = None
    for play in itertools.combinations_with_replacement(kinds, len(lead)):
        if all(play.count(k) <= obs.hand.count(k) for k in set(play)) and \
                follow_error(obs.hand, lead, play, obs.trump) is None:
            pts = points_of(play)
            best = pts if best is None else min(best, pts)
    assert best is not None
    return best


def test_fewest_points_is_the_least_a_legal_follow_gives():
    checked = 0
    for _hand, obs in heuristic_positions(range(3), 2, lambda h, o: bool(o.current)):
        if len(obs.hand) > 14:  # keep the brute force small
            continue
        assert fewest_points(obs) == _least_by_brute_force(obs)
        checked += 1
    assert checked >= 10


def test_no_reason_says_a_play_gives_the_least_when_another_gives_less():
    said = 0
    for _hand, obs in heuristic_positions(range(6), 1, lambda h, o: True):
        for choice in _choices(obs):
            en, zh = play_reason(obs, choice)
            given = points_of(choice.cards)
            if obs.current and (GIVE_LEAST[0] in en or GIVE_LEAST[1] in zh):
                said += 1
                assert given == fewest_points(obs), (en, obs.hand)
            if not obs.current and "gives away the fewest points" in en:
                assert given == 0 or all(c.points for c in obs.hand), en
    assert said >= 20  # the claim is made, and checked, often


def test_a_five_led_from_a_hand_with_pointless_cards_is_not_the_fewest_points():
    obs = next(o for _h, o in heuristic_positions(range(40), 1, lambda h, o: not o.current
                                                   and any(c.points == 5 for c in o.hand)
                                                   and any(not c.points for c in o.hand)))
    five = next(c for c in obs.hand if c.points == 5)
    en, zh = play_reason(obs, Choice((five,), "lead_low", {"points": 5}, 0.0))
    assert "fewest" not in en and "尽量少送分" not in zh
    assert "5" in en and "5分" in zh


def _following(hand: str, lead: str) -> Observation:
    """Seat 1's view when seat 0 has led `lead` (spades trump, level 2)."""
    n = len(hand.split())
    filler = ["3S " * n, "4S " * n, "6S " * n, "7S " * n]
    lead_hand = (lead + " " + "8S " * (n - len(lead.split()))).strip()
    pos = Hand.position([lead_hand, hand, *filler[:3]], Trump("2", "S"), declarer=0)
    pos.apply(Play(0, parse_cards(lead)))
    return pos.observation(1)


def test_fewest_points_follows_the_rules_of_following():
    assert fewest_points(_following("10H KC 3C", "AD")) == 0  # void: anything goes
    assert fewest_points(_following("10D KC 3C", "AD")) == 10  # the one diamond
    assert fewest_points(_following("5D 5D 3D 4D", "AD AD")) == 10  # a pair follows a pair
    assert fewest_points(_following("5D KD 3D 4D", "AD AD")) == 0  # no pair: the lowest two


def test_a_follow_is_called_the_only_legal_one_only_when_it_is():
    """Void in the led trumps and holding none, any three cards follow: the tactics weigh
    one discard, but "the only legal way to follow" would not be so."""
    trump = Trump("5", "S")
    hand = Hand.position(["3H 4H 6H 3D 4D 6D", "SJ JS JS 3D 4D 6D", "7D 8D 9D 3D 4D 6D",
                          "AH 9H 3H AC 7C 3C", "7D 8D 9D 3D 4D 6D"], trump, declarer=0,
                         leader=1)
    hand.apply(Play(1, tuple(parse_cards("SJ JS JS"))))
    hand.apply(Play(2, tuple(parse_cards("7D 8D 9D"))))
    obs = hand.observation(3)
    assert heuristic_choice(obs)[1] == "forced"
    [(en, _zh)] = suggest(obs).reasons
    assert "only legal" not in en and "give the least away" in en
    hand = Hand.position(["3H 4H", "SJ 3D", "7D 8D", "9S 3C", "7D 8D"], trump, declarer=0,
                         leader=1)
    hand.apply(Play(1, tuple(parse_cards("SJ"))))
    hand.apply(Play(2, tuple(parse_cards("7D"))))
    obs = hand.observation(3)  # one trump: it must follow
    assert "only legal" in suggest(obs).reasons[0][0]


def test_a_friend_call_says_how_many_copies_the_other_seats_really_hold():
    """"others hold N copies" counts neither the declarer's copies nor those it buried."""
    checked = 0
    for seed in range(1, 40):
        hand = Match(seed=seed).new_hand()
        players = [HeuristicPlayer(s) for s in range(hand.rules.players)]
        while True:
            obs = hand.observation(hand.turn)
            action = players[hand.turn].act(obs)
            if isinstance(action, CallFriend):
                break
            hand.apply(action)
        call, (en, _zh) = setup_reason(obs)
        assert isinstance(call, CallFriend)
        others = sum(hand.cards_of(s).count(call.card) for s in range(hand.rules.players)
                     if s != obs.seat)
        assert f"others hold {others} copies" in en
        checked += (obs.buried or ()).count(call.card) > 0
    assert checked  # some call named a card the declarer had buried a copy of
