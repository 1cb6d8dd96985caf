"""Guessing join codes from a page: the reproduction was 2,050 guesses a minute from one tab
(one at #350 joined). After 5 wrong codes the page's tries are refused unchecked."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tutor.store.throttle import MAX_TRIES

from .conftest import create_account, shot

pytestmark = pytest.mark.browser


def test_guessing_join_codes_is_throttled(page, app_url):
    page.goto(app_url + "?page=puzzles")
    page.get_by_label("Theme").first.wait_for(timeout=60_000)
    create_account(page, "guesser", "Guesser")
    code = page.get_by_placeholder("class join code")
    join = page.get_by_role("button", name="Join class")
    for i in range(MAX_TRIES):
        guess = f"ZZZZZ{i + 2}"
        code.fill(guess)
        join.click()
        expect(page.get_by_text(f"No class has the join code '{guess}'")).to_be_visible(
            timeout=30_000)
    code.fill("ZZZZZ9")
    join.click()
    expect(page.get_by_text("Too many wrong join codes: try again in 1 minute.")).to_be_visible(
        timeout=30_000)
    expect(page.get_by_text("No class has the join code 'ZZZZZ9'")).to_have_count(0)
    expect(page.get_by_text("You joined")).to_have_count(0)
    shot(page, "join_throttled")
