"""A guest's row is made by its first save, not its first page (issue 34 §5): pages opened
without cookies, a script's flood of them included, leave no row behind, and a guest who
answers a lesson step has exactly one, found again by its cookie. The app runs on
PostgreSQL so the test can count the rows while it serves."""

from __future__ import annotations

import http.client
import os
import re
import sys
from http.cookies import SimpleCookie

import pytest

from tests.postgres import create_database
from tests.serving import free_port, served
from tutor.lesson import load_lessons
from tutor.store import SignInEnded, Store
from tutor.store.passwords import token_hash
from tutor.text import t
from tutor.ui.auth import GUEST_COOKIE, account_text

from .conftest import CHROMIUM, CHROMIUM_FLAGS, shot
from .test_learn import WHERE, _click_cards, _wait_attached

pytestmark = pytest.mark.browser

PAGES = ("home", "learn", "puzzles", "play", "progress", "teacher")


def _users(url: str) -> list[tuple]:
    with Store(url) as store:
        return store._db.fetch("SELECT id, username, guest_token_hash FROM users ORDER BY id")


@pytest.fixture(scope="module")
def served_pg(tmp_path_factory, pg_url):
    """An app process on an empty PostgreSQL database: its URL and the database's."""
    url = create_database(pg_url, "guest_rows")
    with Store(url):
        pass  # migrated before the server starts
    folder = tmp_path_factory.mktemp("guest_rows")
    port = free_port()
    with served([sys.executable, "-m", "tutor", "serve", "--port", str(port), "--db", url],
                f"http://localhost:{port}/", folder / "serve.log",
                dict(os.environ, TUTOR_AI_DELAY_MS="30")) as app_url:
        yield app_url, url, port


def test_pages_without_cookies_leave_no_rows(served_pg):
    _, db_url, port = served_pg
    tokens = set()
    for _ in range(3):
        for name in PAGES:
            con = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            con.request("GET", f"/?page={name}")
            reply = con.getresponse()
            reply.read()
            con.close()
            assert reply.status == 200, name
            jar = SimpleCookie()
            for line in reply.headers.get_all("Set-Cookie") or []:
                jar.load(line)
            tokens.add(jar[GUEST_COOKIE].value)  # each is told its guest token
    assert len(tokens) == 3 * len(PAGES)
    assert _users(db_url) == []


def test_a_guest_row_is_made_by_its_first_save_and_found_again(playwright, served_pg):
    app_url, db_url, _ = served_pg
    before = _users(db_url)
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "trumps")
    step = lesson.pages[0].step
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(f"{app_url}?page=learn&lang=en")
        _wait_attached(page)  # the page has read the guest's progress: none, and no row
        page.get_by_role("button", name="中文", exact=True).click()
        page.get_by_role("button", name="English", exact=True).wait_for(timeout=10_000)
        assert _users(db_url) == before

        # opening a lesson is only looking: nothing is saved, so still no row
        page.get_by_role("button", name=lesson.title.zh).click()
        page.locator(f'{WHERE}[data-lesson="trumps"][data-page="0"]').wait_for(timeout=10_000)
        page.get_by_role("button", name="English", exact=True).click()
        page.get_by_role("button", name="中文", exact=True).wait_for(timeout=10_000)
        assert _users(db_url) == before

        _click_cards(page, step.solve().text.split())  # an answer: the first save, and the row
        page.get_by_role("button", name="Check answer", exact=True).click()
        page.get_by_text("Correct!").wait_for(timeout=10_000)
        cookie = next(c["value"] for c in context.cookies() if c["name"] == GUEST_COOKIE)
        made = [row for row in _users(db_url) if row not in before]
        assert [(username, key) for _, username, key in made] == [(None, token_hash(cookie))]

        page.reload()  # the cookie finds the saved guest: its progress, no second row
        _wait_attached(page)
        page.locator(f'{WHERE}[data-lesson="trumps"][data-page="1"]').wait_for(timeout=10_000)
        assert [row for row in _users(db_url) if row not in before] == made
    finally:
        browser.close()


def _open_lesson(page, title: str) -> None:
    """Open the lesson titled `title`: its button in the list, or on a phone the menu."""
    button = page.get_by_role("button", name=re.compile(re.escape(title)))
    if button.count() and button.first.is_visible():
        button.first.click()
        return
    menu = page.locator(".zp-lesson-menu select")
    menu.select_option(label=next(o for o in menu.locator("option").all_inner_texts()
                                  if title in o))


def _show_answer(page, lang: str) -> None:
    """Show the answer to the lesson's question: the learner has done something, so the
    page saves their place."""
    page.get_by_role("button", name=t("card.show_answer", lang), exact=True).click()


@pytest.mark.parametrize("lang, width", [("en", 1366), ("zh", 390)])
def test_a_second_tab_opened_before_the_first_save_offers_a_reload(playwright, served_pg,
                                                                    lang, width):
    """Two tabs of one browser opened before either saved act for two unsaved ids: once one
    saves, the other saves nothing (no second guest) and offers a reload, which finds the
    saved guest."""
    app_url, db_url, _ = served_pg
    lesson = next(lesson for lesson in load_lessons() if lesson.id == "trumps")
    title = lesson.title.get(lang)
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    try:
        context = browser.new_context(viewport={"width": width, "height": 900})
        first = context.new_page()
        first.goto(f"{app_url}?page=learn&lang={lang}")
        _wait_attached(first)  # the guest cookie is set: the second tab shares it
        second = context.new_page()
        second.goto(f"{app_url}?page=learn&lang={lang}")
        _wait_attached(second)
        before = _users(db_url)

        _open_lesson(first, title)  # only looking: nothing saved yet
        first.locator(f'{WHERE}[data-lesson="trumps"]').wait_for(timeout=10_000)
        _show_answer(first, lang)  # the first save: the row
        _open_lesson(second, title)
        second.locator(f'{WHERE}[data-lesson="trumps"]').wait_for(timeout=10_000)
        _show_answer(second, lang)  # refused: the alert says why
        ended = second.get_by_text(account_text("guest_ended", lang)[:20]).first
        ended.wait_for(timeout=30_000)
        # and the refused save says the same, in the page's language
        second.get_by_text(SignInEnded(guest=True).text(lang)).first.wait_for(timeout=10_000)
        shot(second, f"guest_ended_{width}_{lang}")
        cookie = next(c["value"] for c in context.cookies() if c["name"] == GUEST_COOKIE)
        made = [row for row in _users(db_url) if row not in before]
        assert [key for _, _, key in made] == [token_hash(cookie)]

        second.get_by_role("link", name=account_text("reload_page", lang)).click()
        _wait_attached(second)  # the reloaded tab is the saved guest, in its lesson
        second.locator(f'{WHERE}[data-lesson="trumps"]').wait_for(timeout=10_000)
        assert [row for row in _users(db_url) if row not in before] == made
    finally:
        browser.close()
