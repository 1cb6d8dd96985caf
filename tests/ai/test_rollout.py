"""Playouts: the `trick` policy answers with the tactics in the trick at hand, then quick."""

from __future__ import annotations

import random

from tutor.ai.memory import build_memory
from tutor.ai.rollout import Playout
from tutor.ai.sampler import Sampler
from tutor.ai.tactics import choose_play
from tutor.rules import Hand, Phase, Play

from .helpers import positions


def _playouts():
    """Playouts started just after the leader's play, on a deal the leader's sampler drew."""
    for seed in range(4):
        for hand in positions(seed, every=23):
            if hand.phase != Phase.PLAYING or hand.current:
                continue
            obs = hand.observation(hand.turn)
            mem = build_memory(obs)
            guess = Sampler(obs, mem).draw(random.Random(seed))
            yield obs, mem, guess


def _start(obs, mem, guess) -> Playout:
    playout = Playout(Hand.from_observation(obs, guess.hands, guess.kitty, guess.friend),
                      obs.current, mem.voids)
    rng = random.Random(0)
    playout.apply(playout.hand.random_action(rng))  # type: ignore[arg-type]
    return playout


def test_the_trick_policy_answers_with_the_tactics_then_plays_on():
    checked = 0
    for obs, mem, guess in _playouts():
        by_tactics = _start(obs, mem, guess)
        first = len(by_tactics.hand.tricks)
        while len(by_tactics.hand.tricks) == first:  # the rest of this trick, by hand
            seat = by_tactics.hand.turn
            by_tactics.apply(Play(seat, choose_play(by_tactics.context(seat)).cards))
        expected = by_tactics.hand.tricks[first].plays
        run = _start(obs, mem, guess)
        result = run.run(random.Random(1), "trick")
        assert run.hand.tricks[first].plays == expected
        assert result is not None and run.hand.phase == Phase.FINISHED
        checked += 1
    assert checked >= 3
