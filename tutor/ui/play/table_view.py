"""What the person sees of the game: the table (`TableView`) and their own cards, picked by
clicking (`HandView`). Each draws from its parameters, and only when one of them changes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import panel as pn
import param

from tutor.question.text import history_parts, same
from tutor.rules import Card, Event, Observation, Phase, Trump, format_cards, parse_cards
from tutor.text import LANGS, Text

from ..card_picker import CardPicker
from ..i18n import t
from ..marks import LEARN_CSS
from ..safe import user_text
from .table_html import TABLE_CSS, table_html, who_html

# on a phone the hand's cards show narrower strips (28 px, still a finger's width), so a
# hand of 31 takes three rows and stays on the first screen with the trick above it
PHONE_HAND_CSS = """
@media (max-width: 600px) { .zp-pick { margin-right: -14px; }
  .zp-pick .zp-card { width: 42px; height: 56px; }
  .zp-picker.zp-hand { gap: 4px 0; padding-top: 12px; }
  .zp-picker .zp-group > .zp-pick:last-child { margin-right: 6px; } }
"""


WRAP_CSS = ":host { overflow-wrap: anywhere; }"  # a long name typed without spaces wraps


class TableView(pn.viewable.Viewer):
    """The table as seat `human` sees it, and a failed throw's notice below it."""

    observation = param.ClassSelector(class_=Observation, default=None, allow_None=True)
    human = param.Integer(default=0)
    hand_number = param.Integer(default=1)
    names = param.List(default=[], item_type=str,
                       doc="at a shared table, who sits at each seat (\"\": a computer)")
    lang = param.Selector(default="en", objects=list(LANGS))
    failed_throw = param.ClassSelector(class_=Event, default=None, allow_None=True,
                                       doc="the throw that just failed, told below the table")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._table = pn.pane.HTML("", stylesheets=[TABLE_CSS],
                                   sizing_mode="stretch_width")
        self._notice = pn.pane.Alert("", alert_type="info", visible=False,
                                     sizing_mode="stretch_width", stylesheets=[WRAP_CSS])
        # the hand's earlier tricks, folded until opened (as card apps let people look back);
        # a Card keeps itself open or folded while the tricks are drawn again
        self._earlier_list = pn.pane.HTML("", stylesheets=[LEARN_CSS, WRAP_CSS],
                                          sizing_mode="stretch_width")
        self._earlier = pn.Card(self._earlier_list, collapsed=True, visible=False,
                                sizing_mode="stretch_width", css_classes=["zp-earlier"])
        self._earlier_shown: tuple | None = None
        self._layout = pn.Column(self._table, self._notice, self._earlier,
                                 sizing_mode="stretch_width")
        self._draw()
        self._tell()
        self._look_back()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    @param.depends("observation", "human", "hand_number", "names", "lang", watch=True)
    def _draw(self) -> None:
        obs = self.observation
        self._table.object = "" if obs is None else table_html(
            obs, self.human, self.lang, self.hand_number, self.names)

    @param.depends("observation", "human", "hand_number", "names", "lang", watch=True)
    def _look_back(self) -> None:
        """The earlier tricks of the hand, drawn again only when a trick has ended (or the
        language or names change), so a person reading them is not interrupted."""
        obs = self.observation
        tricks = [] if obs is None or obs.trump is None else obs.tricks
        shown = (self.hand_number, tuple((tr.leader, tuple(tr.plays)) for tr in tricks),
                 self.human, tuple(self.names), self.lang)
        if shown == self._earlier_shown:
            return
        self._earlier_shown = shown
        self._earlier.visible = bool(tricks)
        if not tricks:
            return
        assert obs is not None and obs.trump is not None
        names = self.names

        def named(seat: int) -> Text | None:
            name = names[seat] if 0 <= seat < len(names) else ""
            return same(str(user_text(name))) if name else None

        title, body = history_parts([(tr.leader, [c for _, c in tr.plays]) for tr in tricks],
                                    obs.trump, self.human, named)
        self._earlier.title = title.get(self.lang)
        self._earlier_list.object = body.get(self.lang)

    @param.depends("failed_throw", "names", "lang", watch=True)
    def _tell(self) -> None:
        e, lang, human, names = self.failed_throw, self.lang, self.human, self.names
        self._notice.visible = e is not None
        if e is None:
            return
        who = who_html(e.seat, human, lang, names)  # type: ignore[arg-type]
        # each part beaten, with what beat it: one unit may beat several parts ("A♠ (Seat 1)
        # beats K♠ and Q♠"), named once with all of them
        parts: dict[tuple[int, str], list[str]] = {}
        for b, part in zip(e.info["by"], e.info["beaten"], strict=True):
            parts.setdefault((b["seat"], b["cards"]), []).append(_symbols(part, lang))
        beats = t("throw_parts_sep", lang).join(
            t("throw_beats", lang, by=_symbols(by, lang), part=_listed(got, lang),
              who=who_html(seat, human, lang, names))
            for (seat, by), got in parts.items())
        key = "throw_failed_you" if e.seat == human else "throw_failed"
        self._notice.object = t(key, lang, who=who, who_short=who,
                                cards=format_cards(e.cards, lang=lang), beats=beats,
                                forced=_symbols(e.info["forced"], lang))


def _listed(items: list[str], lang: str) -> str:
    """`J♠, 9♠ and 5♠` / `J♠、9♠和5♠`."""
    head = t("list_sep", lang).join(items[:-1])
    return f"{head}{t('and_join', lang)}{items[-1]}" if head else items[-1]


def _symbols(text: str, lang: str) -> str:
    """Canonical card text (`10H SJ`) in display form (`10♥ small joker` / `10♥ 小王`)."""
    return format_cards(parse_cards(text), lang=lang)


class HandView(pn.viewable.Viewer):
    """The person's cards in trump order; they pick up to `max_select` (0: any number) while
    `can_pick`. The declarer's kitty is marked in its hand until it buries."""

    observation = param.ClassSelector(class_=Observation, default=None, allow_None=True)
    lang = param.Selector(default="en", objects=list(LANGS))
    can_pick = param.Boolean(default=False, doc="whether the person may pick cards now")
    max_select = param.Integer(default=0, doc="how many cards may be picked (0: any)")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.picker = CardPicker(sizing_mode="stretch_width", stylesheets=[PHONE_HAND_CSS])
        self._shown: tuple | None = None
        self._draw()
        self._allow()

    def __panel__(self) -> pn.viewable.Viewable:
        return self.picker

    @param.depends("observation", "lang", watch=True)
    def _draw(self) -> None:
        """Redraw (and clear the selection) only for new cards, a trump just set, or the
        kitty's mark or a joker's name in another language."""
        obs = self.observation
        if obs is None:
            return
        # before the trump suit is bid, level cards and jokers still sort first
        trump = obs.trump or Trump(obs.level, None)
        kitty = tuple(obs.kitty or ()) if obs.phase == Phase.BURYING else ()
        named = kitty or any(c.is_joker for c in obs.hand)  # words that change with the language
        shown = (tuple(sorted(obs.hand)), trump, kitty, self.lang if named else None)
        if shown != self._shown:
            self.picker.show(obs.hand, trump, tagged=kitty, tag=t("kitty_tag", self.lang),
                             lang=self.lang)
            self._shown = shown

    @param.depends("can_pick", "max_select", watch=True)
    def _allow(self) -> None:
        self.picker.param.update(disabled=not self.can_pick, max_select=self.max_select)

    @property
    def selected_cards(self) -> list[Card]:
        return self.picker.selected_cards

    def select_cards(self, cards: Sequence[Card]) -> None:
        self.picker.select_cards(cards)

    def clear_selection(self) -> None:
        self.picker.selected = []

    def redraw_next(self) -> None:
        """Draw the next cards afresh, even if they are the same (another match: nothing
        picked in this one is kept)."""
        self._shown = None
