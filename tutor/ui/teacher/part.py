"""What the Teacher page's tools share: for whom and in which language they act, the class
they act on, the notice they report in, and the page's links to them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from tutor.store import Classroom, Store, User
from tutor.text import LANGS

from ..i18n import t
from ..safe import user_text

Say = Callable[[str], str]  # a language -> what to say in it (escaped Markdown)


class Notice(pn.viewable.Viewer):
    """One line of news, shown while it has text and said again when the language changes."""

    text = param.String(default="", doc="what is said (already escaped); empty: nothing shown")
    kind = param.Selector(default="success", objects=["success", "danger", "info", "secondary"])
    lang = param.Selector(default="en", objects=list(LANGS), allow_refs=True)

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._say: Say | None = None
        # pn.bind, not .rx: an rx `visible` misses a text changed with the kind in one update
        self._alert = pn.pane.Alert(self.param.text, alert_type=self.param.kind,
                                    visible=pn.bind(bool, self.param.text),
                                    sizing_mode="stretch_width")

    def say(self, say: Say, kind: str = "success") -> None:
        """Show `say(lang)` (escaped Markdown) now and in each language the page switches to."""
        self._say = say
        self.param.update(text=say(self.lang), kind=kind)

    def ok(self, say: Say) -> None:
        self.say(say, "success")

    def fail(self, exc: Exception) -> None:
        self.say(lambda lang: user_text(exc, lang), "danger")

    def clear(self) -> None:
        self._say = None
        self.text = ""

    @param.depends("lang", watch=True)
    def _again(self) -> None:
        if self._say is not None:
            self.text = self._say(self.lang)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._alert


class TeacherPart(pn.viewable.Viewer):
    """One of the teacher's tools. It acts only for a teacher (`_teacher`), whatever its
    controls show: a hidden control is no authority."""

    lang = param.Selector(default="en", objects=list(LANGS))
    store = param.ClassSelector(class_=Store, default=None, allow_None=True)
    user = param.ClassSelector(class_=User, default=None, allow_None=True, doc="the teacher")
    classroom = param.ClassSelector(class_=Classroom, default=None, allow_None=True,
                                    doc="the class acted on")
    notice = param.ClassSelector(class_=Notice, default=None, allow_None=True,
                                 doc="where the outcome of an action is said")

    def _teacher(self) -> bool:
        """Whether this tool acts for a teacher now."""
        user = self.user
        return (self.store is not None and user is not None and user.role == "teacher"
                and not user.is_guest)

    def _t(self, key: str, **kwargs: Any) -> Any:
        """The text `key` in the current language, followed as it changes."""
        return pn.bind(lambda lang: t(key, lang, **kwargs), self.param.lang)

    def _header(self, key: str) -> pn.pane.Markdown:
        """The tool's heading, in the current language."""
        return pn.pane.Markdown(pn.bind(lambda lang: f"### {t(key, lang)}", self.param.lang))

    def _ok(self, say: Say) -> None:
        if self.notice is not None:
            self.notice.ok(say)

    def _fail(self, exc: Exception | Say) -> None:
        """Say what went wrong: an error, or a message in each language."""
        if self.notice is not None:
            if isinstance(exc, Exception):
                self.notice.fail(exc)
            else:
                self.notice.say(exc, "danger")


def share(owner: param.Parameterized, part: param.Parameterized, *names: str) -> None:
    """`part` takes `names` from `owner` now and whenever they change; what `part` changes
    among them goes back to `owner`."""

    def copy_to(target: param.Parameterized):
        def copy(*events: param.parameterized.Event) -> None:
            target.param.update({e.name: e.new for e in events
                                 if getattr(target, e.name) is not e.new})
        return copy

    part.param.update({name: getattr(owner, name) for name in names})
    owner.param.watch(copy_to(part), list(names))
    part.param.watch(copy_to(owner), list(names))
