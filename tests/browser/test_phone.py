"""Every page on a phone (390×844, emulated: a touch screen at device scale 3) and at 1366 px:
no sideways scrolling, and on a phone the hand and an action button on Play's first screen.
Screenshots of each page in both languages are saved to be looked at."""

from __future__ import annotations

import urllib.request
import uuid

import pytest

from tutor.text import t

from .conftest import create_account, create_class, settled_widths, shot, watch_outside
from .test_puzzles import _answer_seat, _choose_theme, _current_puzzle

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}
PAGES = ("home", "learn", "puzzles", "play", "progress", "teacher", "table")


def _ready(page, name: str, lang: str) -> None:
    """Wait until the page `name` is drawn (something only it shows)."""
    if name == "teacher":
        page.get_by_placeholder(t("ui.teacher_class_name", lang)).wait_for(timeout=30_000)
        return
    if name == "table":  # the lobby, with a table for the teacher's class to open
        page.get_by_role("button", name=t("tables.class_open", lang)).wait_for(timeout=30_000)
        return
    selector = {"home": ".zp-home", "learn": ".zp-learn-where", "puzzles": ".zp-q-prompt",
                "play": ".zp-pick", "progress": "canvas"}[name]
    page.locator(selector).first.wait_for(timeout=30_000)


def _teacher_with_a_puzzle_done(page, app_url: str) -> None:
    """This browser's guest solves a puzzle (so Progress has charts), then becomes a teacher
    with a class (so Teacher shows its tools)."""
    page.goto(app_url + "?page=puzzles")
    page.get_by_label("Theme").first.wait_for(timeout=30_000)
    _choose_theme(page, "Who wins the trick")
    puzzle = _current_puzzle(page)
    while puzzle.type != "trick":
        puzzle = _current_puzzle(page, puzzle.id)
    _answer_seat(page, int(puzzle.solve().text))
    page.get_by_text("Correct!").first.wait_for(timeout=15_000)
    name = "t" + uuid.uuid4().hex[:8]
    create_account(page, name, "Ms Phone", "teacher")
    page.goto(app_url + "?page=teacher")
    create_class(page, "Phone club")


@pytest.mark.parametrize("size", ["390", "1366"])
def test_every_page_fits_without_sideways_scrolling(browser, app_url, size):
    context = browser.new_context(**(PHONE if size == "390" else DESKTOP))
    page = watch_outside(context.new_page())
    width = 390 if size == "390" else 1366
    try:
        _teacher_with_a_puzzle_done(page, app_url)
        for lang in ("en", "zh"):
            for name in PAGES:
                page.goto(f"{app_url}?page={name}&lang={lang}")
                _ready(page, name, lang)
                # a phone zooms out for a moment while the first frames lack styles
                scroll, inner = settled_widths(page)
                # first: a page too wide is seen as it was (the table's lobby: the table's
                # own shots are test_table's)
                shot(page, f"{'lobby' if name == 'table' else name}_{size}_{lang}")
                # a phone zooms out to show a page wider than itself: innerWidth grows with it
                assert inner == width and scroll <= inner, \
                    f"{name} ({lang}) is {max(scroll, inner)} px wide"
                if name == "play" and size == "390":
                    _hand_and_buttons_on_the_first_screen(page)
        assert page.outside_requests == []
    finally:
        context.close()


def _hand_and_buttons_on_the_first_screen(page) -> None:
    """Every card of the hand, and an action button (the hint is offered on each of the
    person's turns), lie within the first 844 px."""
    page.get_by_role("button", name=t("ui.hint", "en")).or_(
        page.get_by_role("button", name=t("ui.hint", "zh"))).first.wait_for(timeout=30_000)
    boxes = page.locator(".zp-pick").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })")
    assert len(boxes) >= 25
    assert all(left >= 0 and right <= 390 and top > 0 and bottom <= 844
               for left, top, right, bottom in boxes), boxes
    buttons = page.locator(".bk-btn").filter(
        has_text=t("ui.hint", "en")).or_(page.locator(".bk-btn").filter(
            has_text=t("ui.hint", "zh")))
    box = buttons.first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 844, box


def test_the_page_tells_a_phone_its_width(app_url):
    """Without the viewport meta a phone lays the page out 980 px wide and shrinks it."""
    html = urllib.request.urlopen(app_url, timeout=30).read().decode()
    head = html.split("</head>")[0]
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in head
