"""A puzzle's public position drawn as cards (from `Puzzle.public()`, so no answer leaks)."""

from __future__ import annotations

from html import escape
from typing import Any

from tutor.rules import parse_cards

from ..cards import CARD_CSS, card_html
from ..i18n import t

POSITION_CSS = CARD_CSS + """
.zp-pos { display: flex; flex-direction: column; gap: 6px; font-family: system-ui, sans-serif; }
.zp-pos .row { display: flex; gap: 10px; align-items: center; }
.zp-pos .label { min-width: 110px; font-size: 13px; color: #444; }
.zp-pos .cards { display: flex; }
"""

CARD_FIELDS = ("throw", "hand", "lead", "cards", "kitty")


def _row(label: str, cards: str) -> str:
    drawn = "".join(card_html(c) for c in parse_cards(cards)) if cards.strip() else "—"
    return (f'<div class="row"><span class="label">{escape(label)}</span>'
            f'<span class="cards">{drawn}</span></div>')


def position_html(public: dict[str, Any], lang: str) -> str:
    """The cards of a puzzle's position: hands, plays and candidates, labelled."""
    position = public.get("position", {})
    rows = []  # cards drawn plain: marking trumps could answer "which are trumps?"
    for key in CARD_FIELDS:
        value = position.get(key)
        if isinstance(value, str):
            rows.append(_row(t(f"pos_{key}", lang), value))
    for key in ("plays", "others"):
        for entry in position.get(key) or []:
            if isinstance(entry, dict) and "cards" in entry:
                rows.append(_row(t("seat", lang, n=entry["seat"]), entry["cards"]))
    for cand in position.get("candidates") or []:
        rows.append(_row(f"{cand['letter']}", cand["cards"]))
    return f'<div class="zp-pos">{"".join(rows)}</div>' if rows else ""
