"""The Play page: a whole match against four AI opponents, paced so a person can follow.

The layout is built once; every change re-renders the table markup and shows the widgets
the current phase needs. On a server, AI seats and hints are worked out in the AI's worker
processes (`ai_pool`) and games are written to the store off the event loop.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from typing import Any

import panel as pn
import param
from panel.io.callbacks import PeriodicCallback

from tutor.ai import STRENGTHS
from tutor.review import DEFAULT_BUDGET, Budget
from tutor.rules import (
    Bid,
    Bury,
    CallFriend,
    Card,
    Event,
    EventKind,
    IllegalAction,
    Pass,
    Phase,
    Play,
    Trump,
    bid_options,
    format_cards,
    parse_cards,
)
from tutor.store import Store, StoreError, User

from ..card_picker import CardPicker
from ..i18n import t
from ..page import AppPage
from ..safe import user_text
from .hand_review import HandReviewPanel
from .hand_review import t as review_text
from .persist import GameSaver, with_saver
from .replay import ReplayViewer
from .review_store import ReviewKeeper
from .session import PlaySession, new_deal_seed
from .table_html import TABLE_CSS, seat_name, summary_html, table_html

DEFAULT_DELAY_MS = 700

# on a phone (below 700 px) the table packs tight — the four other seats in one row, your
# seat beside the centre — so the hand and the buttons are on the first screen; the choice
# of opponents moves below the hand
PHONE_TABLE_CSS = """
@media (max-width: 700px) {
  .zp-table { gap: 4px; grid-template-columns: repeat(4, minmax(0, 1fr)); grid-template-areas:
    "info info info info" "left top-l top-r right" "center center center me"; }
  .zp-info { font-size: 12px; padding: 4px 8px; gap: 0 10px; }
  .zp-seat { min-height: 0; padding: 3px 4px; overflow: hidden; }
  .zp-seat .who { font-size: 12px; }
  .zp-seat .meta { font-size: 10.5px; margin: 0 0 2px; }
  .zp-badge { font-size: 10px; padding: 0 4px; margin-left: 2px; }
  .zp-center { min-height: 56px; padding: 4px; gap: 2px; font-size: 12px; }
  .zp-center .status { font-size: 12px; }
  .zp-played { min-height: 36px; flex-wrap: wrap; }
  .zp-small .zp-card { width: 26px; height: 36px; margin-right: -10px; }
  .zp-small .zp-card .rank { font-size: 11px; } .zp-small .zp-card .suit { font-size: 10px;
    top: 13px; } .zp-small .zp-card .pip { display: none; } .zp-small .zp-card .pts { top: 25px; }
}
"""
PHONE_LAYOUT_CSS = """
@media (max-width: 700px) { .zp-play-options { order: 1; } .zp-play-after { order: 2; } }
"""


def ai_delay_ms() -> int:
    """Pause between AI moves (TUTOR_AI_DELAY_MS; tests make it short)."""
    try:
        return max(20, int(os.environ.get("TUTOR_AI_DELAY_MS", DEFAULT_DELAY_MS)))
    except ValueError:
        return DEFAULT_DELAY_MS


class PlayPage(AppPage):
    """A match for one person (seat 0) against four AI players."""

    strength = param.Selector(default="easy", objects=list(STRENGTHS))
    review_budget = param.ClassSelector(class_=Budget, default=DEFAULT_BUDGET,
                                        doc="the work a hand's review gives each decision")
    session = param.ClassSelector(class_=PlaySession, default=None, allow_None=True,
                                  doc="the match shown; another one set here is drawn at once")

    def __init__(self, session: PlaySession | None = None,
                 on_save: Callable[[PlaySession], None] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_save = on_save
        with param.parameterized.discard_events(self):
            self.session = session or PlaySession(seed=new_deal_seed(),
                                                  strength=self.strength)
        self.strength = self.session.strength
        self._busy = False
        self._hinting = False  # a hint is being worked out in the AI's workers
        self.saver: GameSaver | None = None
        self._finished: dict[int, dict] = {}
        self._picker_key: tuple | None = None
        self.last_action_ms: float | None = None
        self._pacer: PeriodicCallback | None = None
        doc = pn.state.curdoc
        # a served page: the AI works in the worker processes; a notebook thinks in a
        # thread of its kernel, as a kernel is one person's, not a whole room's
        self._served = doc is not None and doc.session_context is not None
        self._build()
        self.refresh()
        if pn.state.curdoc is not None:  # served: the page paces the AI itself
            self.start_pacing()

    # ---------------------------------------------------------------- layout
    def _build(self) -> None:
        self._strength = pn.widgets.Select(options=self._strength_options(), value=self.strength,
                                           width=120)
        self._strength.param.watch(lambda e: setattr(self, "strength", e.new), "value")
        self._new = pn.widgets.Button(color="default", width=120, align="end")
        self._new.on_click(self._new_game)
        self._table = pn.pane.HTML("", stylesheets=[TABLE_CSS, PHONE_TABLE_CSS],
                                   sizing_mode="stretch_width")
        self._message = pn.pane.Alert("", alert_type="danger", visible=False,
                                      sizing_mode="stretch_width")
        self._notice = pn.pane.Alert("", alert_type="info", visible=False,
                                     sizing_mode="stretch_width")
        self._prompt = pn.pane.Markdown("", margin=(0, 10))
        self._hint_text = pn.pane.Alert("", alert_type="success", visible=False,
                                        sizing_mode="stretch_width")
        self._picker = CardPicker(sizing_mode="stretch_width")
        self._picker.param.watch(self._on_select, "selected")
        self._bid_choice = pn.widgets.Select(width=160, visible=False)
        self._call_card = pn.widgets.Select(width=110, visible=False)
        self._call_nth = pn.widgets.Select(options=[1, 2, 3], width=70, visible=False)
        self._buttons: dict[str, pn.widgets.Button] = {}
        for key, kind in (("bid", "primary"), ("pass", "default"), ("bury", "primary"),
                          ("call", "primary"), ("play", "primary"), ("hint", "success"),
                          ("next_hand", "primary")):
            button = pn.widgets.Button(color=kind, visible=False, width=120)
            button.on_click(getattr(self, f"_on_{key}"))
            self._buttons[key] = button
        self._summary = pn.pane.HTML("", stylesheets=[TABLE_CSS], visible=False,
                                     sizing_mode="stretch_width")
        self._review_button = pn.widgets.Button(color="success", visible=False, width=170)
        self._review_button.on_click(self._on_review)
        self._review_area = pn.Column(sizing_mode="stretch_width")
        self._reviews: dict[int, HandReviewPanel] = {}  # by hand number, this match only
        self._saving = pn.pane.Alert("", alert_type="warning", visible=False,
                                     sizing_mode="stretch_width")
        self._games_title = pn.pane.Markdown("")
        self._games = pn.widgets.Select(width=260)
        self._replay_button = pn.widgets.Button(color="default", width=110)
        self._replay_button.on_click(self._open_replay)
        self._replay_area = pn.Column(sizing_mode="stretch_width")
        self._games_box = pn.Column(self._games_title,
                                    pn.Row(self._games, self._replay_button), self._replay_area,
                                    visible=False, sizing_mode="stretch_width")
        actions = pn.FlexBox(self._bid_choice, self._call_card, self._call_nth,
                             *self._buttons.values(), self._prompt, flex_wrap="wrap",
                             align_items="center", sizing_mode="stretch_width")
        self._games_box.css_classes = ["zp-play-after"]
        self._layout = pn.Column(
            pn.Row(self._strength, self._new, css_classes=["zp-play-options"]),
            self._saving, self._table, self._notice, self._summary, self._review_button,
            self._review_area, self._message,
            self._hint_text, actions, self._picker,
            pn.layout.Divider(css_classes=["zp-play-after"]), self._games_box,
            sizing_mode="stretch_width", stylesheets=[PHONE_LAYOUT_CSS])
        self._label_widgets()

    def _strength_options(self) -> dict[str, str]:
        return {t(f"strength_{s}", self.lang): s for s in STRENGTHS}

    def _label_widgets(self) -> None:
        lang = self.lang
        self._strength.name = t("strength", lang)
        self._strength.options = self._strength_options()
        self._new.name = t("new_game", lang)
        names = {"bid": t("bid", lang), "pass": t("pass", lang),
                 "bury": t("bury", lang, n=self.session.rules.kitty),
                 "call": t("call", lang), "play": t("play", lang), "hint": t("hint", lang),
                 "next_hand": t("next_hand", lang)}
        for key, button in self._buttons.items():
            button.name = names[key]
        self._call_nth.name = t("copy_no", lang)
        self._games_title.object = f"#### {t('saved_games', lang)}"
        self._review_button.name = review_text("button", lang)
        self._replay_button.name = t("replay", lang)

    @param.depends("lang", watch=True)
    def _relabel(self) -> None:
        self._label_widgets()
        for review in self._reviews.values():
            review.lang = self.lang
        self.refresh(keep_selection=True)
        self._message.visible = self._hint_text.visible = False

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # ----------------------------------------------------------- persistence
    def attach_user(self, store: Store | None, user: User) -> None:
        """Save this person's games from now on, and resume their game in progress."""
        super().attach_user(store, user)
        if store is None:
            return
        self.saver = GameSaver(store, user.id)
        try:
            resumed = self.saver.resume()
        except (StoreError, ValueError) as exc:
            self._store_problem(exc)
            resumed = None
        self.on_save = with_saver(self.on_save, self._save)
        if resumed is not None:
            self.session = resumed  # drawn by _new_session
        else:
            self.refresh()
        self._refresh_games()

    def _save(self, session: PlaySession) -> None:
        """Note what is new in the game; on a server it is written off the event loop."""
        self.saver.collect(session)
        if self.paced:
            pn.state.execute(self._flush_off_loop)
            return
        try:
            self.saver.flush()
        except StoreError as exc:
            self._store_problem(exc)
            return
        self._saved()

    async def _flush_off_loop(self) -> None:
        try:
            await asyncio.to_thread(self.saver.flush)
        except StoreError as exc:
            self._store_problem(exc)
            return
        self._saved()

    def _saved(self) -> None:
        """After a write: the warning goes once nothing is waiting; a finished match is
        listed among the saved games."""
        if self.saver.pending == 0:
            self._saving.visible = False
        if self.session.match_over:
            self._refresh_games()

    def _store_problem(self, exc: Exception) -> None:
        self._saving.object = t("store_unavailable", self.lang, error=user_text(exc))
        self._saving.visible = True

    def _refresh_games(self) -> None:
        try:
            games = self.saver.finished()
        except StoreError as exc:
            self._store_problem(exc)
            return
        self._finished = dict(games)
        self._games.options = {f"#{gid} · {t('hand_no', self.lang, n=len(rec['hands']))}": gid
                               for gid, rec in games}
        self._games_box.visible = bool(games)

    def _open_replay(self, _=None) -> None:
        game_id = self._games.value
        record = self._finished.get(game_id)
        if record is not None:
            keeper = None if self.store is None or self.saver is None else ReviewKeeper(
                self.store, self.saver.user_id, game_id)
            self._replay_area.objects = [ReplayViewer(record, keeper=keeper, lang=self.lang,
                                                       pool=self.shared.pool)]

    # ---------------------------------------------------------------- render
    def refresh(self, keep_selection: bool = False) -> None:
        """Redraw the table and show the controls the person's current decision needs, sent
        to the browser as one change: hiding every button and showing the right ones again
        must never reach a page as two states (a click between them would hit a button the
        page showed hidden, while the server offers it)."""
        with pn.io.hold():
            self._refresh(keep_selection)

    def _refresh(self, keep_selection: bool) -> None:
        s, lang = self.session, self.lang
        obs = s.observation
        self._table.object = table_html(obs, s.human, lang, s.hand_number)
        # before the trump suit is bid, level cards and jokers still sort first
        shown_trump = obs.trump or Trump(obs.level, None)
        # the declarer sees the kitty it took up marked in its hand until it buries
        kitty = tuple(obs.kitty or ()) if obs.phase == Phase.BURYING else ()
        key = (tuple(sorted(obs.hand)), shown_trump, kitty, lang if kitty else None)
        if key != self._picker_key:  # new cards or a trump just set: redraw, clear selection
            self._picker.show(obs.hand, shown_trump, tagged=kitty, tag=t("kitty_tag", lang))
            self._picker_key = key
        elif not keep_selection:
            self._picker.selected = []
        for button in self._buttons.values():
            button.visible = False
        self._bid_choice.visible = self._call_card.visible = self._call_nth.visible = False
        self._picker.max_select = 0
        self._picker.disabled = not s.human_to_act
        self._summary.visible = self._review_button.visible = s.hand_over
        if s.hand_over:
            self._show_summary()
            return
        if not s.human_to_act:
            who = seat_name(s.hand.turn, s.human, lang)  # type: ignore[arg-type]
            self._prompt.object = f"*{t('thinking', lang, who=who)}*"
            return
        self._buttons["hint"].visible = True
        phase = obs.phase
        if phase == Phase.BIDDING:
            options = bid_options(obs.hand, obs.level, s.human, obs.standing_bid,
                                  obs.rules.decks)
            self._bid_choice.options = {format_cards(o, lang=lang): format_cards(o)
                                        for o in options}
            if options:
                self._bid_choice.value = format_cards(options[-1])
            self._bid_choice.visible = self._buttons["bid"].visible = bool(options)
            self._buttons["pass"].visible = True
            self._prompt.object = t("your_turn_bid", lang)
        elif phase == Phase.BURYING:
            self._picker.max_select = obs.rules.kitty
            self._buttons["bury"].visible = True
            self._prompt.object = t("your_turn_bury", lang, n=obs.rules.kitty)
        elif phase == Phase.CALLING:
            self._call_card.options = {Card(k).symbol: str(Card(k)) for k in range(52)}
            self._call_card.visible = self._buttons["call"].visible = True
            self._call_nth.visible = obs.rules.friend_rule == "nth_played"
            self._prompt.object = t("your_turn_call", lang)
        elif phase == Phase.PLAYING:
            self._buttons["play"].visible = True
            if obs.current:
                n = len(obs.current[0][1])
                self._picker.max_select = n
                self._prompt.object = t("your_turn_follow", lang, n=n)
            else:
                self._prompt.object = t("your_turn_lead", lang)

    def _show_summary(self) -> None:
        s, lang = self.session, self.lang
        result = s.results[-1]
        self._summary.object = summary_html(result, s.hand.tricks[-1], s.match.totals,
                                            s.observation, s.human, lang, s.hand_number)
        if s.match_over:
            self._prompt.object = f"**{t('match_over', lang)}**"
        else:
            self._buttons["next_hand"].visible = True
            self._prompt.object = ""

    # ---------------------------------------------------------------- events
    def _after(self, events: list[Event]) -> None:
        for e in events:
            if e.type == EventKind.THROW_FAILED:
                self._show_throw_failure(e)
        if self.on_save is not None:
            self.on_save(self.session)
        self.refresh()

    def _show_throw_failure(self, e: Event) -> None:
        lang, human = self.lang, self.session.human
        who = seat_name(e.seat, human, lang)  # type: ignore[arg-type]
        by = "; ".join(f"{seat_name(b['seat'], human, lang)} {_symbols(b['cards'], lang)}"
                       for b in e.info["by"])
        beaten = ", ".join(_symbols(x, lang) for x in e.info["beaten"])
        self._notice.object = t("throw_failed", lang, who=who, who_short=who,
                                cards=format_cards(e.cards, lang=lang), by=by,
                                beaten=beaten, forced=_symbols(e.info["forced"], lang))
        self._notice.visible = True

    def _act(self, action) -> None:
        if not self.session.human_to_act:
            return  # the buttons are hidden then; the server decides, not the page
        start = time.perf_counter()
        self._message.visible = False
        self._hint_text.visible = False
        try:
            events = self.session.act(action)
        except IllegalAction as err:
            self._message.object = user_text(err.text(self.lang))
            self._message.visible = True
            return
        self._notice.visible = False
        self._after(events)
        self.last_action_ms = (time.perf_counter() - start) * 1000

    def _on_select(self, event) -> None:
        self._message.visible = False

    def _on_bid(self, _=None) -> None:
        if _offered(self._bid_choice):
            self._act(Bid(self.session.human, tuple(parse_cards(self._bid_choice.value))))

    def _on_pass(self, _=None) -> None:
        self._act(Pass(self.session.human))

    def _on_bury(self, _=None) -> None:
        self._act(Bury(self.session.human, tuple(self._picker.selected_cards)))

    def _on_call(self, _=None) -> None:
        by_nth = self.session.rules.friend_rule == "nth_played"
        if not _offered(self._call_card) or (by_nth and not _offered(self._call_nth)):
            return
        nth = self._call_nth.value if by_nth else None
        self._act(CallFriend(self.session.human, Card(self._call_card.value), nth))

    def _on_play(self, _=None) -> None:
        self._act(Play(self.session.human, tuple(self._picker.selected_cards)))

    def _on_hint(self, _=None) -> None:
        if not self.session.human_to_act or self._hinting:
            return  # a hint is for the person's own turn, one at a time (each is a search)
        if self._served:  # the suggestion is worked out in an AI worker process
            pn.state.execute(self._hint_from_pool)
        else:
            self._show_hint(self.session.hint())

    async def _hint_from_pool(self) -> None:
        session, turn = self.session, len(self.session.hand.actions)
        self._hinting = True
        try:
            suggestion = await self.shared.pool.hint(session.observation)
        finally:
            self._hinting = False
        if session is self.session and turn == len(session.hand.actions):  # still current
            self._show_hint(suggestion)

    def _show_hint(self, suggestion) -> None:
        action = suggestion.action
        reasons = suggestion.zh if self.lang == "zh" else suggestion.en
        self._hint_text.object = "\n\n".join(reasons)
        self._hint_text.visible = True
        if isinstance(action, (Play, Bury)):
            self._picker.select_cards(action.cards)
        elif isinstance(action, Bid):
            self._bid_choice.value = format_cards(action.cards)
        elif isinstance(action, CallFriend):
            self._call_card.value = str(action.card)
            if action.nth is not None:
                self._call_nth.value = action.nth

    @property
    def review(self) -> HandReviewPanel | None:
        """The review shown for the hand just finished, if one was asked for."""
        if not self.session.hand_over:
            return None
        return self._reviews.get(self.session.hand_number) if self._review_area.objects else None

    def _on_review(self, _=None) -> None:
        """Review the hand just finished (once per hand): in the AI's workers on a server."""
        s = self.session
        if not s.hand_over:
            return
        review = self._reviews.get(s.hand_number)
        if review is None:
            keeper = None
            if self.store is not None and self.saver is not None and self.saver.game_id:
                keeper = ReviewKeeper(self.store, self.saver.user_id, self.saver.game_id)
            review = HandReviewPanel(s.hand, s.human, s.hand_number, self.review_budget,
                                     keeper, lang=self.lang)
            self._reviews[s.hand_number] = review
            # served: the AI's workers; paced in a notebook's loop: a thread of the kernel
            review.start(pool=self.shared.pool if self._served else None, threaded=self.paced)
        self._review_area.objects = [review]

    def _on_next_hand(self, _=None) -> None:
        if not self.session.hand_over or self.session.match_over:
            return  # a second click arrived after the first had moved on
        self.session.next_hand()
        self._review_area.objects = []
        self._notice.visible = False
        self._hint_text.visible = False
        if self.on_save is not None:
            self.on_save(self.session)
        self.refresh()

    def _new_game(self, _=None) -> None:
        self.session = PlaySession(seed=new_deal_seed(), strength=self._strength.value)
        if self.on_save is not None:
            self.on_save(self.session)

    @param.depends("session", watch=True)
    def _new_session(self) -> None:
        """Another match: its strength, fresh controls and messages, and the table drawn."""
        self.strength = self.session.strength
        self._picker_key = None
        self._reviews = {}
        self._review_area.objects = []
        self._notice.visible = self._message.visible = self._hint_text.visible = False
        self.refresh()

    @param.depends("strength", watch=True)
    def _show_strength(self) -> None:
        """The strength chosen from outside (a widget) is the one the next game gets."""
        self._strength.value = self.strength

    # ---------------------------------------------------------------- pacing
    @property
    def paced(self) -> bool:
        """Whether the AI plays by itself, one action every `ai_delay_ms()`."""
        return self._pacer is not None

    def start_pacing(self) -> bool:
        """Let the AI play by itself (on a server document, or in a notebook's running event
        loop); False where there is no loop to run it (call `ai_move` instead)."""
        if self._pacer is None:
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                if pn.state.curdoc is None:
                    return False
            self._pacer = pn.state.add_periodic_callback(self.tick, period=ai_delay_ms())
        return True

    def stop_pacing(self) -> None:
        """The AI waits for `ai_move` again."""
        if self._pacer is not None:
            self._pacer.stop()
            self._pacer = None

    def ai_move(self) -> bool:
        """Make one AI action now, in this thread (False when it is the person's turn or
        the hand is over)."""
        session = self.session
        if self._busy or not session.ai_to_act:
            return False
        action = session.ai_decide()
        if action is None:
            return False
        self._after(session.ai_apply(action))
        return True

    async def tick(self) -> None:
        """One AI action per tick, thought out in an AI worker process (in a notebook: in a
        thread of its kernel)."""
        session = self.session
        request = None if self._busy else session.ai_request()
        if request is None:
            return
        self._busy = True
        try:
            if not self._served:
                action = await asyncio.to_thread(session.ai_decide)
                if action is not None and session is self.session:
                    self._after(session.ai_apply(action))
                return
            pool = self.shared.pool
            if pool.saturated:  # every worker is busy: say why this seat takes longer
                who = seat_name(request[1].seat, session.human, self.lang)
                self._prompt.object = f"*{t('thinking_busy', self.lang, who=who)}*"
            decision = await pool.decide(*request)
            if session is self.session:
                self._after(session.ai_apply(decision.action))
        finally:
            self._busy = False


def _symbols(text: str, lang: str) -> str:
    """Canonical card text (`10H SJ`) in display form (`10♥ small joker` / `10♥ 小王`)."""
    return format_cards(parse_cards(text), lang=lang)


def _offered(select: pn.widgets.Select) -> bool:
    """Whether a select shows and holds one of its own options: a value sent for a hidden
    select, or one it never offered, is no choice of the person's."""
    options = select.options
    values = list(options.values()) if isinstance(options, dict) else list(options)
    return select.visible and select.value in values
