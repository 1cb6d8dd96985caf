"""The learned value of a deal between tricks: its inputs, its outcomes' 积分, its model."""

from __future__ import annotations

import numpy as np
import pytest

from lab.ai.train import train
from lab.ai.value_data import selfplay, selfplay_states
from tutor.ai.mlp import MLP
from tutor.ai.rollout import SMOOTHING, outcome_value
from tutor.ai.state_value import (
    MIDPOINTS,
    OUTCOMES,
    SIZE,
    SLOTS,
    TRUMP_BASE,
    StateValue,
    encode,
    finished_value,
    fits,
    leaf_values,
    load_value,
    outcome_index,
    outcome_jifen,
    raw_state,
)
from tutor.rules import Hand, RuleSet, Trump, parse_cards, score_points

HANDS = ["AS AS KS 5S 3H", "2C 4D 6D 9H 10H", "QS QD JD 7C 8C", "KD KD 9C 10C 4H",
         "3D 5D 6C 7S 8S"]


def _hand(declarer: int, hands: list[str], trump: str = "2H") -> Hand:
    return Hand.position(hands, Trump.parse(trump), declarer, kitty="3S 4S 6S 7D 8D 9D JC")


def test_seats_are_counted_from_the_declarer():
    a = _hand(0, HANDS)
    b = _hand(2, HANDS[-2:] + HANDS[:-2])  # the same deal, every seat two places on
    assert np.array_equal(raw_state(a, False, 0), raw_state(b, False, 0))
    assert not np.array_equal(raw_state(a, False, 0), raw_state(_hand(1, HANDS), False, 0))


def test_plain_suits_are_ordered_by_the_declarers_holding():
    """Spades and diamonds swapped in every hand: the same inputs, for the declarer holds
    three spades in one deal and three diamonds in the other, each its longest plain suit."""
    swap = str.maketrans("SD", "DS")
    swapped = [h.translate(swap) for h in HANDS]
    a, b = _hand(0, HANDS), _hand(0, swapped)
    b_kitty = Hand.position(swapped, Trump.parse("2H"), 0,
                            kitty="3D 4D 6D 7S 8S 9S JC")
    assert np.array_equal(encode(raw_state(a, True, 40)), encode(raw_state(b_kitty, True, 40)))
    assert not np.array_equal(encode(raw_state(a, True, 40)), encode(raw_state(b, True, 40)))


def test_cards_fill_their_slots():
    hand = _hand(0, HANDS)
    vec = encode(raw_state(hand, False, 0))[0]
    assert vec.shape == (SIZE,)
    table = hand.trump.table
    ace = parse_cards("AS")[0]  # spades: the declarer's longest plain suit, so slots 0..11
    assert vec[table.pos[ace]] == pytest.approx(2 / 3)
    level = parse_cards("2C")[0]  # an off-suit level card, in seat 1's block
    assert vec[SLOTS + TRUMP_BASE + table.pos[level]] == pytest.approx(1 / 3)
    assert vec[:6 * SLOTS].sum() * 3 == pytest.approx(5 * 5 + 7)


def test_outcomes_bring_the_jifen_the_rules_score():
    """On self-played hands each seat's 积分 change is what its hand's outcome brings from
    the levels held before (stopping at A), less the throws it failed."""
    seen = set()
    for seed in range(200, 224):
        hand, raw = selfplay(seed)
        result = hand.result
        if result.levels_up > 4:  # beyond the outcomes' last band
            continue
        outcome = outcome_index(result.defender_points)
        seen.add(outcome)
        before = score_points(result.levels_before, [0] * 5)
        for seat in range(5):
            gain = outcome_jifen(seat, result.declarer, result.friend,
                                 result.levels_before)[outcome]
            assert result.score[seat] - before[seat] == gain - result.failed_throws[seat]
            assert finished_value(result, seat) == pytest.approx(
                outcome_value(result, seat) + result.failed_throws[seat] - before[seat])
        assert len(raw) == len(hand.tricks)  # one state before each trick
    assert len(seen) >= 2


def test_outcomes_cover_every_score():
    assert [outcome_index(p) for p in (0, 5, 60, 120, 180, 240, 300, 400)] == list(
        range(len(OUTCOMES)))
    assert list(outcome_jifen(0, 0, None)) == [12, 8, 4, 0, -4, -8, -12, -16]  # alone
    assert list(outcome_jifen(3, 0, 1)) == [-6, -4, -2, 0, 2, 4, 6, 8]  # a defender


def test_a_level_stops_at_a():
    """The declarer at K plays alone: going up 3 takes him to A only, 4 积分, not 12."""
    jifen = outcome_jifen(0, 0, None, (13, 2, 2, 2, 2))
    assert jifen[0] == 4 and jifen[2] == 4
    assert jifen[4] == -4  # the defenders at 2 rise as before


def test_leaves_and_finished_hands_are_valued_alike():
    """A model sure of a finished hand's outcome values it as the hand itself is valued, but
    for the tie-break at the outcome's typical points instead of the true ones."""

    class Sure(StateValue):
        def __init__(self, outcome: int) -> None:
            self.outcome = outcome

        def chances(self, raw):
            out = np.zeros((len(raw), len(OUTCOMES)))
            out[:, self.outcome] = 1.0
            return out

    for seed in range(230, 236):
        hand, raw = selfplay(seed)
        result = hand.result
        assert result.levels_up <= 4
        outcome = outcome_index(result.defender_points)
        for seat in range(5):
            value = leaf_values(Sure(outcome), raw[-1:], seat, result.declarer,
                                [result.friend], result.levels_before)[0]
            sign = -1.0 if seat in result.declarer_side else 1.0
            tie = SMOOTHING * sign * (MIDPOINTS[outcome] - result.defender_points)
            assert value == pytest.approx(finished_value(result, seat) + tie)


def test_only_the_rules_it_learned_fit_the_model():
    assert fits(RuleSet())
    for other in (RuleSet(friend_rule="nth_played"), RuleSet(players=4),
                  RuleSet(decks=2), RuleSet(kitty_multiplier="max")):
        assert not fits(other)


def test_a_trained_model_learns_a_rule_and_keeps_it_in_its_file(tmp_path):
    rng = np.random.default_rng(3)
    x = rng.normal(size=(4000, 6))
    y = (x[:, 0] + 0.5 * x[:, 1] > 0).astype(np.int64) + 2 * (x[:, 2] > 1)
    model = train(x[:3000], y[:3000], x[3000:], y[3000:], (16,), 20, rate=1e-2, batch=64,
                  classes=4)
    guess = model.outputs(x[3000:]).argmax(1)
    assert (guess == y[3000:]).mean() > 0.9
    model.save(tmp_path / "m.npz", info={"made": "test"})
    again = MLP.load(tmp_path / "m.npz")
    assert np.allclose(again.outputs(x[:5]), model.outputs(x[:5]), atol=1e-5)
    (tmp_path / "bad.npz").write_bytes(b"not a model")
    with pytest.raises(ValueError, match="not a saved model"):
        MLP.load(tmp_path / "bad.npz")
    np.save(tmp_path / "array.npy", x[:3])
    with pytest.raises(ValueError, match="not a saved model"):
        MLP.load(tmp_path / "array.npy")
    with np.load(tmp_path / "m.npz") as data:
        parts = dict(data)
    parts["w1"] = parts["w1"][:5]  # a layer that does not take the one before
    np.savez(tmp_path / "torn.npz", **parts)
    with pytest.raises(ValueError, match="layer 1 does not fit"):
        MLP.load(tmp_path / "torn.npz")
    with pytest.raises(ValueError, match="not a state value: it reads 6 inputs"):
        load_value(str(tmp_path / "m.npz"))


def test_the_shipped_model_tells_more_than_the_base_rates():
    """On hands it was not trained on (its data began at seed 2e9), the shipped model's
    cross-entropy is well under that of the outcomes' base rates."""
    model = load_value()
    rows, outcomes = [], []
    for seed in range(700, 730):
        raw, outcome, _ = selfplay_states(seed)
        rows.append(raw)
        outcomes += [outcome] * len(raw)
    chances = model.chances(np.concatenate(rows))
    truth = np.array(outcomes)
    loss = -np.log(chances[np.arange(len(truth)), truth]).mean()
    base = np.bincount(truth, minlength=len(OUTCOMES)) / len(truth)
    base_loss = -np.log(base[truth]).mean()
    assert loss < 0.85 * base_loss
