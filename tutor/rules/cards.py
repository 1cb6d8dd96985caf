"""Cards, notation, decks and card points.

A card is a small int (its *kind*, 0..53) so hands sort, hash and compare at C speed;
the 54 `Card` objects are interned, and three identical copies of a card are equal.
Kind = suit_index * 13 + (rank - 2) for suited cards; 52 is the small joker, 53 the big one.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES_EN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_NAMES_ZH = {"S": "黑桃", "H": "红桃", "D": "方块", "C": "梅花"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}  # "2" -> 2 ... "A" -> 14
SMALL_JOKER = 52
BIG_JOKER = 53
N_KINDS = 54


class CardError(ValueError):
    """Text that is not a card, with a message a learner can read."""


class Card(int):
    """One playing card. `str(card)` is the canonical ASCII form: `10H`, `AS`, `SJ`, `BJ`."""

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, Card):
            return value
        if not 0 <= value < N_KINDS:
            raise CardError(f"no card has index {value}")
        return _CARDS[value]

    @property
    def is_joker(self) -> bool:
        return self >= SMALL_JOKER

    @property
    def suit(self) -> str | None:
        """Printed suit letter, or None for a joker."""
        return None if self >= SMALL_JOKER else SUITS[self // 13]

    @property
    def rank(self) -> str:
        """Printed rank: `2`..`10`, `J`, `Q`, `K`, `A`, or `SJ` / `BJ` for jokers."""
        if self >= SMALL_JOKER:
            return "SJ" if self == SMALL_JOKER else "BJ"
        return RANKS[self % 13]

    @property
    def points(self) -> int:
        return POINTS[self]

    @property
    def symbol(self) -> str:
        """Unicode form for display: `10♥`, `小王`, `大王`."""
        return SYMBOL_NAMES[self]

    def name(self, lang: str = "en") -> str:
        """The card in running text: `10♥`; jokers `big joker` / `small joker` in English,
        `大王` / `小王` in Chinese."""
        return (SYMBOL_NAMES if lang == "zh" else EN_NAMES)[self]

    def __str__(self) -> str:
        return NAMES[self]

    def __repr__(self) -> str:
        return f"Card('{NAMES[self]}')"

    def _repr_html_(self) -> str:
        color = "#c0392b" if self.suit in ("H", "D") or self == BIG_JOKER else "#222"
        return f'<span style="color:{color};font-weight:600">{SYMBOL_NAMES[self]}</span>'

    def __reduce__(self):
        return (Card, (int(self),))


def _name(kind: int) -> str:
    if kind == SMALL_JOKER:
        return "SJ"
    if kind == BIG_JOKER:
        return "BJ"
    return RANKS[kind % 13] + SUITS[kind // 13]


def _symbol(kind: int) -> str:
    if kind == SMALL_JOKER:
        return "小王"
    if kind == BIG_JOKER:
        return "大王"
    return RANKS[kind % 13] + SUIT_SYMBOLS[SUITS[kind // 13]]


def _points(kind: int) -> int:
    if kind >= SMALL_JOKER:
        return 0
    return {"5": 5, "10": 10, "K": 10}.get(RANKS[kind % 13], 0)


_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, k) for k in range(N_KINDS))
NAMES: tuple[str, ...] = tuple(_name(k) for k in range(N_KINDS))
SYMBOL_NAMES: tuple[str, ...] = tuple(_symbol(k) for k in range(N_KINDS))
EN_NAMES: tuple[str, ...] = (*SYMBOL_NAMES[:SMALL_JOKER], "small joker", "big joker")
# in a list of cards each joker is one capitalised name, so `Big Joker 6♥ 6♥` reads as four
# cards with no commas (a button's `big joker, 6♥, 6♥` read as a list of options)
EN_LISTED: tuple[str, ...] = (*SYMBOL_NAMES[:SMALL_JOKER], "Small Joker", "Big Joker")
POINTS: tuple[int, ...] = tuple(_points(k) for k in range(N_KINDS))
ALL_CARDS: tuple[Card, ...] = _CARDS

_SUIT_ALIASES = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
                 "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_RANK_ALIASES = {r: r for r in RANKS} | {"T": "10", "1": "A"}
_JOKERS = {"SJ": SMALL_JOKER, "BJ": BIG_JOKER, "小王": SMALL_JOKER, "大王": BIG_JOKER,
           "XW": SMALL_JOKER, "DW": BIG_JOKER}
_TOKEN = re.compile(r"小王|大王|[^\s,;]+")
_BY_TEXT: dict[str, Card] = {}


def card(rank: str, suit: str) -> Card:
    """The card of a rank (`2`..`A`) and suit letter (`S`, `H`, `D`, `C`)."""
    return _CARDS[SUITS.index(suit) * 13 + RANKS.index(rank)]


def parse_card(text: str) -> Card:
    """One card from text: `AS`, `10H`, `TH`, `A♠`, `10♥`, `SJ`, `BJ`, `小王`, `大王`."""
    key = text.strip()
    hit = _BY_TEXT.get(key)
    if hit is not None:
        return hit
    up = key.upper()
    if up in _JOKERS:
        result = _CARDS[_JOKERS[up]]
    elif len(up) >= 2 and up[-1] in _SUIT_ALIASES and up[:-1] in _RANK_ALIASES:
        result = card(_RANK_ALIASES[up[:-1]], _SUIT_ALIASES[up[-1]])
    else:
        raise CardError(
            f"'{text}' is not a card: write rank then suit, like AS, 10H, 7♦, or SJ/BJ for jokers"
        )
    _BY_TEXT[key] = result
    return result


def parse_cards(text: str | Iterable[str | int]) -> list[Card]:
    """Cards from text separated by spaces or commas (`"AS AS 10H SJ"`), or from an iterable."""
    if isinstance(text, str):
        return [parse_card(tok) for tok in _TOKEN.findall(text)]
    return [Card(x) for x in text]


def format_cards(cards: Iterable[int], unicode: bool = False, lang: str | None = None) -> str:
    """Cards as text, space separated: canonical ASCII, or Unicode suits with `unicode=True`
    (jokers `小王`/`大王`). With `lang`, the running text a reader of that language sees:
    `Big Joker 10♥` in English, `大王 10♥` in Chinese."""
    if lang is not None:
        return " ".join((SYMBOL_NAMES if lang == "zh" else EN_LISTED)[c] for c in cards)
    names = SYMBOL_NAMES if unicode else NAMES
    return " ".join(names[c] for c in cards)


def points_of(cards: Iterable[int]) -> int:
    """Card points: every 5 is 5, every 10 and K is 10."""
    return sum(POINTS[c] for c in cards)


def deck(decks: int = 3) -> list[Card]:
    """`decks` full packs with jokers, in kind order (54 × decks cards)."""
    return [c for c in _CARDS for _ in range(decks)]


def shuffled_deck(rng: random.Random, decks: int = 3) -> list[Card]:
    """A deck shuffled by the given random source (the core never makes its own randomness)."""
    cards = deck(decks)
    rng.shuffle(cards)
    return cards
