"""Bids and passes are judged like the other decisions: every legal choice played out, the
fair view on deals of what the learner could not see."""

from __future__ import annotations

from collections import Counter

from tutor.ai.bidding import bidding_deals
from tutor.review import Budget
from tutor.review.bidding import judge_bid
from tutor.review.jobs import HandRecord, decisions, judge_at
from tutor.review.selfplay import heuristic_hand
from tutor.rules import Bid, Hand, Pass, bid_options, deck

SMALL = Budget(fair_deals=8, hindsight_repeats=2)


def _bid_positions(seed: int):
    """(position, action, index) of every bid or pass with a choice in match `seed`'s first
    hand, which the heuristic plays for every seat."""
    hand = heuristic_hand(seed)
    record = HandRecord.of(hand)
    found = []
    for i, a in enumerate(hand.actions):
        if isinstance(a, (Bid, Pass)):
            position = record.position(i)
            obs = position.observation(a.seat)
            if bid_options(obs.hand, position.level, a.seat, obs.standing_bid, 3):
                found.append((position, a, i))
    return hand, found


def test_every_bid_and_pass_with_a_choice_is_judged_against_each_legal_choice():
    hand, found = _bid_positions(2)
    assert found
    seat = found[0][1].seat
    assert {i for _, a, i in found if a.seat == seat} <= set(decisions(hand, seat))
    position, action, index = found[0]
    judged = judge_at(HandRecord.of(hand), index, SMALL)
    assert judged.decision == "bid" and judged.trick == 0
    options = bid_options(position.observation(action.seat).hand, position.level, action.seat,
                          position.observation(action.seat).standing_bid, 3)
    assert sorted(c.cards for c in judged.candidates) == sorted([(), *options])
    mine = () if isinstance(action, Pass) else tuple(action.cards)
    assert judged.chosen == mine


def test_a_pass_with_no_level_card_is_no_decision():
    hand = heuristic_hand(2)
    record = HandRecord.of(hand)
    forced = [(record.position(i), a, i) for i, a in enumerate(hand.actions)
              if isinstance(a, Pass) and not bid_options(
                  record.position(i).cards_of(a.seat), hand.level, a.seat,
                  record.position(i).observation(a.seat).standing_bid, 3)]
    assert forced  # this hand has one
    position, action, index = forced[0]
    assert judge_bid(position, action, index, SMALL) is None


def test_the_deals_hold_what_the_bidders_showed_and_nothing_seen():
    _hand, found = _bid_positions(0)  # seat 3 bids at the ninth action, seat 4 may outbid
    position, action, _ = next(f for f in found if f[0].observation(f[1].seat).bids)
    obs = position.observation(action.seat)
    for deal in bidding_deals(obs, 20, 5):
        assert deal.hands[obs.seat] == list(obs.hand)
        assert Counter(c for h in deal.hands for c in h) + Counter(deal.kitty) == Counter(deck())
        for seat, cards in obs.bids:
            assert not Counter(cards) - Counter(deal.hands[seat])


def test_the_fair_view_of_a_bid_reads_only_the_observation():
    """Hidden cards swapped between two other seats: the learner cannot tell the deals apart,
    so the fair judgement is the same; hindsight, which sees them, is not bound to be."""
    _hand, found = _bid_positions(2)
    position, action, index = found[0]
    obs = position.observation(action.seat)
    shown = {s for s, _ in obs.bids}
    a, b = [s for s in range(5) if s != action.seat and s not in shown][:2]
    hands = [position.cards_of(s) for s in range(5)]
    hands[a], hands[b] = hands[b], hands[a]
    twin = Hand.bidding_from_observation(obs, hands, position.kitty, 9)
    assert twin.observation(action.seat).hand == obs.hand
    first, second = judge_bid(position, action, index, SMALL), judge_bid(twin, action, index,
                                                                          SMALL)
    assert [c.fair for c in first.candidates] == [c.fair for c in second.candidates]
    assert first.cost_fair == second.cost_fair
