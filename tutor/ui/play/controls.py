"""The person's decisions: bid or pass, bury, call the friend, play, ask for a hint, go on to
the next hand. `DecisionControls` shows the controls its parameters call for and turns a
click into an action for the page; the page (the server) decides whether it may be taken."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from tutor.rules import (
    Bid,
    Bury,
    CallFriend,
    Card,
    Observation,
    Pass,
    Phase,
    Play,
    bid_options,
    format_cards,
    parse_cards,
)
from tutor.text import LANGS

from ..i18n import t
from .table_html import who_html
from .table_view import HandView

# on a phone a hint, an error and the prompt take little height, so the hand stays on the
# first screen
PHONE_TEXT_CSS = """
:host { overflow-wrap: anywhere; }  /* a long name typed without spaces still wraps */
@media (max-width: 700px) { :host(.alert) { padding: 2px 10px; font-size: 14px; }
  p { margin: 4px 0; } }
"""
BUTTONS = (("bid", "primary"), ("pass", "default"), ("bury", "primary"), ("call", "primary"),
           ("play", "primary"), ("hint", "success"), ("next_hand", "primary"))


class DecisionControls(pn.viewable.Viewer):
    """The controls for the decision the person faces at `observation` (seat `human`).

    Clicks go to `act(action)`, `ask_hint()` and `next_hand()`; a value a select never offered,
    or one sent for a hidden select, is no choice and sends nothing.
    """

    observation = param.ClassSelector(class_=Observation, default=None, allow_None=True)
    human = param.Integer(default=0)
    to_act = param.Boolean(default=False, doc="whether the person's decision is waiting")
    hand_over = param.Boolean(default=False)
    match_over = param.Boolean(default=False)
    hints = param.Boolean(default=True, doc="whether the person may ask for a hint")
    names = param.List(default=[], item_type=str,
                       doc="at a shared table, who sits at each seat (\"\": a computer)")
    lang = param.Selector(default="en", objects=list(LANGS))

    def __init__(self, hand: HandView, act: Callable[[Any], None],
                 ask_hint: Callable[[], None], next_hand: Callable[[], None],
                 **params: Any) -> None:
        super().__init__(**params)
        self.hand = hand
        self._act, self._ask_hint, self._next_hand = act, ask_hint, next_hand
        self._message = pn.pane.Alert("", alert_type="danger", visible=False,
                                      sizing_mode="stretch_width", stylesheets=[PHONE_TEXT_CSS])
        self._hint = pn.pane.Alert("", alert_type="success", visible=False,
                                   sizing_mode="stretch_width", stylesheets=[PHONE_TEXT_CSS])
        self._prompt = pn.pane.Markdown("", margin=(0, 10), stylesheets=[PHONE_TEXT_CSS])
        self._bid = pn.widgets.Select(width=160, visible=False)
        self._call_card = pn.widgets.Select(width=110, visible=False)
        self._call_nth = pn.widgets.Select(options=[1, 2, 3], width=70, visible=False)
        self._buttons: dict[str, pn.widgets.Button] = {}
        clicks = {"bid": self._on_bid, "pass": self._on_pass, "bury": self._on_bury,
                  "call": self._on_call, "play": self._on_play,
                  "hint": lambda _e: self._ask_hint(), "next_hand": lambda _e: self._next_hand()}
        for key, kind in BUTTONS:
            button = pn.widgets.Button(color=kind, visible=False, width=120)
            button.on_click(clicks[key])
            self._buttons[key] = button
        actions = pn.FlexBox(self._bid, self._call_card, self._call_nth,
                             *self._buttons.values(), self._prompt, flex_wrap="wrap",
                             align_items="center", sizing_mode="stretch_width")
        self._layout = pn.Column(self._message, self._hint, actions, sizing_mode="stretch_width")
        self._show()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # ------------------------------------------------------------------ drawing
    @param.depends("observation", "to_act", "hand_over", "match_over", "hints", "names",
                   "lang", watch=True)
    def _show(self) -> None:
        """Show the controls this decision needs and hide the rest, each set once (and the
        page holds the redraw, so the browser gets the end state in one message)."""
        obs, lang = self.observation, self.lang
        self._label(obs)
        shown: set[str] = set()
        picks = 0
        if obs is None:
            self._prompt.object = ""
        elif self.hand_over:
            shown = set() if self.match_over else {"next_hand"}
            self._prompt.object = f"**{t('match_over', lang)}**" if self.match_over else ""
        elif not self.to_act:
            who = who_html(obs.turn, self.human, lang, self.names)  # type: ignore[arg-type]
            self._prompt.object = f"*{t('thinking', lang, who=who)}*"
        else:
            shown, picks = self._offer(obs)
            if self.hints:
                shown.add("hint")
        for key, button in self._buttons.items():
            button.visible = key in shown
        self._bid.visible = "bid_choice" in shown
        self._call_card.visible = "call_card" in shown
        self._call_nth.visible = "call_nth" in shown
        self.hand.param.update(can_pick=self.to_act, max_select=picks)

    def _label(self, obs: Observation | None) -> None:
        lang = self.lang
        kitty = 0 if obs is None else obs.rules.kitty
        names = {"bid": t("bid", lang), "pass": t("pass", lang), "bury": t("bury", lang, n=kitty),
                 "call": t("call", lang), "play": t("play", lang), "hint": t("hint", lang),
                 "next_hand": t("next_hand", lang)}
        for key, button in self._buttons.items():
            button.name = names[key]
        self._call_nth.name = t("copy_no", lang)

    def _offer(self, obs: Observation) -> tuple[set[str], int]:
        """Set up the person's decision: the controls it shows, how many cards may be picked."""
        lang, phase = self.lang, obs.phase
        if phase == Phase.BIDDING:
            options = bid_options(obs.hand, obs.level, self.human, obs.standing_bid,
                                  obs.rules.decks)
            self._bid.options = {format_cards(o, lang=lang): format_cards(o) for o in options}
            if options:
                self._bid.value = format_cards(options[-1])
            self._prompt.object = t("your_turn_bid", lang)
            return {"pass", "bid", "bid_choice"} if options else {"pass"}, 0
        if phase == Phase.BURYING:
            self._prompt.object = t("your_turn_bury", lang, n=obs.rules.kitty)
            return {"bury"}, obs.rules.kitty
        if phase == Phase.CALLING:
            self._call_card.options = {Card(k).symbol: str(Card(k)) for k in range(52)}
            self._prompt.object = t("your_turn_call", lang)
            by_nth = obs.rules.friend_rule == "nth_played"
            return {"call", "call_card"} | ({"call_nth"} if by_nth else set()), 0
        if phase == Phase.PLAYING:
            if obs.current:
                n = len(obs.current[0][1])
                self._prompt.object = t("your_turn_follow", lang, n=n)
                return {"play"}, n
            self._prompt.object = t("your_turn_lead", lang)
            return {"play"}, 0
        return set(), 0

    @property
    def buttons(self) -> dict[str, pn.widgets.Button]:
        """The buttons by name (bid, pass, bury, call, play, hint, next_hand)."""
        return dict(self._buttons)

    @property
    def bid_choice(self) -> pn.widgets.Select:
        """The select of the bids the person may make."""
        return self._bid

    @property
    def hint_shown(self) -> bool:
        return self._hint.visible

    def say_busy(self, seat: int) -> None:
        """Every AI worker is busy: say why `seat` takes longer."""
        who = who_html(seat, self.human, self.lang, self.names)
        self._prompt.object = f"*{t('thinking_busy', self.lang, who=who)}*"

    def show_error(self, text: str) -> None:
        self._message.object = text
        self._message.visible = True

    def clear_messages(self) -> None:
        """Hide the last error and hint."""
        self._message.visible = self._hint.visible = False

    def clear_error(self) -> None:
        self._message.visible = False

    def show_hint(self, suggestion) -> None:
        """Show the AI's suggestion: its reasons, and its choice made in the controls."""
        action = suggestion.action
        self._hint.object = "\n\n".join(suggestion.zh if self.lang == "zh" else suggestion.en)
        self._hint.visible = True
        if isinstance(action, (Play, Bury)):
            self.hand.select_cards(action.cards)
        elif isinstance(action, Bid):
            self._bid.value = format_cards(action.cards)
        elif isinstance(action, CallFriend):
            self._call_card.value = str(action.card)
            if action.nth is not None:
                self._call_nth.value = action.nth

    # ------------------------------------------------------------------- clicks
    def _on_bid(self, _=None) -> None:
        if _offered(self._bid):
            self._act(Bid(self.human, tuple(parse_cards(self._bid.value))))

    def _on_pass(self, _=None) -> None:
        self._act(Pass(self.human))

    def _on_bury(self, _=None) -> None:
        self._act(Bury(self.human, tuple(self.hand.selected_cards)))

    def _on_call(self, _=None) -> None:
        obs = self.observation
        by_nth = obs is not None and obs.rules.friend_rule == "nth_played"
        if not _offered(self._call_card) or (by_nth and not _offered(self._call_nth)):
            return
        nth = self._call_nth.value if by_nth else None
        self._act(CallFriend(self.human, Card(self._call_card.value), nth))

    def _on_play(self, _=None) -> None:
        self._act(Play(self.human, tuple(self.hand.selected_cards)))


def _offered(select: pn.widgets.Select) -> bool:
    """Whether a select shows and holds one of its own options: a value sent for a hidden
    select, or one it never offered, is no choice of the person's."""
    options = select.options
    values = list(options.values()) if isinstance(options, dict) else list(options)
    return select.visible and select.value in values
