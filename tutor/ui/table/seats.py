"""The seats of a shared table as HTML: who sits where, who hosts, who is away; and, for a
teacher watching, every hand. Names are typed by people: they go through `user_text`."""

from __future__ import annotations

from tutor.rules import Hand
from tutor.store.tables import TableInfo
from tutor.tables.game import PLAYERS
from tutor.text import section

from ..i18n import t as ui_text
from ..play.table_html import cards_row
from ..safe import user_text

t = section("tables")

SEATS_CSS = """
.zp-seats { display: flex; flex-wrap: wrap; gap: 6px 10px; font-size: 14px; margin: 4px 0; }
.zp-seats .s { border: 1px solid #d0d7de; border-radius: 8px; padding: 3px 8px; background: #fff; }
.zp-seats .s.me { border-color: #1e88e5; } .zp-seats .s.away { color: #8a6d3b; }
.zp-seats .tag { font-size: 11px; color: #fff; background: #6d4c41; border-radius: 10px;
  padding: 0 6px; margin-left: 4px; }
.zp-table-head code { word-break: break-all; }
.zp-hands .row { display: flex; gap: 8px; align-items: center; margin: 2px 0; flex-wrap: wrap; }
.zp-hands .who { min-width: 70px; font-size: 13px; }
"""


def seats_html(info: TableInfo, me: int | None, lang: str) -> str:
    """Every seat in one line each: its number, who (a person's name, or the computer and
    its strength), and whether its person is away."""
    strength = ui_text(f"strength_{info_strength(info)}", lang)
    parts = []
    for s in info.seats:
        label = t("seat_label", lang, n=s.seat)
        if s.user_id is None:
            who = t("seat_computer", lang, strength=strength)
        else:
            who = user_text(s.name or "?")
            if s.seat == me:
                who += t("seat_you", lang)
            if s.away:
                who += f" · {t('seat_away', lang)}"
        host = (f'<span class="tag">{t("host_badge", lang)}</span>'
                if s.user_id is not None and s.user_id == info.host_id else "")
        kind = " me" if s.seat == me else ""
        kind += " away" if s.away else ""
        parts.append(f'<span class="s{kind}" data-seat="{s.seat}"><b>{label}</b>'
                     f'{t("seat_colon", lang)}{who}{host}</span>')
    return f'<div class="zp-seats">{"".join(parts)}</div>'


def seat_names(info: TableInfo) -> list[str]:
    """Who sits at each seat, by seat number: a person's name, "" for a computer player."""
    names = [""] * PLAYERS
    for s in info.seats:
        if s.user_id is not None and 0 <= s.seat < PLAYERS:
            names[s.seat] = s.name or ""
    return names


def info_strength(info: TableInfo) -> str:
    """The strength of the table's computer players."""
    return str(info.options.get("strength", "easy"))


def hands_html(hand: Hand, lang: str) -> str:
    """Every seat's cards (a teacher watching with every hand shown; never a player's page)."""
    trump = hand.trump
    rows = "".join(
        f'<div class="row" data-seat="{seat}"><span class="who">'
        f'{t("seat_label", lang, n=seat)}</span>'
        f"{cards_row(sorted(hand.cards_of(seat)), trump, lang=lang)}</div>"
        for seat in range(hand.rules.players))
    return f'<div class="zp-hands"><b>{t("all_hands", lang)}</b>{rows}</div>'
