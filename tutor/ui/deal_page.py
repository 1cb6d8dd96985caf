"""The walking-skeleton page: deal a random hand and show one seat's cards in trump order."""

from __future__ import annotations

import random

import panel as pn
import param

from tutor.rules import Hand, Trump, card_points

from .cards import CARD_CSS, hand_html
from .i18n import t


class DealPage(pn.viewable.Viewer):
    """Deals with a seeded Hand, picks a trump suit, and shows seat 0's 31 cards."""

    seed = param.Integer(default=0, doc="seed of the current deal")
    lang = param.Selector(default="en", objects=["en", "zh"])

    def __init__(self, **params):
        super().__init__(**params)
        self._rng = random.Random()
        self._deals = 0
        self._button = pn.widgets.Button(name=t("deal_again", self.lang), button_type="primary")
        self._button.on_click(self._deal)
        self._title = pn.pane.Markdown("")
        self._info = pn.pane.Markdown("")
        self._hand = pn.pane.HTML("", stylesheets=[CARD_CSS], sizing_mode="stretch_width")
        self._layout = pn.Column(self._title, self._info, self._hand, self._button,
                                 sizing_mode="stretch_width")
        self._deal()

    def _deal(self, *_):
        self._deals += 1
        self.seed = self._rng.randrange(2**31)
        self._render()

    @param.depends("lang", watch=True)
    def _render(self) -> None:
        self._button.name = t("deal_again", self.lang)
        hand = Hand(self.seed)
        rng = random.Random(self.seed)
        trump = Trump("2", rng.choice("SHDC"))
        cards = hand.cards_of(0)
        trumps = sum(1 for c in cards if trump.is_trump(c))
        self._title.object = f"### {t('your_hand', self.lang, seat=0, n=len(cards))}"
        self._info.object = (
            f"{t('deal_number', self.lang, n=self._deals)} · "
            f"{t('trump_info', self.lang, trump=trump.describe(self.lang))} · "
            f"{t('trumps_count', self.lang, n=trumps)} · "
            f"{t('points_in_hand', self.lang, points=card_points(cards))}")
        self._hand.object = hand_html(cards, trump)

    def __panel__(self):
        return self._layout
