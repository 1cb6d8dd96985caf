"""The QuestionCard: every shipped puzzle and lesson question is drawn in both languages, and
its right answer can be given through the widgets it draws (and is graded right)."""

from __future__ import annotations

import pytest

from tutor.lesson import load_lessons
from tutor.puzzle import load_bank
from tutor.puzzle.loader import MINED_TYPES
from tutor.question import (
    Choice,
    Number,
    Numbers,
    PickCards,
    Question,
    Several,
    SideLevels,
    ThrowOutcome,
)
from tutor.question.wrong import wrong_answer
from tutor.rules import parse_cards
from tutor.text import Text
from tutor.ui.question import QuestionCard, Refused

BANK = load_bank()
LESSON_QUESTIONS = [p.step for lesson in load_lessons() for p in lesson.pages if p.step]


def fill(card: QuestionCard, answer: str) -> None:
    """Give `answer` the way a learner would: through the card's widgets."""
    spec, widgets = card.question.answer_input(), card.input.widgets
    if isinstance(spec, Choice):
        widgets[0].value = answer
    elif isinstance(spec, Several):
        if answer == "none":
            widgets[2].value = True  # "None of them"
        else:
            widgets[1].value = answer.split()
    elif isinstance(spec, PickCards):
        if answer == "none":
            widgets[2].value = True
        else:
            widgets[1].select_cards(parse_cards(answer))
    elif isinstance(spec, ThrowOutcome):
        widgets[0].value = "ok" if answer == "ok" else "fails"
        if answer != "ok":
            widgets[2].select_cards(parse_cards(answer))
    elif isinstance(spec, Number):
        widgets[0].value_input = answer  # typed, not yet committed
    elif isinstance(spec, Numbers):
        for box, value in zip(widgets[0].objects, answer.split(), strict=True):
            box.value_input = value
    elif isinstance(spec, SideLevels):
        side, levels = widgets[0].objects
        words = answer.split()
        side.value = words[0]
        if len(words) > 1:
            levels.value_input = words[1]
    else:
        raise AssertionError(type(spec))


def _answer_through_widgets(q: Question) -> None:
    card = QuestionCard(question=q, lang="zh")
    # nothing is chosen for the learner: no answer, and Check waits for one
    assert card.answer() is None and card._check.disabled, (q.type, q.question)
    solution = q.solve().text
    fill(card, solution)
    assert card.answer() is not None and not card._check.disabled, (q.type, solution)
    grade = card.submit()
    assert grade is not None and grade.correct, (q.type, q.question, solution, card.answer())
    assert "答" in card.verdict or "正确" in card.verdict


def _shapes(puzzles: list) -> list:
    """One mined puzzle of each shape (decision, number of options, first theme): thousands
    share one input, and `puzzles check` reads and solves every one."""
    found: dict[tuple, object] = {}
    for p in puzzles:
        key = (p.position["decision"], len(p.position["candidates"]), p.themes[1:2])
        found.setdefault(key, p)
    return list(found.values())


@pytest.mark.parametrize("kind", sorted({p.type for p in BANK}))
def test_every_puzzle_can_be_answered_through_its_widgets(kind):
    puzzles = [p for p in BANK if p.type == kind]
    if kind in MINED_TYPES:
        puzzles = _shapes(puzzles)
        assert len({p.position["decision"] for p in puzzles}) == 4
    for puzzle in puzzles:
        _answer_through_widgets(puzzle)


def test_every_lesson_question_can_be_answered_through_its_widgets():
    assert len(LESSON_QUESTIONS) > 40
    for q in LESSON_QUESTIONS:
        _answer_through_widgets(q)


def test_a_wrong_answer_then_once_mode_and_the_grader_hook():
    q = next(p for p in BANK if p.type == "trick")
    seen = []

    def grader(question, answer):
        seen.append(answer)
        return question.grade(answer)

    card = QuestionCard(question=q, once=True, grader=grader)
    wrong = wrong_answer(q)
    assert not card.submit(wrong).correct
    assert card.verdict.startswith("**Not quite: the answer is")
    assert card.submit(q.solve().text) is None  # once: the question is answered
    assert seen == [wrong]
    card.question = next(p for p in BANK if p.type == "kitty")
    assert card.grade is None and card.verdict == ""


def test_missing_unreadable_and_refused_answers_leave_the_question_open():
    q = next(p for p in BANK if p.type == "trick")
    card = QuestionCard(question=q)
    assert card.submit() is None and "Give an answer first" in card.verdict
    assert card.submit("<b>seat</b>") is None and "seat number" in card.verdict
    assert "<b>" not in card.verdict  # typed text is shown as text

    def down(question, answer):
        raise Refused(Text("Cannot save now.", "现在无法保存。"))

    card.grader = down
    assert card.submit(q.solve().text) is None and "Cannot save now." in card.verdict
    assert card.grade is None


def test_reveal_counts_as_answered_and_redraws_in_the_other_language():
    q = LESSON_QUESTIONS[0]
    card = QuestionCard(question=q)
    grade = card.reveal()
    assert grade.correct and card.revealed and card.verdict.startswith("**The answer:")
    card.lang = "zh"
    assert card.verdict.startswith("**答案：")


def test_a_number_typed_is_checked_before_the_box_loses_focus():
    """A browser sends a number box's text on each key (`value_input`); its `value` only on
    Enter or blur. Lesson 1's first question: type the kitty size, tap Check at once."""
    from tutor.ui.learn import LearnPage

    page = LearnPage()
    step_page = next(i for i, p in enumerate(page.lesson.pages) if p.step is not None)
    page.go(step_page)
    card = page.card
    assert isinstance(card.question.answer_input(), Number) and card._check.disabled
    box = card.input.widgets[0]
    box.value_input = card.question.solve().text  # typed; nothing committed yet
    assert not card._check.disabled
    assert card.submit().correct and "Correct!" in card.verdict
