"""The mistakes found by stored hand reviews, counted by kind on the learner's Progress page
and, for their class, on the Teacher page."""

from __future__ import annotations

from tutor.ui.progress.page import ProgressPage
from tutor.ui.teacher.page import TeacherPage

from .conftest import class_with_learner


def _reviewed(store, learner, kinds):
    game = store.games.start(learner.id, {"rules": 1}, 3).id
    store.reviews.save(learner.id, game, 0, {"version": 1}, 80.0,
                       [(i, kind, "blunder", True) for i, kind in enumerate(kinds)])


def test_the_progress_page_counts_the_learners_mistakes_by_kind(store):
    _teacher, learner, _room = class_with_learner(store)
    page = ProgressPage()
    page.attach_user(store, learner)
    assert "Review this hand" in page._mistakes.object  # says where the figures come from
    _reviewed(store, learner, ["points_given", "points_given", "bury"])
    page.on_show()
    table = page._mistakes.object
    assert "Points given away</td><td>2" in table and "The bury</td><td>1" in table
    page.lang = "zh"
    assert "送分</td><td>2" in page._mistakes.object and "复盘" in page._mistakes_title.object


def test_a_teacher_sees_the_commonest_mistakes_of_the_class(store):
    teacher, learner, room = class_with_learner(store)
    _reviewed(store, learner, ["lead", "trump_spent", "lead"])
    page = TeacherPage()
    page.attach_user(store, teacher)
    page.classroom = room
    html = page.results._mistakes.object
    assert html.index("The lead") < html.index("Trump spent")  # commonest first
    assert "The lead</td><td>2</td><td>1" in html
