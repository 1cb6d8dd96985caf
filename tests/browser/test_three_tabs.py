"""Issue 34, section 3, as it was found: three tabs of one learner on one puzzle, the first
answered wrong and the other two right. Only the first answer counts: the later tabs say the
rating stays what the wrong answer made it, and the server keeps that rating."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import create_account

pytestmark = pytest.mark.browser
PUZZLE = "kitty-1-004"  # a number to type: 120 is right, 5 is wrong


def _answer(tab, number: str) -> None:
    box = tab.get_by_placeholder("a whole number")
    box.fill(number)
    box.press("Enter")
    tab.get_by_role("button", name="Check answer").click()


def test_three_tabs_on_one_puzzle_count_only_the_first_answer(browser, app_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        first = context.new_page()
        first.goto(app_url + "?page=puzzles")
        create_account(first, "three_tabs", "Three Tabs")
        url = f"{app_url}?page=puzzles&puzzle={PUZZLE}"
        tabs = [first, context.new_page(), context.new_page()]
        for tab in tabs:  # all three open (and load the same ratings) before any answer
            tab.goto(url)
            expect(tab.locator(f'em.zp-puzzle-meta[data-puzzle="{PUZZLE}"]')).to_be_visible(
                timeout=30_000)

        _answer(tabs[0], "5")
        moved = tabs[0].get_by_text(re.compile(r"Your rating in .*: \d+ → \d+"))
        expect(moved.first).to_be_visible(timeout=15_000)
        before, after = map(int, re.search(r"(\d+) → (\d+)", moved.first.inner_text()).groups())
        assert after < before

        for tab in tabs[1:]:
            _answer(tab, "120")
            expect(tab.get_by_text(f"stays {after}: only a first attempt counts").first
                   ).to_be_visible(timeout=15_000)

        # a page opened now reads the stored rating: the wrong answer's, not a later tab's
        later = context.new_page()
        later.goto(app_url + "?page=progress")
        row = later.locator("table.zp-progress tr").filter(
            has=later.locator("td", has_text=re.compile(rf"^{after}$")))
        expect(row).to_have_count(1, timeout=30_000)
        expect(row).to_contain_text("67%")  # three attempts kept, two of them right
    finally:
        context.close()
