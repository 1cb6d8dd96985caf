"""Filters that mean what they say: every theme and difficulty serves only its own puzzles,
the rating moves under the puzzle's own type as the page names it, assignments hold only
their theme and tier, and a finished assignment says so and offers the next one."""

from __future__ import annotations

import random

import pytest

from tutor.puzzle import THEMES, TIERS, load_bank
from tutor.puzzle.themes import TYPE_THEMES
from tutor.question.wrong import wrong_answer
from tutor.ui.puzzles.page import PuzzlesPage
from tutor.ui.puzzles.trainer import MIX, Trainer, fits
from tutor.ui.teacher.page import TeacherPage

from .conftest import class_with_learner
from .test_question_card import fill

BANK = load_bank()


def test_no_puzzle_carries_another_types_theme():
    for p in BANK:
        assert [t for t in p.themes if t in TYPE_THEMES] == [p.type], p.id


@pytest.mark.parametrize("theme", [MIX, *THEMES])
def test_every_theme_and_tier_serves_only_its_puzzles(theme):
    for tier in (0, *TIERS):
        trainer = Trainer(list(BANK), rng=random.Random(7))
        expected = [p for p in BANK if fits(p, theme, tier)]
        served = []
        for _ in range(min(6, len(expected))):
            p = trainer.next_puzzle(theme, tier)
            assert p is not None, (theme, tier)
            assert theme == MIX or theme in p.themes, (theme, p.id)
            assert not tier or p.difficulty == tier, (tier, p.id)
            if theme in TYPE_THEMES:
                assert p.type == theme, (theme, p.id)
            out = trainer.submit(p, p.solve().text, 1)
            assert out.theme == p.type and out.change != 0  # rated under its own type
            served.append(p.id)
        assert len(set(served)) == len(served)  # a tried puzzle is not served again
        if not expected:
            assert trainer.next_puzzle(theme, tier) is None


def test_the_page_serves_kitty_bonus_and_rates_under_it():
    page = PuzzlesPage()
    page._theme.value = "kitty"
    page._tier.value = "2"
    for _ in range(4):
        p = page.puzzle
        assert p.type == "kitty" and p.difficulty == 2
        fill(page.card, p.solve().text)
        assert page.card.submit().correct
        assert THEMES["kitty"].en in page.card.note
        page.new_puzzle()


def test_assignments_hold_only_their_theme_and_tier(store):
    teacher = store.users.create("teach", "Ms T", "teacher", "secret-1")
    page = TeacherPage()
    page.attach_user(store, teacher)
    form = page.assignments
    form._count.value = 8
    for theme in ["", *THEMES]:
        for tier in ("0", "1", "2", "3"):
            form._theme.value, form._tier.value = theme, tier
            ids = form._chosen_puzzles()
            for pid in ids:
                p = next(q for q in BANK if q.id == pid)
                assert fits(p, theme or MIX, int(tier)), (theme, tier, pid)
    form._theme.value, form._tier.value = "throw", "0"
    by_id = {p.id: p for p in BANK}
    assert {by_id[pid].type for pid in form._chosen_puzzles()} == {"throw"}


def test_a_missed_assignment_puzzle_comes_back_unanswered(store):
    teacher, learner, room = class_with_learner(store)
    tricks = [p.id for p in BANK if p.type == "trick"]
    store.classes.create_assignment(teacher.id, room.id, "One", tricks[:2])
    page = PuzzlesPage()
    page.attach_user(store, learner)
    first = page.puzzle
    assert not page.card.submit(wrong_answer(first)).correct
    page.new_puzzle()
    assert page.puzzle is first and page.card.grade is None and page.card.verdict == ""
    assert page.card._check.visible and page.card._check.disabled  # asks afresh


def test_a_finished_assignment_says_so_and_offers_the_next(store):
    teacher, learner, room = class_with_learner(store)
    tricks = [p.id for p in BANK if p.type == "trick"]
    first = store.classes.create_assignment(teacher.id, room.id, "One", tricks[:1])
    second = store.classes.create_assignment(teacher.id, room.id, "Two", tricks[1:3])
    page = PuzzlesPage()
    page.attach_user(store, learner)
    assert page._mode.value == "assignment" and page._assignment.value == str(first.id)
    fill(page.card, page.puzzle.solve().text)
    assert page.card.submit().correct
    page.new_puzzle()
    assert page.puzzle is None
    assert "You have finished “<bdi>One</bdi>”" in page._meta.object
    assert "No puzzle fits" not in page._meta.object
    assert page._next_assignment.visible and "Two" in page._next_assignment.name
    page._next_assignment.clicks += 1
    assert page._assignment.value == str(second.id) and page.puzzle.id == tricks[1]
    assert not page._next_assignment.visible
    for _ in range(2):
        fill(page.card, page.puzzle.solve().text)
        page.card.submit()
        page.new_puzzle()
    assert "You have finished “<bdi>Two</bdi>”" in page._meta.object
    assert "Every assignment is finished" in page._meta.object
    assert not page._next_assignment.visible


def test_no_puzzle_says_which_difficulties_or_modes_have_some():
    """An empty choice names what is there: the difficulties left for the theme in the mode,
    else the modes that still have some."""
    from tutor.ui.i18n import t

    page = PuzzlesPage()
    theme = next(th for th in THEMES if any(th in p.themes and p.difficulty == 1 for p in BANK))
    easy = [p for p in BANK if p.difficulty == 1]
    page.trainer = Trainer(easy, rng=random.Random(3))
    have = sorted({p.difficulty for p in easy if fits(p, theme)})
    assert have == [1]
    page._theme.value = theme
    page._tier.value = "3"
    assert page.puzzle is None
    for lang in ("en", "zh"):
        page.lang = lang
        said = page._meta.object
        assert [n for n in (1, 2, 3) if t(f"tier_{n}", lang) in said] == have, said
    page.lang = "en"
    page._tier.value = "0"
    page._mode.value = "retry"  # nothing missed yet: practice still has puzzles
    assert page.puzzle is None
    assert t("mode_practice", "en") in page._meta.object, page._meta.object
