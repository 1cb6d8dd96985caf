"""The walking skeleton in a real browser: a dealt hand shows, and the button deals again."""

import pytest

from .conftest import shot

pytestmark = pytest.mark.browser


def _cards(page) -> list[str]:
    return page.locator(".zp-card").evaluate_all("els => els.map(e => e.dataset.card)")


def test_deal_page_shows_31_sorted_cards_and_deals_again(page, app_url):
    page.goto(app_url + "?page=learn")
    page.wait_for_selector(".zp-card", timeout=30_000)
    first = _cards(page)
    assert len(first) == 31
    trumps = page.locator(".zp-card.trump").count()
    assert 0 < trumps < 31
    # trumps come first: every trump card precedes every non-trump card
    flags = page.locator(".zp-card").evaluate_all(
        "els => els.map(e => e.classList.contains('trump'))")
    assert flags == sorted(flags, reverse=True)
    shot(page, "deal_page")
    page.get_by_role("button", name="Deal again").click()
    page.get_by_text("Deal #2").wait_for(timeout=15_000)
    second = _cards(page)
    assert len(second) == 31 and second != first
    assert page.get_by_text("Deal #2").count() == 1
    shot(page, "deal_page_again")
    assert page.outside_requests == []
