"""The person's games in the store: the match in play written as it goes (a warning while the
store cannot take it), and the finished ones listed under the table, each replayed on request."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import panel as pn
import param

from tutor.store import Store, StoreError, User
from tutor.text import LANGS

from ..i18n import t
from ..safe import user_text
from .persist import GameSaver
from .replay import ReplayViewer
from .review_store import ReviewKeeper
from .session import PlaySession

if TYPE_CHECKING:
    from .ai_runner import HandlesAI


class SavedGames(pn.viewable.Viewer):
    """One person's games, once `attach`ed to a store: `games` (game id, record) finished,
    the chosen one replayed; shown once there is one. `warning` (placed by the page) says
    when the store fails."""

    games = param.List(default=[], doc="(game id, game record) of each finished game")
    lang = param.Selector(default="en", objects=list(LANGS))
    start_review = param.Callable(default=None, doc="starts a replayed hand's review (the "
                                  "page's AI runner); None: here and now")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.store: Store | None = None
        self.saver: GameSaver | None = None
        self.warning = pn.pane.Alert("", alert_type="warning", visible=False,
                                     sizing_mode="stretch_width")
        self._title = pn.pane.Markdown("")
        self._pick = pn.widgets.Select(width=260)
        self._replay = pn.widgets.Button(color="default", width=110)
        self._replay.on_click(lambda _e: self.replay(self._pick.value))
        self._area = pn.Column(sizing_mode="stretch_width")
        # wraps: in a Row the replay button stuck out past a phone's 390 px
        self._box = pn.Column(self._title, pn.FlexBox(self._pick, self._replay), self._area,
                              visible=False, sizing_mode="stretch_width")
        self._layout = pn.Column(pn.layout.Divider(), self._box, sizing_mode="stretch_width",
                                 css_classes=["zp-play-after"])
        self._draw()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    @param.depends("games", "lang", watch=True)
    def _draw(self) -> None:
        lang = self.lang
        self._title.object = f"#### {t('saved_games', lang)}"
        self._replay.name = t("replay", lang)
        options = {f"#{gid} · {t('hand_no', lang, n=len(rec['hands']))}": gid
                   for gid, rec in self.games}
        self._pick.options = options
        if self._pick.value not in options.values():  # the newest: the list showed blank
            self._pick.value = next(iter(options.values()), None)
        self._box.visible = bool(self.games)

    # ----------------------------------------------------------------- writing
    def attach(self, store: Store, user: User) -> PlaySession | None:
        """Keep `user`'s games in `store` from now on; their match in progress, if any."""
        self.store, self.saver = store, GameSaver(store, user.id)
        try:
            resumed = self.saver.resume()
        except (StoreError, ValueError) as exc:
            self._problem(exc)
            resumed = None
        self._list()
        return resumed

    def save(self, session: PlaySession, ai: HandlesAI) -> None:
        """Note what is new in the match; written where `ai` does its work."""
        if self.saver is None:
            return
        saver = self.saver

        def saved() -> None:  # the warning goes once nothing waits; a finished match is listed
            if saver.pending == 0:
                self.warning.visible = False
            if session.match_over:
                self._list()

        saver.collect(session)
        ai.save(saver, saved, self._problem)

    def _problem(self, exc: Exception) -> None:
        self.warning.object = t("store_unavailable", self.lang, error=user_text(exc, self.lang))
        self.warning.visible = True

    def _list(self) -> None:
        try:
            self.games = list(self.saver.finished())
        except StoreError as exc:
            self._problem(exc)

    # ----------------------------------------------------------------- reading
    def review_keeper(self) -> ReviewKeeper | None:
        """Where the reviews of the match in play are kept (None: not saved)."""
        if self.saver is None or not self.saver.game_id:
            return None
        return ReviewKeeper(self.store, self.saver.user_id, self.saver.game_id)

    def replay(self, game_id: int | None) -> None:
        """Replay one of the listed games (another id is none of this person's)."""
        record = dict(self.games).get(game_id)
        if record is None:
            return
        keeper = None if self.saver is None else ReviewKeeper(self.store, self.saver.user_id,
                                                             game_id)
        self._area.objects = [ReplayViewer(record, keeper=keeper, lang=self.lang,
                                           start_review=self.start_review)]
