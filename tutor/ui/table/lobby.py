"""The lobby of shared tables: open one (its computer players, a turn's time, hints), join
one by its code, the person's open tables, and for a teacher their classes' tables (to
watch) and a table for a class with its seats assigned."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from tutor.ai import STRENGTHS
from tutor.store import Store, StoreError, User
from tutor.store.signed_in import client_address
from tutor.store.tables import TableInfo
from tutor.tables import PLAYERS, table_options
from tutor.text import LANGS

from ..i18n import t as ui_text
from ..play.session import new_deal_seed
from ..safe import user_text
from .seats import t

TURN_LIMITS = (0, 30, 60, 180)  # seconds; 0: no limit
DEFAULT_LIMIT = 60
HAND_END_LIMITS = (60, 120, 300, 0)  # seconds a hand's end waits; 0: until the host deals
DEFAULT_HAND_END = 120


def limit_label(seconds: int, lang: str) -> str:
    if not seconds:
        return t("limit_none", lang)
    return t("limit_s", lang, n=seconds) if seconds < 120 else t("limit_min", lang,
                                                                  n=seconds // 60)


def table_line(info: TableInfo, lang: str, watch: bool = False) -> str:
    """One table as a line with its links (to sit there, or for a teacher to watch)."""
    people = sum(1 for s in info.seats if s.user_id is not None)
    text = t("table_line", lang, code=info.code, status=t(f"status_{info.status}", lang),
             people=t("people", lang, n=people))
    base = f"?page=table&lang={lang}&code={info.code}"
    links = ([(t("watch_all", lang), base + "&watch=all"),
              (t("watch_table", lang), base + "&watch=table")] if watch
             else [(t("go", lang), base)])
    anchors = " · ".join(f'<a href="{href}">{label}</a>' for label, href in links)
    return f"<li>{text} — {anchors}</li>"


class Lobby(pn.viewable.Viewer):
    """Where a table is opened or joined; `enter(code)` takes the person there."""

    lang = param.Selector(default="en", objects=list(LANGS))

    def __init__(self, enter: Callable[[str], None], **params: Any) -> None:
        super().__init__(**params)
        self._enter = enter
        self.store: Store | None = None
        self.user: User | None = None
        self._title = pn.pane.Markdown("")
        self._message = pn.pane.Alert("", visible=False, sizing_mode="stretch_width")
        self._strength = pn.widgets.Select(width=140)
        self._limit = pn.widgets.Select(width=140)
        self._hand_end = pn.widgets.Select(width=170)
        self._hints = pn.widgets.Checkbox(value=True)
        self._open = pn.widgets.Button(color="primary", width=140, align="end")
        self._open.on_click(lambda _e: self.open_table())
        self._code = pn.widgets.TextInput(width=190, max_length=12)
        self._join = pn.widgets.Button(color="primary", width=100, align="end")
        self._join.on_click(lambda _e: self._enter(self._code.value))
        self._lists = pn.pane.HTML("", sizing_mode="stretch_width")
        self._class = pn.widgets.Select(width=200)
        self._class.param.watch(lambda _e: self._load_members(), "value")
        self._seat_picks = [pn.widgets.Select(width=150) for _ in range(PLAYERS)]
        self._class_open = pn.widgets.Button(color="primary", width=170, align="end")
        self._class_open.on_click(lambda _e: self.open_class_table())
        self._class_box = pn.Column(pn.pane.Markdown(""),
                                    pn.FlexBox(self._class, *self._seat_picks,
                                               self._class_open),
                                    visible=False, sizing_mode="stretch_width")
        self._layout = pn.Column(
            self._title, self._message,
            pn.FlexBox(self._strength, self._limit, self._hand_end, self._hints, self._open,
                       align_items="end"),
            pn.FlexBox(self._code, self._join, align_items="end"),
            self._lists, self._class_box, sizing_mode="stretch_width")
        self._rooms: dict[str, int] = {}
        self._label()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    @param.depends("lang", watch=True)
    def _label(self) -> None:
        lang = self.lang
        with pn.io.hold():
            self._title.object = f"### {t('title', lang)}\n\n{t('intro', lang)}"
            self._strength.param.update(name=t("computer", lang), options={
                ui_text(f"strength_{s}", lang): s for s in STRENGTHS})
            if self._strength.value not in STRENGTHS:
                self._strength.value = "normal"
            first = not self._limit.options  # the first labels: the default time
            self._limit.param.update(name=t("turn_limit", lang), options={
                limit_label(s, lang): s for s in TURN_LIMITS})
            if first or self._limit.value is None:  # ("no limit", once chosen, is kept)
                self._limit.value = DEFAULT_LIMIT
            self._hand_end.param.update(name=t("hand_end_limit", lang), options={
                limit_label(s, lang): s for s in HAND_END_LIMITS})
            if first or self._hand_end.value is None:
                self._hand_end.value = DEFAULT_HAND_END
            self._hints.name = t("hints", lang)
            self._open.name = t("open", lang)
            self._code.param.update(name=t("join_heading", lang),
                                    placeholder=t("code_placeholder", lang))
            self._join.name = t("join", lang)
            self._class_box[0].object = f"#### {t('class_heading', lang)}"
            self._class.name = t("class_pick", lang)
            self._class_open.name = t("class_open", lang)
            for seat, pick in enumerate(self._seat_picks):
                pick.name = t("seat_pick", lang, n=seat)
            self._message.visible = False
            self.reload()

    def attach(self, store: Store | None, user: User) -> None:
        self.store, self.user = store, user
        self.reload()

    def say(self, text: str, kind: str = "info") -> None:
        """Show `text` (already safe HTML) above the forms."""
        self._message.param.update(object=text, alert_type=kind, visible=True)

    def reload(self) -> None:
        """List the person's tables, and a teacher's classes' tables and classes."""
        store, user, lang = self.store, self.user, self.lang
        if store is None or user is None:
            self._lists.object = ""
            return
        try:
            mine = store.tables.for_user(user.id)
            teacher = user.role == "teacher"
            theirs = store.tables.for_teacher(user.id) if teacher else []
            rooms = store.classes.for_user(user.id) if teacher else []
        except StoreError as exc:
            self.say(user_text(exc, lang), "danger")
            return
        parts = [f"<h4>{t('your_tables', lang)}</h4>"]
        parts.append("<ul>" + "".join(table_line(i, lang) for i in mine) + "</ul>" if mine
                     else f"<p>{t('no_tables', lang)}</p>")
        if teacher:
            parts.append(f"<h4>{t('class_tables', lang)}</h4>")
            parts.append("<ul>" + "".join(table_line(i, lang, watch=True) for i in theirs)
                         + "</ul>" if theirs else f"<p>{t('no_tables', lang)}</p>")
        self._lists.object = "".join(parts)
        self._rooms = {r.name: r.id for r in rooms}
        self._class_box.visible = bool(rooms)
        if rooms:  # a class chosen from the start: a select given options chooses none
            names = list(self._rooms)
            chosen = self._class.value if self._class.value in names else names[0]
            self._class.param.update(options=names, value=chosen)
            self._load_members()

    def _load_members(self) -> None:
        store, user = self.store, self.user
        class_id = self._rooms.get(self._class.value)
        if store is None or user is None or class_id is None:
            return
        try:
            members = store.classes.members(user.id, class_id)
        except StoreError:
            members = []
        options = {t("seat_nobody", self.lang): 0}
        options.update({f"{m.display_name} ({m.username or m.id})": m.id for m in members})
        for pick in self._seat_picks:
            pick.options = options
            pick.value = 0

    def _offered(self) -> bool:
        """Whether every select holds a value it offered (not a forged one)."""
        return self._strength.value in STRENGTHS and self._limit.value in TURN_LIMITS \
            and self._hand_end.value in HAND_END_LIMITS

    def _options(self) -> dict[str, Any]:
        return {"hints": bool(self._hints.value), "turn_seconds": int(self._limit.value or 0),
                "hand_end_seconds": int(self._hand_end.value or 0),
                "strength": self._strength.value}

    def open_table(self) -> None:
        """Open a table hosted by the person, who takes seat 0, and go there."""
        store, user = self.store, self.user
        if store is None or user is None:
            self.say(t("no_account", self.lang), "warning")
            return
        strength = self._strength.value
        if not self._offered():
            return  # a value the selects never offered
        try:
            info = store.tables.create(user.id, table_options(strength), new_deal_seed(),
                                       options=self._options(),
                                       address=client_address(store))
        except StoreError as exc:
            self.say(user_text(exc, self.lang), "danger")
            return
        self._enter(info.code)

    def open_class_table(self) -> None:
        """A teacher's table for a class, its learners in the seats chosen (the teacher
        hosts and may watch, but does not sit)."""
        store, user = self.store, self.user
        class_id = self._rooms.get(self._class.value)
        if store is None or user is None:
            self.say(t("no_account", self.lang), "warning")
            return
        if class_id is None:
            self.say(t("class_pick_first", self.lang), "warning")
            return
        seats = {seat: pick.value for seat, pick in enumerate(self._seat_picks)
                 if isinstance(pick.value, int) and pick.value}
        strength = self._strength.value
        if not self._offered():
            return
        try:
            info = store.tables.create(user.id, table_options(strength), new_deal_seed(),
                                       options=self._options(), class_id=class_id,
                                       seats=seats, sit=False,
                                       address=client_address(store))
        except StoreError as exc:
            self.say(user_text(exc, self.lang), "danger")
            return
        self.say(t("class_opened", self.lang, code=info.code,
                   name=user_text(self._class.value)), "success")
        self.reload()
