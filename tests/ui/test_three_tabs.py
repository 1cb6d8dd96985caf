"""Three tabs of one learner on one puzzle (issue 34, section 3): the store, not a tab's
memory, decides which answer was the first attempt, and ratings move from stored values."""

import pytest

from tests.ui.test_trainer import _wrong
from tutor.puzzle import load_bank, puzzle_start
from tutor.puzzle.rating import attempt
from tutor.store import Rating as StoredRating
from tutor.ui.puzzles.trainer import Trainer

BANK = load_bank()
PUZZLE_ID = "throw-1-029"


def test_three_tabs_wrong_then_right_then_right_count_only_the_first(store):
    user, _ = store.users.create_guest()
    puzzle = next(p for p in BANK if p.id == PUZZLE_ID)
    tabs = [Trainer(BANK, store, user.id) for _ in range(3)]  # all opened before any answer
    assert store.attempts.puzzle_ratings([puzzle.id]) == {}  # nobody has tried it yet
    # what the first (wrong) answer alone makes of both ratings
    learner_after, puzzle_after = attempt(tabs[0].rating(puzzle.type),
                                          puzzle_start(puzzle.difficulty), False, True)

    missed = tabs[0].submit(puzzle, _wrong(puzzle), 4.0)
    right = [tab.submit(puzzle, puzzle.solve().text, 6.0) for tab in tabs[1:]]

    assert missed.first_attempt and missed.rating_after == pytest.approx(learner_after.rating)
    for out in right:  # the later tabs hear the store's verdict: not first, no change
        assert out.grade.correct and not out.first_attempt
        assert out.rating_before == out.rating_after == pytest.approx(learner_after.rating)
    stored = store.attempts.user_ratings(user.id, user.id)[puzzle.type]
    assert stored.rating == pytest.approx(learner_after.rating)  # the penalty stands
    moved = store.attempts.puzzle_ratings([puzzle.id])[puzzle.id]
    assert moved == pytest.approx(StoredRating(puzzle_after.rating, puzzle_after.rd,
                                               puzzle_after.volatility))  # moved once
    attempts = store.attempts.for_user(user.id, user.id)
    assert [a.correct for a in reversed(attempts)] == [False, True, True]  # all three kept


def test_a_tab_without_a_store_still_counts_its_own_first_attempt_only():
    tab = Trainer(BANK)
    puzzle = next(p for p in BANK if p.id == PUZZLE_ID)
    missed = tab.submit(puzzle, _wrong(puzzle), 4.0)
    again = tab.submit(puzzle, puzzle.solve().text, 6.0)
    assert missed.first_attempt and missed.change < 0
    assert not again.first_attempt and again.change == 0
    assert again.rating_before == pytest.approx(missed.rating_after)


def test_a_personal_puzzle_moves_no_rating_even_as_the_first_attempt(store):
    from dataclasses import replace
    user, _ = store.users.create_guest()
    bank_puzzle = next(p for p in BANK if p.id == PUZZLE_ID)
    mine = replace(bank_puzzle, id="mine-1")
    tab = Trainer(BANK, store, user.id, personal=[mine])
    out = tab.submit(mine, mine.solve().text, 3.0)
    assert not out.first_attempt and out.change == 0
    assert store.attempts.user_ratings(user.id, user.id) == {}
    assert store.attempts.puzzle_ratings(["mine-1"]) == {}
    assert len(store.attempts.for_user(user.id, user.id)) == 1
