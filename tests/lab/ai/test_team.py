"""The friend read from the follows: events as seen, and evidence that points at the friend."""

from __future__ import annotations

import math
import random
from collections import Counter

from lab.ai.sampler import ResearchSampler as Sampler
from lab.ai.team import EVENT_RATES, fit_rates, team_likelihood
from tests.ai.helpers import heuristic_positions
from tutor.ai.memory import build_memory
from tutor.ai.team import KINDS, Event, follow_events, kind_of


def _before_the_friend_shows(seeds, every=5):
    """(hand, observation) every `every`-th play of heuristic self-play while the friend is
    still unknown, from a seat that is not the friend (the friend knows)."""
    return heuristic_positions(seeds, every, lambda hand, obs: (
        obs.friend is None and hand.friend is not None
        and hand.friend not in (hand.declarer, obs.seat)))


def test_kinds_are_take_overs_or_the_points_given():
    assert [kind_of(0, False), kind_of(5, False), kind_of(10, False), kind_of(25, False),
            kind_of(20, True)] == ["zero", "feed5", "feed10", "feed10", "take"]


def test_events_are_every_follow_of_the_others():
    checked = 0
    for _, obs in _before_the_friend_shows(range(40000, 40003), every=9):
        events = follow_events(obs)
        tricks = [t.plays for t in obs.tricks] + [tuple(obs.current)]
        follows = [(seat, plays) for plays in tricks for seat, _ in plays[1:]
                   if seat != obs.seat]
        assert [e.seat for e in events] == [seat for seat, _ in follows]
        for e, (_, plays) in zip(events, follows, strict=True):
            assert e.winner != e.seat and e.winner in [s for s, _ in plays]
            assert e.kind in KINDS
        checked += len(events)
    assert checked > 50


def test_a_friend_feeds_the_declarer_and_starves_the_others():
    feed = [Event(seat=1, winner=0, followed=True, kind="feed10")]
    assert team_likelihood(feed, declarer=0, friend=1) > 1.0 > team_likelihood(feed, 0, 2)
    starve = [Event(seat=1, winner=2, followed=True, kind="zero")] * 3
    assert team_likelihood(starve, declarer=0, friend=1) > team_likelihood(starve, 0, 3)
    assert team_likelihood([], 0, 1) == 1.0


def test_the_evidence_points_at_the_true_friend():
    """Over self-play positions, the true friend explains the follows better than the
    others who could be it, and more so as the hand goes on."""
    gaps, top = [], 0
    for hand, obs in _before_the_friend_shows(range(40000, 40012)):
        events = follow_events(obs)
        others = [s for s in range(5) if s not in (hand.declarer, obs.seat, hand.friend)]
        truth = math.log(team_likelihood(events, hand.declarer, hand.friend))
        wrong = [math.log(team_likelihood(events, hand.declarer, s)) for s in others]
        gaps.append(truth - sum(wrong) / len(wrong))
        top += truth > max(wrong)
    assert len(gaps) > 40
    assert sum(gaps) / len(gaps) > 1.0
    assert top / len(gaps) > 0.6  # chance is at most a half (two or three candidates)


def test_the_sampler_weighs_the_true_friend_up():
    weighted = plain = 0.0
    for hand, obs in _before_the_friend_shows(range(40000, 40006), every=7):
        sampler = Sampler(obs, build_memory(obs), "fitted")
        draws = [sampler.draw(random.Random(k)) for k in range(24)]
        right = [d for d in draws if d.friend == hand.friend]
        weighted += sum(d.weight for d in right) / sum(d.weight for d in draws)
        plain += len(right) / len(draws)
    assert weighted > plain * 1.3


def test_fitted_rates_are_each_rows_frequencies():
    counts = {("F", "D", True): Counter(zero=2, feed10=6), ("O", "O", False): Counter()}
    assert fit_rates(counts) == {("F", "D", True): (0.25, 0.0, 0.75, 0.0)}
    for row in EVENT_RATES.values():
        assert len(row) == len(KINDS) and abs(sum(row) - 1.0) < 0.005


def test_with_no_evidence_a_deals_weight_does_not_depend_on_its_friend():
    for _, obs in _before_the_friend_shows(range(40000, 40002), every=9):
        blind = Sampler(obs, build_memory(obs), "none")
        for k in range(6):
            deal = blind.draw(random.Random(k))
            assert {blind.evidence(deal.hands, f) for f in range(5)} == {deal.weight}
