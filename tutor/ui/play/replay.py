"""Replay a finished hand trick by trick, from a saved game record."""

from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from ..i18n import t
from .session import PlaySession
from .table_html import TABLE_CSS, seat_name, summary_html, trick_rows


class ReplayViewer(pn.viewable.Viewer):
    """Step through the tricks of each finished hand of one saved game."""

    lang = param.Selector(default="en", objects=["en", "zh"])
    hand_index = param.Integer(default=0, bounds=(0, None))
    trick_index = param.Integer(default=0, bounds=(0, None))

    def __init__(self, record: dict[str, Any], **params: Any) -> None:
        super().__init__(**params)
        self.session = PlaySession.from_record(record)
        self.hands = self.session.completed_hands()
        self._hand_select = pn.widgets.Select(width=140)
        self._hand_select.param.watch(lambda e: self._pick_hand(e.new), "value")
        self._prev = pn.widgets.Button(width=90)
        self._next = pn.widgets.Button(width=90)
        self._prev.on_click(lambda _: self._step(-1))
        self._next.on_click(lambda _: self._step(+1))
        self._view = pn.pane.HTML("", stylesheets=[TABLE_CSS], sizing_mode="stretch_width")
        self._layout = pn.Column(pn.Row(self._hand_select, self._prev, self._next), self._view,
                                 sizing_mode="stretch_width")
        self._render()

    def _pick_hand(self, index: int | None) -> None:
        if index is not None:
            self.param.update(hand_index=index, trick_index=0)

    def _step(self, delta: int) -> None:
        if not self.hands:
            return
        last = len(self.hands[self.hand_index].tricks)  # one past the tricks: the summary
        self.trick_index = min(max(0, self.trick_index + delta), last)

    @param.depends("lang", "hand_index", "trick_index", watch=True)
    def _render(self) -> None:
        lang = self.lang
        self._hand_select.options = {t("hand_no", lang, n=i + 1): i for i in range(len(self.hands))}
        self._hand_select.value = self.hand_index if self.hands else None
        self._prev.name, self._next.name = "◀", "▶"
        if not self.hands:
            self._view.object = f"<p>{escape(t('replay_none', lang))}</p>"
            return
        hand = self.hands[self.hand_index]
        human = self.session.human
        tricks = hand.tricks
        if self.trick_index >= len(tricks):
            obs = hand.observation(human)
            totals = [sum(r.score[s] for r in self.session.results[: self.hand_index + 1])
                      for s in range(len(hand.levels))]
            self._view.object = summary_html(hand.result, tricks[-1], totals, obs, human, lang,
                                             self.hand_index + 1)
            return
        trick = tricks[self.trick_index]
        head = t("replay_trick", lang, n=self.trick_index + 1, total=len(tricks),
                 leader=seat_name(trick.leader, human, lang),
                 winner=seat_name(trick.winner, human, lang), points=trick.points)
        self._view.object = (f'<div class="zp-center" style="align-items:flex-start">'
                             f'<div class="status">{escape(head)}</div>'
                             f'{trick_rows(trick.plays, trick.winner, hand.trump, human, lang)}'
                             '</div>')

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
