"""What the card-play search and the setup search share: when their work is done, and how
their candidates rank once it is."""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Sequence

STOP_Z = 2.0  # how many standard errors ahead the leader must be to stop early
LOOKS = 4  # a search with a playout count may stop at each 1/LOOKS share of its deals
MIN_DEALS = 5  # never on fewer deals than this


def budget_spent(playouts_done: int, playouts: int | None, budget_s: float, start: float,
                 ready: float, samples: int) -> bool:
    """Done after `playouts` playouts if set; else when one more sample, at the mean pace
    since the set-up took `ready` seconds, would pass `budget_s` seconds from `start`."""
    if playouts is not None:
        return playouts_done >= playouts
    elapsed = time.perf_counter() - start
    return elapsed + (elapsed - ready) / samples >= budget_s


def ranked_means(totals: list[float], weight_sum: float, prior: float
                 ) -> tuple[list[float], list[int]]:
    """Each candidate's weighted mean outcome, candidate 0 (the heuristic's) with the `prior`
    head start, and the candidates' order best first (ties: the earlier)."""
    means = [t / weight_sum if weight_sum else 0.0 for t in totals]
    means[0] += prior
    return means, sorted(range(len(totals)), key=lambda i: (-means[i], i))


def checkpoints(deals: int, looks: int = LOOKS) -> set[int]:
    """The deal counts at which a search of `deals` deals looks whether it may stop: each
    1/`looks` share of them, never before `MIN_DEALS`."""
    return {d for i in range(1, looks) if MIN_DEALS <= (d := round(deals * i / looks)) < deals}


def contenders(values: Sequence[Sequence[float | None]], weights: Sequence[float],
               active: Sequence[int], prior: float, z: float = STOP_Z,
               tolerance: float = 0.0) -> list[int]:
    """The candidates of `active` still worth playouts: the one leading on these deals
    (`values`: a row of every candidate's outcome per deal, None where it was not played;
    `weights` the deals'), and each other that may still be better than it by more than
    `tolerance` 积分: its gap to the leader is within `z` standard errors of their paired
    difference less `tolerance`. More deals would almost surely not make a dropped one a
    choice worth more than `tolerance`, so its playouts are saved; with no tolerance, a
    close call keeps its budget, with one, only a call that is close yet unclear."""
    total = sum(weights)
    squares = sum(w * w for w in weights)
    if total <= 0 or squares <= 0 or len(active) < 2:
        return list(active)

    every = range(len(values))
    means = {i: _mean(values, weights, i, every) + (prior if i == 0 else 0.0) for i in active}
    lead = min(active, key=lambda i: (-means[i], i))
    n_eff = total * total / squares  # the deals' effective number, for unequal weights
    kept = []
    for j in active:
        if j != lead:
            gap = means[lead] - means[j]
            diffs = [row[lead] - row[j] for row in values]  # type: ignore[operator]
            m = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
            var = sum(w * (d - m) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
            if gap > z * math.sqrt(var / n_eff) - tolerance:
                continue
        kept.append(j)
    return kept


def ranked_deals(values: Sequence[Sequence[float | None]], weights: Sequence[float],
                 active: Sequence[int], prior: float) -> tuple[list[float], list[int]]:
    """Each candidate's weighted mean outcome (candidate 0, the heuristic's, with the `prior`
    head start), and the candidates' order: those still `active` best first, then the
    dropped ones. A dropped candidate was played on the first deals only, so its mean is
    put on the best one's scale: the best's mean less their paired gap on those deals,
    never above the best (a hint compares the two)."""
    mean = functools.partial(_mean, values, weights)
    head = [prior if i == 0 else 0.0 for i in range(len(values[0]))]
    every = range(len(values))
    kept = set(active)
    means = [mean(i, every) + head[i] if i in kept else 0.0 for i in range(len(head))]
    best = min(active, key=lambda i: (-means[i], i))
    for i in range(len(head)):
        if i not in kept:
            rows = [d for d in every if values[d][i] is not None]
            gap = mean(best, rows) + head[best] - mean(i, rows) - head[i]
            means[i] = min(means[best] - gap, means[best])
    order = sorted(range(len(means)), key=lambda i: (i not in kept, -means[i], i))
    return means, order


def _mean(values: Sequence[Sequence[float | None]], weights: Sequence[float], i: int,
          rows: Sequence[int]) -> float:
    """Candidate `i`'s weighted mean outcome over the deals `rows` (it was played on each)."""
    total = sum(weights[d] for d in rows)
    return sum(weights[d] * values[d][i] for d in rows) / total if total else 0.0  # type: ignore[operator]
