"""RuleSet: every option RULES.md names, plus the table size (decks and players)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

FRIEND_RULES = ("holder", "nth_played")
KITTY_RULES = ("first", "max")


@dataclass(frozen=True)
class RuleSet:
    """Options of one game. Defaults are RULES.md's: 3 decks, 5 players, 7-card kitty."""

    decks: int = 3
    players: int = 5
    friend_rule: str = "holder"  # "holder" (first holder after the declarer) or "nth_played"
    kitty_multiplier: str = "first"  # "first" match in the rule's order, or "max"
    kitty_size: int | None = None  # None: the smallest size ≥ 5 that deals out evenly

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= 4:
            raise ValueError("decks must be 1 to 4")
        if not 3 <= self.players <= 8:
            raise ValueError("players must be 3 to 8")
        if self.friend_rule not in FRIEND_RULES:
            raise ValueError(f"friend_rule must be one of {FRIEND_RULES}, not {self.friend_rule!r}")
        if self.kitty_multiplier not in KITTY_RULES:
            raise ValueError(
                f"kitty_multiplier must be one of {KITTY_RULES}, not {self.kitty_multiplier!r}")
        if self.kitty_size is not None and (
            self.kitty_size < 0 or (self.total_cards - self.kitty_size) % self.players
        ):
            raise ValueError("kitty_size must leave a deck that deals out evenly")

    @property
    def total_cards(self) -> int:
        return 54 * self.decks

    @property
    def kitty(self) -> int:
        """Cards in the kitty: 7 for 3 decks and 5 players (162 = 5 × 31 + 7)."""
        if self.kitty_size is not None:
            return self.kitty_size
        k = self.total_cards % self.players
        while k < 5:
            k += self.players
        return k

    @property
    def hand_size(self) -> int:
        return (self.total_cards - self.kitty) // self.players

    @property
    def total_points(self) -> int:
        return 100 * self.decks

    @property
    def step(self) -> int:
        """Points per level step: 20 × decks (60 with 3 decks)."""
        return 20 * self.decks

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> RuleSet:
        return cls(**data)
