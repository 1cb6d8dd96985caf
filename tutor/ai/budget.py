"""What the card-play search and the setup search share: when their work is done, and how
their candidates rank once it is."""

from __future__ import annotations

import time


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
