"""The language is remembered: chosen once, the next visit on this browser opens in it (a
guest's as an account's), and a link that names a language wins; a table's shared link
carries the language it was shared in."""

from __future__ import annotations

import pytest

from .conftest import create_account, shot

pytestmark = pytest.mark.browser


def test_the_language_chosen_is_remembered_and_a_link_names_its_own(page, app_url):
    page.goto(app_url + "?page=home")
    page.get_by_role("button", name="中文", exact=True).click()
    page.get_by_role("button", name="English", exact=True).wait_for(timeout=30_000)
    page.wait_for_function("() => document.cookie.includes('zp_lang=zh')", timeout=10_000)
    fresh = page.context.new_page()  # a later visit, no language in its address
    fresh.goto(app_url + "?page=puzzles")
    fresh.get_by_role("button", name="English", exact=True).wait_for(timeout=30_000)
    assert fresh.get_by_role("button", name="练习题", exact=True).is_visible()
    shot(fresh, "lang_remembered_zh")
    named = page.context.new_page()  # a link in English opens in English
    named.goto(app_url + "?page=puzzles&lang=en")
    named.get_by_role("button", name="中文", exact=True).wait_for(timeout=30_000)
    # a table's link says the language it was shared in
    named.get_by_role("button", name="中文", exact=True).click()
    named.get_by_role("button", name="English", exact=True).wait_for(timeout=30_000)
    named.goto(app_url + "?page=table&lang=zh")
    named.get_by_role("button", name="English", exact=True).wait_for(timeout=30_000)
    for p in (fresh, named):
        p.close()
    assert page.outside_requests == []


def _sign_in_at(page, url: str) -> None:
    """Open `url` (an English page) and sign in there as the test's account."""
    page.goto(url)
    page.get_by_role("button", name="Account", exact=True).click()
    page.get_by_placeholder("username").fill("lang_acct")
    page.get_by_placeholder("password or PIN").fill("pass-lang_acct")
    page.get_by_role("button", name="Sign in", exact=True).click()


def test_an_account_opens_in_its_language_on_another_browser(browser, app_url):
    """An account that chose 中文 in one browser finds the tutor in Chinese where it signs
    in next (the page reloads in it, unless its link named a language), and on later visits
    there without a language named; a link naming English still opens in English."""
    first = browser.new_context()
    other = browser.new_context()
    try:
        page = first.new_page()
        page.goto(app_url + "?page=home&lang=en")
        create_account(page, "lang_acct", "Lang Acct")
        page.get_by_role("button", name="中文", exact=True).click()
        page.get_by_role("button", name="English", exact=True).wait_for(timeout=30_000)
        page.wait_for_function("() => document.cookie.includes('zp_lang=zh')", timeout=10_000)
        elsewhere = other.new_page()  # another browser, which never chose a language
        _sign_in_at(elsewhere, app_url + "?page=puzzles")
        elsewhere.get_by_role("button", name="English", exact=True).wait_for(timeout=30_000)
        assert elsewhere.get_by_text("Lang Acct", exact=True).first.is_visible()
        assert "lang=zh" in elsewhere.url and "page=puzzles" in elsewhere.url
        shot(elsewhere, "lang_account_signed_in_zh")
        later = other.new_page()
        later.goto(app_url + "?page=progress")
        later.get_by_role("button", name="English", exact=True).wait_for(timeout=30_000)
        named = other.new_page()
        named.goto(app_url + "?page=progress&lang=en")
        named.get_by_role("button", name="中文", exact=True).wait_for(timeout=30_000)
        # signing in on a page whose link named its language keeps it
        third = browser.new_context()
        try:
            linked = third.new_page()
            _sign_in_at(linked, app_url + "?page=puzzles&lang=en")
            linked.get_by_role("button", name="Sign out", exact=True).wait_for(timeout=30_000)
            assert linked.get_by_role("button", name="中文", exact=True).is_visible()
        finally:
            third.close()
    finally:
        first.close()
        other.close()
