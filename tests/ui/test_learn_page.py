"""The Learn page without a browser: grading, gating, saving progress and resuming."""

from __future__ import annotations

from tutor.ui.learn import LearnPage


def _first_step(page: LearnPage) -> int:
    lesson = page.lesson
    return next(i for i, p in enumerate(lesson.pages) if p.step is not None)


def test_a_wrong_then_right_answer_unlocks_next_and_saves(store):
    user, _ = store.users.create_guest()
    page = LearnPage()
    page.attach_user(store, user)
    assert page.lesson_index == 0 and page.page_index == 0
    index = _first_step(page)
    page.go(index)
    step = page.page.step
    assert page._next.disabled
    wrong = page.submit(step.wrong_answer())
    assert not wrong.correct and page._result.alert_type == "danger" and page._next.disabled
    right = page.submit(step.solution())
    assert right.correct and page._result.alert_type == "success" and not page._next.disabled
    saved = store.lessons.progress(user.id, user.id)[page.lesson.id]
    assert saved.step == index + 1 and not saved.completed

    again = LearnPage(lang="zh")
    again.attach_user(store, user)
    assert (again.lesson_index, again.page_index) == (0, index + 1)
    assert "第1课" in again._where.object


def test_finishing_a_lesson_marks_it_and_opens_the_next(store):
    user, _ = store.users.create_guest()
    page = LearnPage()
    page.attach_user(store, user)
    lesson = page.lesson
    for i, p in enumerate(lesson.pages):
        page.go(i)
        if p.step is not None:
            page.submit(p.step.solution())
        page._on_next()
    assert page.lesson_index == 1 and page.page_index == 0
    assert store.lessons.progress(user.id, user.id)[lesson.id].completed
    assert page._lesson_buttons[0].name.startswith("✓")
    resumed = LearnPage()
    resumed.attach_user(store, user)
    assert resumed.lesson_index == 1


def test_show_answer_and_language_switch():
    page = LearnPage()
    page.go(_first_step(page))
    page._on_reveal()
    assert page._verdict[0].correct and not page._next.disabled
    page.lang = "zh"
    assert "答案" in page._result.object
    assert page._check.name == "检查"


def test_each_input_kind_reads_its_widget():
    page = LearnPage()
    kinds = {}
    for li, lesson in enumerate(page.lessons):
        for pi, p in enumerate(lesson.pages):
            if p.step is not None and p.step.input not in kinds:
                kinds[p.step.input] = (li, pi)
    assert set(kinds) == {"cards", "choice", "number"}
    for kind, (li, pi) in kinds.items():
        page.open_lesson(li)
        page.go(pi)
        step = page.page.step
        if kind == "cards":
            page._picker.select_cards(step.solution())
        elif kind == "choice":
            page._choice.value = step.solution()
        else:
            page._number.value = str(step.solution())
        page._on_check()
        assert page._verdict[0].correct, kind
