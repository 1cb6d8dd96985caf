"""The Learn page in a real browser: read a page with cards, answer a step wrong then right,
reload and resume where the learner left off."""

from __future__ import annotations

import re

import pytest

from tutor.lesson import load_lessons
from tutor.question.wrong import wrong_answer

from .conftest import shot

pytestmark = pytest.mark.browser

LESSONS = {lesson.id: lesson for lesson in load_lessons()}
WHERE = ".zp-learn-where"


def _where(page) -> tuple[str, str]:
    loc = page.locator(WHERE).first
    return loc.get_attribute("data-lesson") or "", loc.get_attribute("data-page") or ""


def _wait_attached(page) -> None:
    """The shell knows the (guest) user and the page has read its saved progress."""
    page.locator(f'{WHERE}[data-attached="1"]').wait_for(timeout=30_000)


def _click_cards(page, cards: list[str]) -> None:
    """Click one picker card per wanted card (copies matched one by one)."""
    codes = page.locator(".zp-pick").evaluate_all("els => els.map(e => e.dataset.card)")
    for code in cards:
        i = codes.index(code)
        codes[i] = None
        page.locator(".zp-pick").nth(i).click()


def test_learn_step_wrong_then_right_and_progress_kept(page, app_url):
    page.goto(app_url + "?page=learn")
    page.locator(WHERE).wait_for(timeout=30_000)
    _wait_attached(page)
    assert page.get_by_text("Lesson 1 of").count() == 1
    page.locator(".zp-lesson-text .zp-cards .zp-card").first.wait_for(timeout=10_000)
    assert page.locator(".zp-lesson-text .zp-cards .zp-card").count() >= 5
    shot(page, "learn_text")

    lesson = LESSONS["trumps"]
    step = lesson.pages[0].step
    title = lesson.title.en
    page.get_by_role("button", name=re.compile(re.escape(title))).click()
    page.locator(f'{WHERE}[data-lesson="trumps"][data-page="0"]').wait_for(timeout=10_000)
    page.locator(".zp-pick").first.wait_for(timeout=10_000)
    assert page.get_by_role("button", name="Next ▶").is_disabled()

    # wrong: select one card that is not a trump
    wrong = wrong_answer(step).split()
    assert not step.grade(" ".join(wrong)).correct
    _click_cards(page, wrong)
    page.get_by_role("button", name="Check answer", exact=True).click()
    page.get_by_text("Not quite.").wait_for(timeout=10_000)
    assert page.get_by_role("button", name="Next ▶").is_disabled()
    shot(page, "learn_wrong")

    # right: put the wrong cards back, select the rules core's solution
    _click_cards(page, wrong)
    _click_cards(page, step.solve().text.split())
    page.get_by_role("button", name="Check answer", exact=True).click()
    page.get_by_text("Correct!").wait_for(timeout=10_000)
    next_button = page.get_by_role("button", name="Next ▶")
    page.wait_for_function("b => !b.disabled", arg=next_button.element_handle(), timeout=10_000)
    shot(page, "learn_correct")

    # reload: the same guest resumes at the next page of that lesson
    page.reload()
    page.locator(f'{WHERE}[data-attached="1"]').wait_for(timeout=30_000)
    page.locator(f'{WHERE}[data-lesson="trumps"][data-page="1"]').wait_for(timeout=10_000)
    assert page.get_by_text(re.compile(r"Lesson 2 of \d+ · Page 2 of")).count() == 1
    shot(page, "learn_resumed")

    # and in Chinese
    page.get_by_role("button", name="中文").click()
    page.get_by_text("第2课").first.wait_for(timeout=10_000)
    page.get_by_role("button", name="下一页 ▶").wait_for(timeout=10_000)
    page.get_by_text("主牌的大小").wait_for(timeout=10_000)
    shot(page, "learn_zh")
    assert page.outside_requests == []
