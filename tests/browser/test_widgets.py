"""tutor.widgets in a real browser: a notebook-style script under `panel serve`, its cards
drawn and its puzzle answered in place (wrong, then right), with no request leaving the machine."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.serving import free_port, served
from tutor.puzzle import load_bank, solve
from tutor.rules import Trump, card_points, parse_cards

from .conftest import shot, watch_outside

pytestmark = pytest.mark.browser
SCRIPT = Path(__file__).with_name("widget_app.py")
PUZZLE_ID = "trick-1-002"  # the script's puzzle


@pytest.fixture(scope="module")
def widget_url(tmp_path_factory):
    """`python -m panel serve widget_app.py` on a free port; its URL; stopped afterwards."""
    port = free_port()
    args = [sys.executable, "-m", "panel", "serve", str(SCRIPT), "--port", str(port),
            "--address", "127.0.0.1", "--allow-websocket-origin", f"127.0.0.1:{port}"]
    log = tmp_path_factory.mktemp("widgets") / "serve.log"
    with served(args, f"http://127.0.0.1:{port}/{SCRIPT.stem}", log) as url:
        yield url


@pytest.fixture
def page(browser, widget_url):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    pg = watch_outside(context.new_page())
    pg.goto(widget_url)
    yield pg
    context.close()


def _cards(locator) -> list[str]:
    return locator.evaluate_all("els => els.map(e => e.dataset.card)")


def test_hand_and_trick_are_drawn(page):
    hand = page.locator(".zp-hand .zp-card")
    hand.first.wait_for(timeout=30_000)
    shown = _cards(hand)
    given = "AS AS 10H 2S 2H SJ BJ 5D KC 9C 9C"
    assert sorted(shown) == sorted(str(c) for c in parse_cards(given))
    trump = Trump("2", "H")
    assert shown == [str(c) for c in trump.sort(parse_cards(given))]  # trumps first
    trumps = sum(trump.is_trump(c) for c in parse_cards(given))
    assert page.locator(".zp-hand .zp-card.trump").count() == trumps == 5
    winner = page.locator(".zp-trick .play.win")
    assert winner.get_attribute("data-seat") == "3" and _cards(winner.locator(".zp-card")) == ["2S"]
    points = card_points(parse_cards(given))
    assert page.get_by_text(f"11 cards · level 2, trump ♥ (hearts) · {points} points").is_visible()
    assert page.outside_requests == []


def test_puzzle_answered_in_place(page):
    puzzle = {p.id: p for p in load_bank()}[PUZZLE_ID]
    right = int(solve(puzzle).text)
    seats = [p["seat"] for p in puzzle.public()["position"]["plays"]]
    page.locator(f'em.zp-puzzle-meta[data-puzzle="{PUZZLE_ID}"]').wait_for(timeout=30_000)
    assert page.get_by_text(puzzle.title().en).count()  # named by what it is about
    assert page.locator(".zp-q-prompt .zp-card").count() == 10  # five plays of a pair

    page.get_by_role("button", name=f"Seat {next(s for s in seats if s != right)}",
                     exact=True).click()
    page.get_by_role("button", name="Check answer").click()
    page.get_by_text("Not quite.").wait_for(timeout=15_000)
    shot(page, "widgets_wrong")

    page.get_by_role("button", name=f"Seat {right}", exact=True).click()
    page.get_by_role("button", name="Check answer").click()
    page.get_by_text("Correct!", exact=True).wait_for(timeout=15_000)
    assert page.get_by_text(f"Seat {right} wins the trick with").first.is_visible()
    shot(page, "widgets_right")
    assert page.outside_requests == []
