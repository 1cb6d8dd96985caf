"""Browser fixtures: the app served on a free local port, and Debian Chromium via Playwright."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]
SCREENSHOTS = Path(__file__).parent / "screenshots"
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def app_url(tmp_path_factory):
    """Start `python -m tutor serve` on a free port; yield its URL; stop it afterwards."""
    port = _free_port()
    env = dict(os.environ, TUTOR_DB=str(tmp_path_factory.mktemp("db") / "tutor.duckdb"),
               TUTOR_AI_DELAY_MS="30")
    log = open(tmp_path_factory.mktemp("log") / "serve.log", "w")  # noqa: SIM115
    proc = subprocess.Popen([sys.executable, "-m", "tutor", "serve", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://localhost:{port}/"
    deadline = time.time() + 180
    while True:
        try:
            urllib.request.urlopen(url, timeout=30).read()
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError(f"the app did not start: see {log.name}") from None
            time.sleep(0.3)
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, app_url):
    """A fresh page that records any request leaving this machine (the app must be offline)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pg = context.new_page()
    pg.outside_requests = []

    def _watch(request):
        host = request.url.split("/")[2] if "://" in request.url else ""
        if request.url.startswith(("http://", "https://", "ws://", "wss://")) and not (
            host.startswith(("localhost", "127.0.0.1"))
        ):
            pg.outside_requests.append(request.url)

    pg.on("request", _watch)
    yield pg
    context.close()


def shot(page, name: str) -> Path:
    """Save a full-page screenshot under tests/browser/screenshots/ and return its path."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
