"""Browser fixtures: the app served on a free local port, and Debian Chromium via Playwright."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.serving import free_port, served
from tutor.ui.auth import TEACHER_CODE_VAR

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]
SCREENSHOTS = Path(__file__).parent / "screenshots"


@pytest.fixture(scope="session")
def app_url(tmp_path_factory):
    """`python -m tutor serve` on a free port with a temporary database; its URL."""
    port = free_port()
    env = dict(os.environ, TUTOR_DB=str(tmp_path_factory.mktemp("db") / "tutor.duckdb"),
               TUTOR_AI_DELAY_MS="30")
    log = tmp_path_factory.mktemp("log") / "serve.log"
    with served([sys.executable, "-m", "tutor", "serve", "--port", str(port)],
                f"http://localhost:{port}/", log, env) as url:
        yield url


@pytest.fixture(scope="session")
def playwright():
    """Playwright, once for the whole run (a second instance cannot start beside it)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


def launch(playwright, *flags: str):
    """Debian Chromium with the test flags, and any `flags` more."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_FLAGS, *flags])


@pytest.fixture(scope="session")
def browser(playwright):
    b = launch(playwright)
    yield b
    b.close()


@pytest.fixture
def page(browser, app_url):
    """A fresh page that records any request leaving this machine (the app must be offline)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = watch_outside(context.new_page())
    yield pg
    context.close()


def watch_outside(pg):
    """Record in `pg.outside_requests` every request that leaves this machine."""
    pg.outside_requests = []

    def _watch(request):
        host = request.url.split("/")[2] if "://" in request.url else ""
        if request.url.startswith(("http://", "https://", "ws://", "wss://")) and not (
            host.startswith(("localhost", "127.0.0.1"))
        ):
            pg.outside_requests.append(request.url)

    pg.on("request", _watch)
    return pg


def shot(page, name: str) -> Path:
    """Save a full-page screenshot under tests/browser/screenshots/ and return its path."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def create_account(page, username: str, display: str, role: str = "learner") -> None:
    """The header's account box: this browser's guest becomes a named account."""
    page.get_by_role("button", name="Account", exact=True).click()
    page.get_by_placeholder("username").fill(username)
    page.get_by_placeholder("password or PIN").fill("pass-" + username)
    page.get_by_placeholder("display name").fill(display)
    page.locator("select").filter(has_text="learner").first.select_option(label=role)
    if role == "teacher":
        page.get_by_placeholder("teacher invitation code").fill(os.environ[TEACHER_CODE_VAR])
    page.get_by_role("button", name="Create account").click()
    page.get_by_text(display, exact=True).first.wait_for(timeout=15_000)


def create_class(page, name: str) -> str:
    """On the Teacher page of a teacher account: a new class; returns its join code."""
    import re

    page.get_by_placeholder("new class name").fill(name)
    page.get_by_role("button", name="Create class").click()
    code_text = page.get_by_text(re.compile(r"learners join with the code")).first
    code_text.wait_for(timeout=15_000)
    return re.search(r"the code (\S+)\.", code_text.inner_text()).group(1)


# the page's scroll width and the window's inner width, once they have held still for 600 ms
# (three looks 300 ms apart agree): a loaded machine can draw the first frames before every
# component has its styles, and charts size themselves after they are drawn
_WIDTHS_HELD = """() => {
  const now = [document.documentElement.scrollWidth, window.innerWidth].join(",");
  const seen = (window.__zpWidths || []).concat([now]).slice(-4);
  window.__zpWidths = seen;
  return seen.length === 4 && seen.every(s => s === now) && now;
}"""


def settled_widths(page, timeout: float = 30_000) -> tuple[int, int]:
    """(scroll width, inner width) of the page once the layout holds still; a page that never
    does fails here."""
    page.evaluate("() => { window.__zpWidths = []; }")
    # the same widths 4 times 120 ms apart (3 times 300 ms apart held every page of every
    # lesson 0.6 s, a quarter of the lesson walk's time)
    held = page.wait_for_function(_WIDTHS_HELD, polling=120, timeout=timeout).json_value()
    scroll, inner = (int(x) for x in held.split(","))
    return scroll, inner
