"""An account stays signed in across reloads until it signs out, back to a guest."""

from __future__ import annotations

import pytest

from .conftest import create_account, shot

pytestmark = pytest.mark.browser



def test_sign_in_survives_a_reload_and_sign_out_returns_to_a_guest(page, app_url):
    page.goto(app_url + "?page=progress")
    page.get_by_text("Guest", exact=True).first.wait_for(timeout=30_000)
    sign_out = page.get_by_role("button", name="Sign out")
    assert sign_out.count() == 0 or not sign_out.is_visible()
    create_account(page, "meimei", "Mei Mei")

    page.reload()  # a new visit from this browser: still Mei Mei, no password asked
    page.get_by_text("Mei Mei", exact=True).first.wait_for(timeout=30_000)
    sign_out.wait_for(state="visible", timeout=15_000)
    shot(page, "account_signed_in_after_reload")

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
