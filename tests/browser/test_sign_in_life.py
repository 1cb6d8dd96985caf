"""A sign-in's life in the browser: signing out in one tab ends it on every open page (they
refuse to act and say so), a teacher resets a learner's password with a one-time code, the
learner must then choose a new one, and a signed-in account changes its password."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from tutor.store import SignInEnded
from tutor.ui.auth import account_text
from tutor.ui.i18n import t

from .conftest import create_account, create_class, shot, watch_outside
from .test_puzzles import _answer_seat, _choose_theme, _current_puzzle

pytestmark = pytest.mark.browser
SIZES = [("en", 1366), ("zh", 390)]


def _context(browser, width: int):
    return browser.new_context(viewport={"width": width, "height": 900})


def _ended(page, lang: str):
    """The page's notice that its sign-in has ended."""
    return page.get_by_text(account_text("sign_in_ended", lang)[:24]).first


def _field(page, placeholder: str):
    """The visible input with this placeholder (a hidden form may have one like it)."""
    return page.locator(f"input[placeholder='{placeholder}']:visible")


def _puzzle_in_address(page) -> str:
    """The puzzle the page's address names (the page keeps it to the puzzle shown)."""
    for _ in range(100):
        found = parse_qs(urlparse(page.url).query).get("puzzle")
        if found:
            return found[0]
        page.wait_for_timeout(100)
    raise AssertionError(f"no puzzle in {page.url}")


def _sign_in(page, username: str, password: str, lang: str = "en") -> None:
    """Sign in through the account form (opening it unless it is open)."""
    if not page.get_by_placeholder(t("username", lang)).is_visible():
        page.get_by_role("button", name=t("account", lang), exact=True).click()
    page.get_by_placeholder(t("username", lang)).fill(username)
    page.get_by_placeholder(t("password", lang)).fill(password)
    page.get_by_role("button", name=t("sign_in", lang), exact=True).click()


@pytest.mark.parametrize("lang, width", SIZES)
def test_signing_out_in_one_tab_stops_the_other_tabs_acting(browser, app_url, lang, width):
    """The reproduction: signed out in tab 1, tab 2 opened earlier still created a class."""
    context = _context(browser, width)
    try:
        first = watch_outside(context.new_page())
        first.goto(app_url + "?page=teacher")
        first.get_by_text("The Teacher pages are for teacher accounts").wait_for(timeout=60_000)
        name = f"out_{lang}"
        create_account(first, name, f"Ms Out {lang}", "teacher")
        teacher = context.new_page()  # tab 2: the teacher page, in the test's language
        teacher.goto(app_url + f"?page=teacher&lang={lang}")
        class_name = teacher.get_by_placeholder(t("teacher_class_name", lang))
        class_name.wait_for(timeout=60_000)
        puzzles = context.new_page()  # tab 3: puzzles, signed in too
        puzzles.goto(app_url + "?page=puzzles")
        puzzles.get_by_label("Theme").first.wait_for(timeout=60_000)
        _choose_theme(puzzles, "Who wins the trick")
        puzzle = _current_puzzle(puzzles)
        while puzzle.type != "trick":
            puzzle = _current_puzzle(puzzles, puzzle.id)

        first.bring_to_front()
        first.get_by_role("button", name="Sign out").click()
        first.get_by_role("button", name="Account", exact=True).wait_for(timeout=30_000)
        expect(first.get_by_role("button", name="Sign out")).to_be_hidden(timeout=30_000)

        teacher.bring_to_front()
        class_name.fill("Made after sign-out")
        teacher.get_by_role("button", name=t("teacher_create_class", lang)).click()
        expect(_ended(teacher, lang)).to_be_visible(timeout=30_000)
        expect(teacher.get_by_text(SignInEnded().text(lang)).first).to_be_visible()
        expect(teacher.locator("option", has_text="Made after sign-out")).to_have_count(0)
        shot(teacher, f"sign_in_ended_{width}_{lang}")

        puzzles.bring_to_front()
        _answer_seat(puzzles, int(puzzle.solve().text))
        expect(puzzles.get_by_text(re.compile("This sign-in has ended")).first).to_be_visible(
            timeout=30_000)
        expect(_ended(puzzles, "en")).to_be_visible()
        expect(puzzles.get_by_text(re.compile(r"^Correct!"))).to_have_count(0)

        # "sign in again" opens the form; signed in again, nothing of the above was saved
        teacher.get_by_role("link", name=account_text("sign_in_again", lang)).click()
        expect(teacher.get_by_placeholder(t("username", lang))).to_be_visible(timeout=60_000)
        _sign_in(teacher, name, "pass-" + name, lang)
        expect(teacher.get_by_role("button", name=t("sign_out", lang))).to_be_visible(
            timeout=60_000)
        expect(teacher.get_by_placeholder(t("teacher_class_name", lang))).to_be_visible(
            timeout=60_000)
        expect(teacher.locator("option", has_text="Made after sign-out")).to_have_count(0)
        teacher.goto(app_url + "?page=progress")
        expect(teacher.get_by_text("No puzzle attempts yet").first).to_be_visible(
            timeout=60_000)
        assert first.outside_requests == []
    finally:
        context.close()


@pytest.mark.parametrize("lang, width", SIZES)
def test_a_teacher_resets_a_password_and_the_learner_chooses_a_new_one(browser, app_url,
                                                                          lang, width):
    teacher_ctx, learner_ctx = _context(browser, width), _context(browser, width)
    try:
        teacher = teacher_ctx.new_page()
        teacher.goto(app_url + "?page=teacher")
        teacher.get_by_text("The Teacher pages are for teacher accounts").wait_for(
            timeout=60_000)
        create_account(teacher, f"reset_t_{lang}", f"Ms Reset {lang}", "teacher")
        code = create_class(teacher, f"Reset club {lang}")

        learner = learner_ctx.new_page()
        learner.goto(app_url + "?page=puzzles")
        learner.get_by_label("Theme").first.wait_for(timeout=60_000)
        kid = f"kid_{lang}"
        create_account(learner, kid, f"Kid {lang}")
        learner.get_by_placeholder("class join code").fill(code)
        learner.get_by_role("button", name="Join class").click()
        learner.get_by_text(re.compile(r"You joined")).first.wait_for(timeout=30_000)

        teacher.goto(app_url + f"?page=teacher&lang={lang}")
        button = teacher.get_by_role("button", name=account_text("reset_button", lang))
        expect(button).to_be_enabled(timeout=60_000)
        button.click()  # asks first: the learner's sign-ins end
        yes = teacher.get_by_role("button", name=account_text("reset_yes", lang))
        expect(yes).to_be_visible(timeout=30_000)
        shot(teacher, f"password_reset_confirm_{width}_{lang}")
        yes.click()
        shown = teacher.get_by_text(re.compile(r"one-time code|一次性代码")).first
        expect(shown).to_be_visible(timeout=30_000)
        one_time = re.search(r"\b([A-Z2-9]{8})\b", shown.inner_text()).group(1)
        shot(teacher, f"password_reset_{width}_{lang}")

        # the learner's open page has lost its sign-in; the old password is gone
        learner.goto(app_url + f"?page=puzzles&lang={lang}")
        expect(learner.get_by_role("button", name=t("sign_out", lang))).to_be_hidden(
            timeout=60_000)
        _sign_in(learner, kid, "pass-" + kid, lang)
        expect(learner.get_by_text(t("sign_in_wrong", lang))).to_be_visible(timeout=30_000)
        learner.get_by_placeholder(t("password", lang)).fill(one_time)
        learner.get_by_role("button", name=t("sign_in", lang), exact=True).click()
        expect(learner.get_by_text(account_text("must_change", lang))).to_be_visible(
            timeout=30_000)
        shot(learner, f"password_must_change_{width}_{lang}")
        _field(learner, account_text("new_password", lang)).fill("4321")
        learner.get_by_role("button", name=account_text("save_password", lang)).click()
        expect(learner.get_by_role("button", name=t("sign_out", lang))).to_be_visible(
            timeout=60_000)

        # signed in, the account menu changes the password (current one first)
        learner.get_by_role("button", name=t("account", lang), exact=True).click()
        _field(learner, account_text("current_password", lang)).fill("wrong")
        _field(learner, account_text("new_password", lang)).fill("8765")
        learner.get_by_role("button", name=account_text("save_password", lang)).click()
        expect(learner.get_by_text(t("sign_in_wrong", lang))).to_be_visible(timeout=30_000)
        shot(learner, f"password_change_{width}_{lang}")
        shown_before = _puzzle_in_address(learner)
        _field(learner, account_text("current_password", lang)).fill("4321")
        learner.get_by_role("button", name=account_text("save_password", lang)).click()
        expect(_field(learner, account_text("current_password", lang))).to_be_hidden(
            timeout=60_000)  # the page came back, signed in with the new password
        expect(learner.get_by_role("button", name=t("sign_out", lang))).to_be_visible()
        # it says so, and shows the puzzle it showed before
        expect(learner.get_by_text(account_text("password_changed", lang))).to_be_visible(
            timeout=30_000)
        assert _puzzle_in_address(learner) == shown_before
        shown = learner.locator(f'em.zp-puzzle-meta[data-puzzle="{shown_before}"]')
        expect(shown).to_be_visible(timeout=30_000)
        shot(learner, f"password_changed_{width}_{lang}")
        learner.get_by_role("button", name=t("sign_out", lang)).click()
        expect(learner.get_by_role("button", name=t("sign_out", lang))).to_be_hidden(
            timeout=60_000)
        _sign_in(learner, kid, "8765", lang)
        expect(learner.get_by_role("button", name=t("sign_out", lang))).to_be_visible(
            timeout=60_000)
    finally:
        teacher_ctx.close()
        learner_ctx.close()


@pytest.mark.parametrize("lang, width", [("en", 390), ("zh", 1366)])
def test_the_teacher_code_field_shows_for_teacher_accounts(browser, app_url, lang, width):
    context = _context(browser, width)
    try:
        page = context.new_page()
        page.goto(app_url + f"?page=home&lang={lang}")
        page.get_by_role("button", name=t("account", lang), exact=True).click()
        code = page.get_by_placeholder(account_text("teacher_code", lang))
        expect(code).to_be_hidden(timeout=30_000)
        # the new password is asked for only after a teacher's one-time code
        expect(page.get_by_placeholder(account_text("new_password", lang)).first).to_be_hidden()
        page.locator("select").filter(has_text=t("role_learner", lang)).first.select_option(
            value="teacher")
        expect(code).to_be_visible()
        page.get_by_placeholder(t("username", lang)).fill(f"ms_code_{lang}")
        page.get_by_placeholder(t("password", lang)).fill("long-password")
        code.fill("not-the-code")
        page.get_by_role("button", name=t("create_account", lang)).click()
        expect(page.get_by_text(account_text("teacher_code_wrong", lang))).to_be_visible(
            timeout=30_000)
        shot(page, f"teacher_code_{width}_{lang}")
    finally:
        context.close()
