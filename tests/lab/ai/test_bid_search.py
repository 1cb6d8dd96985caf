"""The bid search: every choice played out on the same fair deals, the best mean taken (the
heuristic's on a tie), a function of the observation and the seed alone."""

from __future__ import annotations

import random
from zlib import crc32

import pytest

from lab.ai.bid_search import BID_POLICY, halving_rounds, search_bid
from lab.ai.search import ResearchSearchPlayer as SearchPlayer
from tests.ai.helpers import deal
from tutor.ai.bidding import bid_choices, bidding_deals, set_up
from tutor.ai.heuristic import heuristic_choice
from tutor.ai.rollout import outcome_value
from tutor.rules import Bid, Hand, Pass, Phase


def _bidding(count: int) -> list[Hand]:
    """Bidding positions with a bid to show, from heuristic-bid deals (a copy of each)."""
    out: list[Hand] = []
    seed = 0
    while len(out) < count:
        hand = deal(seed)
        seed += 1
        while hand.phase == Phase.BIDDING and len(out) < count:
            obs = hand.observation(hand.turn)
            if len(bid_choices(obs)) > 1:
                again = deal(hand.seed)
                for action in hand.actions:
                    again.apply(action)
                out.append(again)
            hand.apply(heuristic_choice(obs)[0])
    return out


def test_the_choices_are_pass_and_every_legal_bid():
    for hand in _bidding(6):
        obs = hand.observation(hand.turn)
        choices = bid_choices(obs)
        assert choices[0] == Pass(obs.seat) and all(isinstance(c, Bid) for c in choices[1:])
        assert {c for c in choices} == set(hand.legal_actions())


def test_each_choice_is_valued_by_its_playouts_on_the_same_deals():
    """The means are the playouts' outcomes, recomputed here from the same seed, and the
    best of them is chosen."""
    for hand in _bidding(2):
        obs = hand.observation(hand.turn)
        report = search_bid(obs, 3, random.Random(7))
        rng = random.Random(7)
        seed = rng.getrandbits(32)
        expected = {}
        for choice in bid_choices(obs):
            values = []
            for d in bidding_deals(obs, 3, seed):
                playout = set_up(obs, choice, d, crc32(bytes(int(c) for c in d.kitty)) ^ seed)
                values.append(outcome_value(playout.run(random.Random(0), BID_POLICY), obs.seat))
            expected[choice] = sum(values) / len(values)
        assert {c: pytest.approx(v) for c, v in report.ranked} == expected
        assert report.best == report.ranked[0][0]
        assert report.ranked[0][1] == max(expected.values())
        assert report.playouts == 3 * len(expected)
        assert hand.why_illegal(report.best) is None


def test_the_search_is_a_function_of_the_observation_and_the_seed():
    """Hidden cards dealt otherwise (the same observation) change nothing; another seed
    changes the deals played out."""
    differs = 0
    for hand in _bidding(3):
        seen = hand.observation(hand.turn)
        one, two = (Hand.bidding_from_observation(seen, d.hands, d.kitty, 5)
                    for d in bidding_deals(seen, 2, 99))
        assert [one.cards_of(s) for s in range(5)] != [two.cards_of(s) for s in range(5)]
        obs = one.observation(seen.seat)
        assert two.observation(seen.seat) == obs
        a, b = SearchPlayer(seed=3, playouts=4, bids=3), SearchPlayer(seed=3, playouts=4, bids=3)
        assert a.act(obs) == b.act(two.observation(seen.seat))
        assert a.last.ranked == b.last.ranked
        c = SearchPlayer(seed=4, playouts=4, bids=3)
        c.act(obs)
        differs += c.last.ranked != a.last.ranked
    assert differs


def test_bids_zero_is_the_heuristic_and_a_seat_without_a_bid_passes():
    hand = _bidding(1)[0]
    obs = hand.observation(hand.turn)
    player = SearchPlayer(seed=1, playouts=4)
    assert player.act(obs) == heuristic_choice(obs)[0] and player.last is None
    while hand.phase == Phase.BIDDING:  # find a seat with no level card to show
        obs = hand.observation(hand.turn)
        if len(bid_choices(obs)) == 1:
            report = search_bid(obs, 4, random.Random(0))
            assert report.best == Pass(obs.seat) and report.playouts == 0
            break
        hand.apply(heuristic_choice(obs)[0])
    with pytest.raises(ValueError, match="bids"):
        SearchPlayer(bids=-1)


def test_a_bid_is_searched_only_while_bidding():
    hand = _bidding(1)[0]
    while hand.phase == Phase.BIDDING:
        hand.apply(heuristic_choice(hand.observation(hand.turn))[0])
    with pytest.raises(ValueError, match="bidding phase"):
        search_bid(hand.observation(hand.turn), 2, random.Random(0))


def _halved_playouts(choices: int, rounds: list[int]) -> int:
    total, alive = 0, choices
    for count in rounds:
        total += alive * count
        alive = -(-alive // 2)
    return total


@pytest.mark.parametrize("choices", range(2, 8))
@pytest.mark.parametrize(("deals", "cap"), [(8, 24), (8, 16), (12, 24), (2, 24), (8, 100)])
def test_halving_keeps_within_the_cap_and_the_deals(choices, deals, cap):
    rounds = halving_rounds(choices, deals, cap)
    assert all(n >= 1 for n in rounds) and sum(rounds) <= deals
    if choices * deals <= cap:
        assert rounds == [deals]  # no halving when every choice fits
    else:
        assert len(rounds) > 1 or choices * rounds[0] <= cap
        if cap >= 2 * choices:
            assert _halved_playouts(choices, rounds) <= cap
    assert halving_rounds(choices, deals, None) == [deals]


def test_a_capped_search_halves_the_choices_and_spends_what_it_says():
    hand = next(h for h in _bidding(12) if len(bid_choices(h.observation(h.turn))) >= 4)
    obs = hand.observation(hand.turn)
    n = len(bid_choices(obs))
    capped = search_bid(obs, 8, random.Random(3), cap=16)
    rounds = halving_rounds(n, 8, 16)
    assert len(rounds) > 1
    assert capped.playouts == _halved_playouts(n, rounds) <= 16
    survivors = n
    for _ in rounds[:-1]:
        survivors = -(-survivors // 2)
    assert len(capped.ranked) == survivors and capped.best == capped.ranked[0][0]
    assert hand.why_illegal(capped.best) is None
    roomy = search_bid(obs, 3, random.Random(3), cap=3 * n)  # the cap does not bind
    assert roomy.ranked == search_bid(obs, 3, random.Random(3)).ranked
    with pytest.raises(ValueError, match="bid_cap"):
        SearchPlayer(bids=8, bid_cap=-1)
