"""The seats of a shared table as HTML: who sits where, who hosts, who is away; and, for a
teacher watching, every hand. Names are typed by people: they go through `user_text`."""

from __future__ import annotations

from tutor.rules import Hand
from tutor.store.tables import TableInfo
from tutor.tables.game import PLAYERS
from tutor.text import section

from ..cards import card_html
from ..i18n import t as ui_text
from ..safe import user_text

t = section("tables")

SEATS_CSS = """
.zp-seats { display: flex; flex-wrap: wrap; gap: 6px 10px; font-size: 14px; margin: 4px 0; }
.zp-seats .s { border: 1px solid #d0d7de; border-radius: 8px; padding: 3px 8px; background: #fff; }
.zp-seats .s.me { border-color: #1e88e5; } .zp-seats .s.away { color: #8a6d3b; }
.zp-seats .tag { font-size: 11px; color: #fff; background: #6d4c41; border-radius: 10px;
  padding: 0 6px; margin-left: 4px; }
.zp-table-head code { word-break: break-all; }
.zp-table-head h3 { margin: 4px 0; } .zp-table-head details summary { cursor: pointer; }
@media (max-width: 700px) {  /* at a phone's turn the hand and its buttons come first */
  .zp-seats[data-status="playing"] .s:not(.away) { display: none; }
  .zp-seats[data-status="playing"] { margin: 0; }
}
.zp-hands .row { margin: 6px 0 10px; }
.zp-hands .who { font-size: 13px; margin-bottom: 2px; }
.zp-hands .zp-played { flex-wrap: wrap; row-gap: 4px; min-height: 0; }
"""


def seats_html(info: TableInfo, me: int | None, lang: str) -> str:
    """Every seat in one line each: its number, who (a person's name, or the computer and
    its strength), and whether its person is away (on a phone, once the match is playing,
    only the away ones: the table names everyone, and the hand comes first)."""
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
    return (f'<div class="zp-seats" data-status="{info.status}">{"".join(parts)}</div>')


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


def hands_html(hand: Hand, lang: str, names: list[str] | None = None) -> str:
    """Every seat's cards drawn as cards, under who holds them (a teacher watching with every
    hand shown; never a player's page). `names`: the people by seat ("" for a computer);
    the pane needs `TABLE_CSS` for the cards."""
    trump = hand.trump
    names = names or [""] * hand.rules.players
    rows = []
    for seat in range(hand.rules.players):
        cards = sorted(hand.cards_of(seat))  # as wide as the page allows, then wrapped
        label = t("seat_label", lang, n=seat)
        who = user_text(names[seat]) if names[seat] else t("seat_nobody", lang)
        rows.append(f'<div class="row" data-seat="{seat}"><div class="who"><b>{label}</b>'
                    f"{t('seat_colon', lang)}{who}</div>"
                    f'<div class="zp-played zp-small">'
                    f'{"".join(card_html(c, trump, lang=lang) for c in cards)}</div></div>')
    return f'<div class="zp-hands"><b>{t("all_hands", lang)}</b>{"".join(rows)}</div>'
