"""The application shell: navigation, the 中文 / English switch, and the pages.

One `TutorApp` per browser session. The page shown follows `?page=` in the URL, so a reload
comes back to the same page; without it, the home page.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from html import escape

import panel as pn
import param
from bokeh.document.events import RootAddedEvent
from bokeh.models import ImportedStyleSheet
from bokeh.settings import settings
from panel.io.resources import get_dist_path, patch_stylesheet

from tutor.store import Store, StoreError, User
from tutor.store.passwords import token_hash
from tutor.store.signed_in import SignedInStore, SignIn
from tutor.text import LANGS

from .auth import Visitor, account_text, current_visitor
from .i18n import t
from .identity import AccountBox
from .lang_memory import LangMemory, remembered
from .page import AppPage
from .safe import user_text
from .services import Services
from .stats import count_session

NAV_PAGES = ("home", "learn", "puzzles", "play", "progress", "teacher")
PAGES = (*NAV_PAGES, "table")  # a shared table is reached from Play, not from the bar
SIGN_IN_CHECK_MS = 20_000  # how often an open page asks whether its sign-in still exists

SHELL_CSS = """
.zp-header { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.zp-brand { font-size: 22px; font-weight: 700; margin-right: 12px; }
@media (max-width: 700px) { .zp-brand { font-size: 18px; margin-right: 4px; } }
"""
# six pages side by side still fit a phone's 390 px
NAV_CSS = "@media (max-width: 700px) { .bk-btn { padding: 6px 7px; font-size: 13.5px; } }"


NOTICES = ("password_changed",)  # what `?notice=` may say: an account form's done deed


class TutorApp(pn.viewable.Viewer):
    """The whole app for one browser session."""

    page = param.Selector(default="home", objects=list(PAGES))
    lang = param.Selector(default="en", objects=["en", "zh"])
    user = param.ClassSelector(class_=User, default=None, allow_None=True)
    services = param.ClassSelector(class_=Services, default=None, allow_None=True,
                                   doc="what the pages share; None: this process's")

    def __init__(self, pages: dict[str, Callable[[TutorApp], AppPage]] | None = None,
                 **params) -> None:
        query = pn.state.location.query_params if pn.state.location else {}
        if query.get("page") in PAGES:
            params.setdefault("page", query["page"])
        if query.get("lang") in ("en", "zh"):
            params.setdefault("lang", query["lang"])
        elif remembered(pn.state.cookies):  # the language this browser chose last
            params.setdefault("lang", remembered(pn.state.cookies))
        # a language named by the link or chosen on this browser is kept when signing in
        chosen = "lang" in params
        super().__init__(**params)
        if self.services is None:
            self.services = Services.default()
        self._factories = pages or default_pages()
        self._views: dict[str, AppPage] = {}
        self._shown = ""  # the page on view, told when another takes its place
        self._brand = pn.pane.HTML("", css_classes=["zp-brand"], stylesheets=[SHELL_CSS])
        self._nav = pn.widgets.RadioButtonGroup(options=self._nav_options(),
                                                value=self._nav_value(), color="primary",
                                                variant="outline", stylesheets=[NAV_CSS])
        self._nav.param.watch(self._on_nav, "value")
        self._lang_button = pn.widgets.Button(width=76, color="primary", variant="outline")
        self._lang_button.on_click(self._toggle_lang)
        self._lang_memory = LangMemory(lang=self.lang, width=0, height=0, margin=0)
        self._content = pn.Column(sizing_mode="stretch_width")
        # shown once the sign-in this page acts for has ended (the store refuses it too)
        self._ended_alert = pn.pane.Alert("", alert_type="danger", visible=False,
                                          sizing_mode="stretch_width")
        # who it is was worked out by the server from the first request: no waiting
        visitor = current_visitor()
        base = self.services.store() if visitor is not None and visitor.user is not None else None
        self.store = self._signed_in(base, visitor) if base is not None else None
        if self.store is not None:
            self.user = visitor.user
            self._account_lang(query)
        self.account = AccountBox(lang=self.lang, user=self.user,
                                  enabled=self.store is not None, lang_chosen=chosen)
        error = self.services.store_error() or (visitor.problem if visitor is not None else None)
        if error is not None:
            alert = t("store_unavailable", self.lang, error=user_text(error, self.lang))
        elif visitor is None:
            alert = t("served_without_accounts", self.lang)
        elif visitor.user is None:  # a session started without the page's cookies
            alert = t("cookies_missing", self.lang)
        else:
            alert = ""
        self._store_alert = pn.pane.Alert(alert, alert_type="warning", visible=bool(alert),
                                          sizing_mode="stretch_width")
        # what an account form just did, said once the page is back (a known key only)
        notice = query.get("notice")
        self._notice_key = notice if notice in NOTICES else None
        self._notice = pn.pane.Alert("", alert_type="success", visible=bool(self._notice_key),
                                     sizing_mode="stretch_width")
        if query.get("account") == "open" and self.account.enabled:
            self.account.form.visible = True  # "sign in again" opens the form at once
        self._layout = pn.Column(
            pn.FlexBox(self._brand, self._nav, self.account.header, self._lang_button,
                       self._lang_memory, flex_wrap="wrap", align_items="center",
                       sizing_mode="stretch_width"),
            self.account.panel, self._notice, self._ended_alert, self._store_alert,
            pn.layout.Divider(),
            self._content,
            sizing_mode="stretch_width",
            styles={"max-width": "1180px", "margin": "0 auto", "padding": "0 12px"})
        self._label()
        self._show_page()
        if isinstance(self.store, SignedInStore) and pn.state.curdoc is not None and (
                pn.state.curdoc.session_context is not None):
            pn.state.add_periodic_callback(self._check_sign_in, period=SIGN_IN_CHECK_MS)

    def _signed_in(self, base: Store, visitor: Visitor) -> Store:
        """The store as this page acts through it: only while the sign-in (or guest) it was
        opened with exists."""
        sign_in = SignIn(visitor.user.id, session_hash=visitor.session_hash,
                         guest_hash=token_hash(visitor.guest_token) if visitor.guest_token
                         else "", address=visitor.address, unsaved=visitor.unsaved_guest)
        return SignedInStore(base, sign_in, on_ended=self._sign_in_ended)

    def _check_sign_in(self) -> None:
        """Ask the store whether this page's sign-in still exists (it says when not)."""
        with contextlib.suppress(StoreError):  # unreachable now: the next check will tell
            self.store.alive()

    def _sign_in_ended(self) -> None:
        """Say so on the page, with the way back in."""
        self._ended_alert.visible = True
        self._label_ended()

    def _label_ended(self) -> None:
        if isinstance(self.store, SignedInStore) and self.store.sign_in.guest_hash:
            link = f"?page={self.page}&lang={self.lang}"  # a reload: the browser's guest now
            said, action = "guest_ended", "reload_page"
        else:
            link = f"?page={self.page}&lang={self.lang}&account=open"
            said, action = "sign_in_ended", "sign_in_again"
        self._ended_alert.object = (f"{account_text(said, self.lang)} "
                                    f"[{account_text(action, self.lang)}]({link})")

    def _nav_options(self) -> dict[str, str]:
        return {t(f"nav_{p}", self.lang): p for p in NAV_PAGES}

    def _nav_value(self) -> str | None:
        """The bar's button for the page shown (none for a table: every button, Play too,
        then leads away from it)."""
        return self.page if self.page in NAV_PAGES else None

    def _on_nav(self, event: param.parameterized.Event) -> None:
        if event.new is not None:
            self.page = event.new

    def _label(self) -> None:
        self._brand.object = f'<span class="zp-brand">{t("app_title", self.lang)}</span>'
        self._nav.options = self._nav_options()
        self._nav.value = self._nav_value()
        self._lang_button.name = t("language", self.lang)
        if self._notice_key:
            self._notice.object = escape(account_text(self._notice_key, self.lang))

    def _toggle_lang(self, _=None) -> None:
        self.account.lang_chosen = True  # chosen here: signing in keeps it
        self.lang = "zh" if self.lang == "en" else "en"

    @param.depends("lang", watch=True)
    def _on_lang(self) -> None:
        """Relabel everything as one change: the browser never shows a half-switched page
        (and a click landing meanwhile never meets a button in the other language)."""
        with pn.io.hold():
            self._label()
            self._label_ended()
            self.account.lang = self._lang_memory.lang = self.lang
            for view in self._views.values():
                view.lang = self.lang
            self._sync_url()
        self._keep_lang()

    def _account_lang(self, query: dict) -> None:
        """A named account's page opens in the language the account chose last, on any
        browser (a link that names a language still wins; a guest has its browser's)."""
        if query.get("lang") in LANGS or self.user is None or self.user.is_guest:
            return
        with contextlib.suppress(StoreError):  # unreachable: the page says so itself
            saved = self.store.users.language(self.user.id)
            if saved is not None and saved != self.lang:
                with param.parameterized.discard_events(self):  # nothing is drawn yet
                    self.lang = saved
                self._lang_memory.lang = saved
        if self._ended_alert.visible:  # it ended meanwhile: said in the page's language
            self._label_ended()

    def _keep_lang(self) -> None:
        """The language just chosen is the signed-in account's from now on."""
        if self.store is None or self.user is None or self.user.is_guest:
            return
        with contextlib.suppress(StoreError):  # an ended sign-in is told by the page itself
            self.store.users.set_language(self.user.id, self.lang)

    @param.depends("page", watch=True)
    def _show_page(self) -> None:
        view = self.view(self.page)
        shown = self._views.get(self._shown) if self._shown else None
        if shown is not None and shown is not view:
            shown.on_hide()
        self._shown = self.page
        view.lang = self.lang
        view.on_show()
        self._content.objects = [view]
        self._nav.value = self._nav_value()
        self._sync_url()

    def _sync_url(self) -> None:
        if pn.state.location is not None:
            view = self._views.get(self.page)
            extra = view.url_query() if view is not None else ""
            pn.state.location.search = f"?page={self.page}&lang={self.lang}{extra}"

    def view(self, name: str) -> AppPage:
        """The page object for `name` (built on first use)."""
        if name not in self._views:
            view = self._factories[name](self)
            self._views[name] = view
            if self.user is not None:
                view.attach_user(self.store, self.user)
        return self._views[name]

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def default_pages() -> dict[str, Callable[[TutorApp], AppPage]]:
    """Page factories; each is called once per session, when the page is first opened."""
    from .home import HomePage
    from .learn import LearnPage
    from .play.page import PlayPage
    from .progress.page import ProgressPage
    from .puzzles.page import PuzzlesPage, requested_puzzle, requested_theme
    from .table.page import TablePage, requested_table
    from .teacher.page import TeacherPage

    return {
        "home": lambda app: HomePage(lang=app.lang, services=app.services,
                                     open_page=lambda name: setattr(app, "page", name)),
        "learn": lambda app: LearnPage(lang=app.lang, services=app.services),
        "puzzles": lambda app: PuzzlesPage(lang=app.lang, services=app.services,
                                           puzzle=requested_puzzle(),
                                           start_theme=requested_theme()),
        "play": lambda app: PlayPage(lang=app.lang, services=app.services),
        "progress": lambda app: ProgressPage(lang=app.lang, services=app.services),
        "teacher": lambda app: TeacherPage(lang=app.lang, services=app.services),
        "table": lambda app: TablePage(lang=app.lang, services=app.services,
                                       **dict(zip(("code", "watch"), requested_table(),
                                                  strict=True))),
    }


# Panel's page has no viewport meta: a phone would lay it out 980 px wide and shrink it
PAGE_HEAD = ('{% block postamble %}<meta name="viewport" '
             'content="width=device-width, initial-scale=1">{% endblock %}')


def build_app() -> pn.viewable.Viewable:
    """The app's root for one session (used by `panel serve app.py` and `tutor serve`)."""
    serve_resources_locally()
    count_session()
    pn.extension()
    if pn.state.curdoc is not None:  # Panel extends its base page with this template
        pn.state.curdoc.template = PAGE_HEAD
    return TutorApp()


def serve_resources_locally() -> None:
    """Make this session's page load every script and stylesheet from its own server (the app
    runs offline), however the session began.

    Panel names its stylesheets by a CDN address and rewrites them to the server's own
    `static/` folder only when it renders the page's HTML. A session that a websocket opens
    instead (the HTML came from another process: `panel serve --num-procs`, or a proxy that
    moved a page to another app process) never has its HTML rendered, so its theme and layout
    CSS would come from cdn.holoviz.org. Naming the local folder before any component is
    built fixes that. `BOKEH_RESOURCES=cdn` would load BokehJS from a CDN too: not here."""
    if settings.resources(default="server") == "cdn":
        os.environ["BOKEH_RESOURCES"] = "server"
    doc = pn.state.curdoc
    if doc is None or doc.session_context is None or "dist_url" in doc.template_variables:
        return
    doc.template_variables["dist_url"] = local = get_dist_path(cdn=False)

    def _patch_root(event: object) -> None:
        # a few components (Divider) take no notice of dist_url: their stylesheets are
        # rewritten as the root joins the document, as rendering the HTML would have done
        if isinstance(event, RootAddedEvent):
            for sheet in event.model.select({"type": ImportedStyleSheet}):
                patch_stylesheet(sheet, local)

    doc.on_change(_patch_root)
