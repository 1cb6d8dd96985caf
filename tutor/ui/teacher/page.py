"""The Teacher page: classes and join codes, assignments from the bank, results with charts
and CSV, and a form to author a throw puzzle whose answer the rules core shows first.

Only teacher accounts get past `attach_user`; everyone else sees a refusal, and the store
refuses them too. Each tool is its own component (`classes`, `assignments`, `results`,
`authoring`); the page hands them the language, the user and the class, and each acts only
for a teacher, whatever its controls show.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.store import Assignment, Classroom, Store, StoreError, User
from tutor.text import section

from ..i18n import t
from ..page import AppPage
from .assignments import Assignments
from .authoring import Authoring
from .classes import Classes
from .part import Notice, share
from .results import Results

tables_text = section("tables")
FOLLOW_MS = 10_000  # how often an open Teacher page looks for learners joining and answering


class TeacherPage(AppPage):
    """Everything a teacher does, for the signed-in teacher only; `classroom` and
    `assignment` say which class and which assignment's results are shown."""

    classroom = param.ClassSelector(class_=Classroom, default=None, allow_None=True,
                                    doc="the class shown")
    assignment = param.ClassSelector(class_=Assignment, default=None, allow_None=True,
                                     doc="the assignment whose results are shown")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.notice = Notice()
        self.classes = Classes(notice=self.notice)
        self.assignments = Assignments(notice=self.notice)
        self.results = Results(notice=self.notice)
        self.authoring = Authoring()
        # the class chooser last: the others have the user by the time it chooses a class
        for part in (self.assignments, self.results, self.authoring, self.classes):
            share(self, part, "lang", "store", "user", "classroom")
        share(self, self.results, "assignment")
        share(self, self.notice, "lang")  # its news is said again in the language chosen
        self.assignments.param.watch(lambda e: self.results.reload(select=e.new), "made")
        self.authoring.param.watch(lambda _: self.assignments.load_bank(), "saved")
        self._refusal = pn.pane.Alert(pn.bind(t, "teacher_only", self.param.lang),
                                      alert_type="warning")
        self._tables = pn.pane.HTML(pn.bind(_tables_link, self.param.lang))
        self._body = pn.Column(self.notice, self.classes, self._tables, self.assignments,
                               self.results, self.authoring, sizing_mode="stretch_width")
        # the tools are swapped in (not merely unhidden), so their charts draw at full size
        self._layout = pn.Column(self._refusal, sizing_mode="stretch_width")
        self._seen: tuple | None = None  # the class as last shown (`_follow`)
        self._following = False
        self._hidden = False

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def attach_user(self, store: Store | None, user: User) -> None:
        """Show the teacher's tools only to a teacher; refuse everyone else."""
        super().attach_user(store, user)
        allowed = store is not None and user.role == "teacher" and not user.is_guest
        self._layout.objects = [self._body] if allowed else [self._refusal]
        self._seen = self._look() if allowed else None
        doc = pn.state.curdoc
        if allowed and not self._following and doc is not None and (
                doc.session_context is not None):  # served: the page follows its class
            pn.state.add_periodic_callback(self._follow, period=FOLLOW_MS)
            self._following = True

    def _class_now(self) -> tuple | None:
        """Who is in the class shown and how far each is with the assignment shown (one
        query each): what changes when a learner joins or answers."""
        room, work = self.classroom, self.assignment
        if self.store is None or self.user is None or room is None:
            return None
        members = tuple(m.id for m in self.store.classes.members(self.user.id, room.id))
        progress = () if work is None else tuple(
            self.store.attempts.assignment_progress(self.user.id, work.id))
        return room.id, members, progress

    def _look(self) -> tuple | None:
        """`_class_now`, or None while the store cannot say (the page says why itself)."""
        try:
            return self._class_now()
        except StoreError:
            return None

    @param.depends("classroom", "assignment", watch=True)
    def _now_shown(self) -> None:
        """Another class or assignment chosen is drawn by its part: what it is now is what
        the next look compares with (not a change to draw again)."""
        if self._layout.objects == [self._body]:
            self._seen = self._look()

    def on_hide(self) -> None:
        self._hidden = True  # another page is shown: nothing to follow for now

    def on_show(self) -> None:
        self._hidden = False
        self._follow()  # what happened meanwhile, at once

    def _follow(self) -> None:
        """Show learners who joined and answers given since the page last looked, without a
        reload (the page said "No learner has joined" until reloaded); nothing is drawn
        again while nothing changed."""
        if self._hidden or self._layout.objects != [self._body]:
            return
        now = self._look()
        if now is None or now == self._seen:
            return  # unchanged, or unreachable / the sign-in ended: the page says so itself
        before, self._seen = self._seen, now
        if before is None or before[:2] != now[:2]:  # someone joined or left
            self.classes._reset.refresh_members()
        self.results.reload()


def _tables_link(lang: str) -> str:
    """Where a teacher opens a table for a class, or watches their classes' tables."""
    return f'<a href="?page=table&lang={lang}">{tables_text("teacher_link", lang)}</a>'
