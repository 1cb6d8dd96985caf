"""The header's account box: who is here, the sign-in / create-account form, and sign-out.

The form and the sign-out button are small browser components that post straight to the
server's `/auth/…` endpoints (see `auth.py`) and reload the page on success: passwords and
tokens never pass through a page model, and the server alone sets the cookies.
"""

from __future__ import annotations

from typing import Any, ClassVar

import panel as pn
import param
from panel.custom import JSComponent

from tutor.store import User

from .auth import account_text
from .i18n import t
from .safe import user_text

# Posts JSON to one of the server's account endpoints; on success the page reloads as the
# browser's new visitor, else the error message (plain text) is returned (`ask`: with
# `change`, when the server wants a new password chosen before signing in).
_POST = """
const MAX_BODY = 8000;  // the server reads no larger body (tutor.ui.routes.MAX_BODY, 8 KiB)
async function ask(path, body, texts) {
  const sent = JSON.stringify(body);
  if (new Blob([sent]).size > MAX_BODY) { return {error: texts.too_long}; }
  let response;
  try {
    response = await fetch(path, {method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json"}, body: sent});
  } catch (err) {
    return {error: texts.unreachable};
  }
  if (response.ok) {
    let done = {};
    try { done = await response.json(); } catch (err) { /* no body: nothing to add */ }
    const url = new URL(window.location.href);
    if (done.lang === "en" || done.lang === "zh") {  // the account's own language
      url.searchParams.set("lang", done.lang);
    }
    if (texts.done_notice) {  // the page comes back saying what was done (a known key)
      url.searchParams.set("notice", texts.done_notice);
    }
    window.location.replace(url.toString());
    return {error: ""};
  }
  let data = {};
  try { data = await response.json(); } catch (err) { /* not JSON: use the status */ }
  return {error: data.error || (response.status + " " + response.statusText),
          change: data.change === true};
}
async function post(path, body, texts) {
  return (await ask(path, body, texts)).error;
}
"""

WHO_CSS = """
:host { max-width: min(42vw, 260px); }
b { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
"""

_FORM_CSS = """
form { display: flex; flex-direction: column; gap: 8px; padding: 10px; }
.row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
input, select { font: inherit; padding: 7px 9px; border: 1px solid #b7bfc9; border-radius: 6px;
  width: 160px; max-width: 100%; box-sizing: border-box; background: white; }
select { width: 120px; }
label.role { display: inline-flex; align-items: center; gap: 6px; font-size: 14px; color: #333; }
button { font: inherit; padding: 7px 14px; border-radius: 6px; cursor: pointer;
  border: 1px solid #0072b5; background: #0072b5; color: white; }
button.secondary { background: white; color: #0072b5; }
button:disabled { opacity: 0.6; cursor: wait; }
[hidden] { display: none !important; }
[role=status] { color: #174ea6; background: #e8f0fe; border-radius: 6px; padding: 8px 10px; }
[role=alert] { color: #b00020; background: #fdecea; border-radius: 6px; padding: 8px 10px;
  overflow-wrap: anywhere; }
"""


class AccountForm(JSComponent):
    """Sign in, or create an account (a guest's progress moves into it)."""

    labels = param.Dict(default={}, doc="placeholders, button names and messages")
    lang = param.Selector(default="en", objects=["en", "zh"])
    keep_lang = param.Boolean(default=False, doc="the page's language was chosen (by its "
                              "link, this browser or the person): signing in keeps it, "
                              "else the page reloads in the account's own")

    _stylesheets: ClassVar[list[str]] = [_FORM_CSS]
    _esm = _POST + """
    export function render({ model }) {
      const make = (tag, props) => Object.assign(document.createElement(tag), props);
      const username = make("input", {type: "text", autocomplete: "username"});
      const secret = make("input", {type: "password", autocomplete: "current-password"});
      const display = make("input", {type: "text", autocomplete: "nickname"});
      // the account type: labelled, learner unless the person picks teacher, never blank
      const role = make("select", {id: "zp-role", name: "role"});
      const learner = make("option", {value: "learner", selected: true, defaultSelected: true});
      const teacher = make("option", {value: "teacher"});
      role.append(learner, teacher);
      role.value = "learner";
      const roleLabel = make("label", {htmlFor: "zp-role", className: "role"});
      const roleText = make("span", {});
      roleLabel.append(roleText, role);
      // a teacher's account needs the invitation code of whoever runs the server
      const teacherCode = make("input", {type: "text", autocomplete: "off", hidden: true});
      const signIn = make("button", {type: "submit"});
      const create = make("button", {type: "button", className: "secondary"});
      // a one-time code from a teacher signs in only once a new password is chosen
      const fresh = make("input", {type: "password", autocomplete: "new-password"});
      const save = make("button", {type: "button"});
      const error = make("div", {hidden: true});
      error.setAttribute("role", "alert");
      const note = make("div", {hidden: true});
      note.setAttribute("role", "status");
      const row = (...items) => {
        const r = make("div", {className: "row"});
        r.append(...items);
        return r;
      };
      const form = make("form", {});
      const choose = row(fresh, save);
      choose.hidden = true;
      form.append(row(username, secret, signIn), row(display, roleLabel, teacherCode, create),
                  note, choose, error);
      const showCode = () => { teacherCode.hidden = role.value !== "teacher"; };
      role.addEventListener("change", showCode);

      function label() {
        const L = model.labels;
        username.placeholder = L.username || "";
        secret.placeholder = L.password || "";
        display.placeholder = L.display_name || "";
        learner.textContent = L.role_learner || "learner";
        teacher.textContent = L.role_teacher || "teacher";
        roleText.textContent = L.account_type || "";
        if (!role.value) { role.value = "learner"; }
        signIn.textContent = L.sign_in || "";
        create.textContent = L.create_account || "";
        teacherCode.placeholder = L.teacher_code || "";
        fresh.placeholder = L.new_password || "";
        save.textContent = L.save_password || "";
        note.textContent = L.must_change || "";
      }
      label();
      model.on("labels", label);

      async function send(path, body) {
        signIn.disabled = create.disabled = save.disabled = true;
        error.hidden = true;
        // every field is text: the server reads no other JSON values
        const answer = await ask(path, Object.assign(body, {lang: model.lang,
                                                            keep_lang: model.keep_lang ? "1" : ""}),
                                 model.labels);
        signIn.disabled = create.disabled = save.disabled = false;
        if (answer.change) {  // the code was right: now the new password
          note.hidden = choose.hidden = false;
          fresh.focus();
        } else if (answer.error) {
          error.textContent = answer.error;
          error.hidden = false;
        }
      }
      save.addEventListener("click", () => send("auth/password", {
        username: username.value, password: secret.value, new_password: fresh.value}));
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        send("auth/sign-in", {username: username.value, password: secret.value});
      });
      create.addEventListener("click", () => send("auth/create", {
        username: username.value, password: secret.value, display_name: display.value,
        role: role.value || "learner", teacher_code: teacherCode.value}));
      return form;
    }
    """


class PasswordForm(JSComponent):
    """Change the signed-in account's password (its other sign-ins end)."""

    labels = param.Dict(default={}, doc="placeholders, the button's name and messages")
    lang = param.Selector(default="en", objects=["en", "zh"])

    _stylesheets: ClassVar[list[str]] = [_FORM_CSS]
    _esm = _POST + """
    export function render({ model }) {
      const make = (tag, props) => Object.assign(document.createElement(tag), props);
      const current = make("input", {type: "password", autocomplete: "current-password"});
      const fresh = make("input", {type: "password", autocomplete: "new-password"});
      const save = make("button", {type: "submit"});
      const error = make("div", {hidden: true});
      error.setAttribute("role", "alert");
      const title = make("strong", {});
      const row = make("div", {className: "row"});
      row.append(current, fresh, save);
      const form = make("form", {});
      form.append(title, row, error);
      function label() {
        const L = model.labels;
        title.textContent = L.change_password || "";
        current.placeholder = L.current_password || "";
        fresh.placeholder = L.new_password || "";
        save.textContent = L.save_password || "";
      }
      label();
      model.on("labels", label);
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        save.disabled = true;
        error.hidden = true;
        const problem = await post("auth/password", {password: current.value,
          new_password: fresh.value, lang: model.lang, keep_lang: "1"},
          Object.assign({}, model.labels, {done_notice: "password_changed"}));
        save.disabled = false;
        if (problem) {
          error.textContent = problem;
          error.hidden = false;
        }
      });
      return form;
    }
    """


class SignOutButton(JSComponent):
    """Ends this browser's sign-in; the page comes back as its guest."""

    label = param.String(default="Sign out")
    unreachable = param.String(default="")
    lang = param.Selector(default="en", objects=["en", "zh"])

    _stylesheets: ClassVar[list[str]] = [_FORM_CSS]
    _esm = _POST + """
    export function render({ model }) {
      const button = Object.assign(document.createElement("button"),
                                   {type: "button", className: "secondary"});
      const show = () => { button.textContent = model.label; };
      show();
      model.on("label", show);
      button.addEventListener("click", async () => {
        button.disabled = true;
        const problem = await post("auth/sign-out", {lang: model.lang},
                                   {unreachable: model.unreachable});
        button.disabled = false;
        if (problem) { window.alert(problem); }
      });
      return button;
    }
    """


class AccountBox(pn.viewable.Viewer):
    """Shows who is here; opens the sign-in form, or signs out back to this browser's guest.

    With `enabled` False (no store, or a server without the account endpoints) it shows
    nothing: there is nobody to sign in as.
    """

    lang = param.Selector(default="en", objects=["en", "zh"])
    user = param.ClassSelector(class_=User, default=None, allow_None=True)
    enabled = param.Boolean(default=True)
    lang_chosen = param.Boolean(default=False, doc="the page's language was chosen, not the "
                                "default: signing in keeps it (`AccountForm.keep_lang`)")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        # a long name is cut short, so the header still fits a phone
        self._who = pn.pane.HTML("", margin=(8, 6), align="center", stylesheets=[WHO_CSS])
        self._open = pn.widgets.Button(color="primary", variant="outline", width=90,
                                       align="center")
        self._open.on_click(self._toggle)
        self._sign_out = SignOutButton(align="center", visible=False, margin=(5, 0))
        self.form = AccountForm(visible=False, sizing_mode="stretch_width",
                                keep_lang=self.lang_chosen,
                                styles={"background": "#f6f8fa", "border-radius": "8px"})
        self.password_form = PasswordForm(visible=False, sizing_mode="stretch_width", styles={
            "background": "#f6f8fa", "border-radius": "8px"})
        # what the Account button opens, below the page header: sign in, or (signed in)
        # change the password
        self.panel = pn.Column(self.form, self.password_form, sizing_mode="stretch_width",
                               margin=0)
        # the header shows who is there; the form opens below the page header
        self.header = pn.Row(self._who, self._open, self._sign_out, align="center")
        self._layout = pn.Column(self.header, self.panel)
        self._label()

    @param.depends("lang_chosen", watch=True)
    def _keep_lang(self) -> None:
        self.form.keep_lang = self.lang_chosen

    @param.depends("lang", "user", "enabled", watch=True)
    def _label(self) -> None:
        lang = self.lang
        if not self.enabled:
            self._who.object = ""
            self._open.visible = self._sign_out.visible = self.form.visible = False
            self.password_form.visible = False
            return
        name = "…" if self.user is None else (
            t("guest", lang) if self.user.is_guest else self.user.display_name)
        self._who.object = f"<b>{user_text(name)}</b>"
        self._open.name = t("account", lang)
        self._open.visible = True
        self._sign_out.param.update(label=t("sign_out", lang), lang=lang,
                                    unreachable=t("account_unreachable", lang),
                                    visible=self.user is not None and not self.user.is_guest)
        self.form.param.update(lang=lang, labels={
            key: t(key, lang) for key in ("username", "password", "display_name",
                                          "role_learner", "role_teacher", "account_type",
                                          "sign_in",
                                          "create_account")
        } | {"unreachable": t("account_unreachable", lang),
             "too_long": t("account_too_long", lang)} | {
            key: account_text(key, lang) for key in ("teacher_code", "new_password",
                                                      "save_password", "must_change")})
        self.password_form.param.update(lang=lang, labels={
            key: account_text(key, lang) for key in ("change_password", "current_password",
                                                      "new_password", "save_password")
        } | {"unreachable": t("account_unreachable", lang),
             "too_long": t("account_too_long", lang)})

    def _toggle(self, _=None) -> None:
        """Open or close what the Account button offers: to a guest, signing in or creating
        an account; to a signed-in account, changing its password (not a sign-in form:
        signing in as another account starts with signing out)."""
        signed_in = self.user is not None and not self.user.is_guest
        opened = not (self.password_form.visible or self.form.visible)
        self.form.visible = opened and not signed_in
        self.password_form.visible = opened and signed_in

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
