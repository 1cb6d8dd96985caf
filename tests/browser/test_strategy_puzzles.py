"""A mined strategy puzzle on the Puzzles page, at 390 px and 1366 px, in English and 中文:
the theme is chosen from the strategy group of the theme Select, the best option's letter
(from the puzzle's own values, through its kind) is picked, and the answer is marked right.
A bury puzzle (each option 7 cards) and a card play (the trick so far) are both solved."""

from __future__ import annotations

import re

import pytest

from tutor.puzzle import THEMES, load_bank
from tutor.text import t
from tutor.ui.question.inputs import _labels

from .conftest import settled_widths, shot, watch_outside

pytestmark = pytest.mark.browser
BANK = {p.id: p for p in load_bank()}
META = "em.zp-puzzle-meta"  # the line naming the puzzle on screen (its id: data-puzzle)
SIZES = {"390": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
                 "is_mobile": True, "has_touch": True},
         "1366": {"viewport": {"width": 1366, "height": 900}}}


def _shown(page, previous: str | None = None):
    """The puzzle on screen, once it is not `previous`."""
    loc = page.locator(META).first
    for _ in range(150):
        loc.wait_for(timeout=30_000)
        pid = loc.get_attribute("data-puzzle")
        if pid != previous:
            return BANK[pid]
        page.wait_for_timeout(100)
    raise AssertionError("no new puzzle appeared")


def _best_letter(puzzle) -> str:
    """The best option's letter: the option of highest value, as the kind solves it."""
    letter = puzzle.solve().text
    values = list(puzzle.raw["values"])
    assert "ABCDEFGH".index(letter) == values.index(max(values))
    return letter


def _solve_a(page, theme: str, lang: str, name: str) -> None:
    """Choose `theme` (a strategy one) in the Select, answer the puzzle it serves with the
    best letter, and see it marked right."""
    select = page.get_by_label(t("ui.theme", lang)).first
    label = THEMES[theme].get(lang)
    group = t("ui.theme_group_strategy", lang)
    assert select.locator(f'optgroup[label="{group}"] option', has_text=label).count() == 1
    before = page.locator(META).first.get_attribute("data-puzzle")
    select.select_option(label=label)
    puzzle = _shown(page, before)
    while theme not in puzzle.themes:  # the old puzzle's line can linger a moment
        puzzle = _shown(page, puzzle.id)
    assert puzzle.type == "strategy"
    letter = _best_letter(puzzle)
    # every option of this puzzle on screen, lettered as the kind letters them
    labels = list(_labels(puzzle.kind.answer_input(puzzle).options, lang))
    for label in labels:
        page.get_by_text(label, exact=True).first.wait_for(timeout=15_000)
    if puzzle.raw["decision"] == "bury":  # each option buries 7 cards ("Big Joker 6♥ …")
        cards = [re.split(r"[:：] ?", label, maxsplit=1)[1] for label in labels]
        assert all(len(re.findall(r"Big Joker|Small Joker|大王|小王|\S+", c)) == 7
                   for c in cards), labels
    option = page.get_by_text(next(x for x in labels if x[0] == letter), exact=True).first
    check = page.get_by_role("button", name=t("card.check", lang))
    for _ in range(10):  # a click on a view being replaced is lost: pick again
        option.click()
        for _ in range(20):
            if check.is_enabled():
                break
            page.wait_for_timeout(100)
        if check.is_enabled():
            break
    check.click()
    page.get_by_text(t("card.correct", lang)).first.wait_for(timeout=15_000)
    rated = re.compile(re.escape(THEMES["strategy"].get(lang)) + r".*\d+ → \d+")
    page.get_by_text(rated).first.wait_for(timeout=15_000)  # rated as a strategy puzzle
    shot(page, name)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", ["390", "1366"])
def test_a_strategy_puzzle_is_solved_on_the_puzzles_page(browser, app_url, size, lang):
    context = browser.new_context(**SIZES[size])
    page = watch_outside(context.new_page())
    try:
        page.goto(f"{app_url}?page=puzzles&lang={lang}")
        page.locator(META).first.wait_for(timeout=30_000)
        _solve_a(page, "bury", lang, f"strategy_bury_{size}_{lang}")
        scroll, inner = settled_widths(page)
        assert inner == int(size) and scroll <= inner, f"{max(scroll, inner)} px wide"
        _solve_a(page, "no-gifts", lang, f"strategy_play_{size}_{lang}")
        scroll, inner = settled_widths(page)
        assert inner == int(size) and scroll <= inner, f"{max(scroll, inner)} px wide"
        # Progress: the strategy type's rating, and each strategy theme rated below the types
        page.goto(f"{app_url}?page=progress&lang={lang}")
        page.get_by_text(t("ui.progress_strategy_themes", lang)).first.wait_for(timeout=30_000)
        page.locator("canvas").first.wait_for(timeout=15_000)
        page.get_by_role("cell", name=THEMES["no-gifts"].get(lang), exact=True).first.wait_for()
        scroll, inner = settled_widths(page)
        shot(page, f"strategy_progress_{size}_{lang}")
        assert inner == int(size) and scroll <= inner, f"progress is {max(scroll, inner)} px"
        # a review's link: the Puzzles page opens on the theme it names
        page.goto(f"{app_url}?page=puzzles&theme=bury&lang={lang}")
        puzzle = _shown(page)
        assert "bury" in puzzle.themes
        chosen = page.get_by_label(t("ui.theme", lang)).first
        assert chosen.evaluate("s => s.options[s.selectedIndex].text") == THEMES["bury"].get(lang)
        assert page.outside_requests == []
    finally:
        context.close()
