"""Every shipped lesson loads; every step's answer comes from the rules core and grades."""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.lesson import load_lessons
from tutor.question import STEPS as STEP_QUESTIONS
from tutor.question import AnswerError, Choice, Number, PickCards, split_marks
from tutor.question.wrong import wrong_answer as wrong_answer_of
from tutor.rules import parse_cards

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
def test_solution_is_right_and_an_answer_its_input_offers_is_wrong(item):
    lesson, index, step = item
    right = step.grade(step.solve().text)
    assert right.correct, f"{lesson.file} page {index + 1}: {right.explanation.en}"
    assert right.explanation.en and right.explanation.zh
    wrong_answer = wrong_answer_of(step)
    assert wrong_answer is not None, f"{lesson.file} page {index + 1}: every answer is right"
    wrong = step.grade(wrong_answer)
    assert not wrong.correct and wrong.explanation.en and wrong.explanation.zh


@pytest.mark.parametrize("item", STEPS, ids=[_id(s) for s in STEPS])
def test_steps_offer_an_input_that_fits(item):
    _, _, step = item
    assert step.asks().en and step.asks().zh
    spec = step.answer_input()
    solution = step.solve().text
    if isinstance(spec, Choice):
        keys = [k for k, _ in spec.options]
        assert len(keys) == len(set(keys)) >= 2 and solution in keys
        assert sum(step.grade(k).correct for k in keys) >= 1
    elif isinstance(spec, PickCards):
        picked = parse_cards(solution)
        assert not Counter(picked) - Counter(spec.cards)  # the answer can be clicked
        assert not spec.most or len(picked) <= spec.most
    else:
        assert isinstance(spec, Number) and spec.lo <= int(solution) <= spec.hi


def test_unreadable_answers_say_how_to_answer():
    for _, _, step in STEPS:
        for junk in ("", "zz", [], ["XX"], "99999"):
            try:
                grade = step.grade(junk)
            except AnswerError as err:
                assert err.text("en") and err.text("zh"), (step.type, junk)
            else:
                assert not grade.correct, (step.type, junk)


def test_every_section_of_the_rules_is_taught():
    asked = {(step.type, step.question) for _, _, step in STEPS}
    assert asked >= {(kind, key) for kind, key in STEP_QUESTIONS.values()}
    units = {step.position["kind"] for _, _, step in STEPS
             if step.type == "pattern" and step.question in ("find", "is_unit")}
    assert units >= {"pair", "triple", "tractor", "titanic"}


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


def test_each_chinese_term_a_title_glosses_names_one_lesson():
    """A title's Chinese term (`Throws (甩牌)`) names that lesson alone: no other lesson's
    title, in either language, uses it, so two lessons never share a name."""
    import re

    assert len({lesson.title.en for lesson in LESSONS}) == len(LESSONS)
    assert len({lesson.title.zh for lesson in LESSONS}) == len(LESSONS)
    for lesson in LESSONS:
        for term in re.findall(r"[(（]([^)）]*[\u4e00-\u9fff][^)）]*)[)）]", lesson.title.en):
            others = [o.id for o in LESSONS if o is not lesson
                      and (term in o.title.en or term in o.title.zh)]
            assert not others, (lesson.id, term, others)
            assert term in lesson.title.zh, (lesson.id, term)
