"""Lesson progress, stored ratings and saved games."""

from __future__ import annotations

import pytest

from tests.store.conftest import School
from tutor.store import Conflict, InvalidInput, Rating, Store


def test_lesson_progress_moves_and_completion_sticks(store: Store, school: School) -> None:
    amy = school.amy.id
    store.lessons.save_step(amy, "trumps", 2)
    store.lessons.save_step(amy, "trumps", 5, completed=True)
    back = store.lessons.save_step(amy, "trumps", 1)  # revisiting an early step
    assert (back.step, back.completed) == (1, True)
    store.lessons.save_step(amy, "bidding", 0)
    progress = store.lessons.progress(school.teacher_a.id, amy)
    assert {k: (v.step, v.completed) for k, v in progress.items()} == {
        "trumps": (1, True), "bidding": (0, False)}
    with pytest.raises(InvalidInput):
        store.lessons.save_step(amy, "trumps", -1)


def test_ratings_are_stored_as_given(store: Store, school: School) -> None:
    amy, puzzle = school.amy.id, Rating(1800.0, 60.0, 0.06)

    def answer(puzzle_id: str, theme: str, rating: Rating, moved: Rating = puzzle) -> None:
        store.attempts.record_rated(amy, puzzle_id, 1, True, 1.0, theme=theme,
                                    change=lambda user, stored: (rating, moved))

    answer("p1", "follow", Rating(1500.0, 350.0, 0.06))
    answer("p2", "follow", Rating(1432.25, 301.5, 0.05999))
    answer("p3", "throw", Rating(1700.0, 80.0, 0.07))
    assert store.attempts.user_ratings(amy, amy) == {"follow": Rating(1432.25, 301.5, 0.05999),
                                            "throw": Rating(1700.0, 80.0, 0.07)}
    assert store.attempts.puzzle_ratings(["p1"]) == {"p1": puzzle}
    assert store.attempts.puzzle_ratings([]) == {}
    with pytest.raises(InvalidInput):
        answer("p4", "follow", Rating(1500.0, 350.0, 0.06), Rating(float("nan"), 60.0, 0.06))
    assert store.attempts.puzzle_ratings(["p4"]) == {}


def test_a_game_is_saved_action_by_action(store: Store, school: School) -> None:
    amy = school.amy.id
    rules = {"decks": 3, "players": 5, "friends": 2}
    game = store.games.start(amy, rules, seed=20240901)
    assert (game.rules, game.seed, game.actions, game.status) == (rules, 20240901, (),
                                                                  "in_progress")
    assert store.games.add_actions(amy, game.id, {"seat": 0, "bid": "2S"}) == 1
    assert store.games.add_actions(amy, game.id, {"seat": 1, "pass": True},
                                  {"seat": 2, "play": ["3H"]}) == 3
    done = store.games.finish(amy, game.id, {"winner": "defenders", "points": 75})
    assert done.status == "finished" and done.result == {"winner": "defenders", "points": 75}
    assert done.actions == ({"seat": 0, "bid": "2S"}, {"seat": 1, "pass": True},
                            {"seat": 2, "play": ["3H"]})
    with pytest.raises(Conflict, match="finished"):
        store.games.add_actions(amy, game.id, {"seat": 3})

    other = store.games.start(amy, rules, seed=2)
    assert [g.id for g in store.games.for_user(amy, amy, "in_progress")] == [other.id]
    assert [g.id for g in store.games.for_user(amy, amy)] == [other.id, game.id]
    with pytest.raises(InvalidInput):
        store.games.add_actions(amy, other.id, {"bad": {1, 2}})
    assert store.games.get(amy, other.id).actions == ()
