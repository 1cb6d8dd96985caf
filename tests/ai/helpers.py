"""Shared helpers for the AI tests: play seeded hands and stop at chosen points."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from tutor.rules import Hand, Match, Observation, Phase, RuleSet


def deal(seed: int, rules: RuleSet | None = None) -> Hand:
    """An arena-style deal: all levels 2, declarer = seed % 5."""
    return Hand(seed, rules or RuleSet(), (2,) * 5, seed % 5)


def positions(seed: int, every: int = 7, rules: RuleSet | None = None) -> Iterator[Hand]:
    """Play a hand with random legal actions and yield it at every `every`-th decision."""
    hand = deal(seed, rules)
    rng = random.Random(seed)
    step = 0
    while hand.phase != Phase.FINISHED:
        if step % every == 0:
            yield hand
        hand.apply(hand.random_action(rng))
        step += 1


def play_out(hand: Hand, act: Callable[[Hand], object]) -> Hand:
    """Drive a hand to the end with `act(hand) -> action`, checking legality first."""
    while hand.phase != Phase.FINISHED:
        action = act(hand)
        err = hand.why_illegal(action)
        assert err is None, f"illegal {action}: {err}"
        hand.apply(action)
    return hand


def heuristic_positions(seeds, every: int, keep: Callable[[Hand, Observation], bool]
                        ) -> Iterator[tuple[Hand, Observation]]:
    """(hand, the seat to play's observation) at every `every`-th card play that `keep`
    accepts, in heuristic self-play of matches `seeds`' first hands."""
    from tutor.ai import HeuristicPlayer

    for seed in seeds:
        hand = Match(seed=seed).new_hand()
        players = [HeuristicPlayer(s) for s in range(5)]
        step = 0
        while hand.phase != Phase.FINISHED:
            obs = hand.observation(hand.turn)
            if hand.phase == Phase.PLAYING and keep(hand, obs):
                step += 1
                if step % every == 0:
                    yield hand, obs
            hand.apply(players[obs.seat].act(obs))
