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
from .part import Notice


class PasswordReset(pn.viewable.Viewer):
    """The class's learners and a button; the code appears below, for this teacher alone.
    Shown only while there is a class."""

    lang = param.Selector(default="en", objects=["en", "zh"], allow_refs=True)
    store = param.ClassSelector(class_=Store, default=None, allow_None=True, allow_refs=True)
    user = param.ClassSelector(class_=User, default=None, allow_None=True, allow_refs=True,
                               doc="the teacher")
    classroom = param.ClassSelector(class_=Classroom, default=None, allow_None=True,
                                    allow_refs=True)

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        lang = self.param.lang
        self._learner = pn.widgets.Select(
            label=pn.bind(account_text, "reset_learner", lang), width=220)
        self._button = pn.widgets.Button(label=pn.bind(account_text, "reset_button", lang),
                                         color="warning", width=160, align="end")
        self._button.on_click(self._ask)
        # a reset cannot be undone (the learner's password and sign-ins end): asked first
        self._pending: str | None = None  # the learner the open question is about
        self._question = pn.pane.HTML("", margin=(5, 10))
        self._yes = pn.widgets.Button(label=pn.bind(account_text, "reset_yes", lang),
                                      button_type="danger", width=160)
        self._yes.on_click(self._reset)
        self._no = pn.widgets.Button(label=pn.bind(account_text, "reset_no", lang), width=110)
        self._no.on_click(lambda _e: self._close())
        self._confirm = pn.FlexBox(self._question, self._yes, self._no, align_items="center",
                                   visible=False, sizing_mode="stretch_width")
        self._learner.param.watch(lambda _e: self._close(), "value")
        self._result = Notice(lang=self.param.lang)
        self._names: dict[str, str] = {}
        self._layout = pn.Column(
            pn.pane.Markdown(pn.bind(lambda lang: f"#### {account_text('reset_header', lang)}",
                                     lang)),
            pn.FlexBox(self._learner, self._button), self._confirm, self._result,
            visible=pn.bind(lambda room: room is not None, self.param.classroom),
            sizing_mode="stretch_width")
        self._load()

    @param.depends("store", "user", "classroom", watch=True)
    def _load(self) -> None:
        """The named learners of the class (guests have no password); without a class,
        nothing is shown."""
        self._result.clear()
        self.refresh_members()

    def refresh_members(self) -> None:
        """The learners offered, read again (one joined), leaving a one-time code shown or
        a question open as it is while its learner is still there."""
        members: list[User] = []
        if None not in (self.store, self.user, self.classroom):
            try:
                members = self.store.classes.members(self.user.id, self.classroom.id)
            except StoreError:
                members = []
        learners = [m for m in members if m.role == "learner" and not m.is_guest]
        self._names = {str(m.id): m.display_name for m in learners}
        options = {f"{m.display_name} ({m.username})": str(m.id) for m in learners}
        kept = self._learner.value if self._learner.value in options.values() else None
        self._learner.param.update(options=options,
                                   value=kept or next(iter(options.values()), None),
                                   disabled=not learners)
        self._button.disabled = not learners
        if self._pending not in self._names:
            self._close()
        if not learners and self.classroom is not None:
            self._result.say(lambda lang: account_text("reset_none", lang), "secondary")
        elif learners and self._result.text == account_text("reset_none", self.lang):
            self._result.clear()  # "No learner has joined" is no longer so

    def _ask(self, _=None) -> None:
        """"Reset password": first asks about the learner chosen."""
        chosen = self._learner.value
        if chosen not in self._names:
            return  # no learner chosen: nothing to ask about
        self._pending = chosen
        self._result.clear()
        self._relabel_question()
        self._confirm.visible = True

    @param.depends("lang", watch=True)
    def _relabel_question(self) -> None:
        if self._pending in self._names:
            self._question.object = account_text(
                "reset_confirm", self.lang, name=user_text(self._names[self._pending]))

    def _close(self) -> None:
        self._pending = None
        self._confirm.visible = False

    def _reset(self, _=None) -> None:
        """The teacher confirmed: only the learner the open question names is reset (a
        script's click on the hidden button, with no question open, resets nobody)."""
        chosen = self._pending
        self._close()
        if chosen not in self._names or self.store is None or self.user is None:
            return  # no question open: nothing to reset
        try:
            code = self.store.users.reset_secret(self.user.id, int(chosen))
        except StoreError as exc:
            self._result.fail(exc)
            return
        name = user_text(self._names[chosen])
        self._result.ok(lambda lang: account_text("reset_done", lang, name=name, code=code))

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
