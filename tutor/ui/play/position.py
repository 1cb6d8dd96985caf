"""A decision's position as the person saw it: the table, and under it their hand at that
moment, drawn as the personal puzzle made from the same position draws it."""

from __future__ import annotations

from tutor.question import history, mark
from tutor.rules import Observation, Trump
from tutor.text import t

from ..marks import LEARN_CSS, render_text
from .table_html import TABLE_CSS, table_html

POSITION_CSS = TABLE_CSS + LEARN_CSS + ".zp-seen-hand { margin: 6px 0 0; line-height: 1.6; }"


def hand_then_html(obs: Observation, lang: str) -> str:
    """"Your hand: …" with the cards of `obs` in trump order (before a trump, level cards and
    jokers first), as the position's puzzle shows them."""
    trump = obs.trump or Trump(obs.level, None)
    # the sentence's full stop would sit alone on a line under a hand that wraps
    text = t("better_play.hand", lang, hand=mark(trump.sort(list(obs.hand)))).rstrip(".。")
    return f'<p class="zp-seen-hand">{render_text(text, trump, lang)}</p>'


def position_html(obs: Observation, seat: int, lang: str, hand_no: int) -> str:
    """The table as seat `seat` saw it at `obs`, its hand below, and the earlier tricks of
    the hand, folded until opened (as the position's puzzle shows them)."""
    trump = obs.trump or Trump(obs.level, None)
    tricks = [(trick.leader, [cards for _, cards in trick.plays]) for trick in obs.tricks]
    earlier = history(tricks, trump, seat).get(lang)
    return (table_html(obs, seat, lang, hand_no) + hand_then_html(obs, lang)
            + (render_text(earlier, trump, lang) if earlier else ""))
