"""The rules of 找朋友 (Finding Friends): the public facade.

Notebooks, puzzles, lessons, AI and UI import from here only. Pure Python: no I/O, no UI,
no randomness except a `random.Random` passed in.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import (
    Action,
    Bid,
    Bury,
    CallFriend,
    Event,
    EventKind,
    Pass,
    Play,
    action_from_dict,
    action_to_dict,
    make_play,
)
from .bidding import StandingBid, bid_error, bid_options, kitty_trump_suit
from .cards import (
    ALL_CARDS,
    RANK_VALUE,
    RANKS,
    SUIT_NAMES_EN,
    SUIT_NAMES_ZH,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardError,
    deck,
    format_cards,
    parse_card,
    parse_cards,
    points_of,
)
from .config import RuleSet
from .errors import (
    IllegalAction,
    IllegalBid,
    IllegalBury,
    IllegalFriendCall,
    IllegalPlay,
    NotYourTurn,
    RuleError,
    WrongPhase,
)
from .follow import clear_caches, follow_error, is_legal_follow, legal_follows, sample_follow
from .friend import friend_call_error, holder_friend, nth_played_friend
from .hand import Hand
from .match import SMALL_SEED, Match, hand_seed
from .moves import random_lead
from .observation import HandResult, Observation, Trick
from .phase import Phase
from .scoring import (
    LEVEL_NAMES,
    kitty_multiplier,
    level_change,
    multiplier_candidates,
    raise_level,
    score_points,
)
from .text import Text
from .throw import ThrowResult, throw_check
from .trick import TrickState, trick_state, trick_winner, winner_with
from .trump import TRUMP, Trump
from .units import MixedSuitError, Unit, decompose, is_titanic, is_tractor, tally


def card_points(cards: Sequence[int]) -> int:
    """Card points of some cards (5 → 5, 10 and K → 10)."""
    return points_of(cards)


__all__ = [
    "ALL_CARDS",
    "LEVEL_NAMES",
    "RANKS",
    "RANK_VALUE",
    "SMALL_SEED",
    "SUITS",
    "SUIT_NAMES_EN",
    "SUIT_NAMES_ZH",
    "SUIT_SYMBOLS",
    "TRUMP",
    "Action",
    "Bid",
    "Bury",
    "CallFriend",
    "Card",
    "CardError",
    "Event",
    "EventKind",
    "Hand",
    "HandResult",
    "IllegalAction",
    "IllegalBid",
    "IllegalBury",
    "IllegalFriendCall",
    "IllegalPlay",
    "Match",
    "MixedSuitError",
    "NotYourTurn",
    "Observation",
    "Pass",
    "Phase",
    "Play",
    "RuleError",
    "RuleSet",
    "StandingBid",
    "Text",
    "ThrowResult",
    "Trick",
    "TrickState",
    "Trump",
    "Unit",
    "WrongPhase",
    "action_from_dict",
    "action_to_dict",
    "bid_error",
    "bid_options",
    "card_points",
    "clear_caches",
    "deck",
    "decompose",
    "follow_error",
    "format_cards",
    "friend_call_error",
    "hand_seed",
    "holder_friend",
    "is_legal_follow",
    "is_titanic",
    "is_tractor",
    "kitty_multiplier",
    "kitty_trump_suit",
    "legal_follows",
    "level_change",
    "make_play",
    "multiplier_candidates",
    "nth_played_friend",
    "parse_card",
    "parse_cards",
    "raise_level",
    "random_lead",
    "sample_follow",
    "score_points",
    "tally",
    "throw_check",
    "trick_state",
    "trick_winner",
    "winner_with",
]
