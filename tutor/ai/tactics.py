"""Card-play tactics: score candidate leads and follows from one seat's knowledge.

Shared by the heuristic player (knowledge from `Memory`) and the search playouts (knowledge
from a sampled deal). Values are in card points for my side, minus what the cards spent
would be worth later (trumps, boss cards, broken pairs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from tutor.rules import (
    TRUMP,
    Card,
    TrickState,
    Trump,
    decompose,
    follow_error,
    kitty_multiplier,
    legal_follows,
    sample_follow,
    trick_state,
    winner_with,
)

POINTS = tuple(Card(k).points for k in range(54))


@dataclass
class Context:
    """One seat's view for choosing a play: its cards, the trick, and what it believes."""

    seat: int
    hand: list[int]
    trump: Trump
    current: list[tuple[int, tuple[int, ...]]]
    ally: list[float]  # probability each seat is on my side (mine: 1)
    pool: list[int]  # copies of each kind the other seats may hold
    voids: list[set[int]]  # effective suits each seat is known to be void in
    hidden: list[int]  # cards each other seat holds
    players: int = 5
    defending: float = 0.5  # probability my side is the defending side
    kitty_points: float = 0.0  # (expected) card points in the kitty
    fast: bool = False  # fewer candidates: for playouts
    _kv: dict[int, float] = field(default_factory=dict, repr=False)
    _memo: dict = field(default_factory=dict, repr=False)  # see `_memo`: one decision's sums


@dataclass(frozen=True)
class Choice:
    """A chosen play and why: `reason` is a key into explain's texts, `info` its details."""

    cards: tuple[Card, ...]
    reason: str
    info: dict = field(default_factory=dict)
    value: float = 0.0


@lru_cache(maxsize=64)
def _kinds_by_suit(table) -> tuple[tuple[int, ...], ...]:
    out: list[list[int]] = [[] for _ in range(5)]
    for k in range(54):
        out[table.eff[k]].append(k)
    return tuple(tuple(x) for x in out)


def _memo(ctx: Context, key, make):
    """`make()` once per context and key: a context is one seat's view at one decision, so
    the pooled counts, voids and hand it holds do not change while its plays are scored."""
    memo = ctx._memo
    if key not in memo:
        memo[key] = make()
    return memo[key]


def _units(ctx: Context, cards: Sequence[int]) -> list:
    """`decompose(cards)` for this context's trump, worked out once per play."""
    key = ("units", tuple(cards))
    return _memo(ctx, key, lambda: decompose(cards, ctx.trump))


def _higher(ctx: Context, suit: int, width: int, length: int, top: int) -> bool:
    """`higher_exists` over this context's pool, worked out once per shape (the playouts'
    most asked question, so its memo is looked up without `_memo`'s closure)."""
    key = ("higher", suit, width, length, top)
    found = ctx._memo.get(key)
    if found is None:
        found = ctx._memo[key] = higher_exists(ctx.pool, ctx.trump, suit, width, length, top)
    return found


def _in_pool(ctx: Context, suit: int) -> int:
    """Copies of `suit` the other seats may hold."""
    return _memo(ctx, ("in", suit),
                 lambda: sum(ctx.pool[k] for k in _kinds_by_suit(ctx.trump.table)[suit]))


def higher_exists(pool: Sequence[int], trump: Trump, suit: int, width: int, length: int,
                  top: int) -> bool:
    """Could the pooled cards form a unit of this shape in `suit` ranking above `top`?"""
    table = trump.table
    pos = table.pos
    kinds = _kinds_by_suit(table)[suit]
    if length == 1:  # the playouts' common case: any one kind above `top`, no set needed
        return any(pool[k] >= width and pos[k] > top for k in kinds)
    have = {pos[k] for k in kinds if pool[k] >= width}
    return any(p > top and all(p - i in have for i in range(1, length)) for p in have)


def is_boss(cards: Sequence[int], pool: Sequence[int], trump: Trump) -> bool:
    """No unit the others may hold beats any unit of these cards (same suit, trumping aside)."""
    for u in decompose(cards, trump):
        if higher_exists(pool, trump, u.suit, u.width, u.length, u.top):
            return False
    return True


def keep_value(card: int, ctx: Context) -> float:
    """What keeping this card is worth later: trumps and boss cards most."""
    v = ctx._kv.get(card)
    if v is None:
        table = ctx.trump.table
        suit, p = table.eff[card], table.pos[card]
        v = 2.0 + 0.5 * p if suit == TRUMP else 0.25 * p
        if not _higher(ctx, suit, 1, 1, p):
            v += 3.0
        ctx._kv[card] = v
    return v


def play_cost(play: Sequence[int], ctx: Context) -> float:
    """Keep-values of the cards spent plus a penalty for each pair broken."""
    cost = 0
    for c in play:
        cost += keep_value(c, ctx)
    held = ctx._memo.get("held")
    if held is None:
        held = ctx._memo["held"] = Counter(ctx.hand)
    pos = ctx.trump.table.pos
    if len(play) == 1:  # the common case, without counting the play
        k = play[0]
        if held[k] == 2:
            cost += 1.5 + 0.2 * pos[k]
        return cost
    for k, used in Counter(play).items():
        h = held[k]
        if h >= 2 and h - used == 1:
            cost += 1.5 + 0.2 * pos[k]
    return cost


def p_void(ctx: Context, seat: int, suit: int) -> float:
    """Chance that `seat` holds no card of `suit` (known voids, else from the unseen counts)."""
    if suit in ctx.voids[seat]:
        return 1.0
    key = ("void", seat, suit)
    found = ctx._memo.get(key)
    if found is None:
        found = ctx._memo[key] = _p_void(ctx, seat, suit)
    return found


def _p_void(ctx: Context, seat: int, suit: int) -> float:
    total = _memo(ctx, "total", lambda: sum(ctx.pool))
    if not total:
        return 1.0
    return (1.0 - _in_pool(ctx, suit) / total) ** max(1, ctx.hidden[seat])


def _relation(ctx: Context, a: int, b: int) -> float:
    """Probability that seats a and b are on the same side, from my beliefs."""
    if a == b:
        return 1.0
    pa, pb = ctx.ally[a], ctx.ally[b]
    return pa * pb + (1 - pa) * (1 - pb)


def _later_seats(ctx: Context) -> list[int]:
    n = ctx.players
    done = len(ctx.current) + 1
    return [(ctx.seat + i) % n for i in range(1, n - done + 1)]


def _threat(ctx: Context, seat: int, play: Sequence[int], lead_suit: int, multi: bool) -> float:
    """Chance that `seat` can beat `play` (the winning play so far)."""
    u = _units(ctx, play)[0]
    suit = u.suit
    beat = 0.0
    if suit not in ctx.voids[seat] and _higher(ctx, suit, u.width, u.length, u.top):
        beat = 0.45
    if suit != TRUMP and suit == lead_suit:
        ruff = p_void(ctx, seat, suit) * (1.0 - p_void(ctx, seat, TRUMP))
        beat = 1 - (1 - beat) * (1 - ruff * (0.9 if u.width == 1 else 0.4 / u.length))
    return beat * (0.3 if multi else 1.0)


def hold_prob(ctx: Context, play: Sequence[int], winner: int, later: list[int],
              lead_suit: int, multi: bool) -> float:
    """Chance the winning play survives the players still to play (its side's players aside)."""
    p = 1.0
    for s in later:
        opp = 1.0 - _relation(ctx, winner, s)
        if opp > 0.01:
            p *= 1.0 - opp * _threat(ctx, s, play, lead_suit, multi)
    return p


def _kitty_term(ctx: Context, winner_ally: float, play: Sequence[int]) -> float:
    """Value to me of the kitty bonus if this play wins the last trick."""
    if ctx.kitty_points <= 0:
        return 0.0
    bonus = ctx.kitty_points * kitty_multiplier(play, ctx.trump)
    return bonus * (winner_ally * ctx.defending - (1 - winner_ally) * (1 - ctx.defending))


# ------------------------------------------------------------------------------- following
def follow_candidates(ctx: Context) -> list[tuple[int, ...]]:
    """A small set of legal follows worth considering (all of them when there are few)."""
    trump = ctx.trump
    eff = trump.table.eff
    lead = ctx.current[0][1]
    n = len(lead)
    suit = eff[lead[0]]
    hand = ctx.hand
    in_suit = [c for c in hand if eff[c] == suit]
    if len(in_suit) <= n:
        k = n - len(in_suit)
        if k == 0:
            return [tuple(in_suit)]
        others = [c for c in hand if eff[c] != suit]
        cands = []
        dump = sorted(others, key=lambda c: keep_value(c, ctx) + 0.6 * POINTS[c])
        cands.append(tuple(in_suit + dump[:k]))
        feed = sorted(others, key=lambda c: (-POINTS[c], keep_value(c, ctx)))
        cands.append(tuple(in_suit + feed[:k]))
        if not in_suit:
            trumps = [c for c in others if eff[c] == TRUMP]
            if len(trumps) >= n:
                cands.extend(trump_plays(trumps, lead, ctx))
        return distinct(cands)
    if n == 1:
        return [(c,) for c in sorted(set(in_suit))]
    if multiset_count(Counter(in_suit), n) <= (40 if ctx.fast else 160):
        return [tuple(p) for p in legal_follows(hand, lead, trump)]
    return _sampled_follows(ctx, lead, in_suit)


def distinct(cands: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """`cands` less any that hold the same cards as one before it (in any order)."""
    seen, out = set(), []
    for c in cands:
        key = tuple(sorted(c))
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def multiset_count(counts: Counter, n: int) -> int:
    """How many distinct sets of `n` cards `counts` holds: whether follows can be listed."""
    ways = [1] + [0] * n
    for m in counts.values():
        new = [0] * (n + 1)
        for total in range(n + 1):
            if ways[total]:
                for t in range(0, min(m, n - total) + 1):
                    new[total + t] += ways[total]
        ways = new
    return ways[n]


def trump_plays(trumps: list[int], lead: Sequence[int], ctx: Context) -> list[tuple[int, ...]]:
    """All-trump plays shaped like the lead: low and high versions."""
    trump = ctx.trump
    pos = trump.table.pos
    n = len(lead)
    counts = Counter(trumps)
    if n == 1:
        return [(k,) for k in counts]
    if n == 2 and len(set(lead)) == 1:
        return [(k, k) for k, m in counts.items() if m >= 2]
    out = []
    for high in (False, True):
        left = Counter(counts)
        play: list[int] = []
        ok = True
        for u in decompose(lead, trump):
            if u.width == 1:
                continue
            chain = _find_chain(left, pos, u.width, u.length, high)
            if chain is None:
                ok = False
                break
            for k in chain:
                left[k] -= u.width
                play.extend([k] * u.width)
        if not ok:
            continue
        rest = sorted(left.elements(), key=lambda c: pos[c])
        play.extend(rest[: n - len(play)])
        if len(play) == n:
            out.append(tuple(play))
    return out


def _find_chain(counts: Counter, pos, width: int, length: int, high: bool) -> list[int] | None:
    by_pos: dict[int, int] = {}
    for k, m in counts.items():
        if m >= width:
            by_pos.setdefault(pos[k], k)
    tops = sorted(by_pos, reverse=high)
    for top in tops:
        if all(top - i in by_pos for i in range(length)):
            return [by_pos[top - i] for i in range(length)]
    return None


def _sampled_follows(ctx: Context, lead: Sequence[int], in_suit: list[int]):
    """Too many follows to list: a few legal draws, each improved by legal card swaps."""
    import random

    trump = ctx.trump
    draws = []
    for i in range(2 if ctx.fast else 5):
        draws.append(tuple(sample_follow(ctx.hand, lead, trump, random.Random(i))))
    if ctx.fast:
        return distinct(draws)
    kinds = sorted(set(in_suit))
    out = list(draws)
    for draw in draws[:2]:
        best = list(draw)
        cheap = lambda p: play_cost(p, ctx) + 0.6 * sum(POINTS[c] for c in p)  # noqa: E731
        best_v = cheap(best)
        for i in range(len(best)):
            for k in kinds:
                if k == best[i]:
                    continue
                trial = [*best[:i], k, *best[i + 1:]]
                if follow_error(ctx.hand, lead, trial, trump) is None:
                    v = cheap(trial)
                    if v < best_v:
                        best, best_v = trial, v
        out.append(tuple(best))
    return distinct(out)


@dataclass
class _FollowBase:
    lead_suit: int
    multi: bool
    seats: list[int]
    plays: list[tuple[int, ...]]
    points: int
    later: list[int]
    last_trick: bool
    later_ally: float
    before: int
    state: TrickState  # who wins the plays so far, to judge each follow against


def _follow_base(ctx: Context) -> _FollowBase:
    trump = ctx.trump
    lead = ctx.current[0][1]
    plays = [c for _, c in ctx.current]
    later = _later_seats(ctx)
    state = trick_state(plays, trump.table)
    return _FollowBase(
        trump.table.eff[lead[0]], len(decompose(lead, trump)) > 1,
        [s for s, _ in ctx.current] + [ctx.seat], plays,
        sum(POINTS[c] for p in plays for c in p), later, len(ctx.hand) == len(lead),
        sum(ctx.ally[s] for s in later) / len(later) if later else 0.5,
        state[0], state)


def _follow_value(ctx: Context, base: _FollowBase, play: Sequence[int]
                  ) -> tuple[float, int, int, int, float]:
    """A follow's value, with the trick's winner, its points, the points given and the
    winner's chance of being an ally (what its reason is read from)."""
    plays = base.plays
    wi = winner_with(base.state, play, ctx.trump.table)
    winner = base.seats[wi]
    wplay = play if wi == len(plays) else plays[wi]
    given = sum(POINTS[c] for c in play)
    pts = base.points + given
    hold = hold_prob(ctx, wplay, winner, base.later, base.lead_suit, base.multi)
    a = ctx.ally[winner]
    gain = pts * (hold * (2 * a - 1) + (1 - hold) * (2 * base.later_ally - 1))
    if base.last_trick:
        gain += hold * _kitty_term(ctx, a, wplay)
    return gain - play_cost(play, ctx), winner, pts, given, a


def _score_follow(ctx: Context, base: _FollowBase, play: Sequence[int],
                  forced: bool = False, valued: tuple | None = None) -> Choice:
    """A follow with its value and reason (`valued`: its `_follow_value`, if known)."""
    eff = ctx.trump.table.eff
    plays = base.plays
    value, winner, pts, given, a = valued or _follow_value(ctx, base, play)
    info = {"points": pts, "winner": winner, "given": given}
    if forced:
        reason = "forced"
    elif winner == ctx.seat:
        trumped = base.lead_suit != TRUMP and eff[play[0]] == TRUMP
        reason = "ruff" if trumped else ("win_points" if pts else "win_cheap")
        if base.last_trick and ctx.kitty_points and ctx.defending > 0.5:
            reason = "win_last_trick"
    elif a >= 0.5 and given > 0:
        reason = "feed_partner"
        info["partner_cards"] = plays[base.before]
    elif base.lead_suit != TRUMP and not any(eff[c] == TRUMP for c in play) and \
            not any(eff[c] == base.lead_suit for c in ctx.hand) and \
            any(eff[c] == TRUMP for c in ctx.hand):
        reason = "save_trump"
    else:
        reason = "dump_low"
    return Choice(tuple(Card(c) for c in play), reason, info, value)


def score_follow(ctx: Context, play: Sequence[int]) -> Choice:
    """One follow scored (with its reason), as `choose_follow` scores it."""
    return _score_follow(ctx, _follow_base(ctx), play)


def choose_follow(ctx: Context) -> Choice:
    """The best-scoring follow to the current trick (the first of equal ones); only that
    one's reason is worked out."""
    base = _follow_base(ctx)
    cands = follow_candidates(ctx)
    best, best_valued = 0, None
    for i, play in enumerate(cands):
        valued = _follow_value(ctx, base, play)
        if best_valued is None or valued[0] > best_valued[0]:
            best, best_valued = i, valued
    return _score_follow(ctx, base, cands[best], len(cands) == 1, best_valued)


# --------------------------------------------------------------------------------- leading
def lead_candidates(ctx: Context) -> list[tuple[tuple[int, ...], str]]:
    """Units of each suit, plus safe throws of the suit's unbeatable units."""
    trump = ctx.trump
    eff = trump.table.eff
    by_suit: dict[int, list[int]] = {}
    for c in ctx.hand:
        by_suit.setdefault(eff[c], []).append(c)
    out: list[tuple[tuple[int, ...], str]] = []
    for suit, cards in by_suit.items():
        units = decompose(cards, trump)
        boss = [u for u in units if not _higher(ctx, suit, u.width, u.length, u.top)]
        seen = set()
        for u in units:
            key = (u.width, u.length, u.top)
            if key not in seen:
                seen.add(key)
                out.append((u.cards, "unit"))
        if len(boss) >= 2:
            out.append((tuple(c for u in boss for c in u.cards), "throw"))
        if boss and len(boss) == len(units) - 1 and len(units) >= 2:
            # every unit but the lowest single is boss: a throw that loses only that card
            pass
    return out


def score_lead(ctx: Context, cards: Sequence[int], kind: str = "unit") -> Choice:
    """One lead scored: chance to win the trick, points at stake, cards spent."""
    trump = ctx.trump
    eff = trump.table.eff
    others = [s for s in range(ctx.players) if s != ctx.seat]
    suit_count = _memo(ctx, "suits", lambda: Counter(eff[c] for c in ctx.hand))
    my_trumps = suit_count.get(TRUMP, 0)
    pool_trumps = _in_pool(ctx, TRUMP)
    declarer_side = 1.0 - ctx.defending
    suit = eff[cards[0]]
    n = len(cards)
    units = _units(ctx, cards)
    top = units[0]
    boss = kind == "throw" or not any(
        _higher(ctx, suit, u.width, u.length, u.top) for u in units)
    own_pts = sum(POINTS[c] for c in cards)
    p_lose = 0.0
    for s in others:
        opp = 1.0 - ctx.ally[s]
        beat = 0.0 if boss else 0.55
        if suit != TRUMP:
            shape = 0.9 if top.width == 1 and len(units) == 1 else 0.35 / top.length
            if kind == "throw":
                shape = 0.25
            ruff = p_void(ctx, s, suit) * (1.0 - p_void(ctx, s, TRUMP)) * shape
            beat = 1 - (1 - beat) * (1 - ruff)
        p_lose = 1 - (1 - p_lose) * (1 - opp * beat)
    pw = 1.0 - p_lose
    expected = own_pts + 4 * n * 2.5
    if len(ctx.hand) == n:  # the last trick: the kitty rides on it
        expected += ctx.kitty_points * kitty_multiplier(cards, trump)
    value = expected * (2 * pw - 1) - play_cost(cards, ctx) * (1 - pw) - 0.3 * n * (1 - pw)
    reason = "lead_boss" if boss else "lead_low"
    if kind == "throw":
        value += 2.0 * len(units)
        reason = "throw_safe"
    elif boss and top.size > 1:
        value += 1.5 * top.size
    if suit == TRUMP:
        share = my_trumps / (my_trumps + pool_trumps) if pool_trumps else 1.0
        if declarer_side > 0.9 and share >= 0.3:
            value += 4.0 if boss else 1.5
            reason = "draw_trumps" if kind != "throw" else reason
        elif not boss:
            value -= 4.0
    elif not boss and my_trumps and suit_count[suit] <= 2 and top.size == 1:
        value += 3.0 - suit_count[suit]
        reason = "lead_short"
    if suit != TRUMP and not boss:
        allies_ruff = sum(ctx.ally[s] * (1.0 if suit in ctx.voids[s] else 0.0) for s in others)
        if allies_ruff >= 0.9:
            value += 0.5 * expected + 3.0
            reason = "lead_to_partner_ruff"
    if len(ctx.hand) <= 6 and declarer_side > 0.9 and suit == TRUMP and boss:
        value += 3.0
        reason = "protect_kitty"
    return Choice(tuple(Card(c) for c in cards), reason, {"points": own_pts, "suit": suit},
                  value)


def choose_lead(ctx: Context) -> Choice:
    """The best-scoring lead."""
    best: Choice | None = None
    for cards, kind in lead_candidates(ctx):
        ch = score_lead(ctx, cards, kind)
        if best is None or ch.value > best.value:
            best = ch
    assert best is not None
    return best


def scored_options(ctx: Context) -> list[Choice]:
    """Every play the tactics consider here, scored as `choose_play` scores them (its choice
    is the first of the best): what play inference softens into probabilities."""
    if ctx.current:
        base = _follow_base(ctx)
        cands = follow_candidates(ctx)
        return [_score_follow(ctx, base, p, len(cands) == 1) for p in cands]
    return [score_lead(ctx, cards, kind) for cards, kind in lead_candidates(ctx)]


def choose_play(ctx: Context) -> Choice:
    """Lead or follow, whichever the trick needs."""
    return choose_follow(ctx) if ctx.current else choose_lead(ctx)
