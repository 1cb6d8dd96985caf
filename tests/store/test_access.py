"""Access rules live in the store: learners see only themselves, teachers only their classes."""

from __future__ import annotations

import pytest

from tests.store.conftest import School
from tutor.store import AccessDenied, InvalidInput, NotFound, Rating, Store


@pytest.fixture
def worked(store: Store, school: School) -> School:
    """The school with an assignment in class A and some attempts by amy, bob and cat."""
    homework = store.classes.create_assignment(school.teacher_a.id, school.class_a.id, "Week 1",
                                       ["p1", "p2"])
    store.attempts.record(school.amy.id, "p1", 1, True, 3.0, assignment_id=homework.id)
    store.attempts.record(school.bob.id, "p2", 2, False, 4.0)
    store.attempts.record(school.cat.id, "p1", 3, True, 5.0)
    return school


def test_a_learner_reads_their_own_attempts(store: Store, worked: School) -> None:
    assert [a.puzzle_id for a in store.attempts.for_user(worked.amy.id, worked.amy.id)] == ["p1"]


def test_a_learner_cannot_read_another_learners_attempts(store: Store, worked: School) -> None:
    for reader, learner in [(worked.amy, worked.bob), (worked.bob, worked.amy),
                            (worked.cat, worked.amy), (worked.dan, worked.cat)]:
        with pytest.raises(AccessDenied, match="may not see the records"):
            store.attempts.for_user(reader.id, learner.id)
        with pytest.raises(AccessDenied):
            store.attempts.user_ratings(reader.id, learner.id)
        with pytest.raises(AccessDenied):
            store.lessons.progress(reader.id, learner.id)
        with pytest.raises(AccessDenied):
            store.games.for_user(reader.id, learner.id)
        with pytest.raises(AccessDenied):
            store.users.get(reader.id, learner.id)


def test_a_teacher_reads_learners_in_their_classes_only(store: Store, worked: School) -> None:
    assert len(store.attempts.for_user(worked.teacher_a.id, worked.amy.id)) == 1
    assert len(store.attempts.for_user(worked.teacher_b.id, worked.cat.id)) == 1
    for teacher, learner in [(worked.teacher_a, worked.cat), (worked.teacher_b, worked.amy),
                             (worked.teacher_a, worked.dan)]:
        with pytest.raises(AccessDenied):
            store.attempts.for_user(teacher.id, learner.id)


def test_a_learner_taken_out_of_a_class_is_hidden_from_its_teacher(store: Store,
                                                                   worked: School) -> None:
    store.classes.remove_member(worked.teacher_a.id, worked.class_a.id, worked.bob.id)
    with pytest.raises(AccessDenied):
        store.attempts.for_user(worked.teacher_a.id, worked.bob.id)
    assert len(store.attempts.for_user(worked.bob.id, worked.bob.id)) == 1  # still bob's own


def test_a_teacher_cannot_read_a_class_that_is_not_theirs(store: Store, worked: School) -> None:
    other = worked.class_b.id
    homework = store.classes.assignments(worked.teacher_a.id, worked.class_a.id)[0]
    with pytest.raises(AccessDenied, match="does not teach class"):
        store.attempts.class_results(worked.teacher_a.id, other)
    with pytest.raises(AccessDenied):
        store.classes.members(worked.teacher_a.id, other)
    with pytest.raises(AccessDenied):
        store.attempts.class_csv(worked.teacher_a.id, other)
    with pytest.raises(AccessDenied):
        store.classes.assignments(worked.teacher_a.id, other)
    with pytest.raises(AccessDenied):
        store.classes.create_assignment(worked.teacher_a.id, other, "Sneaky", ["p1"])
    with pytest.raises(AccessDenied):
        store.attempts.assignment_progress(worked.teacher_b.id, homework.id)
    with pytest.raises(AccessDenied):
        store.classes.remove_member(worked.teacher_b.id, worked.class_a.id, worked.amy.id)


def test_learners_do_not_get_teacher_views(store: Store, worked: School) -> None:
    with pytest.raises(AccessDenied):
        store.attempts.class_results(worked.amy.id, worked.class_a.id)
    with pytest.raises(AccessDenied):
        store.attempts.class_csv(worked.amy.id, worked.class_a.id)
    with pytest.raises(AccessDenied, match="Only teachers"):
        store.classes.create(worked.amy.id, "My own class")
    # but members may see their class's assignments
    assert [a.title for a in store.classes.assignments(worked.amy.id, worked.class_a.id)] == [
        "Week 1"]
    with pytest.raises(AccessDenied):
        store.classes.assignments(worked.cat.id, worked.class_a.id)


def test_attempts_count_only_for_assignments_of_ones_own_class(store: Store,
                                                               worked: School) -> None:
    homework = store.classes.assignments(worked.teacher_a.id, worked.class_a.id)[0]
    with pytest.raises(AccessDenied, match="not in the class"):
        store.attempts.record(worked.cat.id, "p1", 1, True, 1.0, assignment_id=homework.id)
    with pytest.raises(NotFound):
        store.attempts.record(worked.cat.id, "p1", 1, True, 1.0, assignment_id=9999)
    assert len(store.attempts.for_user(worked.cat.id, worked.cat.id)) == 1  # nothing added


def test_unknown_actors_and_missing_records_are_errors_not_empty_results(
        store: Store, worked: School) -> None:
    with pytest.raises(AccessDenied, match="Unknown acting user"):
        store.attempts.for_user(9999, worked.amy.id)
    with pytest.raises(AccessDenied, match="Unknown acting user"):
        store.attempts.record(9999, "p1", 1, True, 1.0)
    with pytest.raises(NotFound):
        store.attempts.for_user(worked.amy.id, 9999)
    with pytest.raises(NotFound):
        store.attempts.class_results(worked.teacher_a.id, 9999)
    with pytest.raises(NotFound):
        store.classes.join(worked.dan.id, "NOSUCH")
    with pytest.raises(InvalidInput, match="6 letters and digits"):  # not echoed back
        store.classes.join(worked.dan.id, "<b>" * 3000)


def test_nobody_changes_someone_elses_game(store: Store, worked: School) -> None:
    game = store.games.start(worked.amy.id, {"decks": 3}, seed=5)
    with pytest.raises(AccessDenied):
        store.games.add_actions(worked.bob.id, game.id, {"bid": "2S"})
    with pytest.raises(AccessDenied):
        store.games.finish(worked.teacher_a.id, game.id, {"winner": 0})
    with pytest.raises(AccessDenied):
        store.games.get(worked.bob.id, game.id)
    assert store.games.get(worked.teacher_a.id, game.id).actions == ()


def test_ratings_are_written_only_for_oneself(store: Store, worked: School) -> None:
    store.attempts.record_rated(worked.amy.id, "p9", 1, True, 1.0, theme="trumps",
                                change=lambda user, puzzle: (Rating(1600.0, 90.0, 0.06),
                                                             Rating(1400.0, 90.0, 0.06)))
    assert store.attempts.user_ratings(worked.teacher_a.id, worked.amy.id) == {
        "trumps": Rating(1600.0, 90.0, 0.06)}
    assert store.attempts.user_ratings(worked.bob.id, worked.bob.id) == {}


def test_joining_rules(store: Store, worked: School) -> None:
    guest, _ = store.users.create_guest()
    with pytest.raises(AccessDenied, match="Guests cannot join"):
        store.classes.join(guest.id, worked.class_a.join_code)
    with pytest.raises(AccessDenied, match="Only learners join"):
        store.classes.join(worked.teacher_b.id, worked.class_a.join_code)
    code = worked.class_a.join_code
    typed = f" {code[:3].lower()}-{code[3:]} "
    assert store.classes.join(worked.dan.id, typed) == worked.class_a
    assert store.classes.join(worked.dan.id, code) == worked.class_a  # twice is fine
    members = store.classes.members(worked.teacher_a.id, worked.class_a.id)
    assert [m.username for m in members] == ["amy", "bob", "dan"]
    assert store.classes.for_user(worked.dan.id) == [worked.class_a]
    assert store.classes.for_user(worked.teacher_b.id) == [worked.class_b]


def test_a_game_keeps_a_seed_of_129_bits_and_refuses_a_negative_one(store: Store,
                                                                     worked: School) -> None:
    big = (1 << 128) | 12345678901234567890123456789
    game = store.games.start(worked.amy.id, {"decks": 3}, seed=big)
    assert store.games.get(worked.amy.id, game.id).seed == big
    assert [g.seed for g in store.games.for_user(worked.amy.id, worked.amy.id)] == [big]
    with pytest.raises(InvalidInput):
        store.games.start(worked.amy.id, {"decks": 3}, seed=-1)
