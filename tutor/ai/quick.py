"""A fast rule-of-thumb policy for search playouts (tens of microseconds a decision).

The same priorities as the heuristic, decided by simple rules instead of scoring: feed a
winning partner, beat an opponent cheaply when points are at stake, otherwise play low; lead
unbeatable units first, trumps when the declarer side is long in them, else a low card.

`expert` (the judge's playouts, `rollout.JUDGE`) closes what a player would never miss: it
trumps (and over-trumps) a lead of several cards it is void in, chooses its follow to a
tractor, triple or throw instead of drawing one at random, and leads unbeatable tractors
and throws that cannot fail.
"""

from __future__ import annotations

import random
from collections import Counter

from tutor.rules import (
    TRUMP,
    decompose,
    follow_error,
    legal_follows,
    sample_follow,
    tally,
    trick_winner,
)

from .tactics import POINTS, Context, higher_exists, multiset_count, trump_plays

LISTED_FOLLOWS = 60  # an expert weighs every legal follow when there are at most this many


def quick_play(ctx: Context, rng: random.Random, expert: bool = False) -> tuple[int, ...]:
    """Cards to play now (a legal follow, or a lead); `rng` breaks odd shapes. `expert`
    plays as a player would where the plain rules have blind spots (the module's text)."""
    if ctx.current:
        return _follow(ctx, rng, expert)
    if expert:
        multi = _multi_lead(ctx)
        if multi is not None:
            return multi
    return _lead(ctx)


def _low_key(table, c: int) -> tuple:
    """Order for throwing away: plain before trump, no points first, low rank first."""
    return (table.eff[c] == TRUMP, POINTS[c] > 0, table.pos[c])


def _follow(ctx: Context, rng: random.Random, expert: bool = False) -> tuple[int, ...]:
    trump = ctx.trump
    table = trump.table
    eff, pos = table.eff, table.pos
    lead = ctx.current[0][1]
    n = len(lead)
    suit = eff[lead[0]]
    hand = ctx.hand
    plays = [c for _, c in ctx.current]
    seats = [s for s, _ in ctx.current]
    wi = trick_winner(plays, trump)
    winner = seats[wi]
    ally_wins = ctx.ally[winner] >= 0.5
    last = len(ctx.current) == ctx.players - 1
    points = sum(POINTS[c] for p in plays for c in p)
    in_suit = [c for c in hand if eff[c] == suit]
    if len(in_suit) <= n:
        k = n - len(in_suit)
        others = [c for c in hand if eff[c] != suit]
        if k and not in_suit and not ally_wins and (points >= 10 or (last and points)):
            ruff = _ruff(ctx, others, plays, n, expert)
            if ruff is not None:
                return ruff
        if ally_wins:
            others.sort(key=lambda c: (eff[c] == TRUMP, -POINTS[c], pos[c]))
        else:
            others.sort(key=lambda c: _low_key(table, c))
        return tuple(in_suit + others[:k])
    if n == 1:
        best = plays[wi][0]
        if ally_wins:
            pts = [c for c in in_suit if POINTS[c]]
            safe = last or not higher_exists(ctx.pool, trump, eff[best], 1, 1, pos[best])
            if pts and safe:
                return (max(pts, key=lambda c: (POINTS[c], -pos[c])),)
            return (min(in_suit, key=lambda c: _low_key(table, c)),)
        beaters = [c for c in in_suit if trump.beats(c, best)]
        if beaters and (points or last is False):
            if last:
                return (min(beaters, key=lambda c: (pos[c] - 3 * POINTS[c] / 5),),)
            top = max(beaters, key=lambda c: pos[c])
            if not higher_exists(ctx.pool, trump, eff[top], 1, 1, pos[top]):
                return (top,)
        return (min(in_suit, key=lambda c: _low_key(table, c)),)
    if n == 2 and lead[0] == lead[1]:
        counts = tally(in_suit)
        pairs = sorted((k for k, m in counts.items() if m >= 2), key=lambda k: pos[k])
        if pairs:
            if not ally_wins:
                win = [k for k in pairs if trick_winner([*plays, (k, k)], trump) == len(plays)]
                if win and (points or not last):
                    return (win[0], win[0])
            if ally_wins:
                pairs.sort(key=lambda k: (-POINTS[k], pos[k]))
            return (pairs[0], pairs[0])
        ordered = sorted(in_suit, key=lambda c: _low_key(table, c))
        if ally_wins:
            ordered.sort(key=lambda c: (-POINTS[c], pos[c]))
        return tuple(ordered[:2])
    if expert:
        return _chosen_follow(ctx, lead, in_suit, plays, ally_wins, last, points)
    return tuple(sample_follow(hand, lead, trump, rng))


def _chosen_follow(ctx: Context, lead: tuple, in_suit: list[int], plays: list,
                   ally_wins: bool, last: bool, points: int) -> tuple[int, ...]:
    """A follow of several cards chosen as a player would: the most points into a partner's
    trick, else the cheapest follow that wins when winning is worth it, else the cheapest."""
    trump = ctx.trump
    table = trump.table
    eff, pos = table.eff, table.pos
    n = len(lead)
    if multiset_count(tally(in_suit), n) <= LISTED_FOLLOWS:
        options = [tuple(p) for p in legal_follows(ctx.hand, lead, trump)]
    else:  # too many to weigh: the shape the rules require, the rest low or rich
        rest = sorted(in_suit, key=lambda c: (-POINTS[c], pos[c]) if ally_wins else
                      (POINTS[c] > 0, pos[c]))
        options = [_shaped(ctx.hand, lead, trump, rest)]

    def spent(p: tuple) -> tuple:
        return (sum(POINTS[c] for c in p), sum(eff[c] == TRUMP for c in p), sum(pos[c] for c in p))

    if ally_wins:
        if last or _holds(ctx, plays[trick_winner(plays, trump)]):
            return max(options, key=lambda p: (sum(POINTS[c] for c in p),
                                               -sum(pos[c] for c in p)))
        return min(options, key=spent)
    if points or not last:
        wins = [p for p in options if trick_winner([*plays, p], trump) == len(plays)
                and (last or _holds(ctx, p))]
        if wins:
            return min(wins, key=lambda p: (sum(pos[c] for c in p), -sum(POINTS[c] for c in p)))
    return min(options, key=spent)


def _holds(ctx: Context, play: tuple) -> bool:
    """Whether a winning play of several cards stays winning: no unit the unseen cards could
    form beats its top unit in its suit, and no seat still to play that may be an opponent
    has shown it is void in the suit led (it could trump)."""
    trump = ctx.trump
    eff = trump.table.eff
    top = decompose(list(play), trump)[0]
    if higher_exists(ctx.pool, trump, eff[play[0]], top.width, top.length, top.top):
        return False
    led = eff[ctx.current[0][1][0]]
    played = {s for s, _ in ctx.current}
    return led == TRUMP or not any(led in ctx.voids[o] and ctx.ally[o] < 1.0
                                   for o in range(ctx.players)
                                   if o != ctx.seat and o not in played)


def _shaped(hand: list[int], lead: tuple, trump, order: list[int]) -> tuple[int, ...]:
    """A legal follow: the shape the lead requires (`sample_follow`'s), then cards of the
    led suit in `order`."""
    shaped = list(sample_follow(hand, lead, trump, random.Random(0)))
    counts = Counter(shaped)
    required = [c for c in shaped if counts[c] >= 2]
    fill = list(order)
    for c in required:
        fill.remove(c)
    play = tuple(required + fill[: len(lead) - len(required)])
    return play if follow_error(hand, lead, play, trump) is None else tuple(shaped)


def _ruff(ctx: Context, others: list[int], plays: list, n: int,
          expert: bool = False) -> tuple[int, ...] | None:
    """The cheapest all-trump play of the lead's size that wins the trick, if any (`expert`:
    of any lead, a tractor, triple or throw too, shaped like it)."""
    trump = ctx.trump
    pos = trump.table.pos
    trumps = sorted((c for c in others if trump.table.eff[c] == TRUMP), key=lambda c: pos[c])
    if len(trumps) < n:
        return None
    lead = plays[0]
    if n == 1:
        for c in trumps:
            if trick_winner([*plays, (c,)], trump) == len(plays):
                return (c,)
        return None
    if n == 2 and lead[0] == lead[1]:
        counts = Counter(trumps)
        for k in sorted((k for k, m in counts.items() if m >= 2), key=lambda k: pos[k]):
            if trick_winner([*plays, (k, k)], trump) == len(plays):
                return (k, k)
        return None
    if expert:  # shaped like the lead, low; or its singles topped by one higher trump
        tries = trump_plays(trumps, lead, ctx)
        tries += [(*trumps[:n - 1], c) for c in trumps[n - 1:]]
        for play in tries:
            if trick_winner([*plays, play], trump) == len(plays):
                return play
    return None


def _multi_lead(ctx: Context) -> tuple[int, ...] | None:
    """A lead of several units nobody can beat in its suit: a suit's unbeatable units thrown
    together (a throw that cannot fail), or an unbeatable tractor alone; never into a plain
    suit that a seat which may be an opponent has shown it is void in (it would be trumped),
    and in trumps only for the declarer's side. None: no such lead."""
    trump = ctx.trump
    eff = trump.table.eff
    declarer_side = ctx.defending < 0.5
    by_suit: dict[int, list[int]] = {}
    for c in ctx.hand:
        by_suit.setdefault(eff[c], []).append(c)
    best = None
    for s, cards in by_suit.items():
        if s == TRUMP and not declarer_side:
            continue
        if s != TRUMP and any(s in ctx.voids[o] and ctx.ally[o] < 1.0
                              for o in range(ctx.players) if o != ctx.seat):
            continue
        boss = [u for u in decompose(cards, trump)
                if not higher_exists(ctx.pool, trump, s, u.width, u.length, u.top)]
        lead = tuple(c for u in boss for c in u.cards)
        if len(boss) >= 2 or (boss and boss[0].length >= 2):
            score = 10 * len(lead) + sum(POINTS[c] for c in lead)
            if best is None or score > best[0]:
                best = (score, lead)
    return None if best is None else best[1]


def _lead(ctx: Context) -> tuple[int, ...]:
    trump = ctx.trump
    table = trump.table
    eff, pos = table.eff, table.pos
    hand = ctx.hand
    counts = tally(hand)
    by_suit: dict[int, list[int]] = {}
    for k in counts:
        by_suit.setdefault(eff[k], []).append(k)
    declarer_side = ctx.defending < 0.5
    opp_void = [any(s in ctx.voids[o] and ctx.ally[o] < 1.0 for o in range(ctx.players)
                    if o != ctx.seat) for s in range(5)]
    # 1. unbeatable pairs/triples, then singles, in suits no opponent can ruff
    best = None
    for s, kinds in by_suit.items():
        if s != TRUMP and opp_void[s]:
            continue
        for k in kinds:
            width = min(counts[k], 3)
            if higher_exists(ctx.pool, trump, s, width, 1, pos[k]):
                continue
            score = width * 10 + POINTS[k] + (0 if s == TRUMP and not declarer_side else 5)
            if s == TRUMP and not declarer_side and width == 1:
                continue
            if best is None or score > best[0]:
                best = (score, (k,) * width)
    if best is not None:
        return best[1]
    trumps = by_suit.get(TRUMP, [])
    n_trumps = sum(counts[k] for k in trumps)
    if declarer_side and n_trumps >= max(4, len(hand) // 3):
        pairs = [k for k in trumps if counts[k] >= 2]
        if pairs:
            k = min(pairs, key=lambda k: pos[k])
            return (k, k)
        return (min(trumps, key=lambda k: (POINTS[k] > 0, pos[k])),)
    plain = [s for s in by_suit if s != TRUMP]
    if plain:
        s = min(plain, key=lambda s: (sum(counts[k] for k in by_suit[s]),))
        k = min(by_suit[s], key=lambda k: (POINTS[k] > 0, counts[k] > 1, pos[k]))
        return (k,)
    return (min(trumps, key=lambda k: (POINTS[k] > 0, pos[k])),)
