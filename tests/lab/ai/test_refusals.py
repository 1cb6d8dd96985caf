"""Top cards read from the plays that did not use them: refusals as seen, and the sampler
dealing by them."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import replace

import pytest

from lab.ai.refusals import (
    BEAT_RATES,
    LEAD_RATES,
    Refusal,
    refusal_likelihood,
    refusal_of,
    refusals,
    top_kinds,
)
from lab.ai.sampler import ResearchSampler as Sampler
from tests.ai.helpers import heuristic_positions
from tutor.ai.memory import build_memory
from tutor.rules import Hand, Play, Trump, parse_cards

TRUMP = Trump.parse("2H")


def _kinds(text: str) -> frozenset[int]:
    return frozenset(int(c) for c in parse_cards(text))


def _trick(*plays: str) -> list[tuple[int, tuple]]:
    return [(seat, tuple(parse_cards(text))) for seat, text in enumerate(plays)]


def test_a_follow_below_the_winning_card_refuses_the_kinds_above_it():
    before = _trick("QS")
    assert refusal_of(before, 1, parse_cards("3S"), TRUMP) == Refusal(
        1, 0, _kinds("KS AS"), "0", False)
    with_points = _trick("QS", "KS")  # the king's 10 points are in the trick
    assert refusal_of(with_points, 2, parse_cards("4S"), TRUMP) == Refusal(
        2, 1, _kinds("AS"), "5-10", False)


@pytest.mark.parametrize("before, cards", [
    (("QS",), "AS"),  # it beat
    (("QS",), "5H"),  # it could not follow (and trumped)
    (("QS", "3H"), "4S"),  # the winner trumped: nothing of the suit led beats it
    (("QS QS",), "3S 4S"),  # a pair led
    (("AS",), "3S"),  # nothing beats the winner
])
def test_other_plays_are_no_refusal(before, cards):
    assert refusal_of(_trick(*before), len(before), parse_cards(cards), TRUMP) is None


def test_the_top_kinds_are_each_suits_highest_rank_still_in_play():
    played = [0] * 54
    assert top_kinds(played, TRUMP, 3) == _kinds("BJ AS AC AD")
    for card in parse_cards("BJ BJ BJ AS AS AS"):
        played[int(card)] += 1
    assert top_kinds(played, TRUMP, 3) == _kinds("SJ KS AC AD")
    no_trump = Trump.parse("2NT")
    assert top_kinds([0] * 54, no_trump, 3) == _kinds("BJ AS AH AC AD")


def test_a_deal_holding_a_refused_kind_weighs_less():
    lead = Refusal(2, None, _kinds("AS"), "early")
    hands = [[], [], [int(parse_cards("AS")[0])], [], []]
    assert refusal_likelihood([lead], hands, 0, None) == pytest.approx(1 - LEAD_RATES["early"])
    assert refusal_likelihood([lead], [[], [], [], [], []], 0, None) == 1.0
    follow = Refusal(2, 0, _kinds("AS"), "5-10")  # seat 2 under the declarer's card
    assert refusal_likelihood([follow], hands, 0, 2) == pytest.approx(
        1 - BEAT_RATES[(True, "5-10", False)])
    assert refusal_likelihood([follow], hands, 0, 1) == pytest.approx(
        1 - BEAT_RATES[(False, "5-10", False)])


def test_refusals_are_the_others_plays_and_not_one_the_seat_took_back():
    hand = Hand.position(["QS 3D", "3S AS", "4S 5D", "5S 6D", "6S 7D"], TRUMP, declarer=0)
    for seat, card in enumerate(["QS", "3S", "4S", "5S", "6S"]):
        hand.apply(Play(seat, parse_cards(card)))
    seen = refusals(hand.observation(0))
    # seen from seat 0: the others followed below its queen
    assert [(r.seat, r.winner) for r in seen] == [(1, 0), (2, 0), (3, 0), (4, 0)]
    assert all(r.kinds == _kinds("KS AS") for r in seen)
    seen = refusals(hand.observation(2))  # and seat 0 led no top kind
    assert [r.seat for r in seen] == [0, 1, 3, 4]
    assert seen[0] == Refusal(0, None, _kinds("BJ AS AC AD"), "early")
    hand.apply(Play(0, parse_cards("3D")))  # seat 0 won: it leads again
    hand.apply(Play(1, parse_cards("AS")))  # seat 1 had an ace after all: no refusal of it
    assert 1 not in {r.seat for r in refusals(hand.observation(0)) if r.winner is not None}


def _refusal_positions(seeds):
    return heuristic_positions(seeds, 4, lambda hand, obs: len(obs.tricks) >= 3)


def test_the_sampler_deals_refused_kinds_away_from_their_refusers_as_the_truth_does():
    """On heuristic self-play, the refused kinds a seat is dealt none of are kinds it
    seldom truly holds, and far fewer than a sampler that ignores refusals deals it."""
    truth, ignored, dealt = [], [], []
    for hand, obs in _refusal_positions(range(41000, 41006)):
        mem = build_memory(obs)
        reading = Sampler(obs, mem, reading="deal")
        blind = Sampler(obs, mem)
        rng = random.Random(len(obs.tricks))
        for seat, kinds in enumerate(reading.refused):
            if not kinds:
                continue
            truth.append(sum(int(c) in kinds for c in hand.cards_of(seat)))
            ignored.append(statistics.fmean(
                sum(c in kinds for c in blind.draw(rng).hands[seat]) for _ in range(8)))
            dealt.append(statistics.fmean(
                sum(c in kinds for c in reading.draw(rng).hands[seat]) for _ in range(8)))
    assert len(truth) > 50
    assert statistics.fmean(truth) < 0.5 * statistics.fmean(ignored)
    assert statistics.fmean(dealt) < statistics.fmean(truth)


def test_refusals_that_no_deal_can_meet_are_dropped_not_the_hard_constraints():
    hand, obs = next(_refusal_positions([41010]))
    sampler = Sampler(obs, build_memory(obs), reading="deal")
    seat = next(s for s in range(5) if s != obs.seat and hand.cards_of(s))
    sampler.refused[seat] = set(range(54))  # nothing left it could be dealt
    drawn = sampler.draw(random.Random(1))
    assert not any(sampler.refused)
    assert len(drawn.hands[seat]) == len(hand.cards_of(seat))
    assert drawn.weight > 0.01  # a strict deal: voids and the friend call kept


def test_an_unknown_reading_is_refused():
    _, obs = next(_refusal_positions([41010]))
    with pytest.raises(ValueError, match="refusals"):
        Sampler(obs, build_memory(obs), reading="on")


def test_tilted_deals_weigh_to_what_weighing_untilted_deals_gives():
    """Three copies of a refused kind and three of another, dealt to two seats of three
    cards each: weighed by the refusal's chance 0.2 when the refuser holds any, the chance
    that it holds none is 1 / (1 + 0.2 * 19) by counting deals. The tilted deals, weighted
    (the weight carries the refusal's chance), give that; unweighted they would not."""
    _, obs = next(_refusal_positions([41010]))
    sampler = Sampler(obs, build_memory(obs), reading="tilt")
    others = [s for s in range(5) if s != obs.seat]
    refuser, other = others[0], others[1]
    ace, king = 12, 11
    sampler.pool = [ace] * 3 + [king] * 3
    sampler.sizes = [3 if s in (refuser, other) else 0 for s in range(5)]
    sampler.kitty_size = 0
    sampler.forced = [Counter() for _ in range(5)]
    sampler.banned = sampler.refused = [set() for _ in range(5)]
    sampler.mem = replace(sampler.mem, voids=[set() for _ in range(5)])
    sampler.tilt = {(refuser, ace): [(0, 0.2)]}
    rng = random.Random(2)
    none = total = plain = 0.0
    draws = 40000
    for _ in range(draws):
        hands, _, weight = sampler._deal(rng)
        holds = ace in hands[refuser]
        none += weight * (not holds)
        total += weight
        plain += not holds
    assert none / total == pytest.approx(1 / (1 + 0.2 * 19), abs=0.01)
    assert abs(plain / draws - 1 / (1 + 0.2 * 19)) > 0.02  # 40000 draws: sd 0.002
