"""The home page in a real browser: a first visit is welcomed, each path opens its page, and
a returning visitor is offered the lesson they were in."""

from __future__ import annotations

import re

import pytest

from .conftest import shot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("path, page_name, marker", [
    ("Learn from zero", "learn", ".zp-learn-where"),
    ("Try a puzzle", "puzzles", ".zp-q-prompt"),
    ("Play a hand", "play", ".zp-pick"),
])
def test_a_first_visit_is_welcomed_and_a_path_opens_its_page(page, app_url, path, page_name,
                                                            marker):
    page.goto(app_url)
    page.locator('.zp-home[data-visit="first"]').wait_for(timeout=30_000)
    page.get_by_text("Welcome to 找朋友").first.wait_for(timeout=5_000)
    assert not page.get_by_text("Welcome back").first.is_visible()
    page.get_by_role("button", name=path, exact=True).click()
    page.locator(marker).first.wait_for(timeout=30_000)
    page.wait_for_function(f"() => location.search.includes('page={page_name}')",
                           timeout=10_000)
    # the nav follows, and Play is one click away from every page
    assert page.get_by_role("button", name="Play", exact=True).is_visible()
    assert page.outside_requests == []


def test_a_returning_visitor_is_offered_the_lesson_they_were_in(page, app_url):
    page.goto(app_url + "?page=learn")
    page.locator(".zp-learn-where").first.wait_for(timeout=30_000)
    page.get_by_role("button", name=re.compile(r"^○ 3\. ")).click()
    page.locator(".zp-learn-where").filter(has_text="Lesson 3 of").first.wait_for(
        timeout=15_000)
    title = page.locator(".zp-learn-title").first.inner_text()
    # only looking saves nothing: going on to the next page makes it the lesson they are in
    page.get_by_role("button", name="Next ▶").click()
    page.locator('.zp-learn-where[data-page="1"]').wait_for(timeout=15_000)
    page.goto(app_url)
    offer = page.get_by_role("button", name=f"Continue the lesson: {title}")
    offer.wait_for(timeout=30_000)
    assert page.locator('.zp-home[data-visit="again"]').count() == 1
    shot(page, "home_again")
    offer.click()
    page.locator(".zp-learn-title").filter(has_text=title).first.wait_for(timeout=30_000)
