"""An account stays signed in across reloads until it signs out, back to a guest."""

from __future__ import annotations

import json
import os
import re
import sys

import pytest
from bokeh.util.token import get_token_payload

from tests.serving import free_port, served
from tutor.ui.auth import GUEST_COOKIE, SESSION_COOKIE

from .conftest import create_account, launch, shot

pytestmark = pytest.mark.browser



# every property value of every model on the page, as text a script could read
MODEL_VALUES = """() => {
  const out = [];
  for (const doc of Bokeh.documents) {
    for (const model of doc.all_models) {
      for (const [name, value] of Object.entries(model.attributes)) {
        try { out.push(name + "=" + (typeof value === "string" ? value : JSON.stringify(value))); }
        catch (err) { out.push(name + "=" + String(value)); }
      }
    }
  }
  return out.join("\\n");
}"""


def _frames(page) -> list[str]:
    """Every websocket message the page sends or receives, from now on."""
    seen: list[str] = []

    def watch(ws) -> None:
        ws.on("framesent", lambda data: seen.append(str(data)))
        ws.on("framereceived", lambda data: seen.append(str(data)))

    page.on("websocket", watch)
    return seen


def _tokens_stay_on_the_server(page, frames: list[str], shown: str) -> None:
    """The browser holds both cookies, unreadable by scripts, and nothing the page can
    read holds either token: not document.cookie, its HTML, the session token it embeds,
    its models, nor what crossed its websocket (which do hold what the page `shown`)."""
    kept = {c["name"]: c for c in page.context.cookies()}
    tokens = [kept[name]["value"] for name in (GUEST_COOKIE, SESSION_COOKIE) if name in kept]
    assert tokens, kept
    for name in (GUEST_COOKIE, SESSION_COOKIE):
        if name in kept:
            assert kept[name]["httpOnly"] and kept[name]["sameSite"] == "Lax"
    html = page.content()
    session = re.search(r'"token":\s*"([^"]+)"', html).group(1)
    models = page.evaluate(MODEL_VALUES)
    assert shown in models and any(shown in frame for frame in frames)
    readable = [page.evaluate("document.cookie"), html,
                json.dumps(get_token_payload(session), default=str), models, *frames]
    for token in tokens:
        assert len(token) >= 40
        assert not any(token in text for text in readable)


def test_sign_in_survives_a_reload_and_sign_out_returns_to_a_guest(page, app_url):
    frames = _frames(page)
    page.goto(app_url + "?page=progress")
    page.get_by_text("Guest", exact=True).first.wait_for(timeout=30_000)
    _tokens_stay_on_the_server(page, frames, "Guest")
    sign_out = page.get_by_role("button", name="Sign out")
    assert sign_out.count() == 0 or not sign_out.is_visible()
    create_account(page, "meimei", "Mei Mei")

    page.reload()  # a new visit from this browser: still Mei Mei, no password asked
    page.get_by_text("Mei Mei", exact=True).first.wait_for(timeout=30_000)
    sign_out.wait_for(state="visible", timeout=15_000)
    shot(page, "account_signed_in_after_reload")
    names = {c["name"] for c in page.context.cookies()}
    assert SESSION_COOKIE in names and GUEST_COOKIE not in names  # the guest became Mei Mei
    _tokens_stay_on_the_server(page, frames, "Mei Mei")

    sign_out.click()
    page.get_by_text("Guest", exact=True).first.wait_for(timeout=15_000)
    page.reload()  # signing out ended the session for good
    page.get_by_text("Guest", exact=True).first.wait_for(timeout=30_000)
    assert page.get_by_text("Mei Mei", exact=True).count() == 0
    assert not sign_out.is_visible()

    page.get_by_role("button", name="Account", exact=True).click()
    page.get_by_placeholder("username").fill("meimei")
    page.get_by_placeholder("password or PIN").fill("wrong")
    page.get_by_role("button", name="Sign in", exact=True).click()
    page.get_by_text("Wrong username or password").wait_for(timeout=15_000)
    page.get_by_placeholder("password or PIN").fill("pass-meimei")
    page.get_by_role("button", name="Sign in", exact=True).click()
    page.get_by_text("Mei Mei", exact=True).first.wait_for(timeout=15_000)
    page.reload()
    page.get_by_text("Mei Mei", exact=True).first.wait_for(timeout=30_000)
    assert page.outside_requests == []


@pytest.mark.parametrize("lang, wrong", [("en", "Wrong username or password."),
                                         ("zh", "用户名或密码错误。")])
def test_the_account_form_speaks_the_page_language_on_a_phone(browser, app_url, lang, wrong):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    page = context.new_page()
    try:
        page.goto(f"{app_url}?page=learn&lang={lang}")
        page.get_by_role("button", name="账户" if lang == "zh" else "Account",
                         exact=True).click()
        page.get_by_placeholder("用户名" if lang == "zh" else "username").fill("nobody")
        page.get_by_placeholder("密码或PIN" if lang == "zh" else "password or PIN").fill("x1234")
        page.get_by_placeholder("密码或PIN" if lang == "zh" else "password or PIN").press("Enter")
        page.get_by_role("alert").filter(has_text=wrong).wait_for(timeout=15_000)
        form = page.get_by_placeholder("用户名" if lang == "zh" else "username").bounding_box()
        assert form["x"] >= 0 and form["x"] + form["width"] <= 390
        shot(page, f"account_form_390_{lang}")
    finally:
        context.close()


def test_served_by_plain_panel_the_app_says_progress_is_not_saved(browser, tmp_path):
    """`panel serve app.py` has none of the server's account hooks: no cookie is set, no
    account form is offered, and the page says why nothing is saved."""
    port = free_port()
    args = [sys.executable, "-m", "panel", "serve", "app.py", "--port", str(port),
            "--address", "127.0.0.1", "--allow-websocket-origin", f"127.0.0.1:{port}"]
    env = dict(os.environ, TUTOR_DB=str(tmp_path / "tutor.duckdb"))
    with served(args, f"http://127.0.0.1:{port}/app", tmp_path / "serve.log", env) as url:
        context = browser.new_context(viewport={"width": 1366, "height": 900})
        page = context.new_page()
        try:
            page.goto(url + "?page=progress")
            page.get_by_text(re.compile("served without the tutor's server")).wait_for(
                timeout=30_000)
            assert page.get_by_role("button", name="Account", exact=True).count() == 0 or (
                not page.get_by_role("button", name="Account", exact=True).is_visible())
            assert context.cookies() == []
        finally:
            context.close()


def test_a_school_network_name_serves_the_app_and_other_names_are_refused(playwright,
                                                                          tmp_path):
    """`serve --address 0.0.0.0 --allow-origin school.example:P`: a browser that reaches the
    server by that name gets a working app (websocket and sign-in); a name not allowed is
    refused (a page served under it would be same-origin to its websocket)."""
    port = free_port()
    args = [sys.executable, "-m", "tutor", "serve", "--port", str(port), "--address",
            "0.0.0.0", "--allow-origin", f"school.example:{port}"]
    env = dict(os.environ, TUTOR_DB=str(tmp_path / "tutor.duckdb"))
    rules = "MAP school.example 127.0.0.1, MAP other.example 127.0.0.1"
    with served(args, f"http://127.0.0.1:{port}/", tmp_path / "serve.log", env):
        browser = launch(playwright, f"--host-resolver-rules={rules}")
        try:
            page = browser.new_page()
            page.goto(f"http://school.example:{port}/?page=progress")
            page.get_by_text("Guest", exact=True).first.wait_for(timeout=30_000)
            create_account(page, "lanlan", "Lan Lan")  # posts to /auth from this origin
            page.get_by_role("button", name="Sign out").wait_for(timeout=15_000)

            other = browser.new_page()  # the same server, reached by a name not allowed
            answer = other.goto(f"http://other.example:{port}/?page=progress")
            assert answer.status == 403
            assert other.get_by_text("Guest", exact=True).count() == 0
        finally:
            browser.close()
