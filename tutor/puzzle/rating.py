"""Glicko-2 ratings for learners and puzzles, as lichess rates its puzzles.

An attempt is a game between the learner and the puzzle: solving it is a win for the learner,
failing a win for the puzzle; both ratings move. Only the first attempt counts: a replay of a
puzzle already tried changes nothing. Pure functions on `Rating` values; storing the numbers
is the store's job. Algorithm and worked example: Glickman, "Example of the Glicko-2 system".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.75  # system constant (volatility change); lichess uses 0.75, Glickman's example 0.5
EPSILON = 1e-6
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
MIN_RD = 45.0  # lichess keeps deviations within these bounds
MAX_RD = 500.0
TIER_RATINGS = {1: 1200.0, 2: 1500.0, 3: 1800.0}  # a new puzzle's starting rating by tier


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: rating, deviation (RD) and volatility."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expect(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance `player` beats `opponent` (0..1), e.g. that a learner solves a puzzle."""
    return _expect((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE,
                   opponent.rd / SCALE)


def update(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU,
           clamp: bool = False) -> Rating:
    """The player's rating after one rating period of games (opponent, score 1/0.5/0).

    With no games only the deviation grows (step 6 of the algorithm). `clamp` keeps the
    deviation within lichess's bounds [45, 500].
    """
    mu = (player.rating - 1500.0) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:
        new_phi = math.sqrt(phi * phi + sigma * sigma)
        return _finish(Rating(player.rating, new_phi * SCALE, sigma), clamp)
    v_inv = 0.0
    delta_sum = 0.0
    for opp, score in results:
        mu_j = (opp.rating - 1500.0) / SCALE
        phi_j = opp.rd / SCALE
        e = _expect(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    new_sigma = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * delta_sum
    return _finish(Rating(new_mu * SCALE + 1500.0, new_phi * SCALE, new_sigma), clamp)


def _finish(r: Rating, clamp: bool) -> Rating:
    if not clamp:
        return r
    return Rating(r.rating, min(MAX_RD, max(MIN_RD, r.rd)), r.volatility)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        """The function whose root is the new log-variance."""
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def puzzle_start(difficulty: int) -> Rating:
    """A new puzzle's rating, from its tier (easy 1200, medium 1500, hard 1800)."""
    return Rating(TIER_RATINGS.get(difficulty, DEFAULT_RATING), DEFAULT_RD, DEFAULT_VOLATILITY)


def attempt(learner: Rating, puzzle: Rating, solved: bool, first_attempt: bool = True,
            tau: float = TAU) -> tuple[Rating, Rating]:
    """New (learner, puzzle) ratings after an attempt; unchanged unless it is the first."""
    if not first_attempt:
        return learner, puzzle
    score = 1.0 if solved else 0.0
    new_learner = update(learner, [(puzzle, score)], tau, clamp=True)
    new_puzzle = update(puzzle, [(learner, 1.0 - score)], tau, clamp=True)
    return new_learner, new_puzzle
