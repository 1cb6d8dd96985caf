"""Play mode in a real browser: a whole hand through the UI, an illegal play, the language."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tutor.rules import Trump, parse_cards

from .conftest import settled_widths, shot
from .looks import shown_buttons, wait_for_buttons, wait_for_count_change, wait_until_hidden

pytestmark = pytest.mark.browser


DECISIONS = ("Pass", "Bury 7", "Call friend", "Play cards")  # the person's turn, in English


def _button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def _click(page, name: str) -> bool:
    """Click a button if it is (still) there: the AI may move the game on at any moment."""
    try:
        _button(page, name).click(timeout=3_000)
        return True
    except PlaywrightTimeout:
        return False


def _visible(page, name: str) -> bool:
    return name in shown_buttons(page)


def _picker_cards(page) -> list[str]:
    return page.locator(".zp-pick").evaluate_all("els => els.map(e => e.dataset.card)")


def _table_attr(page, name: str) -> str:
    return page.locator(".zp-table").first.get_attribute(name) or ""


def _my_played(page) -> list[str]:
    """My play in the trick in progress (drawn in the centre of the table)."""
    return page.locator('.zp-now .zp-play[data-seat="0"] .zp-card').evaluate_all(
        "els => els.map(e => e.dataset.card)")


def _lead_cards(page) -> list[str]:
    """The cards of the seat marked as leading this trick (its badge says so), as the
    centre shows them."""
    seats = page.locator(".zp-seat")
    for i in range(seats.count()):
        seat = seats.nth(i)
        if seat.locator(".zp-badge.lead").count():
            who = seat.get_attribute("data-seat")
            return page.locator(f'.zp-now .zp-play[data-seat="{who}"] .zp-card').evaluate_all(
                "els => els.map(e => e.dataset.card)")
    return []


def _try_illegal_follow(page) -> bool:
    """If a follow can be broken by playing off-suit, do it and expect the rule's message."""
    lead = _lead_cards(page)
    trump_text = _table_attr(page, "data-trump")
    if not lead or not trump_text:
        return False
    trump = Trump.parse(trump_text)
    mine = parse_cards(_picker_cards(page))
    eff = trump.table.eff
    suit = eff[parse_cards(lead)[0]]
    in_suit = [c for c in mine if eff[c] == suit]
    off = [i for i, c in enumerate(mine) if eff[c] != suit]
    if not in_suit or len(off) < len(lead):
        return False
    for i in off[: len(lead)]:
        page.locator(".zp-pick").nth(i).click()
    _button(page, "Play cards").click()
    alert = page.get_by_text("cards: play all of them before other suits")
    alert1 = page.get_by_text("card: play it before other suits")
    alert2 = page.get_by_text("cards, so you must play")
    deadline = time.time() + 10
    while time.time() < deadline:
        if alert.count() or alert1.count() or alert2.count():
            shot(page, "play_error")
            return True
        time.sleep(0.1)
    raise AssertionError("an off-suit follow was not refused with the rule")


def _decide(page, timings: list[float] | None = None) -> None:
    """Take the person's waiting decision, if any: pass when bidding, else the hint.

    After a play it waits for the hand to show it, so the next look at the page is fresh;
    with `timings`, it records how long that took.
    """
    shown = shown_buttons(page)
    # a decision taken, its button is waited away, so the next look does not take it again
    if "Pass" in shown:
        _click(page, "Pass") and wait_until_hidden(page, "Pass", 3_000)
    elif "Bury 7" in shown:
        _click(page, "Hint") and _click(page, "Bury 7") and wait_until_hidden(
            page, "Bury 7", 3_000)
    elif "Call friend" in shown:
        _click(page, "Hint") and _click(page, "Call friend") and wait_until_hidden(
            page, "Call friend", 3_000)
    elif "Play cards" in shown and _click(page, "Hint"):
        page.locator(".zp-pick.selected").first.wait_for(timeout=10_000)
        before = len(_picker_cards(page))
        start = time.perf_counter()
        if _click(page, "Play cards"):  # wait for the hand to show the play
            wait_for_count_change(page, "zp-pick", before, 10_000)
            if timings is not None:
                timings.append(time.perf_counter() - start)


def _advance_until(page, done, limit_s: float = 240, timings=None, each=None) -> None:
    """Take the person's decisions until `done(page)` holds; `each(page)` runs first.
    Between looks it waits inside the page for the person's next decision (a quarter of a
    second at most, so `done` is looked at again)."""
    deadline = time.time() + limit_s
    while time.time() < deadline:
        if done(page):
            return
        if each is None or not each(page):
            _decide(page, timings)
        wait_for_buttons(page, DECISIONS, 250)
    raise AssertionError("the game did not get there in time")


@pytest.mark.timeout(600)  # its own waits add up to more than the suite's 300 s
def test_a_whole_hand_through_the_ui(page, app_url):
    t0 = time.perf_counter()
    page.goto(app_url + "?page=play")
    page.locator(".zp-table").first.wait_for(timeout=30_000)
    first_render = time.perf_counter() - t0
    assert len(_picker_cards(page)) == 31
    shot(page, "play_start")
    click_to_update: list[float] = []
    state = {"error": False, "shot": False, "earlier": False}

    def each(p) -> bool:
        if not state["shot"] and _my_played(p):
            shot(p, "play_table")
            state["shot"] = True
        if not state["earlier"]:
            state["earlier"] = _look_back(p)
        if not state["error"] and _visible(p, "Play cards"):
            state["error"] = _try_illegal_follow(p)
            return state["error"]
        return False

    _advance_until(page, lambda p: p.get_by_text("is over").count() > 0,
                   timings=click_to_update, each=each)
    summary = page.locator(".zp-summary").first
    assert summary.locator("tr").count() == 6  # header + five players
    assert "Defenders:" in summary.inner_text()
    shot(page, "play_summary")
    _review_the_hand(page)
    assert state["error"], "no chance to try an illegal follow came up in this hand"
    assert state["earlier"], "the earlier tricks never showed"
    _new_game_asks_first(page)
    assert page.outside_requests == []
    figures = json.loads(urllib.request.urlopen(app_url + "tutor-stats", timeout=10).read())
    # every AI play came from a worker process: four seats, more than ten tricks a hand
    assert figures["ai"]["decisions"] > 4 * 10
    assert figures["sessions"] >= 1  # this page's session, open now
    click_to_update.sort()
    print(f"\nPLAY first render: {first_render * 1000:.0f} ms; click Play -> hand updated: "
          f"median {click_to_update[len(click_to_update) // 2] * 1000:.0f} ms, "
          f"max {click_to_update[-1] * 1000:.0f} ms over {len(click_to_update)} plays")


# whether no word of the element breaks across lines: each word's box is on one line
WHOLE_WORDS = """e => { const text = e.textContent; const node = [...e.childNodes].find(
    n => n.nodeType === 3) || e.firstChild; if (!node || node.nodeType !== 3) return true;
  const s = node.textContent; let i = 0;
  for (const word of s.split(/(\\s+)/)) {
    if (word.trim()) { const r = document.createRange(); r.setStart(node, i);
      r.setEnd(node, i + word.length);
      const tops = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
      if (tops.size > 1) return false; }
    i += word.length; }
  return true; }"""


def _words_kept_whole(page) -> None:
    """On a phone, no header of the hand's summary and no seat figure breaks mid-word
    ("Lev/el", "用/时", "0 / 分" did); a joker's mini card shows one glyph in Chinese."""
    assert page.locator(".zp-summary th").count() >= 5
    cells = page.locator(".zp-summary th, .zp-seat .meta span, .zp-seat .meta")
    broken = [c.inner_text() for c in cells.all() if not c.evaluate(WHOLE_WORDS)]
    assert not broken, broken
    for rank in page.locator(".zp-tiny .zp-card.joker .rank").all():
        assert len(rank.inner_text().strip()) <= 5  # JOKER/joker, or one glyph: 大 or 小


def _new_game_asks_first(page) -> None:
    """Mid-match, "New game" asks before it ends the match; "Keep playing" keeps it."""
    _button(page, "New game").click()
    _button(page, "Keep playing").wait_for(timeout=10_000)
    page.set_viewport_size({"width": 390, "height": 844})
    scroll, _ = settled_widths(page)
    assert scroll <= 390 + 1
    _words_kept_whole(page)
    _button(page, "Keep playing").scroll_into_view_if_needed()
    shot(page, "play_new_game_confirm_phone")
    page.set_viewport_size({"width": 1366, "height": 900})
    _button(page, "Keep playing").click()
    _button(page, "Keep playing").wait_for(state="hidden", timeout=10_000)
    assert page.get_by_text("is over").count() > 0  # the same match, its hand still shown


def _look_back(page) -> bool:
    """Once two tricks are over, open "Earlier tricks (2)" under the table: each trick is
    listed with who played what, on a desktop and a phone's width; it stays open as the game
    goes on. False while fewer tricks are over."""
    earlier = page.locator(".zp-earlier")
    head = page.get_by_role("button", name=re.compile(r"Earlier tricks \((?!1\))\d+\)"))
    if not head.count() or not head.first.is_visible():
        return False
    head.first.click()
    items = earlier.first.locator("li")
    items.first.wait_for(state="visible", timeout=10_000)
    said = " ".join(items.all_inner_texts())
    assert items.count() >= 2 and "You" in said and "Seat 1" in said, said
    shot(page, "play_earlier")
    page.set_viewport_size({"width": 390, "height": 844})
    scroll, _ = settled_widths(page)
    assert scroll <= 390 + 1
    earlier.first.scroll_into_view_if_needed()
    shot(page, "play_earlier_phone")
    page.set_viewport_size({"width": 1366, "height": 900})
    return True


def _review_the_hand(page) -> None:
    """Review the finished hand: the AI's workers judge each play behind a progress bar, then
    the summary, the chart and the worst decision's position show, in both languages and on
    a phone's width."""
    _button(page, "Review this hand").click()
    page.get_by_text("accuracy", exact=False).first.wait_for(timeout=120_000)
    review = page.locator(".zp-review").first
    review.locator("canvas").first.wait_for(state="attached", timeout=15_000)  # the chart drew
    page.get_by_text("What you saw", exact=False).first.wait_for(timeout=10_000)
    review.scroll_into_view_if_needed()
    _tap_a_marker(page, review)
    earlier = review.locator("details.zp-history")
    if earlier.count():  # the decision shown is after the first trick: its history opens
        earlier.first.locator("summary").click()
        earlier.first.locator("li").first.wait_for(state="visible", timeout=10_000)
    shot(page, "play_review")
    _button(page, "中文").click()
    page.get_by_text("准确率", exact=False).first.wait_for(timeout=10_000)
    page.get_by_text("你当时看到的", exact=False).first.wait_for(timeout=10_000)
    page.set_viewport_size({"width": 390, "height": 844})
    scroll, _ = settled_widths(page)
    assert scroll <= 390 + 1
    _words_kept_whole(page)
    shot(page, "play_review_phone_zh")
    page.set_viewport_size({"width": 1366, "height": 900})
    _button(page, "English").click()
    page.get_by_text("accuracy", exact=False).first.wait_for(timeout=10_000)


# where decision `k` of `n`'s marker is drawn on the review chart, on the page (Bokeh's own
# views map data to canvas pixels); null until the chart's data has all `n` decisions
MARKER_AT = """([k, n]) => {
  const dots = [...Bokeh.index.all_views()].find(v => v.model.type === "GlyphRenderer"
      && v.model.glyph.type === "Scatter" && v.model.data_source.data.trick.length === n);
  if (!dots) return null;
  const plot = dots.parent, data = dots.model.data_source.data;
  const box = plot.canvas_view.el.getBoundingClientRect();
  return {x: box.left + plot.frame.x_scale.compute(data.trick[k]),
          y: box.top + plot.frame.y_scale.compute(data.expected[k])};
}"""


def _tap_a_marker(page, review) -> None:
    """Clicking a decision's marker on the chart picks that decision: the select follows and
    the detail shows it. The last two markers are one trick each, so neither hides another."""
    pick = review.locator("select").first
    labels = pick.locator("option").all_inner_texts()
    shown = labels.index(pick.locator("option:checked").inner_text())
    review.locator("canvas").first.scroll_into_view_if_needed()
    k = len(labels) - 1 if shown != len(labels) - 1 else len(labels) - 2
    deadline = time.monotonic() + 10
    while (where := page.evaluate(MARKER_AT, [k, len(labels)])) is None:
        assert time.monotonic() < deadline, "the chart never drew one marker per decision"
        time.sleep(0.1)
    page.mouse.click(where["x"], where["y"])
    deadline = time.monotonic() + 10
    while pick.locator("option:checked").inner_text() != labels[k]:
        assert time.monotonic() < deadline, f"the tap did not pick {labels[k]!r}"
        time.sleep(0.1)
    # the detail is that decision's: a card play's position is drawn at its trick (by the
    # position view), a bid's, bury's or call's as the table was
    if labels[k].startswith("Trick "):
        trick = int(re.search(r"\d+", labels[k]).group(0))
        review.locator(f'.zp-position[data-trick="{trick}"]').wait_for(timeout=10_000)
    else:
        review.locator(".zp-review-detail .zp-table").wait_for(timeout=10_000)


def test_language_switch_changes_the_labels(page, app_url):
    page.goto(app_url + "?page=play")
    page.locator(".zp-table").first.wait_for(timeout=30_000)
    _button(page, "中文").click()
    page.get_by_role("button", name="对局", exact=True).wait_for(timeout=10_000)
    page.get_by_text("第1局").first.wait_for(timeout=10_000)
    assert _button(page, "English").count() == 1
    shot(page, "play_zh")
    _button(page, "English").click()
    page.get_by_role("button", name="Play", exact=True).first.wait_for(timeout=10_000)


def test_reload_mid_hand_resumes_the_same_game(page, app_url):
    page.goto(app_url + "?page=play")
    page.locator(".zp-table").first.wait_for(timeout=30_000)
    _advance_until(page, lambda p: _table_attr(p, "data-phase") == "playing"
                   and len(_picker_cards(p)) <= 28 and _visible(p, "Play cards"), limit_s=120)
    before = _picker_cards(page)
    seats_before = page.locator(".zp-seat .meta").all_inner_texts()
    page.reload()
    page.locator(".zp-table").first.wait_for(timeout=30_000)
    page.wait_for_function("() => true")
    deadline = time.time() + 20
    while _picker_cards(page) != before and time.time() < deadline:
        time.sleep(0.2)
    assert _picker_cards(page) == before, "the reloaded page did not resume the same hand"
    assert page.locator(".zp-seat .meta").all_inner_texts() == seats_before
    shot(page, "play_resumed")
    _advance_until(page, lambda p: len(_picker_cards(p)) < len(before), limit_s=60)  # goes on
