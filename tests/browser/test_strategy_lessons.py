"""A strategy lesson in a real browser: open the counting lesson from the second part of the
path, go to its first position, find on it what the player knew (the declarer, the called
card and who showed it, their side, the points they can count, the earlier tricks opened on
request) and answer it with the judge's best play, on a phone and a desktop, in English and
Chinese; screenshots are saved to be looked at."""

from __future__ import annotations

import re

import pytest

from tutor.lesson import load_lessons
from tutor.question import plain
from tutor.rules import format_cards
from tutor.text import t

from .conftest import settled_widths, shot, watch_outside
from .position_facts import opens_history, question_facts, shows_facts

pytestmark = pytest.mark.browser

LESSONS = load_lessons()
LESSON = next(lesson for lesson in LESSONS if lesson.id == "counting-cards")
WHERE = ".zp-learn-where"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}


@pytest.mark.parametrize(("size", "lang"), [(s, lang) for s in ("390", "1366")
                                            for lang in ("en", "zh")])
def test_a_strategy_position_answered_with_the_judges_best_play(browser, app_url, size, lang):
    context = browser.new_context(**(PHONE if size == "390" else DESKTOP))
    page = watch_outside(context.new_page())
    try:
        page.goto(f"{app_url}?page=learn&lang={lang}")
        page.locator(f'{WHERE}[data-attached="1"]').wait_for(timeout=30_000)
        index = [lesson.id for lesson in LESSONS].index(LESSON.id)
        if size == "390":  # the phone's menu, grouped by part
            menu = page.locator(".zp-lesson-menu select")
            assert menu.locator("optgroup").count() == 2
            assert menu.locator("optgroup").nth(1).get_attribute("label") == t(
                "learn.part_strategy", lang)
            menu.select_option(index=index)
        else:  # the list beside the lesson, under the second part's heading
            page.get_by_text(t("learn.part_strategy", lang)).wait_for(timeout=10_000)
            page.get_by_role("button", name=re.compile(re.escape(LESSON.title.get(lang)))).click()
        page.locator(f'{WHERE}[data-lesson="{LESSON.id}"][data-page="0"]').wait_for(
            timeout=30_000)
        first = next(i for i, p in enumerate(LESSON.pages) if p.step is not None)
        for _ in range(first):
            page.get_by_role("button", name=t("learn.next", lang), exact=True).click()
        page.locator(f'{WHERE}[data-page="{first}"]').wait_for(timeout=10_000)
        page.locator(".zp-q-prompt").first.wait_for(timeout=10_000)

        step = LESSON.pages[first].step
        # what the player knew: the declarer, the called card's state, their side, the
        # points as they can count them, and the earlier tricks, folded until asked for
        pos = step.position
        prompt = page.locator(".zp-position-view").first
        shows_facts(prompt, question_facts(pos, lang))
        called = format_cards([pos["friend"]], unicode=True, lang=lang)
        assert pos["friend_seat"] is not None and page.locator(
            f'.zp-position-view [aria-label="{called}"]').count()
        opens_history(prompt, len(pos["tricks"]))
        shot(page, f"strategy_history_{size}_{lang}")
        best = step.solve().text
        label = next(plain(text.get(lang), lang) for key, text in step.answer_input().options
                     if key == best)
        page.get_by_role("button", name=label, exact=True).click()
        page.get_by_role("button", name=t("card.check", lang), exact=True).click()
        page.get_by_text(t("card.correct", lang)).first.wait_for(timeout=10_000)
        go_on = page.get_by_role("button", name=t("learn.next", lang), exact=True)
        page.wait_for_function("b => !b.disabled", arg=go_on.element_handle(), timeout=10_000)
        scroll, inner = settled_widths(page)
        shot(page, f"strategy_lesson_{size}_{lang}")
        assert inner == int(size) and scroll <= inner, f"{scroll} px wide"
        assert page.outside_requests == []
    finally:
        context.close()
