"""Reading one TOML table of a lesson file, with errors that name file, place and field."""

from __future__ import annotations

from typing import Any

from tutor.rules import Card, CardError, Trump, parse_cards

from .errors import LessonFileError
from .text import Text, marked_cards

MAX_COPIES = 3


class Fields:
    """A table from a lesson file; every read records the field so unknown ones are caught."""

    def __init__(self, raw: Any, file: str, where: str | None) -> None:
        self.file = file
        self.where = where
        if not isinstance(raw, dict):
            raise self.error(None, "must be a table of fields")
        self.raw = raw
        self.used: set[str] = set()

    def error(self, field: str | None, message: str) -> LessonFileError:
        return LessonFileError(self.file, self.where, field, message)

    def has(self, name: str) -> bool:
        return name in self.raw

    def get(self, name: str, default: Any = None) -> Any:
        self.used.add(name)
        return self.raw.get(name, default)

    def required(self, name: str) -> Any:
        self.used.add(name)
        if name not in self.raw:
            raise self.error(name, "is missing")
        return self.raw[name]

    def finish(self) -> None:
        """Raise on any field nobody read (usually a typo)."""
        extra = sorted(set(self.raw) - self.used)
        if extra:
            raise self.error(extra[0], "is not a known field here")

    # ------------------------------------------------------------------ values
    def string(self, name: str, default: str | None = None) -> str:
        value = self.required(name) if default is None else self.get(name, default)
        if not isinstance(value, str) or not value.strip():
            raise self.error(name, "must be a non-empty string")
        return value.strip()

    def text(self, name: str, required: bool = True) -> Text | None:
        """A bilingual text: a table `{ en = "...", zh = "..." }`; card marks are checked."""
        if not required and name not in self.raw:
            self.used.add(name)
            return None
        value = self.required(name)
        if not isinstance(value, dict) or set(value) != {"en", "zh"}:
            raise self.error(name, 'must be a table with exactly "en" and "zh" texts')
        for lang in ("en", "zh"):
            if not isinstance(value[lang], str) or not value[lang].strip():
                raise self.error(f"{name}.{lang}", "must be a non-empty string")
            try:
                marked_cards(value[lang])
            except CardError as exc:
                raise self.error(f"{name}.{lang}", f"bad card in [[...]]: {exc}") from None
        return Text(value["en"].strip(), value["zh"].strip())

    def integer(self, name: str, low: int, high: int, default: int | None = None) -> int:
        value = self.required(name) if default is None else self.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.error(name, f"must be a whole number from {low} to {high}")
        return value

    def choice(self, name: str, options: tuple[str, ...], default: str | None = None) -> str:
        value = self.required(name) if default is None else self.get(name, default)
        if value not in options:
            raise self.error(name, f"must be one of {', '.join(options)} (not {value!r})")
        return value

    def cards(self, name: str, minimum: int = 1, default: str | None = None) -> list[Card]:
        """Cards written as in RULES.md: `"AH AH KH KH"`; at most three copies of a card."""
        value = self.required(name) if default is None else self.get(name, default)
        return self._parse(name, value, minimum)

    def card_lists(self, name: str, count: tuple[int, int]) -> list[list[Card]]:
        """A list of card strings (one per player), `count` = (fewest, most) entries."""
        value = self.required(name)
        if not isinstance(value, list) or not count[0] <= len(value) <= count[1]:
            raise self.error(name, f"must be a list of {count[0]} to {count[1]} card strings")
        return [self._parse(f"{name}[{i}]", v, 0) for i, v in enumerate(value)]

    def _parse(self, name: str, value: Any, minimum: int) -> list[Card]:
        if not isinstance(value, str):
            raise self.error(name, 'must be a string of cards, like "AH AH KH KH"')
        try:
            cards = parse_cards(value)
        except CardError as exc:
            raise self.error(name, str(exc)) from None
        if len(cards) < minimum:
            raise self.error(name, f"must hold at least {minimum} card(s)")
        for c in set(cards):
            if cards.count(c) > MAX_COPIES:
                raise self.error(name, f"{c} appears more than {MAX_COPIES} times (3 decks)")
        return cards

    def trump(self, level: str = "2", suit: str | None = None) -> Trump:
        """The trump from `level` and `suit` (defaults given by the lesson or page)."""
        lv = self.get("level", level)
        st = self.get("suit", suit)
        if st == "none":
            st = None
        try:
            return Trump(str(lv), st)
        except CardError as exc:
            field = "suit" if "suit" in str(exc) else "level"
            raise self.error(field, str(exc)) from None
