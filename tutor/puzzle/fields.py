"""Reading one puzzle entry's fields, with errors that name the file, puzzle id and field.

Every type reads its position through a `Fields`, so a missing, misspelt or malformed field
is reported the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.rules import Card, CardError, Trump, parse_cards

from .errors import PuzzleFileError
from .text import Text

SEATS = 5
DECKS = 3


class Fields:
    """The raw fields of one puzzle entry, read and checked one by one."""

    def __init__(self, raw: Mapping[str, Any], file: str, puzzle_id: str | None):
        self.raw = raw
        self.file = file
        self.id = puzzle_id
        self.used: set[str] = set()

    def error(self, field: str | None, en: str, zh: str) -> PuzzleFileError:
        """A PuzzleFileError for this entry and `field`, in both languages."""
        return PuzzleFileError(self.file, self.id, field, Text(en, zh))

    def has(self, name: str) -> bool:
        """True if the entry has this field."""
        return name in self.raw

    def _get(self, name: str, kind: type | tuple[type, ...], what: Text, default: Any = ...) -> Any:
        self.used.add(name)
        if name not in self.raw:
            if default is not ...:
                return default
            raise self.error(name, "missing", "缺少此字段")
        value = self.raw[name]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise self.error(name, f"must be {what.en}, not {value!r}",
                             f"应为{what.zh}，而不是 {value!r}")
        return value

    def string(self, name: str, default: Any = ...) -> str:
        """A text field."""
        return self._get(name, str, Text("text", "文本"), default)

    def choice(self, name: str, choices: Sequence[str], default: Any = ...) -> str:
        """A text field that must be one of `choices`."""
        value = self.string(name, default)
        if value not in choices:
            opts = ", ".join(choices)
            raise self.error(name, f"must be one of {opts}, not {value!r}",
                             f"应为 {opts} 之一，而不是 {value!r}")
        return value

    def integer(self, name: str, lo: int, hi: int, default: Any = ...) -> int:
        """A whole-number field within [lo, hi]."""
        value = self._get(name, int, Text("a whole number", "整数"), default)
        if not lo <= value <= hi:
            raise self.error(name, f"must be between {lo} and {hi}, not {value}",
                             f"应在{lo}到{hi}之间，而不是{value}")
        return value

    def seat(self, name: str, default: Any = ...) -> int:
        """A seat number 0–4."""
        return self.integer(name, 0, SEATS - 1, default)

    def seat_or_alone(self, name: str) -> int | None:
        """A seat number, or `"alone"` for a declarer who plays one against four."""
        self.used.add(name)
        value = self.raw.get(name, ...)
        if value == "alone":
            return None
        if value is ...:
            raise self.error(name, "missing", "缺少此字段")
        return self.seat(name)

    def cards(self, name: str, min_len: int = 0, max_len: int = 200,
              default: Any = ...) -> list[Card]:
        """Cards written as text (`"AH AH 10H"`), between min_len and max_len of them."""
        text = self.string(name, default)
        return self._cards(name, text, min_len, max_len)

    def _cards(self, name: str, text: str, min_len: int, max_len: int) -> list[Card]:
        try:
            result = parse_cards(text)
        except CardError as exc:
            raise self.error(name, str(exc), f"无法识别的牌：{exc}") from None
        if not min_len <= len(result) <= max_len:
            raise self.error(name, f"must hold {min_len} to {max_len} cards, not {len(result)}",
                             f"应有{min_len}到{max_len}张牌，而不是{len(result)}张")
        return result

    def card_lists(self, name: str, min_items: int, max_items: int,
                   min_len: int = 0, max_len: int = 200) -> list[list[Card]]:
        """A list of card strings, one per seat or play."""
        value = self._get(name, list, Text("a list of card strings", "牌的列表"))
        if not min_items <= len(value) <= max_items:
            span = str(min_items) if min_items == max_items else f"{min_items} to {max_items}"
            span_zh = span.replace(" to ", "到")
            raise self.error(name, f"must list {span} entries, not {len(value)}",
                             f"应列出{span_zh}项，而不是{len(value)}项")
        out = []
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise self.error(name, f"entry {i + 1} must be text like \"AH AH\"",
                                 f"第{i + 1}项应为牌的文本，如 \"AH AH\"")
            out.append(self._cards(f"{name}[{i + 1}]", item, min_len, max_len))
        return out

    def int_list(self, name: str, length: int, lo: int, hi: int, default: Any = ...) -> list[int]:
        """`length` whole numbers in [lo, hi]."""
        value = self._get(name, list, Text("a list of whole numbers", "整数列表"), default)
        if len(value) != length or not all(
                isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in value):
            raise self.error(name, f"must be {length} whole numbers from {lo} to {hi}",
                             f"应为{length}个{lo}到{hi}之间的整数")
        return list(value)

    def card(self, name: str) -> Card:
        """Exactly one card."""
        return self.cards(name, 1, 1)[0]

    def trump(self) -> Trump:
        """`level` (2..10, J, Q, K, A) and `suit` (S, H, D, C, or "none")."""
        level = self.string("level")
        suit = self.string("suit")
        try:
            return Trump(level, None if suit.lower() == "none" else suit)
        except CardError as exc:
            field = "suit" if "suit" in str(exc) else "level"
            raise self.error(field, str(exc), f"主牌设置有误：{exc}") from None

    def unused(self) -> list[str]:
        """Fields of the entry that nothing read: unknown fields (usually typos)."""
        return sorted(set(self.raw) - self.used)

    def check_copies(self, name: str, *groups: Sequence[int]) -> None:
        """No card appears more than 3 times across the position (3 decks)."""
        seen: dict[int, int] = {}
        for group in groups:
            for c in group:
                seen[c] = seen.get(c, 0) + 1
        over = sorted(Card(c) for c, n in seen.items() if n > DECKS)
        if over:
            names = " ".join(str(c) for c in over)
            raise self.error(name, f"{names} appears more than {DECKS} times (3 decks)",
                             f"{names} 出现超过{DECKS}次（只有三副牌）")
