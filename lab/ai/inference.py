"""Play inference: how likely the others' plays are under a guess of the hidden cards.

Each play another seat made is judged from that seat's own view at that moment: its hand
then (the guessed hand plus what it has played since), the kitty if it was the declarer, and
the public history up to that play. The heuristic tactics score that seat's options there,
and a softmax at `TEMPERATURE` over their values gives the probability of the play it made.
Deals under which the others played as our model of them predicts weigh more; the search
plays those out, so a learner's opponents stop "finding" cards their play has ruled out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.ai.heuristic import context_from_memory
from tutor.ai.memory import build_memory
from tutor.ai.tactics import Context, scored_options
from tutor.rules import Card, EventKind, Observation, Phase

# Fitted by `python -m tutor ai-fit --hands 4 --player hard` (450 plays of hard self-play:
# 81.8% were the tactics' top choice, all among their options): temperature 4 card points,
# floor 0.005-0.01, -0.94 a play. The floor is kept at 0.01 for people, who stray further.
TEMPERATURE = 4.0  # card points: how far below the best option a seat's play may score
FLOOR = 0.01  # probability of a play the tactics would not consider at all
WINDOW = 2  # finished tricks looked back at by the window form, besides the current one


@dataclass(frozen=True)
class PastPlay:
    """One play of the hand as its seat chose it, and where it stands in the history."""

    seat: int
    chosen: tuple[int, ...]  # what the seat put down (an attempted throw, not its forced part)
    played: tuple[int, ...]  # what left its hand
    trick: int  # index of its trick in the hand
    before: tuple[tuple[int, tuple[Card, ...]], ...]  # the plays before it in its trick
    events: int  # events of the hand before it (what its seat had seen)


def past_plays(obs: Observation) -> list[PastPlay]:
    """Every play of the hand so far, oldest first, with what its seat had seen then."""
    tricks = [t.plays for t in obs.tricks] + ([tuple(obs.current)] if obs.current else [])
    flat = [(t, i, seat, cards) for t, plays in enumerate(tricks)
            for i, (seat, cards) in enumerate(plays)]
    out: list[PastPlay] = []
    attempted: tuple[int, ...] | None = None
    k = start = 0
    for index, event in enumerate(obs.events):
        if event.type == EventKind.THROW_FAILED:
            attempted = tuple(int(c) for c in event.cards)
            start = index
        elif event.type == EventKind.PLAY:
            t, i, seat, cards = flat[k]
            k += 1
            played = tuple(int(c) for c in cards)
            first = start if attempted is not None else index
            out.append(PastPlay(seat, attempted or played, played, t, tricks[t][:i], first))
            attempted = None
    return out


def view_at(obs: Observation, plays: Sequence[PastPlay], k: int, hand: Sequence[int],
            kitty: Sequence[int], seat: int | None = None) -> Observation:
    """What the seat of `plays[k]` (or `seat`) saw just before that play, holding `hand` then
    (and the buried `kitty` if it is the declarer): the public history up to that play."""
    play = plays[k]
    seat = play.seat if seat is None else seat
    sizes = list(obs.hand_sizes)
    for later in plays[k:]:
        sizes[later.seat] += len(later.played)
    events = [e for e in obs.events[:play.events] if e.private_to is None]  # public ones
    friend = obs.friend if any(e.type == EventKind.FRIEND_REVEALED for e in events) else None
    assert obs.trump is not None
    return replace(
        obs, seat=seat, phase=Phase.PLAYING, turn=seat,
        hand=obs.trump.sort([Card(c) for c in hand]), hand_sizes=tuple(sizes),
        kitty=None, buried=tuple(Card(c) for c in kitty) if seat == obs.declarer else None,
        friend=friend, tricks=list(obs.tricks[:play.trick]), current=list(play.before),
        leader=play.before[0][0] if play.before else seat, events=list(events), result=None)


def option_values(ctx: Context) -> list[tuple[tuple[int, ...], float]]:
    """Every distinct play the tactics consider for this seat (sorted cards) and its value."""
    best: dict[tuple[int, ...], float] = {}
    for choice in scored_options(ctx):  # one entry per distinct play, at its best value
        key = tuple(sorted(int(c) for c in choice.cards))
        best[key] = max(choice.value, best.get(key, choice.value))
    return list(best.items())


def play_probability(ctx: Context, chosen: Sequence[int],
                     temperature: float = TEMPERATURE, floor: float = FLOOR) -> float:
    """How likely the tactics' seat in `ctx` is to choose `chosen` (`option_probability`)."""
    return option_probability(option_values(ctx), chosen, temperature, floor)


def option_probability(options: Sequence[tuple[tuple[int, ...], float]], chosen: Sequence[int],
                       temperature: float = TEMPERATURE, floor: float = FLOOR) -> float:
    """The probability of `chosen` among `options`: a softmax over their values at
    `temperature` (0: the tactics' own choice, the first best) for 1 - `floor` of the mass;
    a play the tactics would not consider gets `floor`, and so does a considered one whose
    share is smaller (a cold softmax underflows: no play the seat made is impossible)."""
    key = tuple(sorted(int(c) for c in chosen))
    if len(options) == 1:
        return 1.0 if options[0][0] == key else floor
    top = max(v for _, v in options)
    if temperature <= 0:
        p = 1.0 if next(cards for cards, v in options if v == top) == key else 0.0
    else:
        weights = {cards: math.exp((v - top) / temperature) for cards, v in options}
        p = weights.get(key, 0.0) / sum(weights.values())
    considered = any(cards == key for cards, _ in options)
    return max((1.0 - floor) * p, floor) if considered else floor


def fit_temperature(examples: Sequence[tuple[Sequence[tuple[tuple[int, ...], float]],
                                             Sequence[int]]],
                    temperatures: Sequence[float], floors: Sequence[float]
                    ) -> list[tuple[float, float, float]]:
    """(temperature, floor, mean log-likelihood a play) for every pair, best first: how well
    each softening explains the recorded choices (`examples`: each play's options, chosen)."""
    out = []
    for t in temperatures:
        for f in floors:
            total = sum(math.log(option_probability(opts, chosen, t, f))
                        for opts, chosen in examples)
            out.append((t, f, total / len(examples)))
    return sorted(out, key=lambda r: -r[2])


def play_likelihood(obs: Observation, plays: Sequence[PastPlay], hands: Sequence[Sequence[int]],
                    kitty: Sequence[int], start: int = 0, temperature: float = TEMPERATURE,
                    floor: float = FLOOR) -> float:
    """Likelihood of the other seats' plays `plays[start:]` under a guess of the hidden
    cards (`hands` as they are now, `kitty` as buried): 1.0 when each was surely chosen."""
    held = [[int(c) for c in h] for h in hands]
    likelihood = 1.0
    for k in range(len(plays) - 1, start - 1, -1):
        play = plays[k]
        held[play.seat].extend(play.played)
        if play.seat == obs.seat:
            continue
        view = view_at(obs, plays, k, held[play.seat], kitty)
        ctx = context_from_memory(view, build_memory(view))
        likelihood *= play_probability(ctx, play.chosen, temperature, floor)
    return likelihood


def window_start(obs: Observation, plays: Sequence[PastPlay], window: int = WINDOW) -> int:
    """The first play of the last `window` finished tricks (and the one in progress)."""
    first = max(0, len(obs.tricks) - window)
    return next((k for k, p in enumerate(plays) if p.trick >= first), len(plays))
