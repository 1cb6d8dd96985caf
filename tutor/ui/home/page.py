"""The home page: what 找朋友 is in three lines and three ways in (learn from zero, try a
puzzle, play a hand); a returning visitor is first offered what they were doing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from tutor.lesson import Lesson, LessonFileError, load_lessons
from tutor.store import Store, StoreError, User
from tutor.text import section

from ..page import AppPage
from ..safe import user_text
from .offers import Offer, offers

t = section("home")

# each way in: the page it opens, its button, and the line under it
PATHS = (("learn", "path_learn", "path_learn_about"),
         ("puzzles", "path_puzzles", "path_puzzles_about"),
         ("play", "path_play", "path_play_about"))

HOME_CSS = """
.zp-home-title { font-size: 26px; font-weight: 700; margin: 4px 0 8px; }
.zp-home-lines { font-size: 17px; line-height: 1.6; margin: 0; padding-left: 20px; }
.zp-home-lines li { margin-bottom: 4px; }
.zp-home-back { font-size: 19px; font-weight: 700; margin: 8px 0 0; }
.zp-home-about { color: #555; font-size: 14px; margin: 0 4px; }
"""
# a path or an offer is a big button: easy to tap on a phone
BUTTON_CSS = ".bk-btn { font-size: 17px; min-height: 48px; white-space: normal; }"


class HomePage(AppPage):
    """The first page a visitor sees; `open_page(name)` moves the app to another page."""

    offers = param.List(default=[], item_type=Offer, doc="what the visitor may resume")

    def __init__(self, open_page: Callable[[str], None] | None = None,
                 lessons: list[Lesson] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.open_page = open_page or (lambda _name: None)
        if lessons is None:
            try:
                lessons = load_lessons()
            except LessonFileError:
                lessons = []  # the Learn page says what is broken
        self.lessons = lessons
        self._welcome = pn.pane.HTML("", stylesheets=[HOME_CSS], sizing_mode="stretch_width")
        self._back_title = pn.pane.HTML("", stylesheets=[HOME_CSS], sizing_mode="stretch_width")
        self._resume: list[pn.widgets.Button] = []
        self._resume_box = pn.FlexBox(sizing_mode="stretch_width")
        self._back = pn.Column(self._back_title, self._resume_box, visible=False,
                               sizing_mode="stretch_width", css_classes=["zp-home-resume"])
        self._paths: dict[str, pn.widgets.Button] = {}
        self._abouts: dict[str, pn.pane.HTML] = {}
        cells = []
        for name, _key, _about in PATHS:
            button = pn.widgets.Button(color="primary", sizing_mode="stretch_width",
                                       stylesheets=[BUTTON_CSS],
                                       css_classes=[f"zp-path-{name}"])
            button.on_click(lambda _e, name=name: self.open_page(name))
            self._paths[name] = button
            self._abouts[name] = pn.pane.HTML("", stylesheets=[HOME_CSS],
                                              sizing_mode="stretch_width")
            cells.append(pn.Column(button, self._abouts[name], sizing_mode="stretch_width",
                                   styles={"flex": "1 1 240px"}, max_width=380))
        self._notice = pn.pane.Alert("", alert_type="warning", visible=False,
                                     sizing_mode="stretch_width")
        self._layout = pn.Column(self._notice, self._back, self._welcome,
                                 pn.FlexBox(*cells, sizing_mode="stretch_width"),
                                 sizing_mode="stretch_width")
        self._draw()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # ------------------------------------------------------------- the visitor
    def attach_user(self, store: Store | None, user: User) -> None:
        super().attach_user(store, user)
        self.read_offers()

    def on_show(self) -> None:
        self.read_offers()  # a lesson, a puzzle or a game may have moved on meanwhile

    def read_offers(self) -> None:
        """Read again what the visitor may resume."""
        if self.store is None or self.user is None:
            return
        try:
            self.offers = offers(self.store, self.user, self.lessons)
        except StoreError as exc:
            self._notice.param.update(object=t("store_problem", self.lang,
                                               error=user_text(exc, self.lang)),
                                    visible=True)

    def open_offer(self, index: int) -> None:
        """Open the page that resumes offer `index` (one of the offers shown)."""
        if 0 <= index < len(self.offers):
            self.open_page(self.offers[index].page)

    # ---------------------------------------------------------------- drawing
    def offer_text(self, offer: Offer) -> str:
        """What the button resuming `offer` says (plain text: the button escapes it)."""
        lang = self.lang
        if offer.kind == "lesson":
            return t("resume_lesson", lang, title=offer.lesson)
        if offer.kind == "assignment":
            return t("resume_assignment", lang, title=offer.assignment, done=offer.done,
                     total=offer.total)
        return t("resume_game", lang, n=offer.hand)

    @param.depends("lang", "offers", watch=True)
    def _draw(self) -> None:
        lang = self.lang
        with pn.io.hold():
            lines = "".join(f"<li>{t(f'line_{i}', lang)}</li>" for i in (1, 2, 3))
            first = "first" if not self.offers else "again"
            self._welcome.object = (
                f'<div class="zp-home" data-visit="{first}">'
                f'<div class="zp-home-title">{t("welcome" if first == "first" else "about", lang)}'
                f'</div><ul class="zp-home-lines">{lines}</ul></div>')
            for name, key, about in PATHS:
                self._paths[name].name = t(key, lang)
                self._abouts[name].object = f'<p class="zp-home-about">{t(about, lang)}</p>'
            self._back_title.object = f'<div class="zp-home-back">{t("welcome_back", lang)}</div>'
            while len(self._resume) < len(self.offers):
                button = pn.widgets.Button(color="success", stylesheets=[BUTTON_CSS],
                                           sizing_mode="stretch_width", max_width=380,
                                           styles={"flex": "1 1 240px"})
                index = len(self._resume)
                button.on_click(lambda _e, i=index: self.open_offer(i))
                self._resume.append(button)
            for offer, button in zip(self.offers, self._resume, strict=False):
                button.name = self.offer_text(offer)
                button.css_classes = [f"zp-resume-{offer.kind}"]
            self._resume_box.objects = self._resume[:len(self.offers)]
            self._back.visible = bool(self.offers)
