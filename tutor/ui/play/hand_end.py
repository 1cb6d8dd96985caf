"""The end of a hand: its summary, and a review of the person's decisions on request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from tutor.review import DEFAULT_BUDGET, Budget
from tutor.text import LANGS

from .hand_review import HandReviewPanel
from .hand_review import t as review_text
from .review_store import ReviewKeeper
from .table_html import TABLE_CSS, summary_html


class HandEnd(pn.viewable.Viewer):
    """Once `session`'s hand is over: its summary and a button to review it (each hand of the
    match is reviewed once; `start_review(panel)` runs a new review where the AI works)."""

    session = param.Parameter(default=None, doc="the match: a `PlaySession`, or one seat's "
                              "view of a shared table (the same attributes)")
    hand_over = param.Boolean(default=False)
    reviewable = param.Boolean(default=True, doc="whether a review is offered (not to a "
                               "spectator of a shared table, who has no decisions of their own)")
    hand_number = param.Integer(default=1)
    lang = param.Selector(default="en", objects=list(LANGS))
    review_budget = param.ClassSelector(class_=Budget, default=DEFAULT_BUDGET,
                                        doc="the work a hand's review gives each decision")
    keep_review = param.Boolean(default=False, doc="whether a review stays open after the "
                                "next hand begins, until closed (a shared table: others may "
                                "deal while this person reviews)")

    def __init__(self, keeper: Callable[[], ReviewKeeper | None],
                 start_review: Callable[[HandReviewPanel], None], **params: Any) -> None:
        super().__init__(**params)
        self._keeper, self._start_review = keeper, start_review
        self._reviews: dict[int, HandReviewPanel] = {}  # by hand number, this match only
        self._summary = pn.pane.HTML("", stylesheets=[TABLE_CSS], visible=False,
                                     sizing_mode="stretch_width")
        self._button = pn.widgets.Button(color="success", visible=False, width=170)
        self._button.on_click(lambda _e: self.open_review())
        self._area = pn.Column(sizing_mode="stretch_width")
        self._close = pn.widgets.Button(color="default", visible=False, width=170)
        self._close.on_click(lambda _e: self.close_review())
        self._layout = pn.Column(self._summary, self._button, self._close, self._area,
                                 sizing_mode="stretch_width")
        self._label()
        self._draw()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    @param.depends("lang", watch=True)
    def _label(self) -> None:
        self._button.name = review_text("button", self.lang)
        self._close.name = review_text("close", self.lang)
        for review in self._reviews.values():
            review.lang = self.lang

    @param.depends("session", "hand_over", "hand_number", "reviewable", "lang", watch=True)
    def _draw(self) -> None:
        s = self.session
        shown = s is not None and self.hand_over
        self._summary.visible = shown
        self._button.visible = shown and self.reviewable
        kept = not shown and self.keep_review and bool(self._area.objects)
        self._close.visible = kept
        if not shown:
            if not kept:
                self._area.objects = []
            return
        self._summary.object = summary_html(s.results[-1], s.hand.tricks[-1], s.match.totals,
                                            s.human, self.lang, s.hand_number,
                                            getattr(s, "names", ()))

    @param.depends("session", watch=True)
    def _forget(self) -> None:
        """Another match: none of its hands is reviewed yet."""
        self._reviews = {}
        self._area.objects = []

    @property
    def offers_review(self) -> bool:
        """Whether the button to review the hand is shown."""
        return self._button.visible

    @property
    def review(self) -> HandReviewPanel | None:
        """The review shown for the hand just finished, if one was asked for."""
        s = self.session
        if s is None or not s.hand_over or not self._area.objects:
            return None
        return self._reviews.get(s.hand_number)

    def open_review(self) -> None:
        """Review the hand just finished (once per hand)."""
        s = self.session
        if s is None or not s.hand_over or not self.reviewable:
            return
        review = self._reviews.get(s.hand_number)
        if review is None:
            review = HandReviewPanel(s.hand, s.human, s.hand_number, self.review_budget,
                                     self._keeper(), lang=self.lang)
            self._reviews[s.hand_number] = review
            self._start_review(review)
        self._area.objects = [review]

    def close_review(self) -> None:
        """Put away a review kept open after the next hand began."""
        self._area.objects = []
        self._close.visible = False
