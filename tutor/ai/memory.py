"""Card memory and team inference, rebuilt from one observation.

What has been played, which copies are still unseen, who has shown a void in which suit, which
level cards were shown while bidding, and who is surely on the declarer side, surely a
defender, or still unknown (the friend card and who can hold it).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tutor.rules import Card, EventKind, Observation, Trump

N_KINDS = 54


@dataclass
class Memory:
    """What one seat can deduce now. Seats are 0..n-1; suits are effective suits (4 = trump)."""

    seat: int
    players: int
    trump: Trump
    declarer: int
    unseen: list[int]  # copies of each kind not in my hand, not played, not in my known kitty
    voids: list[set[int]]  # effective suits each seat has shown void in
    shown: list[Counter]  # level cards shown while bidding and not played since (by seat)
    played_by: list[Counter]  # every card each seat has played this hand
    hidden_sizes: list[int]  # cards each seat holds (0 for me); the kitty is extra for others
    side_p: list[float]  # probability each seat is on the declarer side
    friend_candidates: list[int]  # seats that may still be the (unrevealed) friend
    friend_known: bool
    kitty_unknown: bool  # the kitty's cards are among `unseen` (I am not the declarer)
    friend_copies_at_call: list[int] = field(default_factory=list)  # known lower bounds

    @property
    def my_side_p(self) -> float:
        return self.side_p[self.seat]

    def ally_p(self, other: int) -> float:
        """Probability that `other` is on my side."""
        if other == self.seat:
            return 1.0
        a, b = self.side_p[self.seat], self.side_p[other]
        if self.seat == self.declarer or other == self.declarer:
            return b if self.seat == self.declarer else a
        # neither is the declarer: at most one of us is the friend
        return max(0.0, min(1.0, 1.0 - a - b)) if 0 < a < 1 and 0 < b < 1 else (
            a * b + (1 - a) * (1 - b))

    def team(self, other: int) -> int:
        """+1 surely my side, -1 surely the other side, 0 not known yet."""
        p = self.ally_p(other)
        return 1 if p >= 0.999 else (-1 if p <= 0.001 else 0)

    def unseen_in_suit(self, suit: int) -> int:
        eff = self.trump.table.eff
        return sum(n for k, n in enumerate(self.unseen) if n and eff[k] == suit)

    def unseen_points(self) -> int:
        return sum(n * Card(k).points for k, n in enumerate(self.unseen) if n)


def played_cards(obs: Observation) -> list[tuple[int, tuple[Card, ...], tuple[Card, ...]]]:
    """Every play of the hand in order as (seat, cards, lead of its trick)."""
    out = []
    for trick in obs.tricks:
        lead = trick.plays[0][1]
        out.extend((seat, cards, lead) for seat, cards in trick.plays)
    if obs.current:
        lead = obs.current[0][1]
        out.extend((seat, cards, lead) for seat, cards in obs.current)
    return out


def build_memory(obs: Observation) -> Memory:
    """Deduce everything the observation allows (it must be past bidding: trump is set)."""
    trump = obs.trump
    if trump is None or obs.declarer is None:
        raise ValueError("memory needs a set trump and declarer")
    n = obs.rules.players
    eff = trump.table.eff
    me = obs.seat
    unseen = [obs.rules.decks] * N_KINDS
    for c in obs.hand:
        unseen[c] -= 1
    played_by = [Counter() for _ in range(n)]
    voids: list[set[int]] = [set() for _ in range(n)]
    for seat, cards, lead in played_cards(obs):
        played_by[seat].update(cards)
        for c in cards:
            unseen[c] -= 1
        suit = eff[lead[0]]
        if sum(1 for c in cards if eff[c] == suit) < len(lead):
            voids[seat].add(suit)
    kitty_unknown = me != obs.declarer
    if not kitty_unknown and obs.buried is not None:
        for c in obs.buried:
            unseen[c] -= 1
    shown = [Counter() for _ in range(n)]
    for seat, cards in obs.bids:
        for kind, count in Counter(cards).items():
            shown[seat][kind] = max(shown[seat][kind], count)
    for seat in range(n):
        for kind in list(shown[seat]):
            left = shown[seat][kind] - played_by[seat][kind]
            if left > 0 and not (seat == obs.declarer and kitty_unknown):
                shown[seat][kind] = left
            else:
                del shown[seat][kind]
    hidden = [0 if s == me else obs.hand_sizes[s] for s in range(n)]
    mem = Memory(me, n, trump, obs.declarer, unseen, voids, shown, played_by, hidden,
                 [0.0] * n, [], False, kitty_unknown)
    _infer_teams(obs, mem)
    return mem


def _infer_teams(obs: Observation, mem: Memory) -> None:
    n, d = mem.players, mem.declarer
    side = [0.0] * n
    side[d] = 1.0
    mem.side_p = side
    if obs.friend is not None:
        side[obs.friend] = 1.0
        mem.friend_known = True
        return
    card = obs.friend_card
    if card is None:  # still calling: nothing known beyond the declarer
        for s in range(n):
            if s != d:
                side[s] = 1.0 / (n - 1)
        mem.friend_candidates = [s for s in range(n) if s != d]
        return
    if obs.rules.friend_rule != "holder":
        alone = any(e.type == EventKind.FRIEND_REVEALED and e.info.get("alone") for e in obs.events)
        mem.friend_known = alone
        if not alone:
            mem.friend_candidates = [s for s in range(n) if s != d]
            for s in mem.friend_candidates:
                side[s] = 1.0 / (n - 1)
        return
    _infer_holder_friend(obs, mem, card)


def _infer_holder_friend(obs: Observation, mem: Memory, card: Card) -> None:
    """Holder rule, friend not revealed: the first seat after the declarer that held a copy."""
    n, d, me = mem.players, mem.declarer, mem.seat
    eff = mem.trump.table.eff
    decks = obs.rules.decks
    at_call = [mem.played_by[s][card] for s in range(n)]
    exact = [False] * n
    at_call[me] += obs.hand.count(card)
    exact[me] = True
    for s in range(n):
        if eff[card] in mem.voids[s]:
            exact[s] = True
    known = sum(at_call)
    if me == d and obs.buried is not None:
        known += obs.buried.count(card)
    if known >= decks:
        exact = [True] * n
    mem.friend_copies_at_call = at_call
    order = [(d + i) % n for i in range(1, n)]
    candidates: list[int] = []
    for s in order:
        if at_call[s] > 0:
            if mem.played_by[s][card] == 0:
                candidates.append(s)  # a holder who has not played a copy may be the friend
            # a holder who played a copy without being revealed is not the friend
            break
        if not exact[s]:
            candidates.append(s)
    mem.friend_candidates = candidates
    if not candidates:
        return  # the declarer plays alone
    hidden_total = sum(mem.hidden_sizes) + (obs.rules.kitty if mem.kitty_unknown else 0)
    missing = max(0, decks - known)
    remaining = 1.0
    for s in candidates:
        if at_call[s] > 0 and s == candidates[-1]:
            q = 1.0
        elif s == me:
            q = 1.0 if at_call[s] > 0 else 0.0
        else:
            share = mem.hidden_sizes[s] / hidden_total if hidden_total else 0.0
            q = 1.0 - (1.0 - share) ** missing
        mem.side_p[s] = remaining * q
        remaining *= 1.0 - q
