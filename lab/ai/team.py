"""Who is the friend? The evidence of the follows made before the friend shows.

Each follow into a trick another seat is winning is one event: the follower gave no points,
5, or 10 or more without taking the trick over, or took it over; and it followed the suit led
or could not. How often each happens depends on the roles of the follower and of the winner
(declarer D, friend F, other O): a friend feeds the declarer and starves the others, and the
others feed each other. `EVENT_RATES` are those frequencies, fitted on heuristic self-play
(`python -m tutor ai-fit --team`). A deal's weight is the product, over every event, of the
rate under the roles that deal implies over the rate pooled over all roles.

It reads the friend well (in held-out self-play, when it gives the likeliest friend 0.9 or
more, that is the friend), but a search weighing its deals by it played worse in the arena
(106 deals, -0.066 积分 a hand [-0.140, +0.008]) than with the plain feeding rule: it is the
sampler's `fitted` evidence, not its default.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tutor.ai.team import KINDS, Event

# (follower's role, winner's role, followed suit) -> rate of each kind, in KINDS' order;
# fitted on 1000 heuristic self-play hands (seeds 20000-20999) by `ai-fit --team`.
EVENT_RATES: dict[tuple[str, str, bool], tuple[float, ...]] = {
    ("D", "F", False): (0.221, 0.010, 0.067, 0.702),
    ("D", "F", True): (0.706, 0.062, 0.197, 0.035),
    ("D", "O", False): (0.359, 0.011, 0.022, 0.607),
    ("D", "O", True): (0.623, 0.028, 0.114, 0.234),
    ("F", "D", False): (0.496, 0.080, 0.401, 0.023),
    ("F", "D", True): (0.403, 0.118, 0.306, 0.172),
    ("F", "O", False): (0.738, 0.006, 0.006, 0.250),
    ("F", "O", True): (0.727, 0.019, 0.040, 0.213),
    ("O", "D", False): (0.740, 0.041, 0.073, 0.145),
    ("O", "D", True): (0.726, 0.054, 0.069, 0.151),
    ("O", "F", False): (0.481, 0.070, 0.285, 0.165),
    ("O", "F", True): (0.471, 0.131, 0.216, 0.181),
    ("O", "O", False): (0.337, 0.111, 0.416, 0.136),
    ("O", "O", True): (0.349, 0.130, 0.339, 0.182),
}
FLOOR = 0.005  # no kind is ever ruled out



def _role(seat: int, declarer: int, friend: int | None) -> str:
    return "D" if seat == declarer else "F" if seat == friend else "O"


def _pooled() -> dict[bool, tuple[float, ...]]:
    """Each kind's rate whatever the roles (the mean over the role pairs)."""
    out = {}
    for followed in (False, True):
        rows = [r for (_, _, f), r in EVENT_RATES.items() if f == followed]
        out[followed] = tuple(sum(col) / len(rows) for col in zip(*rows, strict=True))
    return out


POOLED = _pooled()


def roles_key(event: Event, declarer: int, friend: int | None) -> tuple[str, str, bool]:
    """The row of `EVENT_RATES` an event falls in when `friend` is the friend."""
    return (_role(event.seat, declarer, friend), _role(event.winner, declarer, friend),
            event.followed)


def fit_rates(counts: dict[tuple[str, str, bool], Counter]) -> dict[tuple[str, str, bool],
                                                                     tuple[float, ...]]:
    """Each row's frequencies of the kinds, rounded as `EVENT_RATES` keeps them."""
    return {key: tuple(round(c[k] / sum(c.values()), 3) for k in KINDS)
            for key, c in sorted(counts.items()) if sum(c.values())}


def team_likelihood(events: Sequence[Event], declarer: int, friend: int | None) -> float:
    """How well the deal's friend explains `events`, as a likelihood ratio (1: no evidence)."""
    w = 1.0
    for e in events:
        k = KINDS.index(e.kind)
        rates = EVENT_RATES[roles_key(e, declarer, friend)]
        w *= max(rates[k], FLOOR) / POOLED[e.followed][k]
    return w
