"""A served game's deal: dealt from 128 bits of `secrets`, kept by the server alone.

The browser's page and every websocket message it receives are searched for the seed (and
the first hand's seed derived from it): from the old 31-bit seed and one hand's cards, a
search found every other hand and the kitty."""

from __future__ import annotations

import os
import sys

import duckdb
import pytest

from tests.serving import free_port, served
from tutor.rules import hand_seed

from .conftest import CHROMIUM, CHROMIUM_FLAGS
from .test_play import _advance_until, _table_attr

pytestmark = pytest.mark.browser


def test_a_served_game_has_a_128_bit_seed_that_no_page_receives(playwright, tmp_path):
    db = tmp_path / "tutor.duckdb"
    port = free_port()
    env = dict(os.environ, TUTOR_DB=str(db), TUTOR_AI_DELAY_MS="30")
    received: list[str] = []
    with served([sys.executable, "-m", "tutor", "serve", "--port", str(port)],
                f"http://localhost:{port}/", tmp_path / "serve.log", env) as url:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()

            def on_socket(ws):
                ws.on("framereceived", lambda payload: received.append(
                    payload if isinstance(payload, str) else payload.decode("latin-1")))

            page.on("websocket", on_socket)
            page.on("response", lambda r: received.append(r.text())
                    if r.url.startswith(url) and "html" in r.headers.get("content-type", "")
                    else None)
            page.goto(url + "?page=play")
            page.locator(".zp-table").first.wait_for(timeout=30_000)
            # bidding, the bury and the friend call: many saved actions, many messages
            _advance_until(page, lambda p: _table_attr(p, "data-phase") == "playing",
                           limit_s=120)
            received.append(page.content())
        finally:
            browser.close()
    with duckdb.connect(str(db), read_only=True) as con:
        seeds = [int(s) for (s,) in con.execute("SELECT seed FROM games").fetchall()]
    assert len(seeds) == 1, seeds
    seed = seeds[0]
    assert seed.bit_length() > 128  # 128 random bits below a set top bit
    secrets_of_the_deal = [str(seed), str(hand_seed(seed, 0)), format(seed, "x")]
    assert len(received) > 20  # the page and its messages were really captured
    for text in received:
        for secret in secrets_of_the_deal:
            assert secret not in text
