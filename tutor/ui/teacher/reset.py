"""A teacher resets the password of a learner in their class: the store makes a one-time
code, shown here to the teacher only, with which the learner signs in once to choose a new
password (their old password and sign-ins end at once)."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.store import Classroom, Store, StoreError, User

from ..auth import account_text
from ..safe import user_text


class PasswordReset(pn.viewable.Viewer):
    """The class's learners and a button; the code appears below, for this teacher alone."""

    lang = param.Selector(default="en", objects=["en", "zh"])
    store = param.ClassSelector(class_=Store, default=None, allow_None=True)
    user = param.ClassSelector(class_=User, default=None, allow_None=True, doc="the teacher")
    classroom = param.ClassSelector(class_=Classroom, default=None, allow_None=True)

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._header = pn.pane.Markdown("")
        self._learner = pn.widgets.Select(width=220)
        self._button = pn.widgets.Button(color="warning", width=160, align="end")
        self._button.on_click(self._reset)
        self._result = pn.pane.Alert("", visible=False, sizing_mode="stretch_width")
        self._names: dict[str, str] = {}
        self._layout = pn.Column(self._header, pn.FlexBox(self._learner, self._button),
                                 self._result, sizing_mode="stretch_width")
        self._label()
        self._load()

    @param.depends("lang", watch=True)
    def _label(self) -> None:
        self._header.object = f"#### {account_text('reset_header', self.lang)}"
        self._learner.name = account_text("reset_learner", self.lang)
        self._button.name = account_text("reset_button", self.lang)

    @param.depends("store", "user", "classroom", watch=True)
    def _load(self) -> None:
        """The named learners of the class (guests have no password); without a class,
        nothing is shown."""
        self._result.visible = False
        self._layout.visible = self.classroom is not None
        members: list[User] = []
        if None not in (self.store, self.user, self.classroom):
            try:
                members = self.store.classes.members(self.user.id, self.classroom.id)
            except StoreError:
                members = []
        learners = [m for m in members if m.role == "learner" and not m.is_guest]
        self._names = {str(m.id): m.display_name for m in learners}
        options = {f"{m.display_name} ({m.username})": str(m.id) for m in learners}
        self._learner.param.update(options=options, value=next(iter(options.values()), None),
                                   disabled=not learners)
        self._button.disabled = not learners
        if not learners and self.classroom is not None:
            self._show(account_text("reset_none", self.lang), "secondary")

    def _reset(self, _=None) -> None:
        chosen = self._learner.value
        if chosen not in self._names or self.store is None or self.user is None:
            return  # no learner chosen: nothing to reset (the store would refuse anyway)
        try:
            code = self.store.users.reset_secret(self.user.id, int(chosen))
        except StoreError as exc:
            self._show(user_text(exc), "danger")
            return
        self._show(account_text("reset_done", self.lang, name=user_text(self._names[chosen]),
                                code=code), "success")

    def _show(self, text: str, kind: str) -> None:
        self._result.param.update(object=text, alert_type=kind, visible=True)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
