"""The person's finished games, listed under the table, each one replayed on request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from tutor.text import LANGS

from ..i18n import t
from .replay import ReplayViewer
from .review_store import ReviewKeeper


class SavedGames(pn.viewable.Viewer):
    """The `games` (game id, record) finished, the chosen one replayed (its hands' reviews
    kept by `keeper(game_id)`); shown once there is one."""

    games = param.List(default=[], doc="(game id, game record) of each finished game")
    lang = param.Selector(default="en", objects=list(LANGS))

    def __init__(self, keeper: Callable[[int], ReviewKeeper | None], **params: Any) -> None:
        super().__init__(**params)
        self._keeper = keeper
        self._title = pn.pane.Markdown("")
        self._pick = pn.widgets.Select(width=260)
        self._replay = pn.widgets.Button(color="default", width=110)
        self._replay.on_click(lambda _e: self.replay(self._pick.value))
        self._area = pn.Column(sizing_mode="stretch_width")
        self._box = pn.Column(self._title, pn.Row(self._pick, self._replay), self._area,
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
        self._pick.options = {f"#{gid} · {t('hand_no', lang, n=len(rec['hands']))}": gid
                              for gid, rec in self.games}
        self._box.visible = bool(self.games)

    def replay(self, game_id: int | None) -> None:
        """Replay one of the listed games (another id is none of this person's)."""
        record = dict(self.games).get(game_id)
        if record is not None:
            self._area.objects = [ReplayViewer(record, keeper=self._keeper(game_id),
                                               lang=self.lang)]
