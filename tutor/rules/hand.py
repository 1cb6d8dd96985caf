"""One hand of 找朋友 as a state machine driven only by validated actions.

Phases: bidding → burying → calling → playing → finished. `apply(action)` validates the
whole action first and raises a specific `IllegalAction` (state unchanged) or changes the
state and appends events. `observation(seat)` is everything that seat may know. A hand is a
function of (seed, rules, levels, declarer, actions): `Hand.replay` rebuilds it exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Bid, Bury, CallFriend, Event, EventKind, Pass, Play
from .bidding import StandingBid, bid_error, kitty_trump_suit
from .cards import NAMES, POINTS, Card, format_cards, parse_card, parse_cards, shuffled_deck
from .config import RuleSet
from .errors import (
    IllegalAction,
    IllegalBury,
    IllegalPlay,
    NotYourTurn,
    WrongPhase,
    cards_text,
)
from .follow import follow_error
from .friend import friend_call_error, holder_friend, nth_played_friend
from .moves import PHASES
from .observation import HandResult, Observation, Trick
from .phase import Phase
from .scoring import LEVEL_NAMES, kitty_multiplier, level_change, raise_level, score_points
from .throw import ThrowResult, throw_check
from .trick import winner_index
from .trump import Trump
from .units import MixedSuitError, missing_cards, suit_of

# module-level names for the members: the hot paths read these, not `Phase.X` each time
BIDDING, BURYING, CALLING, PLAYING = Phase.BIDDING, Phase.BURYING, Phase.CALLING, Phase.PLAYING
FINISHED = Phase.FINISHED


@dataclass
class _State:
    """The mutable part of a hand (copied nowhere; every change goes through `Hand.apply`)."""

    hands: list[list[Card]]
    kitty: list[Card]
    phase: Phase = BIDDING
    turn: int | None = 0
    declarer: int | None = None
    trump: Trump | None = None
    standing: StandingBid | None = None
    passes: int = 0
    bids: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    kitty_taken: tuple[Card, ...] | None = None
    kitty_shown: tuple[Card, ...] | None = None
    friend_card: Card | None = None
    friend_nth: int | None = None
    friend: int | None = None  # holder rule: fixed at the call; nth rule: set when played
    friend_revealed: bool = False
    copies_played: int = 0
    tricks: list[Trick] = field(default_factory=list)
    current: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    leader: int | None = None
    captured: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    deals: int = 1
    result: HandResult | None = None


class Hand:
    """One hand, from the deal to scoring.

    `declarer=None` is the first hand of a match: every level must be equal and the winning
    bidder becomes the declarer; with no bid the cards are dealt again.
    """

    _log = True  # keep the actions and events (a quiet fork does not)

    def __init__(self, seed: int, rules: RuleSet | None = None,
                 levels: Sequence[int] | None = None, declarer: int | None = None) -> None:
        self.rules = rules or RuleSet()
        n = self.rules.players
        self.seed = seed
        self.levels = tuple(levels) if levels is not None else (2,) * n
        if len(self.levels) != n or any(not 2 <= lv <= 14 for lv in self.levels):
            raise ValueError(f"levels must be {n} numbers from 2 to 14")
        if declarer is None and len(set(self.levels)) != 1:
            raise ValueError("a hand without a declarer (the first of a match) needs equal levels")
        if declarer is not None and not 0 <= declarer < n:
            raise ValueError(f"declarer must be a seat from 0 to {n - 1}")
        self.first_hand = declarer is None
        lead_level = self.levels[0 if declarer is None else declarer]
        self.level = LEVEL_NAMES[lead_level]
        self._rng = random.Random(seed)
        self._actions: list[Action] = []
        self._events: list[Event] = []
        hands, kitty = self._deal()
        self._s = _State(hands=hands, kitty=kitty, declarer=declarer,
                        turn=0 if declarer is None else declarer,
                        captured=[0] * n, failed=[0] * n)
        self._deal_events()

    # ------------------------------------------------------------------ deal
    def _deal(self) -> tuple[list[list[Card]], list[Card]]:
        deck = shuffled_deck(self._rng, self.rules.decks)
        size, n = self.rules.hand_size, self.rules.players
        hands = [deck[i * size:(i + 1) * size] for i in range(n)]
        return hands, deck[n * size:]

    def _deal_events(self) -> None:
        for seat, cards in enumerate(self._s.hands):
            if self._log:
                self._events.append(Event(EventKind.DEAL, seat, tuple(cards),
                                          {"deal": self._s.deals}, private_to=seat))

    # ------------------------------------------------------------- accessors
    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def turn(self) -> int | None:
        """The seat to act, or None when the hand is finished."""
        return self._s.turn

    @property
    def trump(self) -> Trump | None:
        return self._s.trump

    @property
    def declarer(self) -> int | None:
        return self._s.declarer

    @property
    def result(self) -> HandResult | None:
        return self._s.result

    @property
    def tricks(self) -> list[Trick]:
        return list(self._s.tricks)

    @property
    def trick_count(self) -> int:
        """How many tricks have finished (`len(tricks)` without copying them)."""
        return len(self._s.tricks)

    @property
    def current(self) -> list[tuple[int, tuple[Card, ...]]]:
        """The trick in progress: (seat, cards) in play order from the leader."""
        return list(self._s.current)

    @property
    def lead(self) -> tuple[Card, ...] | None:
        """The cards led to the trick in progress, or None between tricks."""
        current = self._s.current
        return current[0][1] if current else None

    @property
    def standing_bid(self) -> StandingBid | None:
        """The bid to beat while bidding (None before the first bid)."""
        return self._s.standing

    @property
    def actions(self) -> list[Action]:
        """Every action applied so far, in order (what `Hand.replay` needs)."""
        return list(self._actions)

    @property
    def events(self) -> list[Event]:
        """Every event so far, private ones included (full state: players get `observation`)."""
        return list(self._events)

    def cards_of(self, seat: int) -> list[Card]:
        """A seat's current cards (full state: not for players, who get `observation`)."""
        return list(self._s.hands[seat])

    @property
    def kitty(self) -> list[Card]:
        return list(self._s.kitty)

    @property
    def friend_revealed(self) -> bool:
        """Whether the friend has shown (or the declarer, by playing the call, is alone)."""
        return self._s.friend_revealed

    @property
    def friend(self) -> int | None:
        """The friend as the full state knows it (holder rule: known from the call)."""
        return self._s.friend

    # --------------------------------------------------------------- actions
    def apply(self, action: Action) -> list[Event]:
        """Validate and perform `action`; return the events it caused.

        Raises an `IllegalAction` subclass with a learner-readable message, and then the
        state is exactly as before.
        """
        err = self._gate(action)
        if err is not None:
            raise err
        start = len(self._events)
        _HANDLERS[type(action)][0](self, action)
        if self._log:
            self._actions.append(action)
        return self._events[start:]

    def _gate(self, action: Action) -> IllegalAction | None:
        """What every action must pass first: the hand is not over, it is this seat's turn,
        and the phase takes this kind of action (`PHASES`)."""
        s = self._s
        accepts = PHASES[s.phase].accepts
        if not accepts:
            return WrongPhase("wrong_phase", phase=s.phase.label)
        if action.seat != s.turn:
            return NotYourTurn("not_your_turn", turn=s.turn, seat=action.seat)
        kind = type(action)
        if kind not in accepts:
            if kind not in _HANDLERS:
                return IllegalAction("unknown_action")
            return WrongPhase("wrong_phase", phase=s.phase.label)
        return None

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % self.rules.players

    def _bid(self, action: Bid) -> None:
        s = self._s
        err = bid_error(s.hands[action.seat], action.cards, self.level, action.seat, s.standing,
                        self.rules.decks)
        if err is not None:
            raise err
        s.standing = StandingBid(action.seat, action.cards[0].suit, len(action.cards))
        s.bids.append((action.seat, tuple(action.cards)))
        s.passes = 0
        if self._log:
            self._events.append(Event(EventKind.BID, action.seat, tuple(action.cards)))
        s.turn = self._next_seat(action.seat)

    def _pass(self, action: Pass) -> None:
        s = self._s
        s.passes += 1
        if self._log:
            self._events.append(Event(EventKind.PASS, action.seat))
        n = self.rules.players
        if s.standing is not None and s.passes >= n - 1:
            # the first hand's winning bidder declares; later a bid only sets the suit
            self._end_bidding(s.standing.suit,
                              s.standing.seat if self.first_hand else s.declarer)
        elif s.standing is None and s.passes >= n:
            if self.first_hand:
                self._redeal()
            else:
                suit = kitty_trump_suit(s.kitty, self.level)
                s.kitty_shown = tuple(s.kitty)
                if self._log:
                    self._events.append(Event(EventKind.KITTY_TURNED, None, tuple(s.kitty),
                                              {"suit": suit}))
                self._end_bidding(suit, s.declarer)
        else:
            s.turn = self._next_seat(action.seat)

    def _redeal(self) -> None:
        s = self._s
        hands, kitty = self._deal()
        s.hands, s.kitty = hands, kitty
        s.passes, s.bids, s.standing, s.turn = 0, [], None, 0
        s.deals += 1
        if self._log:
            self._events.append(Event(EventKind.REDEAL, None, (), {"deal": s.deals}))
        self._deal_events()

    def _end_bidding(self, suit: str, declarer: int | None) -> None:
        s = self._s
        assert declarer is not None
        s.declarer = declarer
        s.trump = Trump(self.level, suit)
        s.kitty_taken = tuple(s.kitty)
        s.hands[declarer].extend(s.kitty)
        s.kitty = []
        s.phase, s.turn = BURYING, declarer
        if self._log:
            self._events.append(Event(EventKind.TRUMP, declarer, (),
                                      {"level": self.level, "suit": suit}))
            self._events.append(Event(EventKind.KITTY_TAKEN, declarer, s.kitty_taken,
                                      private_to=declarer))

    def _bury(self, action: Bury) -> None:
        s = self._s
        err = self._bury_error(action)
        if err is not None:
            raise err
        _remove(s.hands[action.seat], action.cards)
        s.kitty = list(action.cards)
        s.phase = CALLING
        if self._log:
            self._events.append(Event(EventKind.BURIED, action.seat, tuple(action.cards),
                                      private_to=action.seat))

    def _call(self, action: CallFriend) -> None:
        s = self._s
        err = friend_call_error(action.card, action.nth, self.rules.friend_rule, self.rules.decks)
        if err is not None:
            raise err
        s.friend_card, s.friend_nth = Card(action.card), action.nth
        if self.rules.friend_rule == "holder":
            s.friend = holder_friend(s.hands, action.seat, action.card)
        info = {"card": str(action.card)}
        if action.nth is not None:
            info["nth"] = action.nth
        if self._log:
            self._events.append(Event(EventKind.FRIEND_CALLED, action.seat, (Card(action.card),),
                                      info))
        s.phase, s.leader, s.turn = PLAYING, action.seat, action.seat

    def _play(self, action: Play) -> None:
        s = self._s
        seat, cards = action.seat, tuple(Card(c) for c in action.cards)
        hand = s.hands[seat]
        trump = s.trump
        assert trump is not None
        if not s.current:
            throw = self._check_lead(seat, cards)
            played = throw.forced
        else:
            err = follow_error(hand, s.current[0][1], cards, trump)
            if err is not None:
                raise err
            throw, played = None, cards
        # --- validated: mutate from here on
        if throw is not None and not throw.ok:
            s.failed[seat] += 1
            if self._log:
                self._events.append(Event(EventKind.THROW_FAILED, seat, cards, {
                    "forced": format_cards(throw.forced),
                    "beaten": [format_cards(u.cards) for u in throw.beaten],
                    "by": [{"seat": self._other_seats(seat)[b.seat], "cards": format_cards(b.by)}
                           for b in throw.beats]}))
        _remove(hand, played)
        s.current.append((seat, played))
        if self._log:
            self._events.append(Event(EventKind.PLAY, seat, played))
        self._track_friend(seat, played)
        if len(s.current) == self.rules.players:
            self._finish_trick()
        else:
            s.turn = self._next_seat(seat)

    def _other_seats(self, seat: int) -> list[int]:
        n = self.rules.players
        return [(seat + i) % n for i in range(1, n)]

    def _check_lead(self, seat: int, cards: tuple[Card, ...]) -> ThrowResult:
        s = self._s
        if not cards:
            raise IllegalPlay("empty_play")
        _require_held(s.hands[seat], cards)
        trump = s.trump
        assert trump is not None
        try:
            suit_of(cards, trump.table)
        except MixedSuitError:
            raise IllegalPlay("lead_mixed") from None
        others = [s.hands[o] for o in self._other_seats(seat)]
        return throw_check(cards, others, trump)

    def _track_friend(self, seat: int, played: tuple[Card, ...]) -> None:
        s = self._s
        if s.friend_card is None or s.friend_revealed:
            return
        copies = played.count(s.friend_card)
        if not copies:
            return
        if self.rules.friend_rule == "holder":
            if seat == s.friend:
                s.friend_revealed = True
                if self._log:
                    self._events.append(Event(EventKind.FRIEND_REVEALED, seat))
        else:
            assert s.friend_nth is not None
            if nth_played_friend(s.copies_played, copies, s.friend_nth):
                s.friend_revealed = True
                if seat == s.declarer:
                    if self._log:
                        self._events.append(Event(EventKind.FRIEND_REVEALED, None, (),
                                                  {"alone": True}))
                else:
                    s.friend = seat
                    if self._log:
                        self._events.append(Event(EventKind.FRIEND_REVEALED, seat))
        s.copies_played += copies

    def _finish_trick(self) -> None:
        s = self._s
        trump = s.trump
        assert trump is not None
        w = winner_index([cards for _, cards in s.current], trump.table)
        winner = s.current[w][0]
        points = sum(POINTS[c] for _, cards in s.current for c in cards)
        trick = Trick(s.leader, tuple(s.current), winner, points)  # type: ignore[arg-type]
        s.tricks.append(trick)
        s.captured[winner] += points
        s.current = []
        if self._log:
            self._events.append(Event(EventKind.TRICK, winner, (), {"points": points,
                                                            "number": len(s.tricks)}))
        if not s.hands[winner]:
            self._score(trick)
        else:
            s.leader = s.turn = winner

    def _score(self, last: Trick) -> None:
        s = self._s
        rules = self.rules
        trump = s.trump
        assert trump is not None and s.declarer is not None
        declarer, friend = s.declarer, (s.friend if s.friend != s.declarer else None)
        side = {declarer} if friend is None else {declarer, friend}
        trick_points = sum(p for seat, p in enumerate(s.captured) if seat not in side)
        kitty_points = sum(POINTS[c] for c in s.kitty)
        multiplier, bonus = None, 0
        if last.winner not in side:
            winning = dict(last.plays)[last.winner]
            multiplier = kitty_multiplier(winning, trump, rules.kitty_multiplier,
                                          lead=last.plays[0][1])
            bonus = kitty_points * multiplier
        p = trick_points + bonus
        who, up = level_change(p, rules.decks)
        winners = side if who == "declarer" else (
            set(range(rules.players)) - side if who == "defenders" else set())
        after = tuple(raise_level(lv, up) if seat in winners else lv
                      for seat, lv in enumerate(self.levels))
        score = tuple(score_points(after, s.failed))
        declarer_won = p < 2 * rules.step
        if declarer_won:
            next_declarer = declarer if friend is None else friend
        else:
            next_declarer = next(seat for seat in self._other_seats(declarer) if seat not in side)
        result = HandResult(
            declarer=declarer, friend=friend, trump=trump, kitty=tuple(s.kitty),
            trick_points=trick_points, kitty_points=kitty_points, kitty_multiplier=multiplier,
            kitty_bonus=bonus, defender_points=p, side=who, levels_up=up,
            levels_before=self.levels, levels_after=after, failed_throws=tuple(s.failed),
            score=score, next_declarer=next_declarer,
            match_won=declarer_won and self.levels[declarer] == 14)
        s.result = result
        s.phase, s.turn = FINISHED, None
        if self._log:
            self._events.append(Event(EventKind.HAND_END, None, tuple(s.kitty), {
                "defender_points": p, "kitty_multiplier": multiplier, "kitty_bonus": bonus,
                "side": who, "levels_up": up}))

    # ---------------------------------------------------------- legal actions
    def legal_actions(self) -> Iterator[Action]:
        """Every legal action for the seat to act, lazily (burying and leading are huge sets)."""
        s = self._s
        if s.turn is None:
            return iter(())
        return PHASES[s.phase].legal(self, s.turn, s.hands[s.turn])

    def is_legal(self, action: Action) -> bool:
        """True if `apply(action)` would succeed (checked on a copy-free dry run)."""
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> IllegalAction | None:
        """The exception `apply(action)` would raise, or None; the state is not touched."""
        err = self._gate(action)
        if err is not None:
            return err
        try:
            return _HANDLERS[type(action)][1](self, action)
        except IllegalAction as exc:
            return exc

    def _bid_error(self, action: Bid) -> IllegalAction | None:
        s = self._s
        return bid_error(s.hands[action.seat], action.cards, self.level, action.seat, s.standing,
                         self.rules.decks)

    def _pass_error(self, action: Pass) -> IllegalAction | None:
        return None

    def _bury_error(self, action: Bury) -> IllegalAction | None:
        if len(action.cards) != self.rules.kitty:
            return IllegalBury("bury_count", n=self.rules.kitty, got=len(action.cards))
        _require_held(self._s.hands[action.seat], action.cards, IllegalBury)
        return None

    def _call_error(self, action: CallFriend) -> IllegalAction | None:
        return friend_call_error(action.card, action.nth, self.rules.friend_rule,
                                 self.rules.decks)

    def _play_error(self, action: Play) -> IllegalAction | None:
        s = self._s
        if not s.current:
            self._check_lead(action.seat, tuple(action.cards))
            return None
        assert s.trump is not None
        return follow_error(s.hands[action.seat], s.current[0][1], action.cards, s.trump)

    def random_action(self, rng: random.Random) -> Action:
        """A random legal action for the seat to act: the floor player, and fast."""
        s = self._s
        sample = PHASES[s.phase].sample
        if sample is None or s.turn is None:
            raise WrongPhase("wrong_phase", phase=FINISHED.label)
        return sample(self, s.turn, s.hands[s.turn], rng)

    # ------------------------------------------------------------ observation
    def observation(self, seat: int) -> Observation:
        """Exactly what `seat` may know now."""
        s = self._s
        is_declarer = seat == s.declarer
        return Observation(
            seat=seat, phase=s.phase, turn=s.turn, rules=self.rules, levels=self.levels,
            level=self.level, declarer=s.declarer, trump=s.trump,
            hand=s.trump.sort(s.hands[seat]) if s.trump else sorted(s.hands[seat]),
            hand_sizes=tuple(len(h) for h in s.hands), bids=list(s.bids),
            standing_bid=s.standing,
            kitty=s.kitty_taken if is_declarer else None,
            buried=tuple(s.kitty) if is_declarer and s.phase in (CALLING, PLAYING) else None,
            kitty_shown=s.kitty_shown, friend_card=s.friend_card, friend_nth=s.friend_nth,
            friend=s.friend if s.friend_revealed else None, copies_played=s.copies_played,
            tricks=list(s.tricks), current=list(s.current), leader=s.leader,
            captured=tuple(s.captured), failed_throws=tuple(s.failed),
            events=[e for e in self._events if e.visible_to(seat)],
            result=s.result)

    # ------------------------------------------------------- mid-hand positions
    @classmethod
    def bidding_from_observation(cls, obs: Observation, hands: Sequence[Sequence[int]],
                                 kitty: Sequence[int], seed: int) -> Hand:
        """A bidding-phase hand built from a seat's observation plus a guess of the hidden
        cards (`hands[seat]` must be the observer's own), with the bids and passes seen so far
        replayed: how a review plays a bid or a pass out on a deal it cannot see. `seed` deals
        the cards again if everyone passes in a match's first hand. A guess that cannot hold
        the bids seen (a bidder without the cards it showed) raises the rule's error."""
        if obs.phase != BIDDING:
            raise WrongPhase("wrong_phase", phase=Phase(obs.phase).label)
        if sorted(hands[obs.seat]) != sorted(obs.hand):
            raise ValueError("hands[seat] must be the observer's own cards")
        rules = obs.rules
        if len(hands) != rules.players or any(len(h) != rules.hand_size for h in hands):
            raise ValueError(f"every hand must hold {rules.hand_size} cards")
        if len(kitty) != rules.kitty:
            raise ValueError(f"the kitty must hold {rules.kitty} cards")
        hand = cls(seed, rules, obs.levels, obs.declarer)
        hand._s.hands = [[Card(c) for c in h] for h in hands]
        hand._s.kitty = [Card(c) for c in kitty]
        hand._events = []
        hand._deal_events()
        redeals = [i for i, e in enumerate(obs.events) if e.type == EventKind.REDEAL]
        for event in obs.events[redeals[-1] + 1 if redeals else 0:]:
            if event.type == EventKind.BID:
                hand.apply(Bid(event.seat, event.cards))
            elif event.type == EventKind.PASS:
                hand.apply(Pass(event.seat))
        return hand

    @classmethod
    def setup_from_observation(cls, obs: Observation, hands: Sequence[Sequence[int]],
                               kitty: Sequence[int] | None = None) -> Hand:
        """A burying- or calling-phase hand built from a seat's observation plus a guess of
        the hidden cards (`hands[seat]` must be the observer's own; while burying the
        declarer's hand holds the kitty it took up). While calling, `kitty` is the buried
        cards (default: the declarer's own `obs.buried`). This is how AI search plays a bury
        or a friend call out on a deal it cannot see: the next actions are validated as usual.
        """
        if obs.phase not in (BURYING, CALLING) or obs.trump is None or obs.declarer is None:
            raise WrongPhase("wrong_phase", phase=Phase(obs.phase).label)
        if sorted(hands[obs.seat]) != sorted(obs.hand):
            raise ValueError("hands[seat] must be the observer's own cards")
        rules = obs.rules
        if len(hands) != rules.players or [len(h) for h in hands] != list(obs.hand_sizes):
            raise ValueError(f"the hands must hold {list(obs.hand_sizes)} cards")
        if obs.phase == BURYING:
            if kitty:
                raise ValueError("while burying the kitty is in the declarer's hand")
            kitty = []
        else:
            kitty = list(kitty if kitty is not None else (obs.buried or ()))
            if len(kitty) != rules.kitty:
                raise ValueError(f"the kitty must hold {rules.kitty} cards")
        n = rules.players
        hand = cls._in_play(
            rules, obs.levels, hands, kitty, obs.trump, obs.declarer,
            _State(hands=[], kitty=[], phase=obs.phase, turn=obs.declarer,
                   bids=list(obs.bids), standing=obs.standing_bid, kitty_taken=obs.kitty,
                   kitty_shown=obs.kitty_shown, captured=[0] * n, failed=[0] * n))
        hand.level = obs.level
        hand._events = list(obs.events)  # the history as this seat saw it
        return hand

    @classmethod
    def from_observation(cls, obs: Observation, hands: Sequence[Sequence[int]],
                         kitty: Sequence[int] | None = None,
                         friend: int | None = None) -> Hand:
        """A playing-phase hand built from a seat's observation plus a guess of the hidden
        cards (`hands[seat]` must be the observer's own; `kitty` the buried cards).

        This is how AI search plays out a sampled deal. With the holder rule and the friend
        not yet revealed, `friend=None` means: the first holder after the declarer at the
        call, computed from `hands` plus the cards each seat has played since.
        """
        if obs.phase != PLAYING or obs.trump is None or obs.declarer is None:
            raise WrongPhase("wrong_phase", phase=Phase(obs.phase).label)
        if sorted(hands[obs.seat]) != sorted(obs.hand):
            raise ValueError("hands[seat] must be the observer's own cards")
        rules = obs.rules
        kitty = list(kitty if kitty is not None else (obs.buried or ()))
        if len(kitty) != rules.kitty:
            raise ValueError(f"the kitty must hold {rules.kitty} cards")
        friend_seat = obs.friend
        if friend_seat is None and obs.friend_card is not None and rules.friend_rule == "holder":
            if friend is None:
                at_call = [list(h) for h in hands]
                for trick_plays in [t.plays for t in obs.tricks] + [tuple(obs.current)]:
                    for seat, cards in trick_plays:
                        at_call[seat].extend(cards)
                friend = holder_friend(at_call, obs.declarer, obs.friend_card)
            friend_seat = friend
        hand = cls._in_play(
            rules, obs.levels, hands, kitty, obs.trump, obs.declarer,
            _State(hands=[], kitty=[], phase=PLAYING,
                   turn=obs.turn if obs.turn is not None else obs.leader,
                   bids=list(obs.bids), standing=obs.standing_bid, kitty_taken=obs.kitty,
                   kitty_shown=obs.kitty_shown,
                   friend_card=obs.friend_card, friend_nth=obs.friend_nth, friend=friend_seat,
                   friend_revealed=obs.friend is not None, copies_played=obs.copies_played,
                   tricks=list(obs.tricks), current=list(obs.current), leader=obs.leader,
                   captured=list(obs.captured), failed=list(obs.failed_throws)))
        hand._events = list(obs.events)  # the history as this seat saw it
        return hand

    @classmethod
    def position(cls, hands: Sequence[Sequence[int] | str], trump: Trump, declarer: int,
                 kitty: Sequence[int] | str = (), leader: int | None = None,
                 levels: Sequence[int] | None = None, rules: RuleSet | None = None,
                 friend_card: int | str | None = None, friend_nth: int | None = None) -> Hand:
        """A playing-phase hand at the start of a trick, from chosen cards (hands may be short,
        but all of one size). For lessons, puzzles and tests; the friend follows the rule."""
        rules = rules or RuleSet()
        hands = [parse_cards(h) for h in hands]
        if len({len(h) for h in hands}) != 1 or not hands[0]:
            raise ValueError("every hand must hold the same, non-zero number of cards")
        kitty = parse_cards(kitty)
        levels = tuple(levels) if levels is not None else (trump.level_value,) * rules.players
        leader = declarer if leader is None else leader
        call = parse_card(friend_card) if isinstance(friend_card, str) else friend_card
        friend = None
        if call is not None:
            err = friend_call_error(call, friend_nth, rules.friend_rule, rules.decks)
            if err is not None:
                raise err
            if rules.friend_rule == "holder":
                friend = holder_friend(hands, declarer, call)
        n = rules.players
        return cls._in_play(
            rules, levels, hands, kitty, trump, declarer,
            _State(hands=[], kitty=[], phase=PLAYING, turn=leader,
                   friend_card=None if call is None else Card(call), friend_nth=friend_nth,
                   friend=friend, leader=leader, captured=[0] * n, failed=[0] * n))

    @classmethod
    def _in_play(cls, rules: RuleSet, levels: Sequence[int], hands: Sequence[Sequence[int]],
                 kitty: Sequence[int], trump: Trump, declarer: int, state: _State) -> Hand:
        if len(hands) != rules.players:
            raise ValueError(f"need {rules.players} hands")
        if len(levels) != rules.players:
            raise ValueError(f"need {rules.players} levels")
        hand = cls.__new__(cls)
        hand.rules, hand.seed, hand.levels = rules, None, tuple(levels)
        hand.first_hand, hand.level = False, trump.level
        hand._rng = random.Random(0)
        hand._actions, hand._events = [], []
        state.hands = [[Card(c) for c in h] for h in hands]
        state.kitty = [Card(c) for c in kitty]
        state.trump, state.declarer = trump, declarer
        hand._s = state
        return hand

    def fork(self, log: bool = True) -> Hand:
        """A copy of this hand to play on apart: the same state, with its own copy of every
        part that play changes. Its logs of actions and events start empty (the history
        stays with this hand); with `log=False` it keeps none at all and `apply` returns no
        events: how a search plays several candidates out on one deal without building the
        deal again for each, or a record nobody reads."""
        hand = Hand.__new__(Hand)
        hand.rules, hand.seed, hand.levels = self.rules, self.seed, self.levels
        hand.first_hand, hand.level = self.first_hand, self.level
        hand._rng = self._rng
        if self._s.phase == BIDDING:  # only a deal draws from it: while bidding, a redeal
            hand._rng = random.Random()
            hand._rng.setstate(self._rng.getstate())
        hand._log = log
        hand._actions, hand._events = [], []
        s = _State.__new__(_State)
        s.__dict__.update(self._s.__dict__)
        s.hands = [list(h) for h in s.hands]
        s.kitty, s.bids, s.tricks = list(s.kitty), list(s.bids), list(s.tricks)
        s.current, s.captured, s.failed = list(s.current), list(s.captured), list(s.failed)
        hand._s = s
        return hand

    # ------------------------------------------------------------------ replay
    @classmethod
    def replay(cls, seed: int, actions: Sequence[Action], rules: RuleSet | None = None,
               levels: Sequence[int] | None = None, declarer: int | None = None) -> Hand:
        """Rebuild a hand from its seed and action list (raises if an action is illegal)."""
        hand = cls(seed, rules, levels, declarer)
        for action in actions:
            hand.apply(action)
        return hand

    def summary(self) -> dict:
        """A JSON-ready record of a finished hand (the `selfplay --json` format)."""
        r = self._s.result
        if r is None:
            raise WrongPhase("wrong_phase", phase=self._s.phase.label)
        return {
            "declarer": r.declarer, "friend": r.friend,
            "trump": {"level": r.trump.level, "suit": r.trump.suit},
            "friend_card": str(self._s.friend_card) if self._s.friend_card is not None else None,
            "kitty": [NAMES[c] for c in r.kitty],
            "defender_points": r.defender_points, "trick_points": r.trick_points,
            "kitty_points": r.kitty_points, "kitty_multiplier": r.kitty_multiplier,
            "kitty_bonus": r.kitty_bonus, "side": r.side, "levels_up": r.levels_up,
            "levels_before": list(r.levels_before), "levels_after": list(r.levels_after),
            "score": list(r.score), "failed_throws": list(r.failed_throws),
            "next_declarer": r.next_declarer, "match_won": r.match_won,
            "tricks": [t.to_dict() for t in self._s.tricks],
        }


def _require_held(hand: Sequence[int], cards: Sequence[int],
                  error: type[IllegalAction] = IllegalPlay) -> None:
    """Raise `error` ("You do not hold …") when `cards` are not all in `hand`."""
    missing = missing_cards(hand, cards)
    if missing:
        raise error("not_in_hand", cards=cards_text(sorted(missing)))


def _remove(hand: list[Card], cards: Sequence[int]) -> None:
    for c in cards:
        hand.remove(c)


# action type -> (perform it, check it dry); which phase takes which type is `PHASES`
_HANDLERS: dict[type, tuple[Callable[[Hand, Any], None],
                            Callable[[Hand, Any], IllegalAction | None]]] = {
    Bid: (Hand._bid, Hand._bid_error),
    Pass: (Hand._pass, Hand._pass_error),
    Bury: (Hand._bury, Hand._bury_error),
    CallFriend: (Hand._call, Hand._call_error),
    Play: (Hand._play, Hand._play_error),
}

__all__ = ["Hand", "HandResult", "Observation", "Trick"]
