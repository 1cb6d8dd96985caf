"""The Learn page in a real browser: read a page with cards, answer a step wrong then right,
reload and resume where the learner left off."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor.lesson import load_lessons
from tutor.question.wrong import wrong_answer
from tutor.text import t

from .conftest import create_account, settled_widths, shot, watch_outside

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


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}
SHOTS = Path("/tmp/h-lessons-shots")


def _button(page, key: str, lang: str):
    return page.get_by_role("button", name=t(key, lang), exact=True)


def _parts(pages_each: int) -> list[list[str]]:
    """The lessons in order, cut into runs of about `pages_each` pages (every lesson in one)."""
    parts: list[list[str]] = [[]]
    count = 0
    for lesson in LESSONS.values():
        if count >= pages_each:
            parts.append([])
            count = 0
        parts[-1].append(lesson.id)
        count += len(lesson.pages)
    return parts


# a run of lessons per test, opened at its first from the phone's lesson menu, so the test
# workers share the walk (all in one test took 85 s a language)
PARTS = _parts(16)


def test_the_parts_walked_are_every_lesson_once():
    assert [lid for part in PARTS for lid in part] == list(LESSONS)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("part", PARTS, ids=lambda part: part[0])
def test_every_lesson_page_fits_a_phone(browser, app_url, part, lang):
    """Every page of a run of lessons, its question answered by Show answer, at 390 px: the
    document is never wider than the phone (no sideways scrolling); the last lesson's Finish
    opens the lesson after it, where the next run starts."""
    context = browser.new_context(**PHONE)
    page = watch_outside(context.new_page())
    ids = list(LESSONS)
    following = ids[ids.index(part[-1]) + 1] if part[-1] != ids[-1] else None
    try:
        page.goto(f"{app_url}?page=learn&lang={lang}")
        _wait_attached(page)
        page.locator(f'{WHERE}[data-lesson="{ids[0]}"][data-page="0"]').wait_for(timeout=30_000)
        if part[0] != ids[0]:  # a new guest starts at the first lesson
            page.locator(".zp-lesson-menu select").select_option(index=ids.index(part[0]))
        for li, lesson_id in enumerate(part):
            lesson = LESSONS[lesson_id]
            for pi, p in enumerate(lesson.pages):
                page.locator(f'{WHERE}[data-lesson="{lesson.id}"][data-page="{pi}"]').wait_for(
                    timeout=30_000)
                if p.step is not None:
                    page.locator(".zp-q-prompt").first.wait_for(timeout=10_000)
                scroll, inner = settled_widths(page)
                if scroll > inner:
                    shot(page, f"learn_phone_{lang}_{lesson.id}_{pi + 1}")
                assert inner == 390 and scroll <= inner, \
                    f"{lesson.id} page {pi + 1} ({lang}) is {scroll} px wide"
                if p.step is not None:
                    _button(page, "card.show_answer", lang).click()
                last = pi + 1 == len(lesson.pages)
                if following is None and li + 1 == len(part) and last:
                    break
                go_on = _button(page, "learn.finish" if last else "learn.next", lang)
                page.wait_for_function("b => !b.disabled", arg=go_on.element_handle(),
                                       timeout=10_000)
                go_on.click()
        if following is not None:
            page.locator(f'{WHERE}[data-lesson="{following}"][data-page="0"]').wait_for(
                timeout=30_000)
        assert page.outside_requests == []
    finally:
        context.close()


def test_a_number_typed_then_checked_at_once_is_graded(page, app_url):
    """Lesson 1's first question: type the number and tap Check without leaving the box
    (its value would only commit on blur): the answer is checked the first time."""
    lesson = next(iter(LESSONS.values()))
    index = next(i for i, p in enumerate(lesson.pages) if p.step is not None)
    page.goto(app_url + "?page=learn")
    _wait_attached(page)
    for _ in range(index):
        page.get_by_role("button", name="Next ▶").click()
    page.locator(f'{WHERE}[data-page="{index}"]').wait_for(timeout=10_000)
    box = page.get_by_placeholder(t("card.number", "en"))
    box.click()
    box.press_sequentially(lesson.pages[index].step.solve().text)  # no Enter, no blur
    # Check is enabled by the keys alone (a disabled button would time the click out)
    page.get_by_role("button", name="Check answer", exact=True).click(timeout=10_000)
    page.get_by_text("Correct!").wait_for(timeout=10_000)


def _open(page, lesson_id: str, size: str, lang: str) -> None:
    """Open a lesson: its button in the list, or on a phone the menu above the lesson."""
    lesson = LESSONS[lesson_id]
    if size == "390":
        page.locator(".zp-lesson-menu select").select_option(index=list(LESSONS).index(lesson_id))
    else:
        page.get_by_role("button", name=re.compile(re.escape(lesson.title.get(lang)))).click()
    page.locator(f'{WHERE}[data-lesson="{lesson_id}"][data-page="0"]').wait_for(timeout=30_000)


def _look(page, name: str, width: int) -> None:
    """Save a full-page screenshot to be looked at; the page is no wider than the window."""
    scroll, inner = settled_widths(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    assert inner == width and scroll <= inner, f"{name}: {scroll} px wide"


@pytest.mark.parametrize(("size", "lang"), [(s, lang) for s in ("390", "1366")
                                            for lang in ("en", "zh")])
def test_lesson_question_page_screenshots(browser, app_url, size, lang):
    """Lesson 12's first question (cards, a number box, the multiplier's feedback) before and
    after an answer, lesson 1's first page (jokers) and lesson 8's first question (long
    choices), at each width in each language: saved to be looked at, none wider than the
    window."""
    context = browser.new_context(**(PHONE if size == "390" else DESKTOP))
    page = watch_outside(context.new_page())
    width = int(size)
    try:
        page.goto(f"{app_url}?page=learn&lang={lang}")
        _wait_attached(page)
        page.locator(".zp-lesson-text .zp-card").first.wait_for(timeout=30_000)
        _look(page, f"learn_jokers_{size}_{lang}", width)
        _open(page, "throws", size, lang)
        page.locator(".zp-q-prompt").first.wait_for(timeout=10_000)
        _look(page, f"learn_throw_{size}_{lang}", width)
        _open(page, "kitty-multiplier", size, lang)
        page.get_by_text(t("learn.answer_first", lang)).wait_for(timeout=10_000)
        _look(page, f"learn_question_{size}_{lang}_unanswered", width)
        box = page.get_by_placeholder(t("card.number", lang))
        box.fill(LESSONS["kitty-multiplier"].pages[0].step.solve().text)
        _button(page, "card.check", lang).click()
        page.get_by_text(t("card.correct", lang)).first.wait_for(timeout=10_000)
        _look(page, f"learn_question_{size}_{lang}", width)
        assert page.outside_requests == []
    finally:
        context.close()


def test_a_learner_resuming_on_a_phone_gets_a_page_as_wide_as_the_phone(browser, app_url):
    """Reopened at the lesson they left (a reload), the page is laid out at 390 px: the
    lesson list hidden on a phone once made the page's minimum width 450 px (its 290 px plus
    the lesson's), and the phone zoomed out to 462 px for the kitty lesson."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        page.goto(f"{app_url}?page=learn&lang=en")
        _wait_attached(page)
        create_account(page, "resumer", "Re Sumer")
        for lesson_id in ("kitty", "score-and-match"):
            page.locator(".zp-lesson-menu select").select_option(
                index=list(LESSONS).index(lesson_id))
            page.locator(f'{WHERE}[data-lesson="{lesson_id}"][data-page="0"]').wait_for(
                timeout=30_000)
            if LESSONS[lesson_id].pages[0].step is not None:
                _button(page, "card.show_answer", "en").click()
            go_on = _button(page, "learn.next", "en")
            page.wait_for_function("b => !b.disabled", arg=go_on.element_handle(),
                                   timeout=10_000)
            go_on.evaluate("b => b.click()")  # saved: page 2 is where they left off
            page.locator(f'{WHERE}[data-lesson="{lesson_id}"][data-page="1"]').wait_for(
                timeout=30_000)
            page.reload()
            page.locator(f'{WHERE}[data-lesson="{lesson_id}"][data-page="1"]').wait_for(
                timeout=30_000)
            scroll, inner = settled_widths(page)
            if (scroll, inner) != (390, 390):
                shot(page, f"learn_resumed_{lesson_id}")
            assert (scroll, inner) == (390, 390), f"{lesson_id}: {scroll} px in {inner} px"
    finally:
        context.close()
