"""Play on one screen: at every one of the person's turns of a whole hand, on a phone (390×844,
touch) and a desktop (1366×900), the trick in progress, the centre, the Play button and the
whole hand lie inside the window without scrolling, and nothing scrolls sideways. One deal
every run, with pairs and bigger plays in its tricks; after it, the review's "What you saw"
shows the hand as it was then. Screenshots (both languages) go to /tmp/h-layout-shots/."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.serving import free_port, served

from .conftest import settled_widths, watch_outside
from .looks import shown_buttons, wait_for_buttons
from .test_phone import DESKTOP, PHONE
from .test_play import DECISIONS, _button, _decide, _picker_cards

pytestmark = pytest.mark.browser

SEED = 1204  # its first hand has tricks of pairs and of more cards at the person's turns
SHOTS = Path("/tmp/h-layout-shots")
SIZES = {"390": PHONE, "1366": DESKTOP}
PLAY = {"en": "Play cards", "zh": "出牌"}


@pytest.fixture(scope="module")
def seeded_url(tmp_path_factory):
    """The app served with every new game dealt from `SEED`."""
    port = free_port()
    folder = tmp_path_factory.mktemp("seeded")
    env = dict(os.environ, TUTOR_DB=str(folder / "tutor.duckdb"), TUTOR_AI_DELAY_MS="30")
    args = [sys.executable, "-m", "tests.browser.seeded_serve", str(SEED), "--port", str(port)]
    with served(args, f"http://localhost:{port}/", folder / "serve.log", env) as url:
        yield url


def _boxes(page, selector: str) -> list[list[float]]:
    return page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })")


def _off_screen(page, lang: str) -> tuple[list[str], float]:
    """What of the trick, the centre, the Play button and the hand lies outside the window
    as first seen (scrolled to the top), and any sideways overflow; and the pixels to spare
    below the lowest of them."""
    page.evaluate("() => window.scrollTo(0, 0)")
    width, height = page.evaluate("() => [window.innerWidth, window.innerHeight]")
    wrong = []
    play = page.get_by_role("button", name=PLAY[lang], exact=True).first.bounding_box()
    boxes = {"trick card": _boxes(page, ".zp-now .zp-card"),
             "centre": _boxes(page, ".zp-center"), "hand card": _boxes(page, ".zp-pick"),
             "play button": [[play["x"], play["y"], play["x"] + play["width"],
                              play["y"] + play["height"]]]}
    for name, found in boxes.items():
        wrong += [f"{name} at {[round(v) for v in box]}" for box in found
                  if box[0] < 0 or box[1] < 0 or box[2] > width + 0.5 or box[3] > height + 0.5]
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    if scroll > width:
        wrong.append(f"the page is {scroll} px wide in a {width} px window")
    return wrong, height - max(box[3] for found in boxes.values() for box in found)


def _most_cards(page) -> int:
    """The most cards one seat has played in the trick in progress."""
    return max(page.locator(".zp-now .zp-play").evaluate_all(
        "els => els.map(e => e.querySelectorAll('.zp-card').length)") or [0])


def _in_both_languages(page, name: str) -> None:
    """Screenshots of the window now in English and Chinese; it fits in Chinese too."""
    page.screenshot(path=str(SHOTS / f"{name}_en.png"))
    _button(page, "中文").click()
    _button(page, PLAY["zh"]).wait_for(timeout=10_000)
    assert _off_screen(page, "zh")[0] == [], name
    page.screenshot(path=str(SHOTS / f"{name}_zh.png"))
    _button(page, "English").click()
    _button(page, PLAY["en"]).wait_for(timeout=10_000)


def _play_the_hand(page, size: str) -> tuple[list[int], int, int]:
    """Play the hand through (the hint's choices); at each of the person's turns in the play
    check the window. Returns the tricks checked, the most cards one play held, and the
    first trick where it did."""
    tricks: list[int] = []
    most = biggest = 0
    least = (float("inf"), 0)
    deadline = time.time() + 150
    while not page.get_by_text("is over").count():
        assert time.time() < deadline, "the hand did not end in time"
        shown = shown_buttons(page)
        if PLAY["en"] in shown:
            trick = int(page.locator(".zp-now").first.get_attribute("data-trick") or 0)
            if trick not in tricks:
                wrong, spare = _off_screen(page, "en")
                assert wrong == [], f"trick {trick} at {size}: {wrong}"
                tricks.append(trick)
                if spare < least[0]:  # the fullest window yet: seen, to be looked at
                    least = (spare, trick)
                    page.screenshot(path=str(SHOTS / f"play_fullest_{size}.png"))
                held = _most_cards(page)
                if (held >= 2 and most < 2) or (held >= 3 and most < 3):
                    _in_both_languages(page, f"play_{'pairs' if held == 2 else 'more'}_{size}")
                if held > most:
                    most, biggest = held, trick
            _decide(page)
        elif shown & {"Pass", "Bury 7", "Call friend"}:
            _decide(page)  # not a play: a play is taken above, once its turn is checked
        wait_for_buttons(page, DECISIONS, 250)
    print(f"\n{size}: at least {least[0]:.0f} px to spare below the hand (trick {least[1]})")
    return tricks, most, biggest


@pytest.mark.timeout(420)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_trick_and_the_whole_hand_fit_one_screen_at_every_turn(browser, seeded_url, size):
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(**SIZES[size])
    page = watch_outside(context.new_page())
    try:
        page.goto(seeded_url + "?page=play&lang=en")
        page.locator(".zp-table").first.wait_for(timeout=30_000)
        tricks, most, biggest = _play_the_hand(page, size)
        assert _picker_cards(page) == []
        assert tricks == list(range(1, len(tricks) + 1)) and len(tricks) >= 10, tricks
        assert most >= 3, "no trick of pairs and bigger plays came up at the person's turns"
        if size == "1366":
            _what_you_saw_shows_the_hand(page, biggest)
        assert page.outside_requests == []
    finally:
        context.close()


def _seen_hand(page) -> tuple[int, int]:
    """(cards drawn as the person's hand in "What you saw", cards its seat held then)."""
    seen = page.locator(".zp-review .zp-position").first
    held = int(seen.get_attribute("data-cards"))
    return seen.locator(".zp-seen-hand .zp-card").count(), held


def _show_trick(page, review, trick: int) -> tuple[int, int]:
    """Choose the review's first decision of `trick`, once it is judged, and read what its
    position shows (`_seen_hand`) while that trick is the one on view: verdicts still
    arriving relabel the options and may move the choice, so it is chosen again until the
    position drawn is that trick's (by its `data-trick`: "Trick 1" is also in "Trick 12")."""
    pick = review.locator("select").first
    deadline = time.monotonic() + 180
    on_view = page.locator(f'.zp-review .zp-position[data-trick="{trick}"]')
    while True:
        labels = [x for x in pick.locator("option").all_inner_texts()
                  if x.startswith(f"Trick {trick}:")]
        if labels:
            pick.select_option(label=labels[0])
            try:
                on_view.first.wait_for(timeout=10_000)
                seen = _seen_hand(page)
                if on_view.count():  # still that trick's once read
                    return seen
            except PlaywrightTimeout:
                pass
        assert time.monotonic() < deadline, f"trick {trick} was never judged and shown"
        page.wait_for_timeout(250)


def _what_you_saw_shows_the_hand(page, trick: int) -> None:
    """The review's position of a card play (the first shown, then the play at `trick`)
    shows the hand then: every card the seat held, at both sizes and in both languages."""
    _button(page, "Review this hand").click()
    page.get_by_text("What you saw", exact=False).first.wait_for(timeout=180_000)
    review = page.locator(".zp-review").first
    # decisions are listed as they are judged, in no set order: the first trick's, then that
    # trick's, each waited for
    shown, held = _show_trick(page, review, 1)
    assert shown == held > 0
    shown, later = _show_trick(page, review, trick)
    assert shown == later < held
    for lang, switch, words in (("en", None, "What you saw"), ("zh", "中文", "你当时看到的")):
        if switch:
            _button(page, switch).click()
            page.get_by_text(words, exact=False).first.wait_for(timeout=10_000)
        for width, height in ((1366, 900), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            scroll, inner = settled_widths(page)
            assert scroll <= inner == width
            assert _seen_hand(page) == (later, later)
            review.screenshot(path=str(SHOTS / f"review_{width}_{lang}.png"))
    _button(page, "English").click()
