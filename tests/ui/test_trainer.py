"""The puzzle trainer with a real DuckDB store: ratings move once, attempts are kept."""

import random

import pytest

from tutor.puzzle import AnswerError, load_bank
from tutor.ui.puzzles.trainer import Trainer

BANK = load_bank()


def _wrong(puzzle) -> str:
    """A well-formed answer that differs from the rules core's."""
    right = puzzle.solve().text
    for candidate in ("ok", "10H 10H", "1", "2", "0", "none", "no", "yes", "declarer 1",
                      "1 1 1 1 1", "alone", "A"):
        if candidate != right:
            try:
                if not _grade_ok(puzzle, candidate):
                    return candidate
            except AnswerError:
                continue
    raise AssertionError(f"no wrong answer found for {puzzle.id}")


def _grade_ok(puzzle, answer) -> bool:
    from tutor.puzzle import grade
    return grade(puzzle, answer).correct


def test_first_attempt_moves_the_rating_and_a_replay_does_not(store):
    user, _ = store.users.create_guest()
    trainer = Trainer(BANK, store, user.id, rng=random.Random(1))
    puzzle = trainer.next_puzzle(theme="throw")
    assert "throw" in puzzle.themes
    out = trainer.submit(puzzle, puzzle.solve().text, 12.5)
    assert out.grade.correct and out.first_attempt and out.rating_after > out.rating_before
    again = trainer.submit(puzzle, puzzle.solve().text, 3)
    assert not again.first_attempt and again.rating_after == again.rating_before
    # everything is read back by a new trainer over the same file
    fresh = Trainer(BANK, store, user.id)
    assert fresh.rating(out.theme).rating == pytest.approx(out.rating_after)
    assert puzzle.id in fresh.tried
    attempts = store.attempts.for_user(user.id, user.id)
    assert len(attempts) == 2 and attempts[-1].rating_after == pytest.approx(out.rating_after)


def test_missed_puzzles_come_back_in_retry_mode_until_solved(store):
    user, _ = store.users.create_guest()
    trainer = Trainer(BANK, store, user.id, rng=random.Random(2))
    puzzle = trainer.next_puzzle(theme="kitty")
    out = trainer.submit(puzzle, _wrong(puzzle), 5)
    assert not out.grade.correct and out.rating_after < out.rating_before
    assert Trainer(BANK, store, user.id).to_retry() == [puzzle.id]
    assert trainer.next_puzzle(mode="retry") is puzzle
    trainer.submit(puzzle, puzzle.solve().text, 5)
    assert trainer.to_retry() == [] and trainer.next_puzzle(mode="retry") is None


def test_streak_aims_higher_after_each_solve_and_ends_on_a_miss():
    trainer = Trainer(BANK, rng=random.Random(3))
    for n in range(1, 4):
        p = trainer.next_puzzle(mode="streak")
        assert trainer.submit(p, p.solve().text, 1, mode="streak").streak == n
    p = trainer.next_puzzle(mode="streak")
    out = trainer.submit(p, _wrong(p), 1, mode="streak")
    assert out.streak == 0 and out.streak_ended == 3


def test_unreadable_answers_are_refused_without_saving(store):
    user, _ = store.users.create_guest()
    trainer = Trainer(BANK, store, user.id)
    puzzle = next(p for p in BANK if p.type == "trick")
    with pytest.raises(AnswerError):
        trainer.submit(puzzle, "the third one", 1)
    assert store.attempts.for_user(user.id, user.id) == []


def test_the_puzzles_page_opens_the_puzzle_its_parameter_names(tmp_path):
    from tutor.store import Store
    from tutor.ui.bank import shipped_bank
    from tutor.ui.puzzles.page import PuzzlesPage
    wanted = list(shipped_bank())[7]
    page = PuzzlesPage(puzzle=wanted)
    assert page.puzzle.id == wanted.id and page.card.question is page.puzzle
    with Store(tmp_path / "t.duckdb") as store:
        user, _ = store.users.create_guest()
        page.attach_user(store, user)  # signing in keeps the puzzle the link asked for
        assert page.puzzle.id == wanted.id
    assert page.open_puzzle("no-such-puzzle") is False and page.puzzle.id == wanted.id
