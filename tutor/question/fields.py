"""Reading one TOML table of a lesson or puzzle file, with errors that name file, place and field.

Every kind reads its position through a `Fields`, so a missing, misspelt or malformed field is
reported the same way everywhere, in both languages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.rules import Card, CardError, Trump, parse_cards
from tutor.text import Text, both

from .errors import QuestionFileError
from .text import marked_cards

SEATS = 5
DECKS = 3
_MISSING: Any = ...


class Fields:
    """The raw fields of one table, read and checked one by one; unread fields are typos."""

    def __init__(self, raw: Any, file: str, where: Text | str | None = None,
                 default_trump: Trump | None = None) -> None:
        self.file = file
        self.where = where
        self.default_trump = default_trump  # a lesson page's trump; puzzles name their own
        self.used: set[str] = set()
        if not isinstance(raw, Mapping):
            raise self.error(None, both("question.err_table"))
        self.raw: Mapping[str, Any] = raw

    def error(self, field: str | None, message: Text) -> QuestionFileError:
        """A QuestionFileError for this table and `field`."""
        return QuestionFileError(self.file, self.where, field, message)

    def has(self, name: str) -> bool:
        """True if the table has this field."""
        return name in self.raw

    def get(self, name: str, default: Any = None) -> Any:
        """A field as written (no check), or `default`."""
        self.used.add(name)
        return self.raw.get(name, default)

    def required(self, name: str) -> Any:
        """A field as written; an error if it is missing."""
        self.used.add(name)
        if name not in self.raw:
            raise self.error(name, both("question.err_missing"))
        return self.raw[name]

    def unused(self) -> list[str]:
        """Fields nothing read: unknown fields (usually typos)."""
        return sorted(set(self.raw) - self.used)

    def finish(self) -> None:
        """Raise on the first field nobody read."""
        extra = self.unused()
        if extra:
            raise self.error(extra[0], both("question.err_unknown"))

    def _get(self, name: str, kind: type | tuple[type, ...], what: str, default: Any) -> Any:
        if default is not _MISSING and name not in self.raw:
            self.used.add(name)
            return default
        value = self.required(name)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise self.error(name, both("question.err_type", what=both(f"question.what_{what}"),
                                        value=repr(value)))
        return value

    # ------------------------------------------------------------------ values
    def string(self, name: str, default: Any = _MISSING) -> str:
        """A non-empty text field, stripped."""
        value = self._get(name, str, "text", default)
        if value is default:
            return value
        if not value.strip():
            raise self.error(name, both("question.err_empty"))
        return value.strip()

    def choice(self, name: str, choices: Sequence[str], default: Any = _MISSING) -> str:
        """A text field that must be one of `choices`."""
        value = self._get(name, str, "text", default)
        if value not in choices:
            raise self.error(name, both("question.err_choice", options=", ".join(choices),
                                        value=repr(value)))
        return value

    def integer(self, name: str, lo: int, hi: int, default: Any = _MISSING) -> int:
        """A whole number within [lo, hi]."""
        value = self._get(name, int, "int", default)
        if not lo <= value <= hi:
            raise self.error(name, both("question.err_range", lo=lo, hi=hi, value=value))
        return value

    def seat(self, name: str, default: Any = _MISSING) -> int:
        """A seat number 0–4."""
        return self.integer(name, 0, SEATS - 1, default)

    def seat_or_alone(self, name: str) -> int | None:
        """A seat number, or `"alone"` for a declarer who plays one against four."""
        if self.has(name) and self.raw[name] == "alone":
            self.used.add(name)
            return None
        return self.seat(name)

    def int_list(self, name: str, length: int, lo: int, hi: int, default: Any = _MISSING
                 ) -> list[int]:
        """`length` whole numbers in [lo, hi]."""
        value = self._get(name, list, "int_list", default)
        if len(value) != length or not all(
                isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi for v in value):
            raise self.error(name, both("question.err_int_list", n=length, lo=lo, hi=hi))
        return list(value)

    def text(self, name: str, required: bool = True) -> Text | None:
        """A bilingual text `{ en = "...", zh = "..." }`; its card marks are checked."""
        if not required and name not in self.raw:
            self.used.add(name)
            return None
        value = self.required(name)
        if not isinstance(value, Mapping) or set(value) != {"en", "zh"}:
            raise self.error(name, both("question.err_bilingual"))
        for lang in ("en", "zh"):
            if not isinstance(value[lang], str) or not value[lang].strip():
                raise self.error(f"{name}.{lang}", both("question.err_empty"))
            try:
                marked_cards(value[lang])
            except CardError as exc:
                raise self.error(f"{name}.{lang}", both("question.err_mark", error=str(exc))
                                 ) from None
        return Text(value["en"].strip(), value["zh"].strip())

    # ------------------------------------------------------------------- cards
    def cards(self, name: str, min_len: int = 0, max_len: int = 200,
              default: Any = _MISSING) -> list[Card]:
        """Cards written as in RULES.md (`"AH AH 10H"`), between min_len and max_len of them."""
        value = self._get(name, str, "cards", default)
        return self._cards(name, value, min_len, max_len)

    def card(self, name: str) -> Card:
        """Exactly one card."""
        return self.cards(name, 1, 1)[0]

    def card_lists(self, name: str, min_items: int, max_items: int,
                   min_len: int = 0, max_len: int = 200) -> list[list[Card]]:
        """A list of card strings, one per seat or play."""
        value = self._get(name, list, "card_lists", _MISSING)
        if not min_items <= len(value) <= max_items:
            raise self.error(name, both("question.err_items_exact", n=min_items, value=len(value))
                             if min_items == max_items else
                             both("question.err_items", lo=min_items, hi=max_items,
                                  value=len(value)))
        out = []
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise self.error(f"{name}[{i + 1}]", both("question.err_type", value=repr(item),
                                                          what=both("question.what_cards")))
            out.append(self._cards(f"{name}[{i + 1}]", item, min_len, max_len))
        return out

    def _cards(self, name: str, text: str, min_len: int, max_len: int) -> list[Card]:
        try:
            result = parse_cards(text)
        except CardError as exc:
            raise self.error(name, both("question.err_card", error=str(exc))) from None
        if not min_len <= len(result) <= max_len:
            raise self.error(name, both("question.err_count", lo=min_len, hi=max_len,
                                        value=len(result)))
        self.check_copies(name, result)
        return result

    def check_copies(self, name: str, *groups: Sequence[int]) -> None:
        """No card appears more than 3 times across the groups (3 decks)."""
        seen: dict[int, int] = {}
        for group in groups:
            for c in group:
                seen[c] = seen.get(c, 0) + 1
        over = sorted(Card(c) for c, n in seen.items() if n > DECKS)
        if over:
            raise self.error(name, both("question.err_copies",
                                        cards=" ".join(str(c) for c in over), n=DECKS))

    def trump(self) -> Trump:
        """`level` (2..10, J, Q, K, A) and `suit` (S, H, D, C or "none"); a lesson page gives
        defaults (`default_trump`), a puzzle names both."""
        default = self.default_trump
        if default is None:
            level, suit = self.string("level"), self.string("suit")
        else:
            level = str(self.get("level", default.level))
            suit = self.get("suit", default.suit if default.suit else "none")
        try:
            return Trump(level, None if str(suit).lower() == "none" else suit)
        except CardError as exc:
            field = "suit" if "suit" in str(exc) else "level"
            raise self.error(field, both("question.err_trump", error=str(exc))) from None
