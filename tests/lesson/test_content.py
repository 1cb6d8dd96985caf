"""Every shipped lesson loads; every step's answer comes from the rules core and grades."""

from __future__ import annotations

import pytest

from tutor.lesson import CardsStep, ChoiceStep, NumberStep, load_lessons, split_marks

LESSONS = load_lessons()
STEPS = [(lesson, index, step) for lesson in LESSONS for index, step in lesson.steps]


def _id(item) -> str:
    lesson, index, step = item
    return f"{lesson.id}-p{index + 1}-{step.type}"


def test_a_curriculum_of_at_least_twelve_lessons_with_steps():
    assert len(LESSONS) >= 12
    assert len({lesson.id for lesson in LESSONS}) == len(LESSONS)
    for lesson in LESSONS:
        assert lesson.title.en and lesson.title.zh
        assert lesson.pages


@pytest.mark.parametrize("item", STEPS, ids=[_id(s) for s in STEPS])
def test_solution_is_right_and_a_wrong_answer_is_wrong(item):
    lesson, index, step = item
    right = step.check(step.solution())
    assert right.correct, f"{lesson.file} page {index + 1}: {right.explanation_en}"
    assert right.explanation_en and right.explanation_zh
    wrong_answer = step.wrong_answer()
    wrong = step.check(wrong_answer)
    assert not wrong.correct, f"{lesson.file} page {index + 1}: {wrong_answer!r} graded right"
    assert wrong.explanation_en and wrong.explanation_zh


@pytest.mark.parametrize("item", STEPS, ids=[_id(s) for s in STEPS])
def test_steps_offer_an_input_that_fits(item):
    _, _, step = item
    assert step.question.en and step.question.zh
    if isinstance(step, CardsStep):
        assert step.pick_from and len(step.solution()) <= (step.max_select or 99)
    elif isinstance(step, ChoiceStep):
        keys = [k for k, _ in step.options()]
        assert len(keys) == len(set(keys)) >= 2 and step.solution() in keys
    else:
        assert isinstance(step, NumberStep) and isinstance(step.solution(), int)


def test_malformed_answers_are_wrong_not_errors():
    numbers = 0
    for _, _, step in STEPS:
        # "99999" is malformed for cards and choices, and a well-formed number that no step
        # can have as its answer (3 decks hold 300 points; no bonus or count comes near it)
        for junk in ("", "zz", None, [], ["XX"], "99999"):
            verdict = step.check(junk)
            assert not verdict.correct, (step.type, junk)
            assert verdict.explanation_en and verdict.explanation_zh
        numbers += isinstance(step, NumberStep)
    assert numbers >= 3  # the number steps were checked with "99999" too, not skipped


def test_every_section_of_the_rules_is_taught():
    types = {step.type for _, _, step in STEPS}
    assert types >= {"points", "deal", "trumps", "highest", "unit", "is_unit", "decompose",
                     "follow", "trick", "throw", "bid", "kitty_suit", "friend", "multiplier",
                     "kitty_bonus", "level_change", "score"}
    kinds = {step.kind for _, _, step in STEPS if step.type in ("unit", "is_unit")}
    assert kinds >= {"pair", "triple", "tractor", "titanic"}


def test_lessons_say_what_other_tables_play_where_rules_md_decides():
    # RULES.md marks Decisions in §1 (deal), §3 (adjacency), §6 (throws), §8 (multiplier,
    # level step, 积分); the lessons on those topics name the alternatives.
    decided = {"cards-and-points", "tractors", "throws", "kitty-multiplier", "level-changes",
               "score-and-match"}
    by_id = {lesson.id: lesson for lesson in LESSONS}
    for lesson_id in decided:
        pages = by_id[lesson_id].pages
        assert any("Other tables" in p.text.en and "其他牌桌" in p.text.zh
                   for p in pages), lesson_id


def test_page_texts_have_both_languages_and_readable_card_marks():
    for lesson in LESSONS:
        for page in lesson.pages:
            for lang in ("en", "zh"):
                parts = split_marks(page.text.get(lang))
                assert parts
            en_cards = [p for p in split_marks(page.text.en) if isinstance(p, list)]
            zh_cards = [p for p in split_marks(page.text.zh) if isinstance(p, list)]
            assert en_cards == zh_cards, f"{lesson.file}: the two languages show other cards"
