"""Where a search spends its playouts: none on a play equivalent to another, fewer on
candidates clearly worse than the best, none after a clear best, all on a close call; and
the parts it now works out once per decision or deal give what they gave worked out anew."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.ai import SearchPlayer
from tutor.ai.budget import MIN_DEALS, checkpoints, contenders, ranked_deals
from tutor.ai.memory import build_memory, played_cards
from tutor.ai.rollout import Playout
from tutor.ai.sampler import FEED_LIKELIHOOD, PASS_LIKELIHOOD, Sampler
from tutor.ai.search import play_class
from tutor.rules import RANKS, Hand, Trump, holder_friend, parse_cards

from .helpers import heuristic_positions


def test_checkpoints_fall_inside_the_search():
    assert checkpoints(20) == {5, 10, 15}
    assert checkpoints(100) == {25, 50, 75}
    assert checkpoints(40, 8) == {5, 10, 15, 20, 25, 30, 35}
    assert checkpoints(100, 1) == set()
    for deals in range(1, 60):
        assert all(MIN_DEALS <= d < deals for d in checkpoints(deals))


def test_contenders_drop_the_clearly_worse_and_keep_close_calls():
    rng = random.Random(3)
    rows = [[rng.gauss(0, 1) + b for b in (0.0, 2.0, 1.95, -3.0)] for _ in range(30)]
    weights = [1.0] * 30
    kept = contenders(rows, weights, [0, 1, 2, 3], prior=0.0)
    assert kept == [1, 2]  # 0 and 3 far behind; 2 within noise of the leader 1
    assert contenders(rows, weights, [1, 2], prior=0.0) == [1, 2]
    # the same outcome on every deal: the head start decides, as the final ranking does
    same = [[1.0, 1.0] for _ in range(10)]
    assert contenders(same, [1.0] * 10, [0, 1], prior=0.25) == [0]
    assert contenders(same, [1.0] * 10, [0, 1], prior=0.0) == [0, 1]


def test_a_tolerance_drops_a_close_call_that_is_clear_enough_and_keeps_an_unclear_one():
    rng = random.Random(5)
    noise = [rng.gauss(0, 1) for _ in range(40)]
    # 1 trails 0 by 0.02, give or take 0.1 a deal (standard error 0.016): no clear gap,
    # yet surely not 0.1 better than 0
    close = [[x + 1.0, x + 0.98 + (0.1 if d % 2 else -0.1)] for d, x in enumerate(noise)]
    assert contenders(close, [1.0] * 40, [0, 1], prior=0.0) == [0, 1]
    assert contenders(close, [1.0] * 40, [0, 1], prior=0.0, tolerance=0.1) == [0]
    # the same gap give or take 1 a deal (standard error 0.16): 1 may yet be far better
    unclear = [[x + 1.0, x + 0.98 + (1.0 if d % 2 else -1.0)] for d, x in enumerate(noise)]
    assert contenders(unclear, [1.0] * 40, [0, 1], prior=0.0, tolerance=0.1) == [0, 1]
    # a dead tie is dropped too: the leader is the earlier, as the ranking's is
    same = [[1.0, 1.0] for _ in range(10)]
    assert contenders(same, [1.0] * 10, [0, 1], prior=0.0, tolerance=0.1) == [0]


def test_ranking_puts_dropped_candidates_after_the_kept_ones_on_the_bests_scale():
    rows = [[0.0, 5.0, 9.0], [0.0, 5.0, None], [0.0, 4.0, None]]
    # 2 was dropped after the first deal, where it beat the best (1) by 4: on the best's
    # scale it would be above it, so it is put level with it, never above (a hint compares)
    means, order = ranked_deals(rows, [1.0, 1.0, 2.0], [0, 1], prior=0.25)
    assert means[:2] == pytest.approx([0.25, 4.5])
    assert means[2] == pytest.approx(4.5)
    assert order == [1, 0, 2]
    rows = [[0.0, 5.0, 1.0], [0.0, 5.0, 2.0], [0.0, 4.0, None]]
    means, order = ranked_deals(rows, [1.0, 1.0, 2.0], [0, 1], prior=0.0)
    assert means[2] == pytest.approx(4.5 - (5.0 - 1.5))  # the best's mean less their gap
    assert order == [1, 0, 2]  # the kept ones first
    assert ranked_deals(rows, [1.0, 1.0, 2.0], [0, 1], 0.0)[0][0] == 0.0


def test_off_suit_level_cards_are_one_play_unless_a_pair_or_the_friend_card_differs():
    trump = Trump("2", "H")
    hand = parse_cards("2S 2C 3D 7S 7D")

    def same(a: str, b: str, held=hand, marked=frozenset()) -> bool:
        return (play_class(parse_cards(a), held, trump, marked)
                == play_class(parse_cards(b), held, trump, marked))

    assert same("2S", "2C")
    assert not same("7S", "7D")  # plain suits of their own
    assert not same("2S", "2H", parse_cards("2S 2H 3D"))  # the trump suit's level card ranks higher
    assert not same("2S", "2C", marked=frozenset({int(parse_cards("2S")[0])}))
    pairs = parse_cards("2S 2S 2C")
    assert not same("2S", "2C", pairs)  # one of them keeps a pair, the other breaks it


def _decisions(count: int):
    """Observations of card plays with a choice, from heuristic self-play."""
    found = []
    for _, obs in heuristic_positions(range(40, 44), 3, lambda h, o: len(o.hand) > 6):
        found.append(obs)
        if len(found) >= count:
            break
    return found


def test_a_clear_best_ends_the_search_early_and_a_close_call_gets_the_budget():
    early = full = agree = 0
    for obs in _decisions(14):
        report = SearchPlayer(seed=4, playouts=80).search(obs)
        again = SearchPlayer(seed=4, playouts=80).search(obs)
        assert (again.best, again.playouts) == (report.best, report.playouts)  # reproducible
        if len(report.ranked) < 2:
            continue
        deals = -(-80 // len(report.ranked))
        if report.playouts == deals * len(report.ranked):
            full += 1
            continue
        early += 1
        whole = SearchPlayer(seed=4, playouts=80, looks=1).search(obs)  # never looks
        assert whole.playouts == deals * len(whole.ranked)
        agree += whole.best == report.best
    assert early >= 3 and full >= 1
    assert agree >= early - 1  # a stop almost never changes the choice


def test_the_sampler_reads_the_friend_and_the_passes_as_worked_out_anew():
    """`implied_friend` and the passes' weight, which keep what they can per decision, agree
    with their definitions on every deal drawn."""
    checked = 0
    for _hand, obs in heuristic_positions(range(60, 66), 4, lambda h, o: o.friend is None):
        mem = build_memory(obs)
        sampler = Sampler(obs, mem)
        rng = random.Random(obs.seat)
        for _ in range(5):
            sample = sampler.draw(rng)
            at_call = [list(h) for h in sample.hands]
            for seat, cards, _ in played_cards(obs):
                at_call[seat].extend(cards)
            friend = holder_friend(at_call, obs.declarer, obs.friend_card)
            assert sampler.implied_friend(sample.hands)[0] == friend
            expected = 1.0
            side = {obs.declarer} | ({friend} if friend is not None else set())
            for feeder, winner in sampler.feeds:
                if (feeder in side) != (winner in side):
                    expected *= FEED_LIKELIHOOD
            for s in sampler.passers:
                held = Counter(c for c in at_call[s] if c < 52 and RANKS[c % 13] == obs.level)
                expected *= PASS_LIKELIHOOD.get(min(max(held.values(), default=0), 3), 1.0)
            assert sampler.evidence(sample.hands, friend) == pytest.approx(expected)
            checked += 1
    assert checked >= 20


def test_a_forked_playout_plays_as_a_new_one_and_leaves_its_original_alone():
    for _hand, obs in heuristic_positions([70], 6, lambda h, o: True):
        mem = build_memory(obs)
        sample = Sampler(obs, mem).draw(random.Random(1))
        original = Playout(Hand.from_observation(obs, sample.hands, sample.kitty, sample.friend),
                           obs.current, mem.voids, revealed=obs.sides_known)
        state = (original.left[:], original.current[:], [set(v) for v in original.voids],
                 [original.hand.cards_of(s) for s in range(5)])
        for attempt in range(2):
            fork = original.fork()
            fresh = Playout(Hand.from_observation(obs, sample.hands, sample.kitty,
                                                  sample.friend),
                            obs.current, mem.voids, revealed=obs.sides_known)
            first = fresh.hand.random_action(random.Random(attempt))
            fork.apply(first)
            fresh.apply(first)
            assert fork.run(random.Random(5)) == fresh.run(random.Random(5))
        assert (original.left, original.current, original.voids,
                [original.hand.cards_of(s) for s in range(5)]) == state
