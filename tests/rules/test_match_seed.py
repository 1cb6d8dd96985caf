"""A match's hands from its seed: old (small) seeds deal exactly as before, and a person's
128-bit seed deals hands that say nothing about each other."""

from __future__ import annotations

import itertools

from tutor.rules import SMALL_SEED, Match, hand_seed

BIG = (1 << 128) | 0x0123456789ABCDEF0123456789ABCDEF


def test_small_seeds_keep_the_derivation_saved_games_and_arenas_replay_from() -> None:
    for seed in (0, 17, 2**31 - 1, SMALL_SEED - 1):
        seeds = [hand_seed(seed, i) for i in range(4)]
        assert seeds[0] == seed * 1_000_003 % 2**63
        assert all((b - a) % 2**63 == 7_919 for a, b in itertools.pairwise(seeds))


def test_a_big_seed_hashes_each_hand_so_one_hand_does_not_give_the_next() -> None:
    seeds = [hand_seed(BIG, i) for i in range(8)]
    assert len(set(seeds)) == 8
    steps = {(b - a) for a, b in itertools.pairwise(seeds)}
    assert len(steps) == 7  # no fixed step from one hand's seed to the next
    assert all(s.bit_length() > 128 for s in seeds)  # no hand has fewer bits than the match
    assert hand_seed(BIG ^ 1, 0) != seeds[0]


def test_a_big_seed_replays_the_same_deal() -> None:
    one, two = Match(seed=BIG).new_hand(), Match(seed=BIG).new_hand()
    assert one.seed == two.seed
    assert [sorted(map(int, one.observation(s).hand)) for s in range(5)] == [
        sorted(map(int, two.observation(s).hand)) for s in range(5)]
    other = Match(seed=BIG + 2).new_hand()
    assert sorted(map(int, other.observation(0).hand)) != sorted(
        map(int, one.observation(0).hand))
