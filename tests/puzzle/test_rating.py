"""Glicko-2 (against Glickman's worked example) and the puzzle chooser."""

from __future__ import annotations

import random

import pytest

from tutor.puzzle.chooser import choose, target_rating
from tutor.puzzle.rating import Rating, attempt, expected_score, puzzle_start, update


def test_glickman_worked_example():
    # "Example of the Glicko-2 system", Glickman: 1500/200/0.06 plays 1400/30 (win),
    # 1550/100 (loss), 1700/300 (loss) with tau = 0.5 -> 1464.06 / 151.52 / 0.05999.
    # The paper rounds its intermediate values; exact arithmetic gives 1464.0507.
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, games, tau=0.5)
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_widens_the_deviation():
    r = Rating(1600, 100, 0.06)
    new = update(r, [])
    assert new.rating == 1600 and new.rd > 100 and new.volatility == 0.06


def test_attempt_moves_learner_and_puzzle_in_opposite_directions():
    learner, puzzle = Rating(1500, 200, 0.06), puzzle_start(2)
    won_l, won_p = attempt(learner, puzzle, solved=True)
    lost_l, lost_p = attempt(learner, puzzle, solved=False)
    assert won_l.rating > learner.rating and won_p.rating < puzzle.rating
    assert lost_l.rating < learner.rating and lost_p.rating > puzzle.rating
    assert won_l.rd < learner.rd


def test_replay_changes_nothing():
    learner, puzzle = Rating(1500, 200, 0.06), puzzle_start(3)
    assert attempt(learner, puzzle, solved=True, first_attempt=False) == (learner, puzzle)


def test_deviation_is_kept_within_lichess_bounds():
    learner = Rating(1500, 45, 0.06)
    for _ in range(20):
        learner, _ = attempt(learner, Rating(1500, 45, 0.06), solved=True)
    assert learner.rd >= 45


def test_expected_score_and_tier_start():
    assert expected_score(Rating(1500), Rating(1500)) == pytest.approx(0.5)
    assert expected_score(Rating(1800, 50), Rating(1200, 50)) > 0.9
    assert puzzle_start(1).rating < puzzle_start(2).rating < puzzle_start(3).rating


def test_chooser_serves_near_the_learner_with_offsets(bank):
    rng = random.Random(1)
    learner = Rating(1500, 100, 0.06)
    ratings = {p.id: Rating(1000 + (i * 37) % 1000, 80, 0.06) for i, p in enumerate(bank)}
    for offset in ("easier", "normal", "harder"):
        target = target_rating(learner, offset)
        for _ in range(10):
            p = choose(learner, bank, ratings, theme="throw", offset=offset, rng=rng)
            assert "throw" in p.themes
            assert abs(ratings[p.id].rating - target) <= 100


def test_chooser_skips_tried_puzzles_and_uses_tier_ratings(bank):
    kitty = [p for p in bank if "kitty" in p.themes]
    tried = {p.id for p in kitty[1:]}
    assert choose(Rating(), bank, theme="kitty", tried=tried) is kitty[0]
    assert choose(Rating(), bank, theme="kitty", tried={p.id for p in kitty}) is None
    easy = choose(Rating(1200, 100), bank, theme="score", rng=random.Random(3))
    assert easy.difficulty == 1  # unrated puzzles start from their tier: 1200 for easy
    with pytest.raises(ValueError):
        target_rating(Rating(), "impossible")
