"""`AppPage`: what the app shell asks of every page, declared once instead of guessed at."""

from __future__ import annotations

import panel as pn
import param

from tutor.store import Store, User
from tutor.text import LANGS

from .services import Services


class AppPage(pn.viewable.Viewer):
    """One page of the app.

    - `lang` follows the shell's language switch;
    - `attach_user(store, user)` says whom the page serves, when it is built and whenever
      that changes (`store` is None when nothing can be saved);
    - `on_show()` runs each time the page comes into view.
    """

    lang = param.Selector(default="en", objects=list(LANGS))
    store = param.ClassSelector(class_=Store, default=None, allow_None=True,
                                doc="where the page reads and saves; None: nothing is saved")
    user = param.ClassSelector(class_=User, default=None, allow_None=True,
                               doc="whom the page serves")
    services = param.ClassSelector(class_=Services, default=None, allow_None=True,
                                   doc="what the app's pages share (the AI's pool); None: "
                                       "this process's")

    @property
    def shared(self) -> Services:
        """The services the app handed this page, else this process's."""
        return self.services if self.services is not None else Services.default()

    def attach_user(self, store: Store | None, user: User) -> None:
        """Serve `user`, reading and saving through `store`."""
        self.param.update(store=store, user=user)

    def url_query(self) -> str:
        """What the page adds to its URL (`&name=value…`), so a reload comes back to it."""
        return ""

    def on_hide(self) -> None:
        """Another page took its place (a page that holds something for others, a seat at a
        shared table, lets it go)."""

    def on_show(self) -> None:
        """The page comes into view (re-read what may have changed elsewhere)."""
