"""Text people type is shown as text: a battery of payloads in every field a teacher or a
learner types into, seen by its author and by the other party, on every page.

Nothing may open a dialog, load anything but the app's own files, or show the text other
than exactly as typed; text the store refuses (a right-to-left override, 10 000 characters)
gets a clear message and saves nothing.
"""

from __future__ import annotations

import os
import re
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from tutor.ui.auth import TEACHER_CODE_VAR

from .conftest import create_account, shot

pytestmark = pytest.mark.browser

IMG = "<img src=x onerror=alert(1)>"
SCRIPT = "<script>alert(9)</script>"
SVG = '"><svg onload=alert(2)>'
LINK = "[link](javascript:alert(4))"
IMAGE = "![pic](javascript:alert(5))"
PAYLOADS = [IMG, SCRIPT, SVG, LINK, IMAGE]
RTL = "Tuesday \u202eclub"  # a right-to-left override would reverse what follows it
LONG = "x" * 10_000
PAGES = ["Learn", "Puzzles", "Play", "Progress", "Teacher"]
TYPED_ANSWER_PUZZLE = "pattern-1-001"  # answered in a text box: "AH AH KH KH | AH"


def _guarded(browser, base: str):
    """A page that records every dialog and every request for something the app never
    serves (an image at /x, a javascript: URL, another host)."""
    context = browser.new_context(viewport={"width": 1366, "height": 1000})
    page = context.new_page()
    page.dialogs, page.stray = [], []
    page.on("dialog", lambda d: (page.dialogs.append(d.message), d.dismiss()))
    own = urlparse(base).netloc

    def check(request) -> None:
        url = urlparse(request.url)
        if url.scheme in ("blob", "data"):
            return  # the app's own modules, made in the page
        if url.netloc != own or not (url.path == "/" or url.path.startswith(
                ("/static/", "/auth/", "/favicon.ico"))):
            page.stray.append(request.url)

    page.on("request", check)
    return context, page


def _clean(page) -> None:
    assert page.dialogs == [], page.dialogs
    assert page.stray == [], page.stray


def _shows(page, text: str) -> None:
    """`text` is on the page, as one piece of text exactly as typed, and visible."""
    page.get_by_text(text, exact=True).first.wait_for(state="visible", timeout=15_000)


def _made(page, box: str, button: str, text: str, says: str) -> str:
    """Type `text` into the box with placeholder `box` and press `button`; once the
    confirmation (which `says` …) shows the text and the box is cleared, return it."""
    field = page.get_by_placeholder(box)
    field.fill(text)
    page.get_by_role("button", name=button).click()
    _shows(page, text)
    expect(field).to_have_value("", timeout=15_000)  # before the next text is typed
    return page.get_by_text(re.compile(says)).filter(has_text=text).first.inner_text()


def _walk(page, name: str) -> None:
    """Every page once: the visitor's name stays in the header, and nothing runs. The shell
    puts the page in the address after its content (one server event), so the address
    naming the page means the page's content reached the browser."""
    for label in PAGES:
        page.get_by_role("button", name=label, exact=True).click()
        expect(page).to_have_url(re.compile(rf"[?&]page={label.lower()}(&|$)"),
                                 timeout=15_000)
        _shows(page, name)
        _clean(page)


def _form_error(page, text: str) -> None:
    page.get_by_role("alert").filter(has_text=text).first.wait_for(timeout=15_000)


def test_typed_text_is_shown_as_text_to_its_author_and_the_other_party(browser, app_url,
                                                                         tmp_path):
    teacher_ctx, teacher = _guarded(browser, app_url)
    learner_ctx, learner = _guarded(browser, app_url)
    try:
        # display names the store refuses: a clear message, and nobody signed in
        teacher.goto(app_url + "?page=teacher")
        teacher.get_by_text("The Teacher pages are for teacher accounts").wait_for(
            timeout=30_000)
        teacher.get_by_role("button", name="Account", exact=True).click()
        teacher.get_by_placeholder("username").fill("mswang")
        teacher.get_by_placeholder("password or PIN").fill("pass-mswang")
        for refused, why in ((RTL, "control characters"), (LONG, "too long")):
            teacher.get_by_placeholder("display name").fill(refused)
            teacher.get_by_role("button", name="Create account").click()
            _form_error(teacher, why)
        assert teacher.get_by_role("button", name="Sign out").count() == 0 or not (
            teacher.get_by_role("button", name="Sign out").is_visible())

        # the teacher: a payload as display name, one class per payload, payload titles
        teacher.get_by_placeholder("display name").fill(SVG)
        teacher.locator("select").filter(has_text="learner").first.select_option(label="teacher")
        teacher.get_by_placeholder("teacher invitation code").fill(os.environ[TEACHER_CODE_VAR])
        teacher.get_by_role("button", name="Create account").click()
        teacher.get_by_placeholder("new class name").wait_for(timeout=30_000)
        codes = {}
        for name in PAYLOADS:
            made = _made(teacher, "new class name", "Create class", name, "learners join")
            codes[name] = re.search(r"the code (\S+)\.", made).group(1)
            _clean(teacher)
        options = teacher.get_by_label("Class").first.locator("option").all_inner_texts()
        for name in PAYLOADS:
            assert f"{name} ({codes[name]})" in options
        for refused, why in ((RTL, "control characters"), (LONG, "too long")):
            teacher.get_by_placeholder("new class name").fill(refused)
            teacher.get_by_role("button", name="Create class").click()
            teacher.get_by_text(re.compile(why)).first.wait_for(timeout=15_000)
        assert len(teacher.get_by_label("Class").first.locator("option").all()) == len(PAYLOADS)

        teacher.get_by_label("Class").first.select_option(label=f"{SCRIPT} ({codes[SCRIPT]})")
        teacher.get_by_label("Theme").first.select_option(label="Who wins the trick")
        teacher.get_by_label("How many").fill("2")
        _made(teacher, "assignment title", "Create assignment", LINK, "set with 2 puzzles")
        picker = teacher.locator("input.choices__input--cloned").first  # typed-answer puzzle
        picker.click()
        picker.press_sequentially(TYPED_ANSWER_PUZZLE)
        picker.press("Enter")
        _made(teacher, "assignment title", "Create assignment", IMAGE, "set with")
        teacher.get_by_placeholder("assignment title").fill(LONG[:121])
        teacher.get_by_role("button", name="Create assignment").click()
        teacher.get_by_text(re.compile("too long")).first.wait_for(timeout=15_000)

        # authored cards are echoed in the refusal exactly as typed
        teacher.get_by_label("Seat 0 throws (one suit)").fill(IMG)
        teacher.get_by_role("button", name="Show the answer").click()
        teacher.get_by_text(re.compile(r"'<img' is not a card")).first.wait_for(timeout=15_000)
        shot(teacher, "user_text_teacher")
        _walk(teacher, SVG)

        # the learner: a payload as display name, joins the <script> class
        learner.goto(app_url + "?page=puzzles")
        learner.get_by_text("Guest", exact=True).first.wait_for(timeout=30_000)
        create_account(learner, SCRIPT, IMG, "learner")  # a payload as username too
        _shows(learner, IMG)
        for typed in (SVG, LONG):
            learner.get_by_placeholder("class join code").fill(typed)
            learner.get_by_role("button", name="Join class").click()
            learner.get_by_text(re.compile("A join code has 6 letters")).first.wait_for(
                timeout=15_000)
        learner.get_by_placeholder("class join code").fill(codes[SCRIPT])
        learner.get_by_role("button", name="Join class").click()
        learner.get_by_text(re.compile("You joined")).first.wait_for(timeout=15_000)
        _shows(learner, SCRIPT)
        titles = learner.locator("option").all_inner_texts()
        assert LINK in titles and IMAGE in titles
        learner.get_by_role("button", name="Seat 1", exact=True).click()  # right or wrong
        learner.get_by_role("button", name="Check answer").click()
        learner.get_by_text("1 of 2 puzzles solved, 1 at the first answer.").or_(
            learner.get_by_text(re.compile("Not quite"))).first.wait_for(timeout=15_000)
        # the assignment with the payload title is chosen by that title (answers are given
        # by clicking, so no typed answer reaches this page; tests/ui checks typed ones)
        learner.locator("select").filter(has=learner.locator("option", has_text=IMAGE)).first \
            .select_option(label=IMAGE)
        learner.get_by_text("0 of 1 puzzle solved, 0 at the first answer.").wait_for(
            timeout=15_000)
        shot(learner, "user_text_learner")
        _walk(learner, IMG)

        # the teacher sees the learner's name in the results, the chart and the CSV
        teacher.reload()
        teacher.get_by_role("button", name="Teacher", exact=True).click()
        teacher.get_by_label("Class").first.select_option(label=f"{SCRIPT} ({codes[SCRIPT]})")
        row = teacher.locator("tr", has_text=IMG).first
        row.wait_for(timeout=15_000)
        _shows(teacher, IMG)
        # the CSV holds what the page shows: the assignment the learner answered
        teacher.get_by_label("Assignment", exact=True).select_option(label=f"{LINK} (2)")
        teacher.locator("tr", has_text=re.compile(r"[01]/2")).first.wait_for(timeout=15_000)
        with teacher.expect_download() as info:
            teacher.get_by_text("Download this assignment (CSV)").click()
        # typed names make a safe file name: no markup, no path, no quote survives
        assert info.value.suggested_filename == "script-alert-9-script-link-javascript-alert-4.csv"
        path = tmp_path / "class.csv"
        info.value.save_as(path)
        exported = path.read_text(encoding="utf-8-sig")
        assert IMG in exported and SCRIPT in exported and LINK in exported
        shot(teacher, "user_text_results")
        _clean(teacher)
        _clean(learner)
    finally:
        teacher_ctx.close()
        learner_ctx.close()
