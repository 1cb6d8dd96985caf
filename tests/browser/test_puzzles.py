"""The puzzle trainer in a real browser: fail one, solve one, see the rating move, reload."""

from __future__ import annotations

import re

import pytest

from tutor.puzzle import load_bank

from .conftest import shot

pytestmark = pytest.mark.browser
BANK = {p.id: p for p in load_bank()}
META = "em.zp-puzzle-meta"  # the line that names the puzzle on screen (its title; its id
# is the element's data-puzzle, not shown)


def _current_puzzle(page, previous: str | None = None):
    """The puzzle on screen, once it differs from `previous`; its title says what it is."""
    loc = page.locator(META)
    for _ in range(100):
        loc.first.wait_for(timeout=15_000)
        pid = loc.first.get_attribute("data-puzzle")
        if pid != previous:
            assert BANK[pid].title().en in loc.first.inner_text()
            return BANK[pid]
        page.wait_for_timeout(100)
    raise AssertionError("no new puzzle appeared")


def _choose_theme(page, label: str) -> None:
    """Pick a theme and give the page time to deal from it: until the puzzle on screen
    changes (at most 5 s: the new theme may deal the very puzzle already shown)."""
    loc = page.locator(META).first
    loc.wait_for(timeout=30_000)
    before = loc.get_attribute("data-puzzle")
    page.get_by_label("Theme").first.select_option(label=label)
    for _ in range(50):
        if loc.get_attribute("data-puzzle") != before:
            return
        page.wait_for_timeout(100)


def _rating_change(page) -> tuple[int, int]:
    loc = page.get_by_text(re.compile(r"rating in .*: \d+ → \d+"))
    loc.first.wait_for(timeout=15_000)
    before, after = re.search(r"(\d+) → (\d+)", loc.first.inner_text()).groups()
    return int(before), int(after)


def _answer_seat(page, seat: int) -> None:
    """Pick the seat and check. On a loaded machine the new puzzle's title can show before
    its seat buttons replace the last one's, and a pick on those is lost (the check stays
    disabled): pick again, as a person would (a picked seat stays picked)."""
    check = page.get_by_role("button", name="Check answer")
    for _ in range(10):
        page.get_by_role("button", name=f"Seat {seat}", exact=True).click()
        for _ in range(20):
            if check.is_enabled():
                check.click()
                return
            page.wait_for_timeout(100)
    raise AssertionError(f"picking seat {seat} never enabled the check")


def test_fail_then_solve_a_puzzle_and_see_the_rating_move(page, app_url):
    page.goto(app_url + "?page=puzzles")
    page.get_by_label("Theme").first.wait_for(timeout=30_000)
    _choose_theme(page, "Who wins the trick")
    puzzle = _current_puzzle(page)
    while puzzle.type != "trick":
        puzzle = _current_puzzle(page, puzzle.id)
    shot(page, "puzzle_question")
    right = int(puzzle.solve().text)
    seats = [p["seat"] for p in puzzle.public()["position"]["plays"]]
    _answer_seat(page, next(s for s in seats if s != right))
    page.get_by_text("Not quite: the answer is").first.wait_for(timeout=15_000)
    before, after = _rating_change(page)
    assert after < before
    shot(page, "puzzle_wrong")

    page.get_by_role("button", name="Next puzzle").click()
    second = _current_puzzle(page, puzzle.id)
    _answer_seat(page, int(second.solve().text))
    page.get_by_text(re.compile(r"^Correct!")).first.wait_for(timeout=15_000)
    b2, a2 = _rating_change(page)
    assert b2 == after and a2 > b2
    shot(page, "puzzle_right")

    # a reload keeps the rating: the same theme's next first attempt starts from it
    page.reload()
    page.get_by_label("Theme").first.wait_for(timeout=30_000)
    _choose_theme(page, "Who wins the trick")
    third = _current_puzzle(page)
    while third.type != "trick" or third.id in (puzzle.id, second.id):
        third = _current_puzzle(page, third.id)
    _answer_seat(page, int(third.solve().text))
    page.get_by_text(re.compile(r"^Correct!")).first.wait_for(timeout=15_000)
    b3, _ = _rating_change(page)
    assert b3 == a2
    assert page.outside_requests == []
    # the progress page shows these attempts: counts, the chart, and the puzzle to retry
    page.get_by_role("button", name="Progress", exact=True).click()
    summary = page.get_by_text(re.compile(r"puzzle attempts")).first
    summary.wait_for(timeout=15_000)
    assert re.search(r"3\s+puzzle attempts,\s+2\s+right", summary.inner_text())
    page.get_by_text(puzzle.title().get("en")).first.wait_for(timeout=15_000)  # to retry
    page.locator("canvas").first.wait_for(timeout=15_000)  # the Bokeh charts are drawn
    page.wait_for_timeout(1000)
    shot(page, "progress")
