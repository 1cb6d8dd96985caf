"""Who is using the app: a guest kept by this browser, or a signed-in account.

The guest token lives in a first-party cookie, so the server knows the guest on the very
first request of a visit and a page never waits for the browser to report it;
`BrowserToken` writes the cookie, `AccountBox` is the header's sign-in / create-account form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param
from panel.custom import JSComponent

from tutor.store import Store, StoreError, User

from .i18n import t

COOKIE = "zhaopengyou_guest"
MAX_AGE = 400 * 24 * 3600  # browsers cap cookie lifetimes at about 400 days


class BrowserToken(JSComponent):
    """Keeps `token` in this browser's cookie (an empty token removes it)."""

    token = param.String(default="", doc="the guest token for the browser to keep")

    _esm = f"""
    export function render({{ model }}) {{
      function keep() {{
        const age = model.token ? {MAX_AGE} : 0;
        document.cookie = "{COOKIE}=" + encodeURIComponent(model.token || "")
          + "; max-age=" + age + "; path=/; SameSite=Lax";
      }}
      if (model.token) {{ keep(); }}
      model.on("token", keep);
      const el = document.createElement("span");
      el.style.display = "none";
      return el;
    }}
    """


def guest_from_cookie(store: Store, cookies: dict[str, str]) -> tuple[User, str]:
    """The guest this browser's cookie names, or a new guest (and the token to keep)."""
    token = cookies.get(COOKIE, "")
    if token:
        try:
            return store.guest(token), token
        except StoreError:
            pass
    return store.create_guest()


class AccountBox(pn.viewable.Viewer):
    """Shows who is signed in; signs in, creates an account (keeping guest progress), or
    goes back to being a guest."""

    lang = param.Selector(default="en", objects=["en", "zh"])
    user = param.ClassSelector(class_=User, default=None, allow_None=True)

    def __init__(self, store: Store | None, on_user: Callable[[User], None],
                 guest_token: str = "", **params: Any):
        super().__init__(**params)
        self.store = store
        self.on_user = on_user
        self.guest_token = guest_token
        self.browser = BrowserToken(token=guest_token, width=0, height=0, margin=0)
        self._who = pn.pane.Markdown("", margin=(8, 6))
        self._open = pn.widgets.Button(color="light", width=110)
        self._open.on_click(self._toggle)
        self._username = pn.widgets.TextInput(width=160)
        self._secret = pn.widgets.PasswordInput(width=160)
        self._display = pn.widgets.TextInput(width=160)
        self._role = pn.widgets.Select(width=120)
        self._sign_in = pn.widgets.Button(color="primary", width=110)
        self._create = pn.widgets.Button(color="default", width=140)
        self._sign_in.on_click(self._do_sign_in)
        self._create.on_click(self._do_create)
        self._error = pn.pane.Alert("", alert_type="danger", visible=False)
        self._form = pn.Column(pn.Row(self._username, self._secret, self._sign_in),
                               pn.Row(self._display, self._role, self._create), self._error,
                               visible=False, styles={"background": "#f6f8fa",
                                                      "border-radius": "8px"})
        # the header shows who is there; the form opens below the page header
        self.header = pn.Row(self._who, self._open, self.browser, align="center")
        self.form = self._form
        self._layout = pn.Column(self.header, self._form)
        self._label()

    @param.depends("lang", "user", watch=True)
    def _label(self) -> None:
        lang = self.lang
        if self.store is None:
            self._who.object = ""
            self._open.visible = False
            return
        name = "…" if self.user is None else (
            t("guest", lang) if self.user.is_guest else self.user.display_name)
        self._who.object = f"**{name}**"
        self._open.name = t("account", lang)
        self._username.placeholder = t("username", lang)
        self._secret.placeholder = t("password", lang)
        self._display.placeholder = t("display_name", lang)
        self._role.options = {t("role_learner", lang): "learner",
                              t("role_teacher", lang): "teacher"}
        self._sign_in.name = t("sign_in", lang)
        self._create.name = t("create_account", lang)

    def _toggle(self, _=None) -> None:
        self._form.visible = not self._form.visible

    def _set_user(self, user: User) -> None:
        self.user = user
        self._error.visible = False
        self._form.visible = False
        self.on_user(user)

    def _fail(self, exc: Exception) -> None:
        self._error.object = str(exc)
        self._error.visible = True

    def _do_sign_in(self, _=None) -> None:
        try:
            self._set_user(self.store.authenticate(self._username.value, self._secret.value))
        except StoreError as exc:
            self._fail(exc)

    def _do_create(self, _=None) -> None:
        """A new account; a guest's progress moves into it (same user, name and password)."""
        name = self._username.value
        display = self._display.value or name
        role = self._role.value or "learner"
        try:
            if self.user is not None and self.user.is_guest and self.guest_token:
                user = self.store.upgrade_guest(self.guest_token, name, display,
                                                self._secret.value, role)
                self.browser.token = ""
            else:
                user = self.store.create_user(name, display, role, self._secret.value)
        except StoreError as exc:
            self._fail(exc)
            return
        self._set_user(user)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
