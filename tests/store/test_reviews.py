"""Stored hand reviews: saved once by the game's player, read by them and their teachers, and
the mistakes they found counted by learner and by class (both backends)."""

from __future__ import annotations

import pytest

from tutor.store import AccessDenied, InvalidInput, NotFound


def _game(store, user):
    return store.games.start(user.id, {"rules": 1}, 7).id


def test_a_review_is_kept_once_and_read_by_the_player_and_their_teacher(store, school):
    game = _game(store, school.amy)
    mistakes = [(40, "points_given", "blunder", True), (52, "lead", "inaccuracy", False)]
    store.reviews.save(school.amy.id, game, 0, {"decisions": [1, 2]}, 87.5, mistakes)
    store.reviews.save(school.amy.id, game, 0, {"decisions": ["again"]}, 10.0,
                       [(1, "lead", "mistake", True)])  # a second save changes nothing
    assert store.reviews.get(school.amy.id, game, 0) == {"decisions": [1, 2]}
    assert store.reviews.get(school.teacher_a.id, game, 0) == {"decisions": [1, 2]}
    assert store.reviews.get(school.amy.id, game, 1) is None
    with pytest.raises(AccessDenied):
        store.reviews.get(school.teacher_b.id, game, 0)
    found = store.reviews.mistakes(school.amy.id, school.amy.id)
    assert [(m.index, m.kind, m.grade, m.clear) for m in found] == [
        (40, "points_given", "blunder", True), (52, "lead", "inaccuracy", False)]


def test_only_the_player_saves_a_review_of_their_game(store, school):
    game = _game(store, school.amy)
    with pytest.raises(AccessDenied):
        store.reviews.save(school.bob.id, game, 0, {}, None, [])
    with pytest.raises(NotFound):
        store.reviews.save(school.amy.id, 999_999, 0, {}, None, [])
    with pytest.raises(InvalidInput):
        store.reviews.save(school.amy.id, game, 0, {}, None, [(1, "lead", "awful", True)])
    assert store.reviews.get(school.amy.id, game, 0) is None  # nothing half saved


def test_a_teacher_sees_the_commonest_clear_mistakes_of_their_class(store, school):
    for learner, kinds in ((school.amy, ["points_given", "points_given", "lead"]),
                           (school.bob, ["points_given"]), (school.cat, ["lead"] * 5)):
        game = _game(store, learner)
        rows = [(i, k, "mistake", True) for i, k in enumerate(kinds)]
        rows.append((99, "trump_spent", "inaccuracy", False))  # not clear: not counted
        store.reviews.save(learner.id, game, 0, {}, 50.0, rows)
    assert store.reviews.class_mistakes(school.teacher_a.id, school.class_a.id) == [
        ("points_given", 3, 2), ("lead", 1, 1)]  # cat is in another class
    with pytest.raises(AccessDenied):
        store.reviews.class_mistakes(school.teacher_b.id, school.class_a.id)


def test_reviewed_hands_are_counted_with_or_without_mistakes(store, school):
    """A review that found no mistake is a reviewed hand all the same (Progress said "No
    reviewed hands yet" after one)."""
    game = _game(store, school.amy)
    assert store.reviews.reviewed(school.amy.id, school.amy.id) == 0
    store.reviews.save(school.amy.id, game, 0, {"decisions": []}, 100.0, [])
    store.reviews.save(school.amy.id, game, 1, {}, 50.0, [(3, "lead", "mistake", True)])
    assert store.reviews.reviewed(school.amy.id, school.amy.id) == 2
    assert store.reviews.reviewed(school.teacher_a.id, school.amy.id) == 2  # their teacher
    assert store.reviews.reviewed(school.bob.id, school.bob.id) == 0
    with pytest.raises(AccessDenied):
        store.reviews.reviewed(school.teacher_b.id, school.amy.id)
    assert store.reviews.class_reviewed(school.teacher_a.id, school.class_a.id) == 2
    with pytest.raises(AccessDenied):
        store.reviews.class_reviewed(school.teacher_b.id, school.class_a.id)


def test_each_player_at_a_shared_table_keeps_their_own_review_of_a_hand(store, school):
    from tutor.tables import table_options

    info = store.tables.create(school.amy.id, table_options("easy", max_hands=1), 4242,
                               options={})
    store.tables.join(school.bob.id, info.id)
    game = info.game_id
    store.reviews.save(school.amy.id, game, 0, {"seat": 0}, 80.0, [(3, "lead", "mistake", True)])
    store.reviews.save(school.bob.id, game, 0, {"seat": 1}, 60.0,
                       [(4, "points_given", "blunder", True)])
    store.reviews.save(school.bob.id, game, 0, {"seat": "again"}, 1.0, [])  # kept once
    assert store.reviews.get(school.amy.id, game, 0) == {"seat": 0}
    assert store.reviews.get(school.bob.id, game, 0) == {"seat": 1}
    # their teacher reads either, by player; nobody else reads or writes one
    assert store.reviews.get(school.teacher_a.id, game, 0, player_id=school.bob.id) == {
        "seat": 1}
    for reader, player in ((school.bob, school.amy), (school.teacher_b, school.amy),
                           (school.cat, school.bob)):
        with pytest.raises(AccessDenied):
            store.reviews.get(reader.id, game, 0, player_id=player.id)
    with pytest.raises(AccessDenied):  # cat sits at no seat of this table
        store.reviews.save(school.cat.id, game, 0, {"seat": 2}, None, [])
    assert [(m.kind, m.grade) for m in store.reviews.mistakes(school.amy.id, school.amy.id)
            ] == [("lead", "mistake")]
    assert [(m.kind, m.grade) for m in store.reviews.mistakes(school.bob.id, school.bob.id)
            ] == [("points_given", "blunder")]
    assert store.reviews.class_reviewed(school.teacher_a.id, school.class_a.id) == 2
    assert store.reviews.class_mistakes(school.teacher_a.id, school.class_a.id) == [
        ("lead", 1, 1), ("points_given", 1, 1)]
