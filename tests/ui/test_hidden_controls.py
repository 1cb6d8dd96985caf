"""Handlers decide from the server's own state: a control the page hides or disables (or a
select value it never offered) sent by a script changes nothing. Each test clicks as Bokeh
does when a browser sends a click (`clicks += 1` on the server's model)."""

from __future__ import annotations

from tutor.puzzle import load_bank
from tutor.question.wrong import wrong_answer
from tutor.ui.home import HomePage
from tutor.ui.puzzles.page import PuzzlesPage
from tutor.ui.question import QuestionCard
from tutor.ui.teacher.page import TeacherPage

from .conftest import class_with_learner

BANK = load_bank()


def _click(button) -> None:
    button.clicks += 1


def _saved(store, learner) -> tuple:
    """Everything the learner's answers left in the store."""
    return (store.attempts.for_user(learner.id, learner.id),
            store.attempts.user_ratings(learner.id, learner.id))


def test_a_hidden_show_answer_on_the_puzzles_page_grades_and_saves_nothing(store):
    teacher, learner, room = class_with_learner(store)
    tricks = [p.id for p in BANK if p.type == "trick"]
    store.classes.create_assignment(teacher.id, room.id, "One", tricks[:1])
    page = PuzzlesPage()
    page.attach_user(store, learner)
    assert not page.card._reveal.visible  # puzzles offer no Show answer …
    _click(page.card._reveal)  # … but a script can send its click
    assert page.card.grade is None and page.outcome is None
    assert _saved(store, learner) == ([], {})
    assert store.attempts.assignment_progress(teacher.id, store.classes.assignments(
        teacher.id, room.id)[0].id)[0].puzzles_solved == 0


def test_a_hidden_check_after_an_answer_saves_no_second_answer(store):
    _, learner, _ = class_with_learner(store)
    page = PuzzlesPage()
    page.attach_user(store, learner)
    puzzle = page.puzzle
    assert not page.card.submit(wrong_answer(puzzle)).correct
    before = _saved(store, learner)
    assert not page.card._check.visible
    _click(page.card._check)
    assert page.card.submit(puzzle.solve().text) is None
    assert _saved(store, learner) == before


def test_reveal_never_goes_through_the_grader():
    q = next(p for p in BANK if p.type == "trick")
    seen = []

    def grader(question, answer):
        seen.append(answer)
        return question.grade(answer)

    hidden = QuestionCard(question=q, once=True, show_reveal=False, grader=grader)
    assert hidden.reveal() is None and hidden.grade is None
    shown = QuestionCard(question=q, once=True, grader=grader)
    grade = shown.reveal()
    assert grade.correct and shown.revealed and seen == []  # shown, never graded
    assert shown.reveal() is None  # once: the question is over


def test_an_assignment_counts_only_its_own_puzzles(store):
    teacher, learner, room = class_with_learner(store)
    tricks = [p.id for p in BANK if p.type == "trick"]
    made = store.classes.create_assignment(teacher.id, room.id, "One", tricks[:1])
    page = PuzzlesPage()
    page.attach_user(store, learner)
    assert page._mode.value == "assignment"
    other = next(p for p in BANK if p.id not in tricks[:1])
    page.open_puzzle(other.id)
    page._mode.value = "assignment"  # a script puts the mode back; the puzzle stays
    page.param.update(puzzle=other)
    page.card.question = other
    page.card.submit(other.solve().text)
    attempts = store.attempts.for_user(learner.id, learner.id)
    assert attempts and all(a.assignment_id is None for a in attempts)
    assert store.attempts.assignment_progress(teacher.id, made.id)[0].puzzles_solved == 0


def test_a_guest_cannot_join_through_a_hidden_join_button(store):
    teacher = store.users.create("teach", "Ms T", "teacher", "secret-1")
    room = store.classes.create(teacher.id, "Class A")
    guest, _ = store.users.create_guest()
    page = PuzzlesPage()
    page.attach_user(store, guest)
    page._join_code.value = room.join_code
    _click(page._join)
    assert store.classes.members(teacher.id, room.id) == []


def test_teacher_tools_do_nothing_for_a_learner(store):
    teacher, learner, room = class_with_learner(store)
    page = TeacherPage()
    page.attach_user(store, learner)
    page.classes._name.value = "Forged"
    _click(page.classes._create)
    page.classroom = room  # even a class set by a script
    page.assignments._title.value = "Forged work"
    _click(page.assignments._create)
    page.authoring._throw.value = "AH AH"
    _click(page.authoring._save_button)
    assert [c.name for c in store.classes.for_user(teacher.id)] == ["Class A"]
    assert store.classes.assignments(teacher.id, room.id) == []
    assert page.results._csv_file().getvalue() == ""


def test_a_teacher_cannot_assign_puzzles_the_picker_never_offered(store):
    teacher, _, room = class_with_learner(store)
    page = TeacherPage()
    page.attach_user(store, teacher)
    page.assignments._title.value = "Forged"
    form = page.assignments
    form._picked.param.update(value=["no-such-puzzle", BANK[0].id])  # a script's value
    _click(page.assignments._create)
    (made,) = store.classes.assignments(teacher.id, room.id)
    assert list(made.puzzle_ids) == [BANK[0].id]
    page.assignments._picked.value = []
    page.assignments._count.param.update(value=10**6)
    _click(page.assignments._create)
    assert len(store.classes.assignments(teacher.id, room.id)[-1].puzzle_ids) <= 30


def test_a_hidden_resume_button_opens_nothing():
    opened = []
    page = HomePage(open_page=opened.append)
    page.open_offer(5)  # no such offer is shown
    assert opened == []
