"""`python -m tutor serve`'s accounts over HTTP, as a script would attack them: sign-in
cookies that live as long as their session, teacher accounts only with the server's
invitation code, guessing limited per name and per client address even when the tries
arrive at once, and a password change that ends the account's other sign-ins."""

from __future__ import annotations

import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.commands.test_serve_security import _call, _cookie
from tests.conftest import TEACHER_CODE_VAR as TESTS_CODE_VAR
from tests.serving import free_port, served
from tutor.store.throttle import ADDRESS_CREATES, ADDRESS_NAMES, MAX_TRIES
from tutor.ui.auth import SESSION_COOKIE, TEACHER_CODE_VAR

CODE = "staff-room-2026"
THIRTY_DAYS = 30 * 24 * 3600


def _start(tmp_path_factory, *extra: str, env_code: bool = False):
    port = free_port()
    folder = tmp_path_factory.mktemp("serve-accounts")
    env = dict(os.environ, TUTOR_DB=str(folder / "tutor.duckdb"))
    if not env_code:
        env.pop(TEACHER_CODE_VAR, None)
    args = [sys.executable, "-m", "tutor", "serve", "--port", str(port), "--address",
            "127.0.0.1", "--behind-proxy", *extra]
    return port, served(args, f"http://127.0.0.1:{port}/", folder / "serve.log", env)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app behind a (pretend) proxy: X-Forwarded-For names each request's client."""
    port, running = _start(tmp_path_factory, "--teacher-code", CODE)
    with running:
        yield port


def _as(port: int, path: str, body: dict, address: str, cookies: str = ""):
    headers = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}",
               "X-Forwarded-For": address}
    if cookies:
        headers["Cookie"] = cookies
    return _call(port, "POST", path, headers, body)


def _learner(port: int, name: str, address: str = "192.0.2.1") -> str:
    """A new learner account; its session cookie's value."""
    status, cookies, text, _ = _as(port, "/auth/create", {
        "username": name, "password": "pass-" + name, "display_name": name}, address)
    assert status == 200, text
    return _cookie(cookies, SESSION_COOKIE).value


def test_the_tests_give_servers_the_code_under_the_apps_name() -> None:
    assert TESTS_CODE_VAR == TEACHER_CODE_VAR


def test_the_sign_in_cookie_lasts_as_long_as_an_unused_session(server) -> None:
    _, cookies, _, _ = _as(server, "/auth/create", {
        "username": "mo", "password": "pass-mo", "display_name": "Mo"}, "192.0.2.2")
    session = _cookie(cookies, SESSION_COOKIE)
    assert int(session["max-age"]) == THIRTY_DAYS
    status, again, _, _ = _call(server, "GET", "/", {"Cookie": f"{SESSION_COOKIE}="
                                                     f"{session.value}"})
    renewed = _cookie(again, SESSION_COOKIE)  # each visit starts the 30 days again
    assert status == 200 and renewed.value == session.value
    assert int(renewed["max-age"]) == THIRTY_DAYS and renewed["httponly"]


def test_teacher_accounts_need_the_invitation_code_and_a_real_password(server) -> None:
    body = {"username": "ms_li", "password": "long-enough-pw", "display_name": "Ms Li",
            "role": "teacher", "lang": "en"}
    for code in ("", "staff-room-2025"):
        status, cookies, text, _ = _as(server, "/auth/create", body | {"teacher_code": code},
                                       "192.0.2.3")
        assert status == 403 and cookies == [] and "invitation code" in json.loads(text)["error"]
    status, _, text, _ = _as(server, "/auth/create", body | {
        "teacher_code": CODE, "password": "1234"}, "192.0.2.3")
    assert status == 400 and "at least 8" in json.loads(text)["error"]
    assert _as(server, "/auth/sign-in", body, "192.0.2.3")[0] == 401  # none was made
    status, cookies, _, _ = _as(server, "/auth/create", body | {"teacher_code": CODE},
                                "192.0.2.3")
    assert status == 200 and _cookie(cookies, SESSION_COOKIE) is not None


def test_without_a_configured_code_no_teacher_account_is_made(tmp_path_factory) -> None:
    port, running = _start(tmp_path_factory)
    with running:
        status, cookies, text, _ = _as(port, "/auth/create", {
            "username": "ms_wu", "password": "long-enough-pw", "display_name": "Ms Wu",
            "role": "teacher", "teacher_code": "anything", "lang": "zh"}, "192.0.2.4")
        assert status == 403 and cookies == []
        assert "--teacher-code" in json.loads(text)["error"]  # says how to allow them
        assert _learner(port, "wu_kid")  # learners still make accounts


def test_sixty_wrong_passwords_sent_at_once_get_the_limit_checked(server) -> None:
    """The reproduction: 60 at once got 10 checked (limit 5)."""
    _learner(server, "ann")

    def guess(i: int) -> int:
        return _as(server, "/auth/sign-in", {"username": "ann", "password": f"guess{i}"},
                   f"198.51.100.{i}")[0]

    with ThreadPoolExecutor(60) as pool:
        statuses = list(pool.map(guess, range(60)))
    assert statuses.count(401) == MAX_TRIES and statuses.count(429) == 60 - MAX_TRIES


def test_one_password_against_many_names_from_one_address_is_slowed(server) -> None:
    """The reproduction: one password against many names, 127 checks in 31 s."""
    for i in range(ADDRESS_NAMES):
        assert _as(server, "/auth/sign-in", {"username": f"name{i}", "password": "123456"},
                   "203.0.113.50")[0] == 401
    status, _, _, headers = _as(server, "/auth/sign-in", {"username": "another",
                                                          "password": "123456"},
                                "203.0.113.50")
    assert status == 429 and int(headers["Retry-After"]) > 0
    assert _as(server, "/auth/sign-in", {"username": "another", "password": "123456"},
               "203.0.113.51")[0] == 401  # a neighbour's network is not held up


def test_account_creation_is_limited_per_address(server) -> None:
    bad = {"username": "a b", "password": "1234", "display_name": "x", "lang": "en"}
    for _ in range(ADDRESS_CREATES):
        assert _as(server, "/auth/create", bad, "203.0.113.60")[0] == 400
    status, _, text, _ = _as(server, "/auth/create", bad | {"username": "fine"},
                             "203.0.113.60")
    assert status == 429 and "Too many tries" in json.loads(text)["error"]
    assert _as(server, "/auth/sign-in", {"username": "fine", "password": "1234"},
               "192.0.2.9")[0] == 401  # nothing was made


def test_this_machine_itself_is_not_limited_per_address(server) -> None:
    """The load generator (and a proxy not declared with --behind-proxy) comes from
    127.0.0.1: per-address limits would lump all its learners together."""
    bad = {"username": "a b", "password": "1234", "display_name": "x", "lang": "en"}
    headers = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{server}"}
    statuses = {_call(server, "POST", "/auth/create", headers, bad)[0]
                for _ in range(ADDRESS_CREATES + 1)}
    assert statuses == {400}


def test_changing_the_password_ends_every_other_sign_in(server) -> None:
    first = _learner(server, "bea")
    _, cookies, _, _ = _as(server, "/auth/sign-in", {"username": "bea",
                                                     "password": "pass-bea"}, "192.0.2.1")
    second = _cookie(cookies, SESSION_COOKIE).value
    status, _, _, _ = _as(server, "/auth/password", {"password": "wrong",
                                                        "new_password": "5678"},
                             "192.0.2.1", f"{SESSION_COOKIE}={first}")
    assert status == 401
    status, cookies, _, _ = _as(server, "/auth/password", {"password": "pass-bea",
                                                           "new_password": "5678"},
                                "192.0.2.1", f"{SESSION_COOKIE}={first}")
    fresh = _cookie(cookies, SESSION_COOKIE).value
    assert status == 200 and fresh not in (first, second)
    for ended in (first, second):
        _, dropped, _, _ = _call(server, "GET", "/", {"Cookie": f"{SESSION_COOKIE}={ended}"})
        assert _cookie(dropped, SESSION_COOKIE).value == ""
    assert _as(server, "/auth/sign-in", {"username": "bea", "password": "pass-bea"},
               "192.0.2.1")[0] == 401
    assert _as(server, "/auth/sign-in", {"username": "bea", "password": "5678"},
               "192.0.2.1")[0] == 200
    assert _as(server, "/auth/password", {"password": "5678", "new_password": "9999"},
               "192.0.2.1")[0] == 401  # signed in nowhere: no account to change


def test_a_chinese_account_form_is_told_its_mistakes_in_chinese(server) -> None:
    """Each check a person can fail from the account form (a username with a space, a short
    PIN, a taken username, the same password again) answers in the form's language."""
    _learner(server, "zh_taken", "192.0.2.9")
    said = []
    for path, body in (
            ("/auth/create", {"username": "a b", "password": "1234", "display_name": "x"}),
            ("/auth/create", {"username": "zh_new", "password": "12", "display_name": "x"}),
            ("/auth/create", {"username": "zh_taken", "password": "1234",
                              "display_name": "x"}),
            ("/auth/create", {"username": "zh_new2", "password": "1234",
                              "display_name": " "}),
            ("/auth/password", {"username": "zh_taken", "password": "pass-zh_taken",
                                "new_password": "pass-zh_taken"})):
        status, _, text, _ = _as(server, path, body | {"lang": "zh"}, "192.0.2.9")
        assert status == 400, text
        said.append(json.loads(text)["error"])
    assert said == ["用户名不能包含空格。", "密码或PIN至少要有4个字符。",
                    "用户名“zh_taken”已经有人用了。", "显示名称不能为空。",
                    "请选择一个新密码，不要用现在的密码。"]


def test_signing_in_names_the_accounts_language_unless_the_page_chose_one(server) -> None:
    """The account made on a Chinese page speaks Chinese: signing in from a page that never
    chose a language answers `zh` (the page reloads in it); from one whose language was
    chosen, nothing (the page keeps its own); a JSON value that is not text is refused."""
    body = {"username": "zh_lang", "password": "pass-zh_lang", "display_name": "Zh",
            "lang": "zh"}
    assert _as(server, "/auth/create", body, "192.0.2.10")[0] == 200
    said = []
    for keep in ("", "1"):
        status, _, text, _ = _as(server, "/auth/sign-in", body | {"lang": "en",
                                                                  "keep_lang": keep},
                                 "192.0.2.10")
        assert status == 200, text
        said.append(json.loads(text).get("lang"))
    assert said == ["zh", None]
    assert _as(server, "/auth/sign-in", body | {"keep_lang": True}, "192.0.2.10")[0] == 400
