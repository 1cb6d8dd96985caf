"""Shared by the rules tests."""

from __future__ import annotations

import random

from tutor.rules import Hand, Phase


def random_finished_hand(seed: int) -> Hand:
    """A hand played to its end by random legal actions drawn from `seed`."""
    hand = Hand(seed)
    rng = random.Random(seed)
    while hand.phase != Phase.FINISHED:
        hand.apply(hand.random_action(rng))
    return hand
