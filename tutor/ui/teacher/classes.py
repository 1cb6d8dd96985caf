"""The teacher's classes: choose one or make one; its join code; password resets."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.store import Classroom, StoreError

from ..i18n import t
from ..safe import user_text
from .part import TeacherPart
from .reset import PasswordReset


class Classes(TeacherPart):
    """`classroom` is the class chosen among the teacher's own (None: they have none)."""

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._rooms: dict[str, Classroom] = {}
        self._select = pn.widgets.Select(label=self._t("teacher_class"), width=260)
        self._select.param.watch(lambda e: self._choose(e.new), "value")
        self._name = pn.widgets.TextInput(placeholder=self._t("teacher_class_name"), width=220)
        self._create = pn.widgets.Button(label=self._t("teacher_create_class"), color="primary",
                                         width=140)
        self._create.on_click(self._on_create)
        self._code = pn.pane.Markdown(pn.bind(_code_text, self.param.classroom, self.param.lang))
        self._reset = PasswordReset(lang=self.param.lang, store=self.param.store,
                                    user=self.param.user, classroom=self.param.classroom)
        self._layout = pn.Column(
            self._header("teacher_classes"),
            pn.FlexBox(self._select, self._name, self._create), self._code, self._reset,
            sizing_mode="stretch_width", margin=0)

    @param.depends("store", "user", watch=True)
    def load(self, select: int | None = None) -> None:
        """Read the teacher's classes again; choose `select` (an id), else keep the choice.
        Anyone else has none."""
        rooms = [c for c in self.store.classes.for_user(self.user.id)
                 if c.teacher_id == self.user.id] if self._teacher() else []
        self._rooms = {str(c.id): c for c in rooms}
        current = str(select) if select is not None else self._select.value
        self._select.options = {f"{c.name} ({c.join_code})": str(c.id) for c in rooms}
        values = list(self._rooms)
        self._select.value = current if current in values else (values[0] if values else None)
        self._choose(self._select.value)

    def _choose(self, value: str | None) -> None:
        self.classroom = self._rooms.get(value) if value else None

    @param.depends("classroom", watch=True)
    def _follow(self) -> None:
        """The select follows the parameter."""
        room = self.classroom
        if room is not None and self._select.value != str(room.id):
            self._select.value = str(room.id)

    def _on_create(self, _=None) -> None:
        if not self._teacher():
            return
        try:
            room = self.store.classes.create(self.user.id, self._name.value.strip())
        except StoreError as exc:
            self._fail(exc)
            return
        self._name.value = ""
        self._ok(lambda lang: t("teacher_class_made", lang, name=user_text(room.name),
                                code=user_text(room.join_code)))
        self.load(select=room.id)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def _code_text(room: Classroom | None, lang: str) -> str:
    if room is None:
        return t("teacher_no_class", lang)
    return t("teacher_join_code", lang, code=user_text(room.join_code))
