"""Decisions before the first trick: bidding, burying the kitty, calling the friend."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

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

from .tactics import distinct


def suit_strength(hand: list[Card], suit: str, level: str) -> float:
    """How good `suit` would be as trump for this hand: its length, high cards and pairs."""
    t = Trump(level, suit)
    trumps = [c for c in hand if t.is_trump(c)]
    pairs = sum(1 for n in Counter(trumps).values() if n >= 2)
    return len(trumps) + 0.08 * sum(t.table.pos[c] for c in trumps) + 1.0 * pairs


BIDDING = ("classic", "player")  # how the heuristic bids (`choose_bid`)
LONG_TRUMPS = 12  # trumps that make a level pair worth bidding ("player"); a third of 31 is 10.3
LONGER_TRUMPS = 13  # and a single level card


def trumps_with(hand: list[Card], suit: str, level: str) -> int:
    """How many of `hand`'s cards would be trumps if `suit` were the trump suit."""
    t = Trump(level, suit)
    return sum(1 for c in hand if t.is_trump(c))


def choose_bid(obs: Observation, bidding: str = "classic") -> tuple[Bid | Pass, str]:
    """Bid the level card of a strong suit with the fewest cards that outbid; else pass.
    "classic" asks the suit to stand out from the others by a margin; "player" also bids, as
    people do, a suit that would give `LONG_TRUMPS` trumps with a level pair (or
    `LONGER_TRUMPS` with one level card) when nobody has bid yet and the bid would make the
    seat the declarer (a first hand, or its own hand). Not the default: on 600 first hands
    the heuristic plays (deals 900000-900599), one seat bidding as a player made -0.229 积分
    [-0.477, +0.018] where it bid otherwise (410 of 3,000 seat-deals)."""
    if bidding not in BIDDING:
        raise ValueError(f"bidding must be one of {', '.join(BIDDING)}, not {bidding!r}")
    options = bid_options(obs.hand, obs.level, obs.seat, obs.standing_bid, obs.rules.decks)
    if not options:
        return Pass(obs.seat), "no_bid"
    if bidding == "player" and obs.standing_bid is None and obs.declarer in (None, obs.seat):
        long = [o for o in options if trumps_with(obs.hand, o[0].suit, obs.level)
                >= (LONG_TRUMPS if len(o) >= 2 else LONGER_TRUMPS)]
        if long:
            best = max(long, key=lambda o: (trumps_with(obs.hand, o[0].suit, obs.level),
                                            -len(o)))
            return Bid(obs.seat, best), "bid_long_trumps"
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


def strong_trumps(obs: Observation) -> bool:
    """Whether the declarer's trumps look strong enough to protect points in the kitty."""
    trump = obs.trump
    assert trump is not None
    table = trump.table
    n_trumps = sum(1 for c in obs.hand if table.eff[c] == TRUMP)
    top_trumps = sum(1 for c in obs.hand if table.eff[c] == TRUMP and table.pos[c] >= 12)
    return n_trumps >= 15 or top_trumps >= 6


def bury_cost(obs: Observation, point_weight: float | None = None,
              pair_cost: float = 12.0) -> Callable[[Card], float]:
    """The heuristic's price of burying each card (the cheapest go first): trumps last, then
    pairs (`pair_cost`), high cards and points (`point_weight` per point; by default 0.15
    with strong trumps, else 0.8); cards of short suits are cheaper (to make voids)."""
    trump = obs.trump
    assert trump is not None
    table = trump.table
    counts = Counter(obs.hand)
    suit_len = Counter(table.eff[c] for c in obs.hand)
    if point_weight is None:
        point_weight = 0.15 if strong_trumps(obs) else 0.8

    def cost(c: Card) -> float:
        suit = table.eff[c]
        if suit == TRUMP:
            return 100.0 + table.pos[c]
        v = 2.0 + 0.4 * table.pos[c]
        if counts[c] >= 2:
            v += pair_cost
        if table.pos[c] >= 11:
            v += 6.0
        v += c.points * point_weight
        v -= max(0, 5 - suit_len[suit]) * 1.2
        return v

    return cost


def cheapest(obs: Observation, cost: Callable[[Card], float], n: int | None = None,
             among: list[Card] | None = None) -> list[Card]:
    """The `n` cards (default: a kitty's worth) of the hand, or of `among`, that cost least."""
    n = obs.rules.kitty if n is None else n
    return sorted(list(obs.hand) if among is None else among, key=lambda c: (cost(c), c))[:n]


def choose_bury(obs: Observation) -> tuple[Bury, dict]:
    """Bury 7: short-suit singles first (to make voids), keep trumps, pairs and aces; bury
    points only when the trump hand is strong enough to protect the kitty."""
    strong = strong_trumps(obs)
    chosen = cheapest(obs, bury_cost(obs))
    return Bury(obs.seat, tuple(chosen)), {"points": sum(c.points for c in chosen),
                                           "strong": strong}


def call_scores(obs: Observation) -> list[tuple[float, Card]]:
    """Every plain card the declarer might call, whose copies others may hold, with the
    heuristic's score (best first; ties in card order): high cards, copies others hold, and
    a suit the declarer has cards in to lead toward the friend."""
    trump = obs.trump
    assert trump is not None
    table = trump.table
    buried = Counter(obs.buried or ())
    mine = Counter(obs.hand)
    suit_len = Counter(table.eff[c] for c in obs.hand)
    decks = obs.rules.decks
    scored = []
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
        scored.append((score, c))
    scored.sort(key=lambda sc: (-sc[0], sc[1]))
    return scored


def choose_call(obs: Observation) -> tuple[CallFriend, dict]:
    """Call the highest plain card (an off-suit ace) whose copies others hold, in a suit where
    the declarer has cards to lead toward the friend, so the friend shows up early."""
    buried = Counter(obs.buried or ())
    mine = Counter(obs.hand)
    decks = obs.rules.decks
    scored = call_scores(obs)
    if scored:
        best = scored[0][1]
    else:  # every plain card is ours or buried: call any trump card someone holds
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
    return CallFriend(obs.seat, best, nth), {"card": best,
                                             "copies": decks - mine[best] - buried[best]}


def lonely_call(obs: Observation) -> Card | None:
    """The highest plain card the declarer could call though nobody else holds a copy (every
    copy is in its hand or buried): a call that leaves it alone, one against four. None if
    there is no such card."""
    trump = obs.trump
    assert trump is not None
    buried = Counter(obs.buried or ())
    mine = Counter(obs.hand)
    alone = [c for c in set(mine) | set(buried) if trump.table.eff[c] != TRUMP
             and mine[c] + buried[c] >= obs.rules.decks]
    return max(alone, key=lambda c: (trump.table.pos[c], c)) if alone else None


def bury_options(obs: Observation) -> list[tuple[Card, ...]]:
    """Buries a player would weigh besides the heuristic's: keep every point card out of the
    kitty, bury the points (the judge tells whether the trumps can protect them), and empty
    the shortest plain suit (a void to trump in); distinct, the heuristic's first."""
    options = [tuple(choose_bury(obs)[0].cards),
               tuple(cheapest(obs, bury_cost(obs, point_weight=3.0))),
               tuple(cheapest(obs, bury_cost(obs, point_weight=-0.5)))]
    trump = obs.trump
    assert trump is not None
    eff = trump.table.eff
    plain = Counter(eff[c] for c in obs.hand if eff[c] != TRUMP)
    if plain:
        short = min(plain, key=lambda s: (plain[s], s))
        suit = [c for c in obs.hand if eff[c] == short]
        if len(suit) <= obs.rules.kitty:
            rest = [c for c in obs.hand if eff[c] != short]
            fill = cheapest(obs, bury_cost(obs), obs.rules.kitty - len(suit), rest)
            options.append(tuple(suit + fill))
    return distinct(options)


def call_options(obs: Observation, count: int = 4) -> list[Card]:
    """Calls a player would weigh: the heuristic's, then the next best-scored plain cards of
    other ranks or suits (`call_scores`), up to `count`."""
    best = choose_call(obs)[0].card
    out = [best]
    for _score, card in call_scores(obs):
        if len(out) >= count:
            break
        if card not in out:
            out.append(card)
    return out
