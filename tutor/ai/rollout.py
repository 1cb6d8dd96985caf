"""Play a sampled deal to the end with the fast heuristic (`quick`) for every seat.

Inside a search's playout every seat knows its own cards, the sampled teams, and the cards
the other seats may hold (exactly the sampled hands): a determinized game, as in Monte Carlo
search. Playouts whose seats know only what they would of the teams, or see the kitty as the
heuristic does, were closer to the heuristic opponents yet made the search play worse
(`lab.ai.rollout`). The judge of what the tutor teaches plays out differently
(`JUDGE`, `REFEREE`): its seats know the teams only as they would at the table (the friend
unknown until it shows), and play like players (ruffs of multi-card leads, chosen follows,
tractors and safe throws led), so its answers hold when a person plays the cards.
"""
from __future__ import annotations

import random

from tutor.rules import Card, Hand, HandResult, IllegalAction, Phase, Play

from .quick import quick_play
from .tactics import POINTS, Context, choose_play

JUDGE = "judge"  # the judge's playouts: quick's rules played as a player would, teams as known
REFEREE = "referee"  # the referee's: the heuristic's tactics for every seat, teams as known
SMOOTHING = 0.04  # 积分 per card point of margin: breaks ties between equal 积分 outcomes


class Playout:
    """A sampled deal being played out; tracks the trick, voids and unseen counts itself."""

    def __init__(self, hand: Hand, current: list, voids: list[set[int]],
                 revealed: bool = False) -> None:
        self.hand = hand
        self.n = hand.rules.players
        self.current = [(s, tuple(c)) for s, c in current]
        self.voids = [set(v) for v in voids]
        self.left = [0] * 54
        for s in range(self.n):
            for c in hand.cards_of(s):
                self.left[c] += 1
        self.kitty_points = float(sum(POINTS[c] for c in hand.kitty))
        self.tricks = hand.trick_count
        self.revealed = revealed  # the teams are known to all (the friend has shown)
        self.failed = [0] * self.n  # throws each seat has failed in the playout

    def fork(self) -> Playout:
        """A copy of this playout (its hand `Hand.fork`ed) to play one candidate out on (a
        subclass with changing state of its own copies that too)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.hand = self.hand.fork(log=False)
        new.current = list(self.current)
        new.voids = [set(v) for v in self.voids]
        new.left = list(self.left)
        new.failed = list(self.failed)
        return new

    def apply(self, action: Play) -> list:
        """Apply a play (a failed throw is replaced by its forced cards, as the rules do);
        the events it caused (none on a quiet fork: the hand's state tells what happened)."""
        hand = self.hand
        shown = hand.friend_revealed
        events = hand.apply(action)
        if not shown and hand.friend_revealed:
            self.revealed = True
        if self.current:  # a follow is played as given; its seat may show a void
            played = action.cards
            lead = self.current[0][1]
            eff = hand.trump.table.eff  # type: ignore[union-attr]
            suit = eff[lead[0]]
            if sum(1 for c in played if eff[c] == suit) < len(lead):
                self.voids[action.seat].add(suit)
        else:  # a lead: the cards played are the trick's lead (a failed throw's forced unit)
            played = hand.lead  # type: ignore[assignment]
            if len(played) < len(action.cards):  # type: ignore[arg-type]
                self.failed[action.seat] += 1
        for c in played:  # type: ignore[union-attr]
            self.left[c] -= 1
        if hand.trick_count != self.tricks:
            self.tricks = hand.trick_count
            self.current = []
        else:
            self.current.append((action.seat, tuple(played)))  # type: ignore[arg-type]
        return events

    def unseen(self, seat: int) -> tuple[list[Card], list[int]]:
        """`seat`'s cards in the playout, and the counts of the cards it has not seen."""
        mine = self.hand.cards_of(seat)
        pool = list(self.left)
        for c in mine:
            pool[c] -= 1
        return mine, pool

    def context(self, seat: int, as_known: bool = False) -> Context:
        """What `seat` knows in the playout: its cards, the others' as unseen, the teams
        (`as_known`: as the seat would know them, the friend hidden until it shows to all but
        the friend itself, and the kitty unseen but by the declarer)."""
        hand = self.hand
        mine, pool = self.unseen(seat)
        side = {hand.declarer, hand.friend}
        me_decl = seat in side
        if as_known and seat != hand.declarer:  # only the declarer saw what it buried
            for c in hand.kitty:
                pool[c] += 1
        if as_known and not (self.revealed or hand.friend_revealed) and seat != hand.friend:
            ally = hidden_friend_allies(seat, hand.declarer, self.n)  # type: ignore[arg-type]
        else:
            ally = [1.0 if (s in side) == me_decl else 0.0 for s in range(self.n)]
        hidden = [0 if s == seat else len(mine) for s in range(self.n)]
        return Context(seat, mine, hand.trump, self.current, ally, pool, self.voids, hidden,  # type: ignore[arg-type]
                       self.n, 0.0 if me_decl else 1.0, self.kitty_points, fast=True)

    def run(self, rng: random.Random, policy: str = "quick") -> HandResult:
        """Play to the end of the hand with one policy for every seat: `quick` (rules of
        thumb, fastest), `heuristic` (the heuristic player's own tactics, fast mode), or
        `trick` (the tactics until the trick in progress ends, which is where the others
        answer the play being searched; quick after it); `JUDGE` and `REFEREE` as quick and
        heuristic, but each seat knowing the teams only as a player would, and the judge's
        quick rules playing like a player (`quick_play`'s `expert`)."""
        result = self.run_until(rng, policy, None)
        assert result is not None
        return result

    def run_until(self, rng: random.Random, policy: str = "quick",
                  tricks: int | None = 0) -> HandResult | None:
        """`run`, but stop between tricks once `tricks` more have ended after the one in
        progress (None: never) and return None; the hand's result if it ends first."""
        hand = self.hand
        first = hand.trick_count
        stop = None if tricks is None else first + tricks + (1 if self.current else 0)
        while hand.phase != Phase.FINISHED:
            if stop is not None and hand.trick_count >= stop and not self.current:
                return None
            seat = hand.turn
            assert seat is not None
            cards = self.choose(seat, rng, policy, hand.trick_count == first)
            try:
                self.apply(Play(seat, cards))
            except IllegalAction:
                self.apply(hand.random_action(rng))  # type: ignore[arg-type]
        assert hand.result is not None
        return hand.result

    def choose(self, seat: int, rng: random.Random, policy: str = "quick",
               first_trick: bool = False) -> tuple:
        """The cards `seat` plays now under `policy` (`run`'s; `first_trick`: the trick in
        progress is the one the playout started in)."""
        ctx = self.context(seat, True) if policy in (JUDGE, REFEREE) else self.context(seat)
        if policy in ("heuristic", REFEREE) or (policy == "trick" and first_trick):
            return choose_play(ctx).cards
        return quick_play(ctx, rng, policy == JUDGE)


def hidden_friend_allies(seat: int, declarer: int, players: int) -> list[float]:
    """How likely each seat is `seat`'s partner while the friend has not shown, to a seat
    that is not the friend: the declarer's partner is any one of the others; a defender's is
    any other seat but the declarer's, less the one that is the friend."""
    if seat == declarer:
        share = 1.0 / (players - 1)
        return [1.0 if s == seat else share for s in range(players)]
    share = (players - 3) / (players - 2)
    return [1.0 if s == seat else 0.0 if s == declarer else share for s in range(players)]


def even_mark(decks: int) -> int:
    """The defenders' card points in the middle of the band where nobody goes up (150 with
    3 decks, RULES.md's level table): where the margin's tie-break is zero."""
    return 50 * decks


UNPLAYABLE = float("-inf")  # a candidate's score on a deal it cannot be played on


def unplayable_as_worst(scores: list[list[float]]) -> list[list[float]]:
    """Candidates' scores (a row each) with every UNPLAYABLE one as the worst outcome seen
    elsewhere (0 if none is), so a choice that cannot be made is never the best."""
    worst = min((x for row in scores for x in row if x != UNPLAYABLE), default=0.0)
    return [[worst if x == UNPLAYABLE else x for x in row] for row in scores]


def outcome_value(result: HandResult, seat: int, decks: int = 3) -> float:
    """What a finished hand is worth to `seat`: its 积分, plus a little for the card points
    its side took beyond the even mark. Counted from that mark, a change of sides (a bid, a
    call) is not worth points of its own: from zero, a declarer's side always "lost" them."""
    over = result.defender_points - even_mark(decks)
    return result.score[seat] + SMOOTHING * (over if seat not in result.declarer_side else -over)
