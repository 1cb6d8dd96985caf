"""Decisions before the first trick: bidding, burying the kitty, calling the friend."""

from __future__ import annotations

from collections import Counter

from tutor.rules import (
    SUITS,
    TRUMP,
    Bid,
    Bury,
    CallFriend,
    Card,
    Observation,
    Pass,
    Trump,
    bid_options,
)


def suit_strength(hand: list[Card], suit: str, level: str) -> float:
    """How good `suit` would be as trump for this hand: its length, high cards and pairs."""
    t = Trump(level, suit)
    trumps = [c for c in hand if t.is_trump(c)]
    pairs = sum(1 for n in Counter(trumps).values() if n >= 2)
    return len(trumps) + 0.08 * sum(t.table.pos[c] for c in trumps) + 1.0 * pairs


def choose_bid(obs: Observation) -> tuple[Bid | Pass, str]:
    """Bid the level card of a strong suit with the fewest cards that outbid; else pass."""
    options = bid_options(obs.hand, obs.level, obs.seat, obs.standing_bid, obs.rules.decks)
    if not options:
        return Pass(obs.seat), "no_bid"
    strengths = {s: suit_strength(obs.hand, s, obs.level) for s in SUITS}
    average = sum(strengths.values()) / len(strengths)
    best = max(options, key=lambda o: (strengths[o[0].suit], -len(o)))
    suit = best[0].suit
    need = 1 if obs.standing_bid is None else obs.standing_bid.count + 1
    cheapest = next(o for o in sorted(options, key=len) if o[0].suit == suit and len(o) >= need)
    margin = strengths[suit] - average
    standing = obs.standing_bid
    if standing is not None and standing.seat == obs.seat:
        return Pass(obs.seat), "bid_standing"
    if standing is not None and strengths.get(standing.suit, 0) >= strengths[suit] - 1.0:
        return Pass(obs.seat), "bid_suit_fine"
    threshold = 2.0 if obs.seat == obs.declarer else 5.0 - len(cheapest)
    if margin >= threshold:
        return Bid(obs.seat, cheapest), "bid_strong_suit"
    return Pass(obs.seat), "bid_weak"


def choose_bury(obs: Observation) -> tuple[Bury, dict]:
    """Bury 7: short-suit singles first (to make voids), keep trumps, pairs and aces; bury
    points only when the trump hand is strong enough to protect the kitty."""
    trump = obs.trump
    assert trump is not None
    table = trump.table
    hand = list(obs.hand)
    counts = Counter(hand)
    n_trumps = sum(1 for c in hand if table.eff[c] == TRUMP)
    top_trumps = sum(1 for c in hand if table.eff[c] == TRUMP and table.pos[c] >= 12)
    strong = n_trumps >= 15 or top_trumps >= 6
    suit_len = Counter(table.eff[c] for c in hand)

    def cost(c: Card) -> float:
        suit = table.eff[c]
        if suit == TRUMP:
            return 100.0 + table.pos[c]
        v = 2.0 + 0.4 * table.pos[c]
        if counts[c] >= 2:
            v += 12.0
        if table.pos[c] >= 11:
            v += 6.0
        v += c.points * (0.15 if strong else 0.8)
        v -= max(0, 5 - suit_len[suit]) * 1.2
        return v

    ordered = sorted(hand, key=lambda c: (cost(c), c))
    chosen = ordered[: obs.rules.kitty]
    return Bury(obs.seat, tuple(chosen)), {"points": sum(c.points for c in chosen),
                                           "strong": strong}


def choose_call(obs: Observation) -> tuple[CallFriend, dict]:
    """Call the highest plain card (an off-suit ace) whose copies others hold, in a suit where
    the declarer has cards to lead toward the friend, so the friend shows up early."""
    trump = obs.trump
    assert trump is not None
    table = trump.table
    buried = Counter(obs.buried or ())
    mine = Counter(obs.hand)
    suit_len = Counter(table.eff[c] for c in obs.hand)
    decks = obs.rules.decks
    best, best_score = None, None
    for k in range(52):
        c = Card(k)
        if table.eff[c] == TRUMP:
            continue
        free = decks - mine[c] - buried[c]
        if free <= 0:
            continue
        score = 3.0 * table.pos[c] + 2.0 * min(free, 2) + 0.6 * min(suit_len[table.eff[c]], 6)
        if mine[c]:
            score -= 1.0
        if best_score is None or score > best_score:
            best, best_score = c, score
    if best is None:  # every plain card is ours or buried: call any trump card someone holds
        for k in range(52):
            c = Card(k)
            if decks - mine[c] - buried[c] > 0:
                best = c
                break
        else:
            best = Card(0)
    nth = None
    if obs.rules.friend_rule == "nth_played":
        nth = min(decks, mine[best] + 1)
    return CallFriend(obs.seat, best, nth), {"card": best, "copies": decks - mine[best]}
