"""Replay a finished hand trick by trick, from a saved game record."""

from __future__ import annotations

from html import escape
from typing import Any

import panel as pn
import param

from tutor.games import replay_record
from tutor.review import DEFAULT_BUDGET, Budget

from ..i18n import t
from .hand_review import HandReviewPanel
from .hand_review import t as review_text
from .review_store import ReviewKeeper
from .table_html import TABLE_CSS, seat_name, summary_html, trick_rows


class ReplayViewer(pn.viewable.Viewer):
    """Step through the tricks of each finished hand of one saved game."""

    lang = param.Selector(default="en", objects=["en", "zh"])
    hand_index = param.Integer(default=0, bounds=(0, None))
    start_review = param.Callable(default=None, doc="starts a hand's review where the page "
                                  "works out the AI's (its AI runner); None: here and now")
    trick_index = param.Integer(default=0, bounds=(0, None))
    review_budget = param.ClassSelector(class_=Budget, default=DEFAULT_BUDGET,
                                        doc="the work a hand's review gives each decision")

    def __init__(self, record: dict[str, Any], keeper: ReviewKeeper | None = None,
                 **params: Any) -> None:
        super().__init__(**params)
        self.keeper = keeper
        self.game = replay_record(record)
        self.hands = self.game.completed_hands()
        self._hand_select = pn.widgets.Select(width=140)
        self._hand_select.param.watch(lambda e: self._pick_hand(e.new), "value")
        self._prev = pn.widgets.Button(width=90)
        self._next = pn.widgets.Button(width=90)
        self._prev.on_click(lambda _: self._step(-1))
        self._next.on_click(lambda _: self._step(+1))
        self._review_button = pn.widgets.Button(color="success", width=170)
        self._review_button.on_click(self._on_review)
        self._view = pn.pane.HTML("", stylesheets=[TABLE_CSS], sizing_mode="stretch_width")
        self._review_area = pn.Column(sizing_mode="stretch_width")
        self._reviews: dict[int, HandReviewPanel] = {}  # by hand index
        self._showing: int | None = None  # the hand whose review is on view
        # wraps: in a Row the review button stuck out past a phone's 390 px
        self._layout = pn.Column(pn.FlexBox(self._hand_select, self._prev, self._next,
                                            self._review_button), self._view,
                                 self._review_area, sizing_mode="stretch_width")
        self._render()

    @property
    def review(self) -> HandReviewPanel | None:
        """The review shown for the hand on view, if one was asked for."""
        return None if self._showing is None else self._reviews[self._showing]

    def _on_review(self, _=None) -> None:
        """Review the hand on view (once): in the AI's workers when served."""
        if not self.hands:
            return
        review = self._reviews.get(self.hand_index)
        if review is None:
            review = HandReviewPanel(self.hands[self.hand_index], self.game.human,
                                     self.hand_index + 1, self.review_budget, self.keeper,
                                     lang=self.lang)
            self._reviews[self.hand_index] = review
            if self.start_review is not None:
                self.start_review(review)
            else:
                review.start()
        self._review_area.objects = [review]
        self._showing = self.hand_index

    def _pick_hand(self, index: int | None) -> None:
        if isinstance(index, int) and 0 <= index < len(self.hands):
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
        self._review_button.name = review_text("button", lang)
        self._review_button.visible = bool(self.hands)
        for review in self._reviews.values():
            review.lang = lang
        if self._showing not in (None, self.hand_index):  # another hand: its review on demand
            self._review_area.objects, self._showing = [], None
        if not self.hands:
            self._view.object = f"<p>{escape(t('replay_none', lang))}</p>"
            return
        hand = self.hands[self.hand_index]
        human = self.game.human
        tricks = hand.tricks
        if self.trick_index >= len(tricks):
            totals = [sum(r.score[s] for r in self.game.results[: self.hand_index + 1])
                      for s in range(len(hand.levels))]
            self._view.object = summary_html(hand.result, tricks[-1], totals, human, lang,
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
