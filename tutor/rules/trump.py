"""Trump order, effective suit and adjacency, precomputed once per (level, suit).

Every card gets an *effective suit* (0..3 for a plain suit, `TRUMP` for trumps) and a
*position* inside it: a rank with the level rank skipped, so two cards of one effective
suit are adjacent exactly when their positions differ by one. In trump the chain runs
`… K – A (trump suit) – off-suit level cards – trump-suit level card – SJ – BJ`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from .cards import (
    BIG_JOKER,
    N_KINDS,
    RANK_VALUE,
    RANKS,
    SMALL_JOKER,
    SUIT_NAMES_EN,
    SUIT_NAMES_ZH,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardError,
)

TRUMP = 4  # the effective-suit number of trumps
SUIT_LABELS = ("S", "H", "D", "C", "trump")

_LEVEL_ALIASES = {r: r for r in RANKS} | {"T": "10", "11": "J", "12": "Q", "13": "K", "14": "A"}
_TRUMP_TEXT = re.compile(r"^\s*(10|[2-9TJQKA]|1[1-4])\s*(NT|[SHDC♠♥♦♣])?\s*$", re.IGNORECASE)


def normalize_level(level: str | int) -> str:
    """A level rank as text (`2`..`10`, `J`, `Q`, `K`, `A`), from text or 2..14."""
    key = str(level).strip().upper()
    if key not in _LEVEL_ALIASES:
        raise CardError(f"'{level}' is not a level: use 2..10, J, Q, K or A")
    return _LEVEL_ALIASES[key]


@dataclass(frozen=True, slots=True, eq=False)
class TrumpTable:
    """Per-kind lookup tables for one trump; indexed by card kind (0..53).

    One instance per (level, suit), so identity equality and hashing are exact and cheap:
    the tables key the rules core's caches.
    """

    eff: tuple[int, ...]  # effective suit: 0..3 plain, TRUMP
    pos: tuple[int, ...]  # position inside the effective suit (adjacency = difference 1)
    sort_key: tuple[int, ...]  # display order: trumps first, high to low, then suits


@dataclass(frozen=True)
class Trump:
    """The trump of a hand: the level rank (`"2"`..`"A"`) and trump suit (`None`: no-trump)."""

    level: str
    suit: str | None
    table: TrumpTable = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        level = normalize_level(self.level)
        suit = self.suit
        if suit is not None:
            suit = str(suit).strip().upper()
            suit = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(suit, suit)
            if suit not in SUITS:
                raise CardError(
                    f"'{self.suit}' is not a suit: use S, H, D, C (or None for no-trump)")
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "table", _table(level, suit))

    @classmethod
    def parse(cls, text: str) -> Trump:
        """A trump from short text: the level then the suit letter or symbol (`"2H"`, `"10S"`,
        `"A♠"`), or the level alone or with `NT` for no trump suit (`"2"`, `"2NT"`).

        Raises `CardError` (a `ValueError`) saying what to write instead.
        """
        match = _TRUMP_TEXT.match(text) if isinstance(text, str) else None
        if match is None:
            raise CardError(f"'{text}' is not a trump: write the level then the suit, like '2H', "
                            "'10S' or 'A♠', or the level with NT for no trump suit ('2NT')")
        level, suit = match.group(1), match.group(2)
        return cls(level, None if suit is None or suit.upper() == "NT" else suit)

    @property
    def level_value(self) -> int:
        return RANK_VALUE[self.level]

    def is_trump(self, card: int) -> bool:
        return self.table.eff[card] == TRUMP

    def effective_suit(self, card: int) -> int:
        """0..3 for a plain suit (index into SUITS), `TRUMP` (4) for trumps."""
        return self.table.eff[card]

    def position(self, card: int) -> int:
        return self.table.pos[card]

    def beats(self, a: int, b: int) -> bool:
        """True if single card `a` beats `b` when `b` is the card to beat (led or winning)."""
        t = self.table
        ea, eb = t.eff[a], t.eff[b]
        if ea == eb:
            return t.pos[a] > t.pos[b]
        return ea == TRUMP

    def sort(self, cards: list[int]) -> list[Card]:
        """Cards in display order: trumps high to low, then each plain suit high to low."""
        key = self.table.sort_key
        return [Card(c) for c in sorted(cards, key=key.__getitem__)]

    def describe(self, lang: str = "en") -> str:
        """Human text for this trump, e.g. `level 2, trump ♥` / `打2，主♥`."""
        sym = SUIT_SYMBOLS[self.suit] if self.suit else None
        if lang == "zh":
            return f"打{self.level}，" + (f"主{SUIT_NAMES_ZH[self.suit]}{sym}" if sym else "无主")
        return f"level {self.level}, " + (
            f"trump {sym} ({SUIT_NAMES_EN[self.suit]})" if sym else "no trump suit"
        )

    def suit_label(self, eff: int, lang: str = "en") -> str:
        """Name of an effective suit for messages: `♥` or `trump` / `主牌`."""
        if eff == TRUMP:
            return "主牌" if lang == "zh" else "trumps"
        return SUIT_SYMBOLS[SUITS[eff]]


@cache
def _table(level: str, suit: str | None) -> TrumpTable:
    level_index = RANKS.index(level)
    plain_ranks = [i for i in range(13) if i != level_index]  # rank indexes, low to high
    rank_pos = {r: p for p, r in enumerate(plain_ranks)}  # 0..11
    top = len(plain_ranks)  # 12: position just above the trump-suit A
    eff = [0] * N_KINDS
    pos = [0] * N_KINDS
    for kind in range(52):
        s, r = divmod(kind, 13)
        if r == level_index:
            eff[kind] = TRUMP
            if suit is None:
                pos[kind] = 0
            else:
                pos[kind] = top + 1 if SUITS[s] == suit else top
        elif suit is not None and SUITS[s] == suit:
            eff[kind] = TRUMP
            pos[kind] = rank_pos[r]
        else:
            eff[kind] = s
            pos[kind] = rank_pos[r]
    # jokers sit just above the highest level card: 1, 2 in no-trump; top+2, top+3 otherwise
    base = 0 if suit is None else top + 1
    eff[SMALL_JOKER], pos[SMALL_JOKER] = TRUMP, base + 1
    eff[BIG_JOKER], pos[BIG_JOKER] = TRUMP, base + 2
    # display: trumps first, then plain suits in S H C D order (alternating colours)
    suit_rank = {TRUMP: 0, 0: 1, 1: 2, 3: 3, 2: 4}
    sort_key = [suit_rank[eff[k]] * 1000 + (100 - pos[k]) * 8 + (k // 13 if k < 52 else 0)
                for k in range(N_KINDS)]
    return TrumpTable(tuple(eff), tuple(pos), tuple(sort_key))
