"""The Play page: a whole match against four AI opponents, paced so a person can follow.

A thin page over components that draw from their own parameters: the table
(`TableView`), the person's cards (`HandView`), their decision's controls
(`DecisionControls`), the end of a hand with its review (`HandEnd`) and the saved games
(`SavedGames`). After each change `refresh` hands every component the state it shows, in one
message to the browser. Where the AI works (the pool's worker processes on a server, a
thread of a notebook's kernel, or here and now) is one object, `ai` (see `ai_runner`).
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from html import escape
from typing import Any

import panel as pn
import param
from panel.io.callbacks import PeriodicCallback

from tutor.ai import STRENGTHS
from tutor.review import DEFAULT_BUDGET, Budget
from tutor.rules import Action, Event, EventKind, IllegalAction
from tutor.store import Store, User

from ..i18n import t
from ..page import AppPage
from ..safe import user_text
from .ai_runner import HandlesAI, chosen
from .controls import DecisionControls
from .hand_end import HandEnd
from .hand_review import HandReviewPanel
from .persist import with_saver
from .saved_games import SavedGames
from .session import PlaySession, new_deal_seed
from .table_view import HandView, TableView

DEFAULT_DELAY_MS = 700

# on a phone (below 700 px) the choice of opponents moves below the hand, so the hand and the
# buttons are on the first screen
PHONE_LAYOUT_CSS = """
@media (max-width: 700px) { .zp-play-options { order: 1; } .zp-play-confirm { order: 1; }
  .zp-play-after { order: 2; } }
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
    ai = param.ClassSelector(class_=HandlesAI, default=HandlesAI(), instantiate=False,
                             doc="where the AI's moves, hints and reviews are worked out")

    def __init__(self, session: PlaySession | None = None,
                 on_save: Callable[[PlaySession], None] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_save = on_save
        with param.parameterized.discard_events(self):  # drawn once built, below
            self.session = session or PlaySession(seed=new_deal_seed(),
                                                  strength=self.strength)
            self.strength = self.session.strength
        self.last_action_ms: float | None = None
        self._busy = False  # an AI move is being worked out
        self._hinting: tuple | None = None  # the decision a hint is on its way for
        self._pacer: PeriodicCallback | None = None
        doc = pn.state.curdoc
        # a served page: the AI works in the worker processes; a notebook thinks in a
        # thread of its kernel, as a kernel is one person's, not a whole room's
        if "ai" not in params:  # chosen once here (a test may hand the page its own)
            served = doc is not None and doc.session_context is not None
            self.ai = chosen(self.shared.pool if served else None)
        self._build()
        self.refresh()
        if doc is not None:  # served: the page paces the AI itself
            self.start_pacing()

    def _build(self) -> None:
        self._strength = pn.widgets.Select(options=self._strength_options(), value=self.strength,
                                           width=120)
        self._strength.param.watch(lambda e: setattr(self, "strength", e.new), "value")
        self._new = pn.widgets.Button(color="default", width=120, align="end")
        self._new.on_click(lambda _e: self.ask_new_game())
        # a match in progress is not thrown away on one click: the page asks first
        self._confirm_text = pn.pane.HTML("", margin=(5, 10), css_classes=["zp-confirm"])
        self._confirm_yes = pn.widgets.Button(button_type="danger", width=170)
        self._confirm_yes.on_click(lambda _e: self.confirm_new_game())
        self._confirm_no = pn.widgets.Button(button_type="default", width=130)
        self._confirm_no.on_click(lambda _e: self._asking(False))
        self._confirm = pn.FlexBox(self._confirm_text, self._confirm_yes, self._confirm_no,
                                   align_items="center", visible=False,
                                   css_classes=["zp-play-confirm"], sizing_mode="stretch_width")
        self._together = pn.pane.HTML("", align="end", margin=(5, 10))
        self.table = TableView(lang=self.lang)
        self.hand = HandView(lang=self.lang)
        self.hand.picker.param.watch(lambda _e: self.controls.clear_error(), "selected")
        self.controls = DecisionControls(self.hand, act=self.act, ask_hint=self.hint,
                                         next_hand=self.next_hand, lang=self.lang)
        self.games = SavedGames(lang=self.lang,
                                start_review=lambda panel: self.ai.review(panel))
        self.ending = HandEnd(keeper=self.games.review_keeper,
                              start_review=lambda panel: self.ai.review(panel),
                              review_budget=self.review_budget, lang=self.lang)
        self._layout = pn.Column(
            pn.FlexBox(self._strength, self._new, self._together, align_items="end",
                       css_classes=["zp-play-options"]),
            self._confirm, self.games.warning, self.table, self.ending, self.controls, self.hand,
            self.games,
            sizing_mode="stretch_width", stylesheets=[PHONE_LAYOUT_CSS])
        self._label()

    @param.depends("lang", watch=True)
    def _label(self) -> None:
        lang = self.lang
        with pn.io.hold():
            self._strength.name = t("strength", lang)
            self._strength.options = self._strength_options()
            self._new.name = t("new_game", lang)
            self._confirm_text.object = escape(t("new_game_confirm", lang))
            self._confirm_yes.name = t("new_game_yes", lang)
            self._confirm_no.name = t("new_game_no", lang)
            self._together.object = (f'<a href="?page=table&lang={lang}">'
                                     f'{t("play_together", lang)}</a>')
            for part in (self.table, self.hand, self.controls, self.ending, self.games):
                part.lang = lang
            self.controls.clear_messages()

    def _strength_options(self) -> dict[str, str]:
        return {t(f"strength_{s}", self.lang): s for s in STRENGTHS}

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # ----------------------------------------------------------------- drawing
    def refresh(self, keep_selection: bool = False) -> None:
        """Hand every component the state it shows (each redraws what changed), sent to the
        browser as one change: hiding every button and showing the right ones again must
        never reach a page as two states (a click between them would hit a button the page
        showed hidden, while the server offers it)."""
        s = self.session
        obs = s.observation
        with pn.io.hold():
            self.table.param.update(observation=obs, human=s.human, hand_number=s.hand_number)
            self.hand.observation = obs
            if not keep_selection:
                self.hand.clear_selection()
            self.controls.param.update(observation=obs, human=s.human, to_act=s.human_to_act,
                                       hand_over=s.hand_over, match_over=s.match_over)
            self.ending.param.update(session=s, hand_over=s.hand_over,
                                     hand_number=s.hand_number)

    @param.depends("session", watch=True)
    def _new_session(self) -> None:
        """Another match: its strength, fresh controls and messages, and the table drawn."""
        self.strength = self.session.strength
        with pn.io.hold():
            self.hand.redraw_next()
            self.table.failed_throw = None
            self.controls.clear_messages()
            self.refresh()

    @param.depends("strength", watch=True)
    def _show_strength(self) -> None:
        """The strength chosen from outside (a widget) is the one the next game gets."""
        self._strength.value = self.strength

    @param.depends("review_budget", watch=True)
    def _pass_budget(self) -> None:
        self.ending.review_budget = self.review_budget

    # ------------------------------------------------------------ the person
    def act(self, action: Action) -> None:
        """Take the person's action, if it is their turn and the rules allow it."""
        if not self.session.human_to_act:
            return  # the buttons are hidden then; the server decides, not the page
        start = time.perf_counter()
        self.controls.clear_messages()
        try:
            events = self.session.act(action)
        except IllegalAction as err:
            self.controls.show_error(user_text(err.text(self.lang)))
            return
        self.table.failed_throw = None
        self._after(events)
        self.last_action_ms = (time.perf_counter() - start) * 1000

    def hint(self) -> None:
        """Suggest the person's decision (one at a time for a decision: each weighs the
        review's deals; a hint still on its way for an earlier one does not hold it up)."""
        session = self.session
        decision = self._decision()
        if not session.human_to_act or self._hinting == decision:
            return
        self._hinting = decision

        def show(suggestion) -> None:
            if self._hinting == decision:
                self._hinting = None
            if suggestion is not None and self._decision() == decision:  # still current
                self.controls.show_hint(suggestion)

        self.ai.hint(session, show)

    def _decision(self) -> tuple[int, int, int]:
        """Which decision the page is at: its match, hand and action."""
        session = self.session
        return id(session), len(session.finished_hands), len(session.hand.actions)

    def next_hand(self) -> None:
        """Deal the next hand of the match, once the one shown is over."""
        if not self.session.hand_over or self.session.match_over:
            return  # a second click arrived after the first had moved on
        self.session.next_hand()
        self.table.failed_throw = None
        self.controls.clear_messages()
        self._saved_now()
        self.refresh()

    @property
    def match_in_progress(self) -> bool:
        """Whether a new game would end a match the person has played in and not finished."""
        session = self.session
        return not session.match_over and (bool(session.finished_hands) or any(
            a.seat == session.human for a in session.hand.actions))

    def ask_new_game(self) -> None:
        """"New game": at once when nothing would be lost, else after the person confirms."""
        if self.match_in_progress:
            self._asking(True)
        else:
            self.new_game()

    def confirm_new_game(self) -> None:
        """The person confirmed ending the match in progress (the question must be open:
        a script's click on the hidden button ends nothing)."""
        if self._confirm.visible:
            self.new_game()

    def _asking(self, shown: bool) -> None:
        self._confirm.visible = shown

    def new_game(self) -> None:
        self._asking(False)
        self.session = PlaySession(seed=new_deal_seed(), strength=self._strength.value)
        self._saved_now()

    @property
    def review(self) -> HandReviewPanel | None:
        """The review shown for the hand just finished, if one was asked for."""
        return self.ending.review

    def _after(self, events: list[Event]) -> None:
        for e in events:
            if e.type == EventKind.THROW_FAILED:
                self.table.failed_throw = e
        self._saved_now()
        self.refresh()

    # ----------------------------------------------------------- persistence
    def attach_user(self, store: Store | None, user: User) -> None:
        """Save this person's games from now on, and resume their game in progress."""
        super().attach_user(store, user)
        if store is None:
            return
        resumed = self.games.attach(store, user)
        self.on_save = with_saver(self.on_save, lambda session: self.games.save(session, self.ai))
        if resumed is not None:
            self.session = resumed  # drawn by _new_session
        else:
            self.refresh()

    def _saved_now(self) -> None:
        if self.on_save is not None:
            self.on_save(self.session)

    # ---------------------------------------------------------------- the AI
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
            self.ai = self.ai.with_loop()
            self._pacer = pn.state.add_periodic_callback(self.tick, period=ai_delay_ms())
        return True

    def stop_pacing(self) -> None:
        """The AI waits for `ai_move` again."""
        if self._pacer is not None:
            self._pacer.stop()
            self._pacer = None
            self.ai = self.ai.without_loop()

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
        """One AI action per tick, worked out where `ai` says."""
        session = self.session
        if self._busy or session.ai_request() is None:
            return
        self._busy = True
        try:
            action = await self.ai.decide(session, self.controls.say_busy)
            if action is not None and session is self.session:
                self._after(session.ai_apply(action))
        finally:
            self._busy = False
