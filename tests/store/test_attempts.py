"""Recording attempts, the dashboards built on them, and the teacher's CSV export."""

from __future__ import annotations

import csv
import io
import math
from datetime import date
from pathlib import Path

import pytest

from tests.store.conftest import School
from tutor.store import (
    AccessDenied,
    AssignmentProgress,
    InvalidInput,
    NotFound,
    Rating,
    Store,
    StoreUnavailable,
)
from tutor.store.ratings import RatingMove

START = Rating(1500.0, 200.0, 0.06)


def test_attempts_come_back_newest_first_with_their_answers(store: Store, school: School) -> None:
    amy = school.amy.id
    first = store.attempts.record_rated(amy, "p1", {"play": ["AS", "AS"]}, True, 12.5,
                                        theme="trumps", change=lambda u, p: (
                                            Rating(1511.5, 250.0, 0.06), START)).attempt_id
    second = store.attempts.record(amy, "p2", "pass", False, 3.0)  # moves no rating
    history = store.attempts.for_user(amy, amy)
    assert [a.id for a in history] == [second, first]
    latest, oldest = history
    assert (oldest.puzzle_id, oldest.answer, oldest.correct, oldest.seconds) == (
        "p1", {"play": ["AS", "AS"]}, True, 12.5)
    assert (oldest.rating_before, oldest.rating_after, oldest.assignment_id) == (None, 1511.5,
                                                                                 None)
    assert latest.answer == "pass" and latest.rating_before is latest.rating_after is None
    assert oldest.created_at <= latest.created_at
    assert [a.id for a in store.attempts.for_user(amy, amy, limit=1)] == [second]


def test_an_attempt_and_its_rating_changes_are_saved_together(store: Store,
                                                              school: School) -> None:
    amy = school.amy.id
    store.attempts.record_rated(amy, "p1", 1, True, 2.0, theme="trumps", change=lambda u, p: (
        Rating(1520.0, 250.0, 0.0601), Rating(1480.0, 200.0, 0.0599)))
    assert store.attempts.user_ratings(amy, amy) == {"trumps": Rating(1520.0, 250.0, 0.0601)}
    assert store.attempts.puzzle_ratings(["p1", "p9"]) == {"p1": Rating(1480.0, 200.0, 0.0599)}

    with pytest.raises(InvalidInput):  # a bad rating refuses the whole attempt
        store.attempts.record_rated(amy, "p2", 1, True, 2.0, theme="trumps", change=lambda u, p: (
            Rating(1530.0, -1.0, 0.06), Rating(1480.0, 200.0, 0.06)))
    assert len(store.attempts.for_user(amy, amy)) == 1
    assert store.attempts.user_ratings(amy, amy)["trumps"].rating == 1520.0
    assert store.attempts.puzzle_ratings(["p2"]) == {}


@pytest.mark.parametrize("change", [
    {"seconds": -1.0}, {"seconds": math.nan}, {"seconds": "3"}, {"correct": 1},
    {"answer": object()}, {"answer": math.inf}, {"answer": "\ud800"}, {"puzzle_id": ""},
    {"assignment_id": "1"}, {"assignment_id": True},
])
def test_bad_attempts_are_refused_and_nothing_is_written(store: Store, school: School,
                                                         change: dict) -> None:
    attempt = {"puzzle_id": "p1", "answer": 1, "correct": True, "seconds": 2.0} | change
    with pytest.raises(InvalidInput):
        store.attempts.record(school.amy.id, **attempt)
    assert store.attempts.for_user(school.amy.id, school.amy.id) == []


def test_an_actor_id_that_is_not_a_number_is_refused(store: Store, school: School) -> None:
    with pytest.raises(InvalidInput):
        store.attempts.record(str(school.amy.id), "p1", 1, True, 2.0)  # type: ignore[arg-type]


def test_class_results_summarise_each_learner(store: Store, school: School) -> None:
    amy, bob = school.amy.id, school.bob.id
    for puzzle, correct in [("p1", False), ("p1", True), ("p2", True), ("p2", True)]:
        store.attempts.record(amy, puzzle, None, correct, 10.0)
    store.attempts.record(school.cat.id, "p1", None, True, 1.0)  # class B: not in the results
    results = store.attempts.class_results(school.teacher_a.id, school.class_a.id)
    assert [(r.user_id, r.attempts, r.correct, r.puzzles_solved, r.total_seconds)
            for r in results] == [(amy, 4, 3, 2, 40.0), (bob, 0, 0, 0, 0.0)]
    assert results[0].last_attempt_at is not None and results[1].last_attempt_at is None


def test_assignment_progress_counts_distinct_puzzles_done_for_it(store: Store,
                                                                 school: School) -> None:
    teacher, amy, bob = school.teacher_a.id, school.amy.id, school.bob.id
    homework = store.classes.create_assignment(teacher, school.class_a.id, "Week 1",
                                       ["p1", "p2", "p3"], due=date(2030, 3, 1))
    assert homework.puzzle_ids == ("p1", "p2", "p3") and homework.due == date(2030, 3, 1)
    assert store.classes.assignment(amy, homework.id) == homework
    store.attempts.record(amy, "p1", None, False, 5.0, assignment_id=homework.id)
    store.attempts.record(amy, "p1", None, True, 5.0, assignment_id=homework.id)
    store.attempts.record(amy, "p2", None, False, 5.0, assignment_id=homework.id)
    store.attempts.record(bob, "p3", None, True, 5.0)  # free practice, not the assignment
    assert store.attempts.assignment_progress(teacher, homework.id) == [
        AssignmentProgress(amy, "Amy", 2, 1, 3, 3), AssignmentProgress(bob, "Bob", 0, 0, 3, 0)]


def test_bad_assignments_are_refused(store: Store, school: School) -> None:
    teacher, class_a = school.teacher_a.id, school.class_a.id
    with pytest.raises(InvalidInput):
        store.classes.create_assignment(teacher, class_a, "Empty", [])
    with pytest.raises(InvalidInput):
        store.classes.create_assignment(teacher, class_a, "When?", ["p1"], due="tomorrow")
    assert store.classes.assignments(teacher, class_a) == []


def test_the_class_export_is_csv_of_every_attempt(store: Store, school: School,
                                                  tmp_path: Path) -> None:
    teacher, amy = school.teacher_a.id, school.amy.id
    homework = store.classes.create_assignment(teacher, school.class_a.id, "Week 1", ["p1"])
    def to(rating: float) -> RatingMove:  # amy's rating in trumps goes to `rating`
        return lambda user, puzzle: (Rating(rating, 90.0, 0.06), START)

    zero = store.attempts.record_rated(amy, "p0", "pass", True, 1.0, theme="trumps",
                                       change=to(1500.0)).attempt_id
    first = store.attempts.record_rated(amy, "p1", {"play": ["AS"]}, True, 7.26, theme="trumps",
                                        change=to(1510.4871236),
                                        assignment_id=homework.id).attempt_id
    second = store.attempts.record(school.bob.id, "p2", "A C D", False, 3.0)
    store.attempts.record(school.cat.id, "p3", None, True, 1.0)  # another class

    target = tmp_path / "export" / "class-a.csv"
    target.parent.mkdir()
    text = store.attempts.class_csv(teacher, school.class_a.id, target)
    assert target.read_bytes().decode("utf-8") == text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [int(r["attempt_id"]) for r in rows] == [zero, first, second]
    rows = rows[1:]  # amy's answer that moved her rating from 1500, and bob's
    assert rows[0]["display_name"] == "Amy" and rows[0]["assignment_title"] == "Week 1"
    assert rows[0]["answer"] == '{"play":["AS"]}' and rows[0]["correct"] == "True"
    assert rows[0]["seconds"] == "7.3" and rows[0]["rating_after"] == "1510"
    assert rows[0]["rating_before"] == "1500"
    assert rows[1]["assignment_id"] == "" and rows[1]["username"] == "bob"
    assert rows[1]["answer"] == "A C D" and '"""' not in text  # a text answer as typed
    assert rows[1]["rating_before"] == ""


def test_an_assignments_export_holds_its_own_attempts_alone(store: Store,
                                                             school: School) -> None:
    """What the teacher's results page shows: practice, another assignment's work and answers
    to puzzles the assignment does not hold stay out; `say` gives titles and words."""
    teacher, amy = school.teacher_a.id, school.amy.id
    week = store.classes.create_assignment(teacher, school.class_a.id, "Week 1", ["p1", "p2"])
    other = store.classes.create_assignment(teacher, school.class_a.id, "Week 2", ["p1"])
    store.attempts.record(amy, "p1", "ok", True, 1.0)  # practice
    mine = store.attempts.record(amy, "p1", "ok", True, 2.0, assignment_id=week.id)
    store.attempts.record(amy, "p9", "x", False, 3.0, assignment_id=week.id)  # not its puzzle
    store.attempts.record(amy, "p1", "1", False, 4.0, assignment_id=other.id)
    store.attempts.record(school.cat.id, "p1", "ok", True, 5.0)  # another class
    rows = list(csv.DictReader(io.StringIO(store.attempts.assignment_csv(teacher, week.id))))
    assert [int(r["attempt_id"]) for r in rows] == [mine]
    assert rows[0]["answer"] == "ok" and "puzzle" not in rows[0]
    text = store.attempts.assignment_csv(teacher, week.id,
                                         lambda pid, answer: (f"Title of {pid}", f"said {answer}"))
    (row,) = csv.DictReader(io.StringIO(text))
    assert (row["puzzle_id"], row["puzzle"], row["answer"]) == ("p1", "Title of p1", "said ok")
    assert (row["correct"], row["seconds"], row["attempt_id"]) == ("True", "2.0", str(mine))
    assert text.splitlines()[0].startswith("attempt_id,learner_id,username,display_name,"
                                           "assignment_id,assignment_title,puzzle_id,puzzle,")
    with pytest.raises(AccessDenied):
        store.attempts.assignment_csv(school.teacher_b.id, week.id)
    with pytest.raises(NotFound):
        store.attempts.assignment_csv(teacher, 999_999)
    with pytest.raises(InvalidInput):
        store.attempts.assignment_csv(teacher, "1")  # type: ignore[arg-type]


def test_the_export_defuses_spreadsheet_formulas(store: Store) -> None:
    teacher = store.users.create("t", "Teacher", "teacher", "teach-pw-1")
    learner = store.users.create("evil", "=HYPERLINK(\"x\")", "learner", "1234")
    room = store.classes.create(teacher.id, "C")
    store.classes.join(learner.id, room.join_code)
    store.attempts.record(learner.id, "p1", None, True, 1.0)
    row = next(csv.DictReader(io.StringIO(store.attempts.class_csv(teacher.id, room.id))))
    assert row["display_name"] == "'=HYPERLINK(\"x\")"


def test_an_export_to_a_bad_path_says_so(store: Store, school: School, tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailable, match="Cannot write the export"):
        store.attempts.class_csv(school.teacher_a.id, school.class_a.id,
                               tmp_path / "missing" / "x.csv")
