"""What one seat can know is so of a trick or a lead: the facts a play's reason may state
(`explain`) and a theme may rest on (`strategy.themes`), worked out from the observation
alone so that no reason says more than the seat could know."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from tutor.rules import (
    TRUMP,
    Card,
    Observation,
    decompose,
    follow_error,
    points_of,
    trick_state,
    winner_with,
)

from .memory import Memory, build_memory
from .tactics import higher_exists

SEARCH_LIMIT = 20000  # shaped plays tried before `can_win` gives up (None: not known)


# ---------------------------------------------------------------------------- following
def can_win(obs: Observation, limit: int = SEARCH_LIMIT) -> bool | None:
    """Whether some legal follow of the seat would win the current trick now (None when
    more than `limit` shaped plays would have to be tried)."""
    assert obs.trump is not None and obs.current
    table = obs.trump.table
    eff, pos = table.eff, table.pos
    plays = [c for _, c in obs.current]
    lead = plays[0]
    n, led = len(lead), eff[lead[0]]
    in_suit = [c for c in obs.hand if eff[c] == led]
    if 0 < len(in_suit) < n or (not in_suit and led == TRUMP):
        return False  # a play of two suits (or of no trump to a trump lead) never wins
    pool = in_suit or [c for c in obs.hand if eff[c] == TRUMP]
    if len(pool) < n:
        return False
    state, me = trick_state(plays, table), len(plays)
    units = decompose(lead, obs.trump)
    shapes = sorted(((u.width, u.length) for u in units),
                    key=lambda s: (s[0] * s[1], s[0]), reverse=True)
    for tried, play in enumerate(_shaped(Counter(pool), shapes, pos, None)):
        if tried >= limit:
            return None
        if winner_with(state, play, table) == me and (
                not in_suit or follow_error(obs.hand, lead, [Card(c) for c in play],
                                            obs.trump) is None):
            return True
    return False


def _shaped(counts: Counter, shapes: list[tuple[int, int]], pos: Sequence[int],
            after: tuple[int, int] | None) -> Iterator[list[int]]:
    """Every way to take units of `shapes` (largest first, singles last) from `counts`; a
    unit of the same shape as the one before ranks no higher (`after`), so none twice."""
    if not shapes:
        yield []
        return
    width, length = shapes[0]
    if width == 1:
        yield from _multisets(sorted(k for k, m in counts.items() if m), counts, len(shapes))
        return
    same = len(shapes) > 1 and shapes[1] == shapes[0]
    for chain in _chains(counts, pos, width, length):
        key = (pos[chain[0]], chain[0])
        if after is not None and key > after:
            continue
        for k in chain:
            counts[k] -= width
        for rest in _shaped(counts, shapes[1:], pos, key if same else None):
            yield [k for k in chain for _ in range(width)] + rest
        for k in chain:
            counts[k] += width


def _chains(counts: Counter, pos: Sequence[int], width: int, length: int
            ) -> Iterator[tuple[int, ...]]:
    """Runs of `length` adjacent positions, one kind each held `width` times, highest first."""
    by_pos: dict[int, list[int]] = {}
    for k, m in counts.items():
        if m >= width:
            by_pos.setdefault(pos[k], []).append(k)
    for top in sorted(by_pos, reverse=True):
        if all(top - i in by_pos for i in range(length)):
            yield from itertools.product(*(by_pos[top - i] for i in range(length)))


def _multisets(kinds: list[int], counts: Counter, size: int) -> Iterator[list[int]]:
    """Every distinct multiset of `size` cards of `kinds` (within `counts`)."""
    if size == 0:
        yield []
        return
    if not kinds:
        return
    first, rest = kinds[0], kinds[1:]
    for take in range(min(counts[first], size), -1, -1):
        for tail in _multisets(rest, counts, size - take):
            yield [first] * take + tail


def follow_points(obs: Observation, most: bool = False, limit: int = 5000) -> int | None:
    """The fewest (or with `most`, the most) card points a legal follow to the current
    trick gives (None when the follows are too many to count, over `limit` ways to pick
    the led suit's cards)."""
    assert obs.trump is not None and obs.current
    trump = obs.trump
    lead = obs.current[0][1]
    eff = trump.table.eff
    suit, n = eff[lead[0]], len(lead)
    in_suit = [c for c in obs.hand if eff[c] == suit]
    if len(in_suit) <= n:  # all of the suit, the rest free
        rest = sorted((c.points for c in obs.hand if eff[c] != suit), reverse=most)
        return points_of(in_suit) + sum(rest[:n - len(in_suit)])
    if n == 1:
        return (max if most else min)(c.points for c in in_suit)
    kinds = sorted(Counter(in_suit).items())
    if math.prod(m + 1 for _, m in kinds) > limit:
        return None
    best = None
    for counts in itertools.product(*(range(min(m, n) + 1) for _, m in kinds)):
        if sum(counts) != n:
            continue
        play = [k for (k, _), m in zip(kinds, counts, strict=True) for _ in range(m)]
        pts = points_of(play)
        if (best is None or (pts > best if most else pts < best)) and \
                follow_error(obs.hand, lead, play, trump) is None:
            best = pts
    return best


def partner_winning(obs: Observation, mem: Memory | None = None) -> int | None:
    """The seat winning the current trick, if the seat knows it for its partner (the
    declarer's revealed friend, the friend's declarer, or a fellow defender once the sides
    are known), else None."""
    winner = obs.current_winner
    if winner is None or winner == obs.seat:
        return None
    mem = mem or build_memory(obs)
    return winner if mem.team(winner) == 1 else None


def wins_now(obs: Observation, cards: Sequence[Card]) -> bool:
    """Whether `cards`, played now, would win the current trick as it stands."""
    assert obs.trump is not None and obs.current
    table = obs.trump.table
    plays = [c for _, c in obs.current]
    return winner_with(trick_state(plays, table), cards, table) == len(plays)


def feeds_partner(obs: Observation, cards: Sequence[Card], mem: Memory | None = None) -> bool:
    """Whether `cards` put points into a trick the seat's known partner is winning, and
    leave the partner winning it."""
    if partner_winning(obs, mem) is None or not points_of(cards):
        return False
    return not wins_now(obs, cards)


def later_threats(obs: Observation, mem: Memory | None = None) -> list[int]:
    """The seats still to play this trick, not known partners of the seat, that may beat
    the play now winning it (one unit; a throw's whole shape is not weighed: none named):
    a higher unit of its suit is out and they have not shown a void in that suit, or it
    is of the led plain suit and trumps that could take it are out and they have not shown
    a void in trumps."""
    assert obs.trump is not None and obs.current
    mem = mem or build_memory(obs)
    table = obs.trump.table
    n = obs.rules.players
    done = {s for s, _ in obs.current} | {obs.seat}
    later = [s for s in ((obs.seat + i) % n for i in range(1, n)) if s not in done]
    led = table.eff[obs.current[0][1][0]]
    winning = dict(obs.current)[obs.current_winner]
    units = decompose(list(winning), obs.trump)
    if len(units) > 1:
        return []
    top = units[0]
    higher = higher_exists(mem.unseen, obs.trump, top.suit, top.width, top.length, top.top)
    trumps = top.suit == led != TRUMP and higher_exists(mem.unseen, obs.trump, TRUMP,
                                                        top.width, top.length, -1)
    return [s for s in later if mem.team(s) != 1 and (
        (higher and top.suit not in mem.voids[s]) or (trumps and TRUMP not in mem.voids[s]))]


# ------------------------------------------------------------------------------- leading
@dataclass(frozen=True)
class LeadFacts:
    """What the seat knows of a lead against the cards it has not seen: `beatable` (they
    can form a higher unit of the lead's suit than some unit of it), `higher_out` (some
    card of its suit above a unit's top is unseen), `trumpable` (a plain-suit lead that
    the unseen trumps could beat, held by a seat not known void in trumps) and `ruffers`
    (the seats, not known partners, shown void in the suit that may trump it)."""

    beatable: bool
    higher_out: bool
    trumpable: bool
    ruffers: tuple[int, ...]

    @property
    def unbeatable(self) -> bool:
        """Nobody can beat it: not in its suit, and not with a trump."""
        return not self.beatable and not self.trumpable


def lead_facts(obs: Observation, cards: Sequence[Card], mem: Memory | None = None
               ) -> LeadFacts:
    """The `LeadFacts` of leading `cards` (one effective suit) from `obs`."""
    assert obs.trump is not None
    mem = mem or build_memory(obs)
    table = obs.trump.table
    units = decompose(list(cards), obs.trump)
    suit = units[0].suit
    beatable = any(higher_exists(mem.unseen, obs.trump, suit, u.width, u.length, u.top)
                   for u in units)
    low = min(u.top for u in units)
    higher_out = any(m and table.eff[k] == suit and table.pos[k] > low
                     for k, m in enumerate(mem.unseen))
    top = max(units, key=lambda u: (u.size, u.width))
    others = [s for s in range(obs.rules.players) if s != obs.seat]
    can_trump = suit != TRUMP and \
        sum(m for k, m in enumerate(mem.unseen) if table.eff[k] == TRUMP) >= len(cards) and \
        higher_exists(mem.unseen, obs.trump, TRUMP, top.width, top.length, -1)
    trumpers = [s for s in others if can_trump and TRUMP not in mem.voids[s]]
    ruffers = tuple(s for s in trumpers if suit in mem.voids[s] and mem.team(s) != 1)
    return LeadFacts(beatable, higher_out, bool(trumpers), ruffers)
