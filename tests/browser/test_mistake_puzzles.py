"""Learn from your mistakes in a real browser: a learner whose reviewed hand holds a clear
blunder signs in, finds it in the Puzzles page's retry mode with what they knew at the
table (the declarer, the called card not yet shown, their side, the points they could
count, the earlier tricks opened on request), misses it, then solves it; at a phone's width
and a desktop's, in both languages."""

from __future__ import annotations

import os
import sys

import pytest

from tests.reviewed import planted, save_reviewed
from tests.serving import free_port, served
from tutor.question.text import mark, plain
from tutor.store import Store
from tutor.ui.puzzles.personal import personal_puzzles

from .conftest import shot, watch_outside
from .position_facts import opens_history, question_facts, shows_facts

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}
LEARNERS = ("lea390", "lea1366")


@pytest.fixture(scope="module")
def reviewed_app(tmp_path_factory):
    """A server whose database holds, for each of `LEARNERS`, a saved game of that hand,
    reviewed; its URL, and each learner's answers (`answers`)."""
    folder = tmp_path_factory.mktemp("mistakes")
    db = folder / "tutor.duckdb"
    hand, _index, judged = planted()
    answers = {}  # learner -> (a right option, the play made in the game), as labelled
    with Store(db) as store:
        for name in LEARNERS:  # one a test: solving it takes it off that learner's list
            user = store.users.create(name, "Lea", "learner", "pass-" + name)
            save_reviewed(store, user.id, hand, judged)
            [puzzle] = personal_puzzles(store, user.id)  # its options' order is its own
            options = [f"{letter}: {plain(mark(c))}"
                       for letter, c in zip("ABCDEF", puzzle.position["candidates"],
                                            strict=False)]
            answers[name] = (options[puzzle.kind.accepted(puzzle)[0]],
                             options[puzzle.position["played"]], puzzle.position)
    port = free_port()
    env = dict(os.environ, TUTOR_DB=str(db))
    with served([sys.executable, "-m", "tutor", "serve", "--port", str(port)],
                f"http://localhost:{port}/", folder / "serve.log", env) as url:
        yield url, answers


def _sign_in(page, name: str) -> None:
    page.get_by_role("button", name="Account", exact=True).click()
    page.get_by_placeholder("username").fill(name)
    page.get_by_placeholder("password or PIN").fill("pass-" + name)
    page.get_by_role("button", name="Sign in", exact=True).click()
    page.get_by_text("Lea", exact=True).first.wait_for(timeout=15_000)


def _answer(page, label: str) -> None:
    page.get_by_role("button", name=label, exact=True).click()
    page.get_by_role("button", name="Check answer").click()


@pytest.mark.parametrize("size", ["390", "1366"])
def test_a_blunder_from_the_learners_game_is_a_puzzle_to_retry(browser, reviewed_app, size):
    url, answers = reviewed_app
    right, played, position = answers[f"lea{size}"]
    context = browser.new_context(**(PHONE if size == "390" else DESKTOP))
    page = watch_outside(context.new_page())
    width = 390 if size == "390" else 1366
    try:
        page.goto(url + "?page=puzzles")
        page.locator(".zp-q-prompt").first.wait_for(timeout=30_000)
        _sign_in(page, f"lea{size}")
        page.get_by_text("Retry missed", exact=True).first.click()
        page.get_by_text("From a hand you played", exact=False).first.wait_for(timeout=15_000)
        assert page.get_by_text("From your own game", exact=False).count() >= 1
        prompt = page.locator(".zp-position-view").first
        shows_facts(prompt, question_facts(position, "en"))
        opens_history(prompt, len(position["tricks"]))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shot(page, f"mistake_puzzle_{size}_en")
        page.get_by_role("button", name="中文").click()
        page.get_by_text("来自你打过的一局", exact=False).first.wait_for(timeout=15_000)
        prompt = page.locator(".zp-position-view").first
        shows_facts(prompt, question_facts(position, "zh"))
        opens_history(prompt, len(position["tricks"]))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shot(page, f"mistake_puzzle_{size}_zh")
        page.get_by_role("button", name="English").click()
        page.get_by_text("From a hand you played", exact=False).first.wait_for(timeout=15_000)
        _answer(page, played)  # the play made in the game: wrong again
        page.get_by_text("In the game you played", exact=False).first.wait_for(timeout=15_000)
        assert page.get_by_text("Correct!").count() == 0
        shot(page, f"mistake_puzzle_{size}_missed")
        page.get_by_role("button", name="Next puzzle").click()  # still unsolved: served again
        # the same puzzle's text stays on screen, so wait for the old feedback to go: an
        # answer clicked before that lands on the view being replaced
        page.get_by_text("In the game you played", exact=False).first.wait_for(
            state="hidden", timeout=15_000)
        page.get_by_text("From a hand you played", exact=False).first.wait_for(timeout=15_000)
        _answer(page, right)
        page.get_by_text("Correct!").first.wait_for(timeout=15_000)
        page.get_by_text("moves no rating", exact=False).first.wait_for(timeout=15_000)
        shot(page, f"mistake_puzzle_{size}_solved")
        page.get_by_role("button", name="Next puzzle").click()  # solved: nothing left to retry
        page.get_by_text("No puzzle fits", exact=False).first.wait_for(timeout=15_000)
        assert page.outside_requests == []
    finally:
        context.close()
