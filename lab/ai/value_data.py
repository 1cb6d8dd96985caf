"""The learned value's training data: heuristic self-play, every state between tricks kept
with how its hand ended (`python -m tutor ai-value data`; the model is `tutor.ai.state_value`,
trained by `lab.ai.train`)."""

from __future__ import annotations

import random

import numpy as np

from tutor.ai.heuristic import HeuristicPlayer
from tutor.ai.state_value import RAW, SEATS, defender_trick_points, outcome_index, raw_state
from tutor.rules import EventKind, Hand, Phase, RuleSet


def selfplay_states(seed: int) -> tuple[np.ndarray, int, int]:
    """One hand of heuristic self-play from `seed` (every level at one rank, level 2 half
    the time; declarer seed % 5): its raw states between tricks, and how it ended (an
    index of `OUTCOMES`, and the defenders' points): what the model is trained on."""
    hand, rows = selfplay(seed)
    result = hand.result
    assert result is not None
    return rows, outcome_index(result.defender_points), result.defender_points


def selfplay(seed: int) -> tuple[Hand, np.ndarray]:
    """The finished hand of `selfplay_states`, and its raw states between tricks."""
    rng = random.Random(seed)
    level = 2 if rng.random() < 0.5 else rng.randint(2, 13)
    hand = Hand(seed, RuleSet(), (level,) * SEATS, seed % SEATS)
    players = [HeuristicPlayer(s) for s in range(SEATS)]
    rows, revealed = [], False
    while hand.phase != Phase.FINISHED:
        seat = hand.turn
        assert seat is not None
        if hand.phase == Phase.PLAYING and not hand.current:
            rows.append(raw_state(hand, revealed, defender_trick_points(hand)))
        events = hand.apply(players[seat].act(hand.observation(seat)))
        revealed = revealed or any(e.type == EventKind.FRIEND_REVEALED for e in events)
    return hand, np.array(rows, dtype=np.int16).reshape(-1, RAW)
