"""Checks on arguments before they reach SQL, so bad input gets a clear `InvalidInput`."""

from __future__ import annotations

import json
import math
import unicodedata
from typing import Any

from tutor.store.errors import TYPED, InvalidInput


def text(value: object, what: str, max_len: int = 100) -> str:
    """A non-empty single-line string (NFC, trimmed) of at most `max_len` characters."""
    def bad(message: str, key: str, **params: object) -> InvalidInput:
        # a typed field's message is said in the page's language (`InvalidInput.text`)
        return InvalidInput(message, key if what in TYPED else None, what=what, **params)

    if not isinstance(value, str):
        raise bad(f"The {what} must be text, not {type(value).__name__}.", "not_text")
    cleaned = unicodedata.normalize("NFC", value).strip()
    if not cleaned:
        raise bad(f"The {what} must not be empty.", "empty")
    if len(cleaned) > max_len:
        raise bad(f"The {what} is too long (at most {max_len} characters).", "too_long",
                  n=max_len)
    if any(unicodedata.category(ch).startswith("C") for ch in cleaned):
        raise bad(f"The {what} must not contain control characters.", "control")
    return cleaned


def username(value: object) -> str:
    """A login name, compared without regard to case or full/half-width forms."""
    name = unicodedata.normalize("NFKC", text(value, "username", 40)).casefold()
    if any(ch.isspace() for ch in name):
        raise InvalidInput("The username must not contain spaces.", "username_spaces")
    return name


def secret(value: object) -> str:
    """A password or PIN: at least 4 characters."""
    if not isinstance(value, str) or len(value) < 4:
        raise InvalidInput("The password or PIN must be at least 4 characters.",
                           "secret_short", n=4)
    if len(value) > 1024:
        raise InvalidInput("The password is too long (at most 1024 characters).",
                           "secret_long", n=1024)
    return value


def choice(value: object, what: str, allowed: tuple[str, ...]) -> str:
    """One of `allowed`."""
    if value not in allowed:
        raise InvalidInput(f"The {what} must be one of {', '.join(allowed)}, not {value!r}.")
    return str(value)


def number(value: object, what: str, *, minimum: float | None = None) -> float:
    """A finite number, optionally at least `minimum`."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InvalidInput(f"The {what} must be a finite number, not {value!r}.")
    if minimum is not None and value < minimum:
        raise InvalidInput(f"The {what} must be at least {minimum}, not {value!r}.")
    return float(value)


def integer(value: object, what: str, *, minimum: int | None = None) -> int:
    """A whole number, optionally at least `minimum`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(f"The {what} must be a whole number, not {value!r}.")
    if minimum is not None and value < minimum:
        raise InvalidInput(f"The {what} must be at least {minimum}, not {value!r}.")
    return value


def to_json(value: Any, what: str) -> str:
    """`value` as JSON text; NaN, infinities, non-JSON objects and text that is not valid
    Unicode (a lone surrogate, which no file or database can hold) are refused."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        text.encode("utf-8")
        return text
    except (TypeError, ValueError) as exc:  # UnicodeEncodeError is a ValueError
        raise InvalidInput(f"The {what} cannot be saved as JSON: {exc}") from exc
