"""Bids and passes are judged against the heuristic's choice (the hint's), played out like
the other decisions, the fair view on deals of what the learner could not see; a hand any
player would bid on is never condemned for bidding, nor one nobody would bid on for
passing."""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.ai.bidding import bid_choices, bidding_deals
from tutor.ai.heuristic import heuristic_choice
from tutor.review import Budget
from tutor.review.bidding import judge_bid
from tutor.review.jobs import HandRecord, decisions, judge_at
from tutor.review.selfplay import heuristic_hand
from tutor.rules import Bid, Hand, Pass, RuleSet, bid_options, deck, parse_cards

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


def test_a_bid_or_pass_is_judged_against_the_heuristics_choice_and_never_its_own():
    hand, found = _bid_positions(2)
    assert found
    seat = found[0][1].seat
    assert {i for _, a, i in found if a.seat == seat} <= set(decisions(hand, seat))
    record = HandRecord.of(hand)
    # the heuristic played every seat: its choices are the hint's, never judged
    assert all(judge_at(record, index, SMALL) is None for _, _, index in found)
    position, action, index = found[0]
    other = Pass(action.seat) if isinstance(action, Bid) else next(
        c for c in bid_choices(position.observation(action.seat)) if isinstance(c, Bid))
    judged = judge_bid(position, other, index, SMALL)
    assert judged.decision == "bid" and judged.trick == 0
    mine = () if isinstance(other, Pass) else tuple(other.cards)
    theirs = () if isinstance(action, Pass) else tuple(action.cards)
    assert [c.cards for c in judged.candidates] == [mine, theirs]
    assert judged.chosen == mine


# 31 cards each: 4 jokers, four 2s (a pair of 2♥), 12 hearts from the ace; and a hand with
# one 2, no joker, no card above a 10
STRONG = ("BJ BJ SJ SJ 2H 2H 2S 2C AH AH KH KH QH QH JH JH 10H 9H 8H 7H AS AS AC AC KD QD 3S "
          "4C 5D 6S 7C")
WEAK = ("2H 3S 4S 5S 6S 7S 8S 3C 4C 5C 6C 7C 8C 9C 3D 4D 5D 6D 7D 8D 9D 10D 3H 4H 5H 6H 7H "
        "8H 9S 9S 10S")


def _planted(seed: int, cards: str) -> tuple[Hand, int]:
    """Match `seed`'s first deal with the first seat to bid holding exactly `cards` (traded
    with the other seats, card for card)."""
    hand = Hand(seed)
    seat = hand.turn
    hands = hand._s.hands
    elsewhere = [h for s, h in enumerate(hands) if s != seat] + [hand._s.kitty]
    want = Counter(parse_cards(cards))
    assert sum(want.values()) == len(hands[seat])
    for c in list((want - Counter(hands[seat])).elements()):
        spare = next(x for x in hands[seat] if hands[seat].count(x) > want[x])
        other = next(h for h in elsewhere if c in h)
        other.remove(c)
        other.append(spare)
        hands[seat].remove(spare)
        hands[seat].append(c)
    assert Counter(hands[seat]) == want
    return hand, seat


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_hand_anyone_would_bid_on_is_not_condemned_for_bidding_nor_a_weak_one_for_passing(
        seed):
    hand, seat = _planted(seed, STRONG)
    obs = hand.observation(seat)
    bids = [c for c in bid_choices(obs) if isinstance(c, Bid) and c.cards[0].suit == "H"]
    assert isinstance(heuristic_choice(obs)[0], Bid)  # the hint bids
    for bid in bids:
        judged = judge_bid(hand, bid, 0, SMALL)
        assert judged is None or judged.cost_fair == 0.0 or judged.best_fair != ()
    hand, seat = _planted(seed, WEAK)
    assert isinstance(heuristic_choice(hand.observation(seat))[0], Pass)  # the hint passes
    assert judge_bid(hand, Pass(seat), 0, SMALL) is None


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
    other = Pass(action.seat) if isinstance(action, Bid) else next(
        c for c in bid_choices(obs) if isinstance(c, Bid))  # not the heuristic's: judged
    first, second = judge_bid(position, other, index, SMALL), judge_bid(twin, other, index,
                                                                         SMALL)
    assert [c.fair for c in first.candidates] == [c.fair for c in second.candidates]
    assert first.cost_fair == second.cost_fair


def test_bidding_as_a_player_bids_a_level_pair_with_a_long_suit_where_the_classic_passes():
    from tutor.ai.explain import suggest
    from tutor.ai.heuristic import HeuristicPlayer
    from tutor.ai.preplay import LONG_TRUMPS, choose_bid, trumps_with

    obs = Hand(34, RuleSet(), (2,) * 5, None).observation(0)  # a first hand: seat 0 bids
    assert isinstance(choose_bid(obs)[0], Pass)  # the classic asks for a suit that stands out
    bid = HeuristicPlayer(0, bidding="player").act(obs)
    assert isinstance(bid, Bid) and len(bid.cards) == 2
    assert trumps_with(list(obs.hand), bid.cards[0].suit, obs.level) >= LONG_TRUMPS
    later = Hand(34, RuleSet(), (2,) * 5, 3).observation(0)  # seat 3 is declarer already
    assert choose_bid(later, "player") == choose_bid(later, "classic")
    assert "trumps" in suggest(obs, HeuristicPlayer(0, bidding="player")).en[0]
