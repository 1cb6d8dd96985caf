"""The search's bury and friend call: legal candidates with the heuristic's first, choices
that are a function of the observation and the seed, and playouts that let the rules decide."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from lab.ai.search import ResearchSearchPlayer as SearchPlayer
from lab.ai.search import build
from lab.ai.setup_search import (
    bury_candidates,
    bury_points,
    call_candidates,
    search_setup,
)
from tests.ai.helpers import deal
from tutor.ai import PlayerSpec, decide
from tutor.ai.heuristic import heuristic_choice
from tutor.ai.memory import build_memory
from tutor.ai.preplay import strong_trumps
from tutor.ai.sampler import Sampler
from tutor.rules import (
    Bury,
    Hand,
    Observation,
    Pass,
    Phase,
    RuleSet,
    deck,
    friend_call_error,
    parse_cards,
)

RULES = {"holder": RuleSet(), "nth_played": RuleSet(friend_rule="nth_played")}


def _setup_hand(seed: int, rules: RuleSet, phase: Phase) -> Hand:
    """A seeded deal bid by the heuristic, stopped at `phase` (the heuristic buries)."""
    hand = deal(seed, rules)
    while hand.phase != phase:
        hand.apply(heuristic_choice(hand.observation(hand.turn))[0])
    return hand


@pytest.mark.parametrize("rule", sorted(RULES))
def test_candidates_are_legal_distinct_and_start_with_the_heuristics(rule):
    alternatives = 0
    for seed in range(8):
        hand = _setup_hand(seed, RULES[rule], Phase.BURYING)
        obs = hand.observation(hand.turn)
        burys = bury_candidates(obs, 6)
        assert burys[0] == heuristic_choice(obs)[0]
        assert len({tuple(sorted(b.cards)) for b in burys}) == len(burys) <= 6
        for bury in burys:
            assert hand.why_illegal(bury) is None
        alternatives += len(burys) - 1
        assert len(bury_candidates(obs, 2)) <= 2 and bury_candidates(obs, 2) == burys[:2]
        hand.apply(burys[-1])
        obs = hand.observation(hand.turn)
        calls = call_candidates(obs, 5)
        assert calls[0] == heuristic_choice(obs)[0]
        assert len(set(calls)) == len(calls) <= 5
        for call in calls:
            assert hand.why_illegal(call) is None
            assert friend_call_error(call.card, call.nth, rule, 3) is None
        alternatives += len(calls) - 1
    assert alternatives >= 8 * 4  # there is something to choose from


def test_setup_zero_is_exactly_the_heuristic():
    for seed in range(6):
        hand = _setup_hand(seed, RuleSet(), Phase.BURYING)
        player = SearchPlayer(seed=1, playouts=8)
        for _ in range(2):  # the bury, then the call
            obs = hand.observation(hand.turn)
            action = player.act(obs)
            assert action == heuristic_choice(obs)[0]
            assert player.last is None
            hand.apply(action)


@pytest.mark.parametrize("phase", [Phase.BURYING, Phase.CALLING])
def test_setup_search_is_legal_deterministic_and_reports_its_work(phase):
    differs = 0
    for seed in range(3):
        hand = _setup_hand(seed, RULES["nth_played" if seed % 2 else "holder"], phase)
        obs = hand.observation(hand.turn)
        a = SearchPlayer(seed=4, playouts=24, setup=3)
        b = SearchPlayer(seed=4, playouts=24, setup=3)
        action = a.act(obs)
        assert hand.why_illegal(action) is None
        assert b.act(obs) == action
        assert a.last.ranked == b.last.ranked
        assert a.last.playouts >= 24 and a.last.samples >= 8
        values = [v for _, v in a.last.ranked]
        assert values == sorted(values, reverse=True)
        c = SearchPlayer(seed=5, playouts=24, setup=3)
        c.act(obs)
        differs += c.last.ranked != a.last.ranked  # another seed, other samples
    assert differs


@pytest.mark.parametrize("phase", [Phase.BURYING, Phase.CALLING])
def test_setup_search_ignores_hidden_cards(phase):
    """Rebuild the declarer's position with other hidden hands consistent with what it knows:
    the observation is unchanged, and so is the seeded search's choice and every value."""
    for seed in range(3):
        hand = _setup_hand(seed, RuleSet(), phase)
        obs = hand.observation(hand.turn)
        alt = Sampler(obs, build_memory(obs)).draw(random.Random(seed))
        truth = [hand.cards_of(s) for s in range(5)]
        assert alt.hands != truth
        other = Hand.setup_from_observation(obs, alt.hands).observation(obs.seat)
        assert other == obs
        a, b = SearchPlayer(seed=2, playouts=12, setup=3), SearchPlayer(seed=2, playouts=12,
                                                                         setup=3)
        assert a.act(obs) == b.act(other)
        assert a.last.ranked == b.last.ranked


# a declarer with three small trumps (spades, set by the kitty's 2S) and points in side suits
WEAK = ("3S 4S 3H 4H 6H 7H 8H 9H JH QH 3D 4D 6D 7D 8D 9D JD QD 3C 4C 6C 7C 8C 9C "
        "5H 10H KH 5D 10D KD 5C")
KITTY = "2S 3H 4H 3D 4D 3C 4C"
POINTS_BURY = "5H 10H KH 5D 10D KD 5C"  # 55 points
PLAIN_BURY = "3H 4H 3D 4D 3C 4C 6H"  # none


def weak_declarer(seed: int) -> Observation:
    """The burying position of a declarer (seat 0) holding WEAK and the KITTY; the other 124
    cards are dealt at random by `seed`, nobody bids, the kitty sets spades as trump."""
    mine, kitty = parse_cards(WEAK), parse_cards(KITTY)
    rest = deck(3)
    for c in mine + kitty:
        rest.remove(c)
    random.Random(seed).shuffle(rest)
    hands = [mine] + [rest[i * 31:(i + 1) * 31] for i in range(4)]
    start = replace(Hand(seed, RuleSet(), (2,) * 5, 0).observation(0), hand=mine)
    hand = Hand.bidding_from_observation(start, hands, kitty, seed)
    for seat in range(5):
        hand.apply(Pass(seat))
    assert hand.phase == Phase.BURYING and hand.trump.suit == "S"
    return hand.observation(0)


def test_the_rules_decide_weak_trumps_do_not_bury_points():
    """With three small trumps the defenders will take the last trick: 55 points buried come
    back doubled or more. The search sees it, even when the bad bury has the head start."""
    for seed in range(2):
        obs = weak_declarer(seed)
        assert not strong_trumps(obs)
        bad = Bury(0, tuple(parse_cards(POINTS_BURY)))
        good = Bury(0, tuple(parse_cards(PLAIN_BURY)))
        for cands in ([bad, good], [good, bad]):
            report = search_setup(obs, cands, random.Random(seed), playouts=40)
            assert report.best == good
            (_, best), (_, worst) = report.ranked
            assert best - worst > 1.0  # by far more than the head start
        player = SearchPlayer(seed=seed, playouts=60, setup=4)
        points = bury_points(obs)
        assert sum(c.points for c in points.cards) >= 25
        assert points in bury_candidates(obs, 4)
        choice = player.act(obs)
        assert choice != points
        assert dict(player.last.ranked)[points] < dict(player.last.ranked)[choice] - 1.0


def test_setup_search_on_a_time_budget_and_a_bad_option():
    hand = _setup_hand(2, RuleSet(), Phase.BURYING)
    obs = hand.observation(hand.turn)
    player = SearchPlayer(seed=1, budget_s=0.1, setup=3)
    assert hand.why_illegal(player.act(obs)) is None
    assert player.last.playouts >= len(player.last.ranked) > 1
    with pytest.raises(ValueError, match="setup"):
        SearchPlayer(setup=-1)


def test_a_spec_with_setup_builds_the_research_search_and_counts_its_playouts():
    hand = _setup_hand(1, RuleSet(), Phase.CALLING)
    obs = hand.observation(hand.turn)
    spec = PlayerSpec("search", 3, (("playouts", 20), ("setup", 3)))
    player = build(spec)
    assert player.act(obs) == SearchPlayer(seed=3, playouts=20, setup=3).act(obs)
    assert player.last.playouts >= 20
    assert decide(PlayerSpec("search", 3, (("playouts", 20),)), obs).playouts == 0
    with pytest.raises(TypeError, match="setup"):  # play mode's workers run no research
        decide(spec, obs)


@pytest.mark.parametrize("phase", [Phase.BURYING, Phase.CALLING])
def test_a_hint_quotes_the_setup_searchs_own_bury_or_call(phase):
    """When the search buries or calls otherwise than the heuristic, the hint's reasons
    quote the chosen cards' figures, not the heuristic's."""
    from tutor.ai.explain import suggest

    player = SearchPlayer(seed=3, playouts=24, setup=4)
    for seed in range(30):
        hand = _setup_hand(seed, RuleSet(), phase)
        obs = hand.observation(hand.turn)
        heuristic = heuristic_choice(obs)[0]
        hint = suggest(obs, player)
        if hint.action == heuristic:
            continue
        assert hint.action == player.act(obs)
        if phase == Phase.CALLING:
            copies = obs.rules.decks - obs.hand.count(hint.action.card)
            if copies == obs.rules.decks - obs.hand.count(heuristic.card):
                continue  # the same figure either way: this call cannot tell them apart
            assert any(f"others hold {copies} copies" in en for en, _ in hint.reasons), \
                hint.reasons
        else:
            points = sum(c.points for c in hint.action.cards)
            quoted = [en for en, _ in hint.reasons if "points" in en]
            assert all(str(points) in r for r in quoted), quoted
        return
    raise AssertionError("the search never chose otherwise")
