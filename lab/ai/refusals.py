"""Who holds the top cards? The evidence of plays that did not use them.

A refusal is a play that did not use cards the seat would most likely have played had it held
them, so it probably held none of those kinds (or held one and chose not to):
- a follow: in a trick led with one card, a seat followed the suit below the card winning it
  (itself of the suit led). How often a heuristic seat holding a kind that beats it does beat
  depends on whether the winner is on its side and on the points already in the trick:
  against an opponent with 5 or more points on the table it almost always does.
- a lead: a seat led without any copy of a suit's top kind still unplayed (the highest rank
  of a suit left in play, unbeatable when led). A heuristic seat holding one leads a top
  kind 93% of the time in the first ten tricks.

`BEAT_RATES` and `LEAD_RATES` are those frequencies, fitted on heuristic self-play (`python -m
tutor ai-fit --refusals`). A deal in which the seat still holds a refused kind is weighed by
the chance of refusing; where that chance is small (and, for a follow, the teams are known),
the sampler simply deals the seat none of those kinds (`deal`), or deals them to it less
often and weighs the deal back (`tilt`).

The sampler then places the top cards better (its error on each seat's count of each top kind
falls from 2.00 to 1.89-1.92), yet the search played no better with it in the arena, paired
with hard deal by deal over 95 deals: `deal` -0.053 积分 a hand [-0.194, +0.088], `tilt`
-0.095 [-0.245, +0.056]. So every reading is off by default.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from tutor.rules import Card, Observation, Trump, trick_winner

TRUMP = 4  # the effective suit of trumps
# (winner on the follower's side, points band, trump led) -> how often a follower holding a
# kind that beats the winning card played one; fitted on 1000 heuristic self-play hands
# (seeds 30000-30999) by `ai-fit --refusals`.
BEAT_RATES: dict[tuple[bool, str, bool], float] = {
    (False, "0", False): 0.734,
    (False, "0", True): 0.486,
    (False, "15+", False): 0.984,
    (False, "15+", True): 0.92,
    (False, "5-10", False): 0.971,
    (False, "5-10", True): 0.932,
    (True, "0", False): 0.541,
    (True, "0", True): 0.47,
    (True, "15+", False): 0.501,
    (True, "15+", True): 0.59,
    (True, "5-10", False): 0.575,
    (True, "5-10", True): 0.478,
}
BANDS = ("0", "5-10", "15+")
# trick band of the lead (the first 10 tricks, or later) -> how often a leader holding a top
# kind led one; fitted with `BEAT_RATES`.
LEAD_RATES: dict[str, float] = {"early": 0.929, "late": 0.841}
EARLY = 10  # tricks: a lead before this many is "early"
FLOOR = 0.02  # a refusal never rules a holding out entirely in the weights
BAN_BELOW = 0.1  # known teams and a chance of refusing below this: deal the seat none


@dataclass(frozen=True)
class Refusal:
    """`seat` did not play any of `kinds`: following below `winner`'s card (`band`: the
    points in the trick, `trump`: trumps led), or leading (`winner` None, `band`: "early" or
    "late")."""

    seat: int
    winner: int | None
    kinds: frozenset[int]
    band: str
    trump: bool = False


def lead_band(tricks: int) -> str:
    """A lead's row of `LEAD_RATES`, by how many tricks were finished before it."""
    return "early" if tricks < EARLY else "late"


def top_kinds(played: Sequence[int], trump: Trump, decks: int) -> frozenset[int]:
    """Each suit's top kinds still in play (`played`: copies played of each kind): the kinds
    of the highest rank left, which no card left can beat."""
    table = trump.table
    best: dict[int, int] = {}
    for k in range(54):
        if played[k] < decks:
            best[table.eff[k]] = max(best.get(table.eff[k], -1), table.pos[k])
    return frozenset(k for k in range(54)
                     if played[k] < decks and table.pos[k] == best[table.eff[k]])


def band_of(points: int) -> str:
    """The points already in the trick, in `BANDS`."""
    return BANDS[0] if points == 0 else BANDS[1] if points <= 10 else BANDS[2]


def beating_kinds(before: Sequence[tuple[int, Sequence[Card]]], trump: Trump) -> tuple[
        int, frozenset[int]] | None:
    """In a trick led with one card whose winner so far is of the suit led: the winner's
    seat and the kinds of that suit above its card. None for any other trick."""
    lead = before[0][1]
    if len(lead) != 1:
        return None
    table = trump.table
    suit = table.eff[lead[0]]
    plays = [c for _, c in before]
    win = trick_winner(plays, trump)
    top = plays[win][0]
    if table.eff[top] != suit:
        return None
    return before[win][0], frozenset(k for k in range(54)
                                     if table.eff[k] == suit and table.pos[k] > table.pos[top])


def refusal_of(before: Sequence[tuple[int, Sequence[Card]]], seat: int,
               cards: Sequence[Card], trump: Trump) -> Refusal | None:
    """The refusal in `seat` following `cards` into a trick whose plays so far are `before`,
    if it is one: it followed the suit led and did not beat the winning card."""
    found = beating_kinds(before, trump)
    if found is None or len(cards) != 1:
        return None
    winner, kinds = found
    eff = trump.table.eff
    card = int(cards[0])
    if not kinds or eff[card] != eff[before[0][1][0]] or card in kinds:
        return None
    points = sum(c.points for _, p in before for c in p)
    return Refusal(seat, winner, kinds, band_of(points), eff[card] == TRUMP)


def refusals(obs: Observation) -> list[Refusal]:
    """Every refusal so far by a seat other than the observer, except one of kinds that seat
    played later (it held one then, so it chose)."""
    assert obs.trump is not None
    tricks = [t.plays for t in obs.tricks] + ([tuple(obs.current)] if obs.current else [])
    flat = [(seat, cards) for plays in tricks for seat, cards in plays]
    out: list[Refusal] = []
    played = [0] * 54
    at = 0
    for t, plays in enumerate(tricks):
        tops = top_kinds(played, obs.trump, obs.rules.decks)
        for i, (seat, cards) in enumerate(plays):
            at += 1
            if seat == obs.seat:
                continue
            if i == 0:
                led = {int(c) for c in cards}
                found = None if led & tops else Refusal(seat, None, tops, lead_band(t))
            else:
                found = refusal_of(plays[:i], seat, cards, obs.trump)
            if found is None:
                continue
            later = {int(c) for s, cs in flat[at:] if s == seat for c in cs}
            if not later & found.kinds:
                out.append(found)
        for _, cards in plays:
            for c in cards:
                played[int(c)] += 1
    return out


def allies(a: int, b: int, declarer: int, friend: int | None) -> bool:
    """Are `a` and `b` on the same side when `friend` is the friend?"""
    side = {declarer} if friend is None else {declarer, friend}
    return (a in side) == (b in side)


def beat_rate(refusal: Refusal, declarer: int, friend: int | None) -> float:
    """How often a holder of a refused kind would have played one, under these teams."""
    if refusal.winner is None:
        return LEAD_RATES[refusal.band]
    key = (allies(refusal.seat, refusal.winner, declarer, friend), refusal.band, refusal.trump)
    return BEAT_RATES[key]


def refusal_likelihood(found: Sequence[Refusal], hands: Sequence[Sequence[int]],
                       declarer: int, friend: int | None) -> float:
    """How well a deal explains the refusals, as a likelihood ratio (1: nothing against it)."""
    w = 1.0
    for r in found:
        if any(c in r.kinds for c in hands[r.seat]):
            w *= max(1.0 - beat_rate(r, declarer, friend), FLOOR)
    return w


def certain(found: Sequence[Refusal], declarer: int, friend: int | None, known: bool,
            below: float = BAN_BELOW) -> tuple[list[Refusal], list[Refusal]]:
    """Split refusals into those to deal by, whose chance of refusing is known (a lead, or a
    follow with the teams `known`) and below `below`, and the rest, to weigh by."""
    strong, weak = [], []
    for r in found:
        sure = known or r.winner is None
        (strong if sure and 1.0 - beat_rate(r, declarer, friend) < below
         else weak).append(r)
    return strong, weak


def fit_beat_rates(counts: Mapping[Hashable, Counter]) -> dict[Hashable, float]:
    """Each row's share of plays that used a refused kind, rounded as `BEAT_RATES` and
    `LEAD_RATES` keep them."""
    return {key: round(c[True] / (c[True] + c[False]), 3)
            for key, c in sorted(counts.items(), key=repr) if c[True] + c[False]}
