"""Who is using the app: a guest kept by this browser, or a signed-in account.

Two first-party cookies carry tokens: the guest's, and a sign-in session's (so an account
stays signed in across reloads and visits until it signs out). The server reads them on the
very first request of a visit, so a page never waits for the browser to report them;
`BrowserToken` writes a cookie, `AccountBox` is the header's sign-in / account form.
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
SESSION_COOKIE = "zhaopengyou_session"
MAX_AGE = 400 * 24 * 3600  # browsers cap cookie lifetimes at about 400 days


class BrowserToken(JSComponent):
    """Keeps `token` in this browser's cookie named `cookie` (an empty token removes it)."""

    token = param.String(default="", doc="the token for the browser to keep")
    cookie = param.String(default=COOKIE, constant=True, doc="the cookie's name")

    _esm = f"""
    export function render({{ model }}) {{
      function keep() {{
        const age = model.token ? {MAX_AGE} : 0;
        document.cookie = model.cookie + "=" + encodeURIComponent(model.token || "")
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


def user_from_cookies(store: Store, cookies: dict[str, str]) -> tuple[User, str, str]:
    """Who this browser is: the account its session cookie keeps signed in, else its guest.

    Returns the user, the guest token to keep (kept while signed in, to come back to the
    same guest on signing out; a new guest is made only when there is no account), and the
    session token ("" for a guest).
    """
    session = cookies.get(SESSION_COOKIE, "")
    if session:
        try:
            return store.session_user(session), cookies.get(COOKIE, ""), session
        except StoreError:
            pass
    user, token = guest_from_cookie(store, cookies)
    return user, token, ""


class AccountBox(pn.viewable.Viewer):
    """Shows who is signed in; signs in, creates an account (keeping guest progress), or
    signs out, back to this browser's guest."""

    lang = param.Selector(default="en", objects=["en", "zh"])
    user = param.ClassSelector(class_=User, default=None, allow_None=True)

    def __init__(self, store: Store | None, on_user: Callable[[User], None],
                 guest_token: str = "", session_token: str = "", **params: Any):
        super().__init__(**params)
        self.store = store
        self.on_user = on_user
        self.guest_token = guest_token
        self.browser = BrowserToken(token=guest_token, width=0, height=0, margin=0)
        self.session = BrowserToken(token=session_token, cookie=SESSION_COOKIE, width=0,
                                    height=0, margin=0)
        self._sign_out = pn.widgets.Button(color="primary", variant="outline", width=110,
                                           align="center", visible=False)
        self._sign_out.on_click(self._do_sign_out)
        self._who = pn.pane.Markdown("", margin=(8, 6), align="center")
        self._open = pn.widgets.Button(color="primary", variant="outline", width=110,
                                       align="center")
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
        self.header = pn.Row(self._who, self._open, self._sign_out, self.browser, self.session,
                             align="center")
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
        self._sign_out.name = t("sign_out", lang)
        self._sign_out.visible = self.user is not None and not self.user.is_guest
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

    def _signed_in(self, user: User) -> None:
        """An account signed in or was created: keep it signed in on this browser (in place
        of any account signed in here before)."""
        problem = None
        try:
            self._end_session()
            self.session.token = self.store.open_session(user)
        except StoreError as exc:  # signed in for this visit all the same
            problem = exc
        self._set_user(user)
        if problem is not None:
            self._fail(problem)

    def _end_session(self) -> None:
        """End the sign-in this browser holds, if any, in the store (callers set the cookie)."""
        if self.session.token:
            self.store.close_session(self.session.token)

    def _fail(self, exc: Exception) -> None:
        self._error.object = str(exc)
        self._error.visible = self._form.visible = True  # the message lives in the form

    def _do_sign_in(self, _=None) -> None:
        try:
            user = self.store.authenticate(self._username.value, self._secret.value)
        except StoreError as exc:
            self._fail(exc)
            return
        self._secret.value = ""
        self._signed_in(user)

    def _do_sign_out(self, _=None) -> None:
        """End this browser's session and go back to its guest (a new one if it has none)."""
        try:
            self._end_session()
            user, token = guest_from_cookie(self.store, {COOKIE: self.guest_token})
        except StoreError as exc:
            self._fail(exc)
            return
        self.session.token = ""
        self.guest_token = self.browser.token = token
        self._set_user(user)

    def _do_create(self, _=None) -> None:
        """A new account; a guest's progress moves into it (same user, name and password)."""
        name = self._username.value
        display = self._display.value or name
        role = self._role.value or "learner"
        try:
            if self.user is not None and self.user.is_guest and self.guest_token:
                user = self.store.upgrade_guest(self.guest_token, name, display,
                                                self._secret.value, role)
                self.guest_token = self.browser.token = ""  # the guest is this account now
            else:
                user = self.store.create_user(name, display, role, self._secret.value)
        except StoreError as exc:
            self._fail(exc)
            return
        self._secret.value = ""
        self._signed_in(user)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
