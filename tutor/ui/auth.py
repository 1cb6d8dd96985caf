"""Who a browser is, worked out by the server from cookies no page script can read.

Two cookies carry tokens: the guest's and a sign-in session's. Only the server sets them,
in `Set-Cookie` headers (HttpOnly, SameSite=Lax, Secure over https), and only their hashes
are stored. `TutorAuth` is a Bokeh auth provider: for each page request it reads them (a
first visit gets a new guest and its cookie) and leaves a `Visitor` on the request, which the
app reads while it is built (`current_visitor`). The cookies are kept out of Bokeh's session
token, so no page model ever holds them. Signing in, creating an account and signing out
are JSON POSTs to `/auth/…`, accepted only from the origins the server serves.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import math
import os
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlparse

import panel as pn
from bokeh.server.auth_provider import AuthProvider
from bokeh.server.views.doc_handler import DocHandler
from bokeh.server.views.ws import WSHandler
from tornado.httputil import HTTPServerRequest
from tornado.ioloop import IOLoop
from tornado.web import HTTPError, RequestHandler

from tutor.store import (
    AuthenticationFailed,
    InvalidInput,
    PasswordChangeRequired,
    ResetCodeExpired,
    SignInThrottled,
    Store,
    StoreError,
    Throttled,
    User,
)
from tutor.store.passwords import new_token, token_hash
from tutor.store.users import SESSION_IDLE
from tutor.text import LANGS, section

from .i18n import t
from .routes import PAGE_TURNS, SESSIONS, TARPIT, served_host
from .safe import said
from .services import Services

GUEST_COOKIE = "zhaopengyou_guest"
SESSION_COOKIE = "zhaopengyou_session"
COOKIES = (GUEST_COOKIE, SESSION_COOKIE)
MAX_AGE = 400 * 24 * 3600  # a guest's cookie: browsers cap cookie lifetimes at about 400 days
# a sign-in's cookie lives as long as its session: SESSION_IDLE after the last page visit
SESSION_MAX_AGE = int(SESSION_IDLE.total_seconds())
SIGN_IN, CREATE, SIGN_OUT = "/auth/sign-in", "/auth/create", "/auth/sign-out"
PASSWORD = "/auth/password"
TEACHER_CODE_VAR = "TUTOR_TEACHER_CODE"  # set by `serve --teacher-code`: invites teachers
account_text = section("account")
_VISITOR = "tutor_visitor"  # the request attribute the auth provider leaves for the app


@dataclass(frozen=True)
class Visitor:
    """Who a request comes from: a signed-in account, a guest, or nobody the store can name
    (it is unavailable: `problem` says why)."""

    user: User | None
    signed_in: bool = False
    guest_token: str = ""  # the guest's token, for a guest (new or kept)
    new_guest: bool = False  # the guest was made for this request: its cookie must be set
    unsaved_guest: bool = False  # the guest has no row yet: its first save makes one
    session_ended: bool = False  # the session cookie names a sign-in that is over
    problem: StoreError | None = None
    session_hash: str = ""  # the stored hash of the sign-in's token, for a signed-in account
    address: str = ""  # the client's address (`request.remote_ip`)


def identify(store: Store | None, cookies: Mapping[str, str], *, make_guest: bool) -> Visitor:
    """The visitor these cookies name: the account a live session keeps signed in, else the
    saved guest, else (`make_guest`, for a page) an unsaved guest: an id and, for a browser
    without one, a new token, but no row until the guest saves something."""
    if store is None:
        return Visitor(None)
    try:
        ended = False
        session = cookies.get(SESSION_COOKIE, "")
        guest = cookies.get(GUEST_COOKIE, "")
        if session:
            try:
                return Visitor(store.users.session_user(session), signed_in=True,
                               session_hash=token_hash(session))
            except AuthenticationFailed:
                ended = True
        if guest:
            saved = store.users.saved_guest(guest)
            if saved is not None:
                return Visitor(saved, guest_token=guest, session_ended=ended)
        if not make_guest:  # a websocket or a form post: no id is drawn for nobody
            return Visitor(None, guest_token=guest, session_ended=ended)
        token = guest or new_token()
        return Visitor(store.users.unsaved_guest(), guest_token=token, new_guest=not guest,
                       unsaved_guest=True, session_ended=ended)
    except StoreError as exc:
        return Visitor(None, problem=exc)


def current_visitor() -> Visitor | None:
    """The visitor of the page being built, or None when the app is not served by
    `python -m tutor serve` (no auth provider looked at the request)."""
    context = pn.state.curdoc.session_context if pn.state.curdoc is not None else None
    request = getattr(context, "request", None)
    return getattr(request, _VISITOR, None)


# ------------------------------------------------------------------------- cookies
def keep_cookie(handler: RequestHandler, name: str, value: str) -> None:
    """Set cookie `name` the only way the app does: from the server, unreadable by scripts;
    a sign-in's for as long as its session lasts unused, a guest's for the longest allowed."""
    handler.set_cookie(name, value, path="/", httponly=True, samesite="Lax",
                       max_age=SESSION_MAX_AGE if name == SESSION_COOKIE else MAX_AGE,
                       secure=handler.request.protocol == "https")


def drop_cookie(handler: RequestHandler, name: str) -> None:
    """Remove cookie `name` (same attributes as it was set with)."""
    handler.clear_cookie(name, path="/", httponly=True, samesite="Lax",
                         secure=handler.request.protocol == "https")


def _cookies(handler: RequestHandler) -> dict[str, str]:
    return {name: morsel.value for name, morsel in handler.request.cookies.items()}


class TutorAuth(AuthProvider):
    """Bokeh's authentication hook, used to say who each page is for; nobody is turned away
    (a browser without an account is a guest), so the login URL is never visited."""

    @property
    def get_user(self) -> None:
        return None  # Bokeh takes one of get_user and get_user_async

    @property
    def get_user_async(self) -> Callable[[RequestHandler], Awaitable[str]]:
        return _visitor_in_turn

    @property
    def login_url(self) -> str:
        return SIGN_IN

    @property
    def endpoints(self) -> list[tuple[str, type[RequestHandler]]]:
        return [(SIGN_IN, SignInHandler), (CREATE, CreateHandler), (SIGN_OUT, SignOutHandler),
                (PASSWORD, PasswordHandler)]


async def _visitor_in_turn(handler: RequestHandler) -> str:
    """Bokeh's `get_user_async`: a page waits for its address's turn (one page session is
    built at a time per client address, see `PageTurns`), then `_visitor_for`."""
    if isinstance(handler, DocHandler) and _allowed(handler, handler.request.host):
        address = limited_address(handler.request)
        wait = SESSIONS.take(address)
        if wait is None:  # before any session, guest or lookup: a page loop costs nothing
            await TARPIT.hold(address)  # and its refusals come at a person's pace
            # (Tornado's error page clears headers, so the wait is said in the reason)
            raise HTTPError(429, reason="Too many new pages from this address: wait "
                                        f"{math.ceil(SESSIONS.max_wait)} s")
        await asyncio.sleep(wait)  # its turn at the address's pace
        if not await PAGE_TURNS.wait(address, handler):
            raise HTTPError(429, reason="Too many pages from this address at once")
    return _visitor_for(handler)


def _visitor_for(handler: RequestHandler) -> str:
    """Bokeh's `get_user`: for a page or its websocket, leave the `Visitor` on the request
    (a page request also sets a new guest's cookie); every request under an allowed name
    is let in."""
    if not _allowed(handler, handler.request.host):
        # a page served under another name would be same-origin to its own websocket,
        # which Tornado then lets through unchecked: refuse the name itself
        raise HTTPError(403, reason="This server is not reached by that name")
    if not isinstance(handler, DocHandler | WSHandler):
        return "visitor"  # static files and the like: nothing to look up
    page = isinstance(handler, DocHandler)  # a websocket's handshake cannot set cookies
    address = limited_address(handler.request)
    visitor = identify(Services.default().store(), _cookies(handler), make_guest=page)
    if page and visitor.new_guest:
        keep_cookie(handler, GUEST_COOKIE, visitor.guest_token)
    if page and visitor.session_ended:
        drop_cookie(handler, SESSION_COOKIE)
    if page and visitor.signed_in:  # a visit restarts the session's clock: and the cookie's
        keep_cookie(handler, SESSION_COOKIE, handler.get_cookie(SESSION_COOKIE))
    visitor = replace(visitor, address=address)
    setattr(handler.request, _VISITOR, visitor)
    return f"user {visitor.user.id}" if visitor.user is not None else "visitor"


def limited_address(request: HTTPServerRequest) -> str:
    """The client address per-address limits count under: `request.remote_ip` (a proxy's
    X-Forwarded-For with `serve --behind-proxy`), or "" (no per-address limit) for this
    machine itself: the load generator, or every client behind a proxy not declared with
    `--behind-proxy`, which must not share one limit."""
    ip = request.remote_ip or ""
    try:
        return "" if ipaddress.ip_address(ip).is_loopback else ip
    except ValueError:
        return ip


def _allowed(handler: RequestHandler, host: str) -> bool:
    """Whether `host` (`name[:port]`) is one the server serves (`serve --allow-origin`)."""
    return served_host(handler, host)


async def _off_loop(work: Callable[..., Any], *args: Any) -> Any:
    """`work(*args)` in a worker thread, so slow password hashing never holds up the event
    loop that serves every page (the store is safe to share between threads)."""
    return await IOLoop.current().run_in_executor(None, work, *args)


# ------------------------------------------------------------------------ endpoints
class _AccountHandler(RequestHandler):
    """A JSON POST from one of the server's own pages; answers `{"ok": true}` or
    `{"error": message}` in the language the page asked for."""

    needs_store = True  # sign-out clears its cookie even when the store cannot be reached

    def prepare(self) -> None:
        if not _allowed(self, urlparse(self.request.headers.get("Origin", "")).netloc):
            self._answer(403, error="This request did not come from the tutor's own page.")
            return
        kind = self.request.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            self._answer(415, error="Send JSON.")
            return
        try:
            body = json.loads(self.request.body or b"{}")
        except (ValueError, RecursionError):  # not JSON, or nested deeper than Python reads
            body = None
        if not isinstance(body, dict) or not all(isinstance(v, str) for v in body.values()):
            self._answer(400, error="The request was not understood.")
            return
        self.body = body
        self.lang = "zh" if body.get("lang") == "zh" else "en"
        self.store = Services.default().store()
        if self.store is None and self.needs_store:
            self._answer(503, error=t("accounts_unavailable", self.lang))

    def _answer(self, status: int, **fields: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(fields or {"ok": True}, ensure_ascii=False))

    @property
    def address(self) -> str:
        """The client address limits are counted under (see `limited_address`)."""
        return limited_address(self.request)

    def _fail(self, exc: StoreError) -> None:
        if isinstance(exc, Throttled):
            self.set_header("Retry-After", str(math.ceil(exc.retry_after)))
            why = (t("sign_in_throttled", self.lang, minutes=exc.minutes)
                   if isinstance(exc, SignInThrottled) else
                   account_text("too_many_tries", self.lang, minutes=exc.minutes))
            self._answer(429, error=why)
        elif isinstance(exc, PasswordChangeRequired):
            self._answer(409, error=account_text("must_change", self.lang), change=True)
        elif isinstance(exc, ResetCodeExpired):
            self._answer(401, error=exc.text(self.lang))
        elif isinstance(exc, AuthenticationFailed):
            self._answer(401, error=t("sign_in_wrong", self.lang))
        else:
            self._answer(503 if exc.fault else 400, error=said(exc, self.lang))

    def _visitor(self) -> Visitor:
        return identify(self.store, _cookies(self), make_guest=False)

    def _sign_in_as(self, user: User) -> None:
        """Keep `user` signed in on this browser, ending the sign-in it held before; unless
        the page's language was chosen (`keep_lang`), the answer names the account's own,
        which the page reloads in (a new browser opens in the language the account chose)."""
        old = self.get_cookie(SESSION_COOKIE)
        if old:
            self.store.users.close_session(old)
        keep_cookie(self, SESSION_COOKIE, self.store.users.open_session(user))
        lang = None
        if self.body.get("keep_lang") != "1":
            with contextlib.suppress(StoreError):  # signed in all the same: the page says
                lang = self.store.users.language(user.id)
        self._answer(200, ok=True, **({"lang": lang} if lang else {}))


class SignInHandler(_AccountHandler):
    """`POST /auth/sign-in {username, password}`: sign in (throttled by the store)."""

    async def post(self) -> None:
        try:  # checking a password takes a deliberate ~50 ms: not on the pages' event loop
            user = await _off_loop(lambda: self.store.users.authenticate(
                self.body.get("username", ""), self.body.get("password", ""),
                address=self.address))
            self._sign_in_as(user)
        except StoreError as exc:
            self._fail(exc)


class CreateHandler(_AccountHandler):
    """`POST /auth/create {username, password, display_name, role}`: a new account; this
    browser's guest becomes it (keeping its progress) unless an account is signed in."""

    async def post(self) -> None:
        b = self.body
        name, secret = b.get("username", ""), b.get("password", "")
        display, role = b.get("display_name", "") or name, b.get("role", "") or "learner"
        visitor = self._visitor()
        users = self.store.users
        try:
            if visitor.problem is not None:
                raise visitor.problem
            users.creation_try(self.address)  # counted before anything is checked
            if role == "teacher" and not self._invited(b.get("teacher_code", "")):
                return
            user = None
            if not visitor.signed_in and visitor.guest_token:
                # a guest that saved nothing (or is gone) makes a plain new account below;
                # hashing the new password takes a while: off the event loop
                with contextlib.suppress(AuthenticationFailed):
                    user = await _off_loop(users.upgrade_guest, visitor.guest_token, name,
                                           display, secret, role)
                drop_cookie(self, GUEST_COOKIE)  # either way, this browser is the account now
            if user is None:
                user = await _off_loop(users.create, name, display, role, secret)
            if b.get("lang") in LANGS:  # the language the account was made in is its own
                with contextlib.suppress(StoreError):  # a preference: the account is made
                    users.set_language(user.id, b["lang"])
            self._sign_in_as(user)
        except Throttled as exc:
            self._fail(exc)
        except StoreError as exc:
            self._answer(503 if exc.fault else 400, error=said(exc, self.lang))

    def _invited(self, code: str) -> bool:
        """Whether `code` is the server's teacher invitation code (else answer why not)."""
        expected = os.environ.get(TEACHER_CODE_VAR, "")
        if not expected:
            self._answer(403, error=account_text("teacher_code_missing", self.lang))
            return False
        if not hmac.compare_digest(code.strip().encode(), expected.encode()):
            self._answer(403, error=account_text("teacher_code_wrong", self.lang))
            return False
        return True


class PasswordHandler(_AccountHandler):
    """`POST /auth/password {password, new_password[, username]}`: change a password. With a
    username, for whoever knows its password or the one-time code a teacher gave (which
    signs nobody in by itself); without, the signed-in account's. Every other sign-in of
    the account ends; this browser is signed in with the new password."""

    async def post(self) -> None:
        b = self.body
        old, new, name = b.get("password", ""), b.get("new_password", ""), b.get("username", "")
        users = self.store.users
        try:
            if not name:
                visitor = self._visitor()
                if visitor.problem is not None:
                    raise visitor.problem
                if not visitor.signed_in:
                    self._answer(401, error=account_text("signed_in_required", self.lang))
                    return
                name = visitor.user.username
            user = await _off_loop(lambda: users.change_secret_by_name(
                name, old, new, address=self.address))
            self._sign_in_as(user)
        except InvalidInput as exc:
            self._answer(400, error=exc.text(self.lang))
        except StoreError as exc:
            self._fail(exc)


class SignOutHandler(_AccountHandler):
    """`POST /auth/sign-out`: end this browser's sign-in; it is its guest again."""

    needs_store = False

    def post(self) -> None:
        token = self.get_cookie(SESSION_COOKIE)
        drop_cookie(self, SESSION_COOKIE)  # whatever happens below, this browser is out
        try:
            if token and self.store is not None:
                self.store.users.close_session(token)
        except StoreError:
            pass  # the cookie is gone; the stored session ends by itself when idle
        self._answer(200)
