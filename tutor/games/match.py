"""A match in progress: its hands so far, the one being played, and the computer player of
each seat. Solo play (`ui.play.session.PlaySession`) and shared tables
(`tables.game.TableGame`) are both one of these: the rules of moving a match on, and the
seeding that makes a seat's computer player the same wherever it is asked for, live here
once."""

from __future__ import annotations

from typing import Any

from tutor.ai import PlayerSpec, strength_spec
from tutor.rules import Action, Event, Hand, HandResult, Match, Phase, RuleSet


class MatchInProgress:
    """Match `seed` under `rules`, up to `max_hands` hands, computer players of `strength`."""

    def __init__(self, seed: int, strength: str, max_hands: int | None,
                 rules: RuleSet) -> None:
        self.seed, self.strength, self.max_hands, self.rules = seed, strength, max_hands, rules
        self.match = Match(seed=seed, rules=rules, max_hands=max_hands)
        self.hand: Hand = self.match.new_hand()
        self.finished_hands: list[Hand] = []

    @property
    def hand_index(self) -> int:
        """The current hand's number, from 0."""
        return len(self.finished_hands)

    @property
    def hand_number(self) -> int:
        """The current hand's number, from 1 (as people count)."""
        return self.hand_index + 1

    @property
    def hand_over(self) -> bool:
        return self.hand.phase == Phase.FINISHED

    @property
    def match_over(self) -> bool:
        return self.match.finished

    @property
    def results(self) -> list[HandResult]:
        return list(self.match.results)

    def spec(self, seat: int) -> PlayerSpec:
        """The computer player for `seat`: the same one whichever process asks."""
        return strength_spec(self.strength, self.seed * 7 + seat)

    def apply(self, action: Action) -> list[Event]:
        """Apply `action` to the current hand (`IllegalAction`: nothing changed); a hand
        that ends is recorded in the match."""
        events = self.hand.apply(action)
        if self.hand.phase == Phase.FINISHED:
            self.match.record(self.hand)
        return events

    def check_next_hand(self) -> None:
        """ValueError unless a next hand may be dealt (this one over, the match not)."""
        if not self.hand_over:
            raise ValueError("the current hand is not finished")
        if self.match_over:
            raise ValueError("the match is over")

    def deal_next(self) -> Hand:
        """Deal the next hand of the match (`check_next_hand` first)."""
        self.check_next_hand()
        self.finished_hands.append(self.hand)
        self.hand = self.match.new_hand()
        return self.hand

    def completed_hands(self) -> list[Hand]:
        """Every finished hand so far, the current one included once it is over."""
        return self.finished_hands + ([self.hand] if self.hand_over else [])

    def summary(self) -> dict[str, Any]:
        """A JSON-ready result of the match so far (for the games list, and saved when a
        table's match ends)."""
        return {"hands": len(self.match.results), "levels": list(self.match.levels),
                "totals": list(self.match.totals), "finished": self.match_over}
