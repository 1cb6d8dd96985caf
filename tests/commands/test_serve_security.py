"""`python -m tutor serve` as a school network sees it: cookies only the server sets and no
script can read, nothing of them in the page, account endpoints and the websocket refused
to pages from other origins, and sign-in throttled over HTTP too."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from http.cookies import SimpleCookie

import pytest
from bokeh.util.token import get_token_payload
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from tests.serving import ROOT, free_port, served
from tutor.commands.serve import origin_host, origins
from tutor.store import Store
from tutor.ui.auth import GUEST_COOKIE, SESSION_COOKIE

SCHOOL = "school.example"


@pytest.fixture(scope="module")
def served_app(tmp_path_factory):
    """The app on 127.0.0.1, also allowed for pages from school.example, behind a proxy:
    its port and its log."""
    port = free_port()
    folder = tmp_path_factory.mktemp("serve")
    env = dict(os.environ, TUTOR_DB=str(folder / "tutor.duckdb"))
    args = [sys.executable, "-m", "tutor", "serve", "--port", str(port), "--address",
            "127.0.0.1", "--allow-origin", SCHOOL, "--behind-proxy"]
    with served(args, f"http://127.0.0.1:{port}/", folder / "serve.log", env):
        yield port, folder / "serve.log"


@pytest.fixture(scope="module")
def server(served_app):
    """The served app's port."""
    return served_app[0]


def _call(port: int, method: str, path: str, headers: dict | None = None,
          body: dict | str | None = None) -> tuple[int, list[str], str, dict]:
    """Status, Set-Cookie lines, body text and headers of one request."""
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    data = json.dumps(body) if isinstance(body, dict) else body
    con.request(method, path, body=data, headers=headers or {})
    reply = con.getresponse()
    text = reply.read().decode()
    con.close()
    return reply.status, reply.headers.get_all("Set-Cookie") or [], text, dict(reply.headers)


def _cookie(lines: list[str], name: str):
    for line in lines:
        jar = SimpleCookie()
        jar.load(line)
        if name in jar:
            return jar[name]
    return None


def _post(port: int, path: str, body: dict, origin: str | None, cookies: str = ""):
    headers = {"Content-Type": "application/json"}
    if origin:
        headers["Origin"] = origin
    if cookies:
        headers["Cookie"] = cookies
    return _call(port, "POST", path, headers, body)


def _page_token_payload(html: str) -> dict:
    token = re.search(r'"token":\s*"([^"]+)"', html).group(1)
    return get_token_payload(token)


def test_a_first_visit_gets_a_guest_cookie_no_script_can_read(server) -> None:
    status, cookies, html, _ = _call(server, "GET", "/")
    assert status == 200
    guest = _cookie(cookies, GUEST_COOKIE)
    assert guest is not None and len(guest.value) >= 40
    assert guest["httponly"] and guest["samesite"] == "Lax" and guest["path"] == "/"
    assert not guest["secure"]  # plain http
    assert guest.value not in html
    payload = _page_token_payload(html)  # what every page embeds, readable by its scripts
    assert guest.value not in json.dumps(payload, default=str)
    assert "Cookie" not in payload["headers"] and payload["cookies"] == {}

    status, again, html, _ = _call(server, "GET", "/",
                                   {"Cookie": f"{GUEST_COOKIE}={guest.value}"})
    assert status == 200 and _cookie(again, GUEST_COOKIE) is None  # recognised, not remade
    payload = json.dumps(_page_token_payload(html), default=str)
    assert guest.value not in html and guest.value not in payload


def test_over_https_behind_a_proxy_the_cookies_are_secure(server) -> None:
    _, cookies, _, _ = _call(server, "GET", "/", {"X-Forwarded-Proto": "https"})
    assert _cookie(cookies, GUEST_COOKIE)["secure"]


def test_accounts_are_made_only_from_the_servers_own_pages(server) -> None:
    body = {"username": "lin", "password": "pass-lin", "display_name": "Lin", "lang": "en"}
    for origin in (None, "http://evil.example", f"http://{SCHOOL}.evil.example"):
        status, cookies, text, _ = _post(server, "/auth/create", body, origin)
        assert status == 403 and cookies == [] and "own page" in text
    status, _, _, _ = _call(server, "POST", "/auth/create",
                            {"Origin": f"http://{SCHOOL}", "Content-Type": "text/plain"},
                            json.dumps(body))
    assert status == 415  # a cross-site form cannot send JSON
    wrong = _post(server, "/auth/sign-in", body, f"http://127.0.0.1:{server}")
    assert wrong[0] == 401  # none of the refused requests made the account

    status, cookies, text, _ = _post(server, "/auth/create", body, f"http://{SCHOOL}")
    assert status == 200 and json.loads(text)["ok"] is True  # and the account's language
    session = _cookie(cookies, SESSION_COOKIE)
    assert session["httponly"] and session["samesite"] == "Lax"
    assert session.value not in text

    # the page signed in with it names the account, and still holds no token
    status, _, html, _ = _call(server, "GET", "/?page=progress",
                               {"Cookie": f"{SESSION_COOKIE}={session.value}"})
    assert status == 200 and session.value not in html
    assert session.value not in json.dumps(_page_token_payload(html), default=str)

    status, cookies, _, _ = _post(server, "/auth/sign-out", {"lang": "en"}, f"http://{SCHOOL}",
                                  f"{SESSION_COOKIE}={session.value}")
    assert status == 200 and _cookie(cookies, SESSION_COOKIE).value == ""
    status, cookies, _, _ = _call(server, "GET", "/",
                                  {"Cookie": f"{SESSION_COOKIE}={session.value}"})
    ended = _cookie(cookies, SESSION_COOKIE)  # the ended sign-in's cookie is dropped
    assert status == 200 and ended is not None and ended.value == ""


def test_guessing_a_password_over_http_is_throttled_in_the_page_language(server) -> None:
    origin = f"http://127.0.0.1:{server}"
    body = {"username": "wen", "password": "pass-wen", "display_name": "Wen", "lang": "en"}
    assert _post(server, "/auth/create", body, origin)[0] == 200
    for _ in range(5):
        status, _, text, _ = _post(server, "/auth/sign-in",
                                   {"username": "wen", "password": "nope", "lang": "zh"}, origin)
        assert status == 401 and json.loads(text)["error"] == "用户名或密码错误。"
    status, cookies, text, headers = _post(
        server, "/auth/sign-in", {"username": "wen", "password": "pass-wen", "lang": "zh"},
        origin)
    assert status == 429 and cookies == []  # the right password does not get in either
    assert "1分钟后再试" in json.loads(text)["error"]
    assert 0 < int(headers["Retry-After"]) <= 60
    status, _, text, _ = _post(server, "/auth/sign-in",
                               {"username": "wen", "password": "nope", "lang": "en"}, origin)
    assert status == 429 and "try again in 1 min" in json.loads(text)["error"]


def _handshake(port: int, origin: str, host: str | None = None) -> int:
    """The HTTP status of a websocket handshake to the app from a page at `origin`, sent to
    the server by the name `host` (its address unless given)."""
    headers = {"Origin": origin} | ({"Host": host} if host else {})

    async def attempt() -> int:
        request = HTTPRequest(f"ws://127.0.0.1:{port}/ws", headers=headers)
        try:
            conn = await websocket_connect(request, subprotocols=["bokeh", "x"])
        except HTTPClientError as exc:
            return exc.code
        conn.close()
        return 101

    with ThreadPoolExecutor(1) as pool:  # its own loop, whatever loop this thread runs
        return pool.submit(asyncio.run, attempt()).result(timeout=60)


def test_the_websocket_refuses_pages_from_other_origins(server) -> None:
    assert _handshake(server, "http://evil.example") == 403
    assert _handshake(server, f"http://{SCHOOL}.evil.example") == 403
    assert _handshake(server, f"http://{SCHOOL}") == 101
    assert _handshake(server, f"http://127.0.0.1:{server}") == 101
    # a page the server itself served under another name (DNS rebinding, say) would be
    # same-origin to its websocket, which Tornado does not check: the name is refused
    assert _handshake(server, "http://evil.example", host="evil.example") == 403


def test_pages_are_served_only_under_the_allowed_names(server) -> None:
    assert _call(server, "GET", "/", {"Host": SCHOOL})[0] == 200
    assert _call(server, "GET", "/", {"Host": f"localhost:{server}"})[0] == 200
    status, cookies, _, _ = _call(server, "GET", "/", {"Host": f"evil.example:{server}"})
    assert status == 403 and cookies == []  # and no guest made for it


def test_allowed_origins_are_read_as_hosts_and_ports() -> None:
    assert origins("0.0.0.0", 5006, ["School.Example", "http://tutor.school:8080/",
                                     "10.0.0.5:5006"]) == [
        "localhost:5006", "127.0.0.1:5006", "school.example:5006", "school.example:80",
        "tutor.school:8080", "10.0.0.5:5006"]
    for bad in ("http://school.example/tutor", "", "a b", "school.example:port"):
        with pytest.raises(ValueError):
            origin_host(bad)


def test_sign_out_clears_the_cookie_even_when_the_session_cannot_be_ended(server) -> None:
    status, cookies, _, _ = _post(server, "/auth/sign-out", {"lang": "en"}, f"http://{SCHOOL}",
                                  f"{SESSION_COOKIE}=not-a-session-any-more")
    assert status == 200 and _cookie(cookies, SESSION_COOKIE).value == ""


def test_every_route_that_starts_a_session_answers_only_under_the_allowed_names(server):
    for path in ("/?page=teacher", "/autoload.js?bokeh-autoload-element=x"):
        assert _call(server, "GET", path, {"Host": f"evil.example:{server}"})[0] == 403, path


def test_serving_other_machines_needs_the_origin_they_will_use() -> None:
    done = subprocess.run([sys.executable, "-m", "tutor", "serve", "--address", "0.0.0.0"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "--allow-origin" in done.stderr


def test_stats_answer_only_this_machine_under_the_servers_own_names(server):
    status, _, text, _ = _call(server, "GET", "/tutor-stats")
    assert status == 200 and "pid" in json.loads(text)
    for headers in ({"Host": "evil.example"},  # any other name: not there
                    {"X-Forwarded-For": "203.0.113.9"},  # a visitor through the proxy
                    {"Host": SCHOOL, "X-Forwarded-For": "203.0.113.9"}):
        status, _, text, _ = _call(server, "GET", "/tutor-stats", headers)
        assert status == 404 and "pid" not in text


@pytest.mark.parametrize("module", ["this", "antigravity", "os", "lab.commands.arena"])
def test_the_component_route_imports_no_module_a_request_names(served_app, module):
    port, log = served_app
    status, _, _, _ = _call(port, "GET", f"/components/{module}/X/_stylesheets/a.css")
    assert status == 404
    assert "The Zen of Python" not in log.read_text()  # `this` prints it when imported


def test_the_component_route_reads_only_loaded_modules_of_panel_and_the_app():
    from tornado.web import HTTPError

    from tutor.ui.routes import ComponentHandler

    handler = object.__new__(ComponentHandler)  # only its URL parsing is exercised
    for path in ("this/X/_css/a", "tutor.no_such_module/X/_css/a", "bokehx/X/_css/a"):
        with pytest.raises(HTTPError) as refused:
            handler.parse_url_path(path)
        assert refused.value.log_message == "Module not found"
        assert path.split("/")[0] not in sys.modules
    # a loaded module of the app's goes on to Panel's own lookup (which finds no such class)
    with pytest.raises(HTTPError) as looked_up:
        handler.parse_url_path("tutor.ui.routes/NoSuchComponent/_css/a")
    assert looked_up.value.log_message == "Component not found"


def _raw_post(port: int, head: bytes, body_chunks, seconds: float = 20) -> bytes:
    """Send a request by hand (a body too large, or chunked) and read what comes back."""
    import socket

    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as sock:
        sock.sendall(head)
        try:
            for chunk in body_chunks:
                sock.sendall(chunk)
        except OSError:
            pass  # the server stopped reading and closed: what is wanted
        reply = b""
        try:
            while data := sock.recv(65536):
                reply += data
        except OSError:
            pass
        return reply


@pytest.mark.parametrize("chunked", [False, True])
def test_a_body_of_megabytes_is_refused_before_it_is_read(server, chunked):
    import time

    origin = f"http://127.0.0.1:{server}"
    size, piece = 5 * 2**20, b"x" * 65536
    framing = (b"Transfer-Encoding: chunked\r\n" if chunked
               else f"Content-Length: {size}\r\n".encode())
    head = (b"POST /auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: " + origin.encode()
            + b"\r\nContent-Type: application/json\r\n" + framing + b"\r\n")
    chunks = ((b"%x\r\n" % len(piece) + piece + b"\r\n") if chunked else piece
              for _ in range(size // len(piece)))
    start = time.monotonic()
    reply = _raw_post(server, head, chunks)
    assert reply.startswith(b"HTTP/1.1 400"), reply[:80]
    assert time.monotonic() - start < 10
    # the server goes on serving pages at once
    assert _call(server, "GET", "/")[0] == 200


def test_json_nested_deeper_than_python_reads_is_a_400_not_a_crash(server):
    origin = {"Origin": f"http://127.0.0.1:{server}", "Content-Type": "application/json"}
    deep = "[" * 3000 + "]" * 3000  # 6 kB: under the body cap, over the parser's depth
    status, _, text, _ = _call(server, "POST", "/auth/sign-in", origin, deep)
    assert status == 400 and "not understood" in json.loads(text)["error"]


def test_an_address_opening_pages_faster_than_a_person_is_slowed(tmp_path):
    port = free_port()
    env = dict(os.environ, TUTOR_DB=str(tmp_path / "tutor.duckdb"))
    args = [sys.executable, "-m", "tutor", "serve", "--port", str(port), "--address",
            "127.0.0.1", "--behind-proxy", "--session-burst", "4", "--session-rate", "0.01"]
    with served(args, f"http://127.0.0.1:{port}/", tmp_path / "serve.log", env):
        loop = {"X-Forwarded-For": "198.51.100.7"}
        statuses = [_call(port, "GET", "/", loop)[0] for _ in range(6)]
        assert statuses == [200] * 4 + [429] * 2
        status, cookies, text, _ = _call(port, "GET", "/", loop)
        assert status == 429 and "Too many new pages" in text and not cookies  # no guest
        assert _call(port, "GET", "/", {"X-Forwarded-For": "198.51.100.8"})[0] == 200
        assert _call(port, "GET", "/")[0] == 200  # this machine itself is not limited
    with Store(tmp_path / "tutor.duckdb") as store:  # no page, let in or refused, made a
        guests = store._db.fetch("SELECT count(*) FROM users WHERE username IS NULL")[0][0]
    assert guests == 0  # guest row: a guest's first save does (tests/browser/test_guest_rows)
