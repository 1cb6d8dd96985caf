"""Card memory and team inference agree with the true (hidden) state."""

from __future__ import annotations

from collections import Counter

from tutor.ai.memory import build_memory
from tutor.rules import Phase

from .helpers import positions


def test_memory_matches_the_hidden_truth():
    checked = 0
    for seed in range(10):
        for hand in positions(seed, every=4):
            if hand.phase != Phase.PLAYING:
                continue
            seat = hand.turn
            obs = hand.observation(seat)
            mem = build_memory(obs)
            hidden = Counter()
            for s in range(5):
                if s != seat:
                    hidden.update(hand.cards_of(s))
            if seat != hand.declarer:
                hidden.update(hand.kitty)
            assert [mem.unseen[k] for k in range(54)] == [hidden[k] for k in range(54)]
            eff = obs.trump.table.eff
            for s in range(5):
                held = {eff[c] for c in hand.cards_of(s)}
                assert not (mem.voids[s] & held), (seed, s)
            for s in range(5):
                truth = s == hand.declarer or s == hand.friend
                team = mem.team(s) if seat == hand.declarer else None
                if mem.side_p[s] == 1.0:
                    assert truth
                if mem.side_p[s] == 0.0:
                    assert not truth
                if team is not None and team != 0:
                    assert (team == 1) == truth
            if hand.friend is not None and obs.friend is None and hand.friend != seat:
                assert hand.friend in mem.friend_candidates
            checked += 1
    assert checked > 100
