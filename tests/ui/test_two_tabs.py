"""Two tabs of one learner answering at once (issue 39, section 2): every first attempt
moves the learner's rating from its value as stored at that moment, so no tab's answer
overwrites another's move (a lost update), on a DuckDB file and on PostgreSQL alike.

Each tab is a `Trainer` on its own `Store` (as two app processes behind nginx, or two
groups of writers), both opened before either answers, answering different puzzles of
one type at the same time."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres import create_database, drop_database
from tests.ui.test_trainer import _wrong
from tutor.puzzle import Puzzle, load_bank
from tutor.puzzle.rating import DEFAULT_RATING
from tutor.store import Store
from tutor.ui.puzzles.trainer import Outcome, Trainer

BANK = load_bank()
THEME = "throw"


def _wrong_or_none(puzzle: Puzzle) -> str | None:
    try:
        return _wrong(puzzle)
    except AssertionError:  # every short answer is right here
        return None
PER_TAB = 8
_numbers = itertools.count(1)


@pytest.fixture(params=["duckdb", "postgresql"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str | Path]:
    """A new, empty database on each backend."""
    if request.param == "duckdb":
        yield tmp_path / "tutor.duckdb"
        return
    server: str = request.getfixturevalue("pg_url")
    name = f"two_tabs_{next(_numbers)}"
    url = create_database(server, name)
    try:
        yield url
    finally:
        drop_database(server, name)


def test_two_tabs_answering_at_once_keep_every_move_of_the_learners_rating(
        target: str | Path) -> None:
    with Store(target) as one, Store(target) as other:
        learner = one.users.create_guest("Lea")[0].id
        # half of them missed (a rating moves either way)
        answers = [(p, _wrong_or_none(p)) for p in BANK if p.type == THEME]
        puzzles = [(p, wrong if n % 2 else p.solve().text) for n, (p, wrong) in enumerate(
            (p, w) for p, w in answers if w is not None)][:2 * PER_TAB]
        tabs = [Trainer(BANK, opened, learner) for opened in (one, other)]  # both open first
        outcomes: list[list[Outcome]] = [[], []]
        errors: list[BaseException] = []
        start = threading.Barrier(2)

        def answer(slot: int) -> None:
            start.wait()
            try:
                for puzzle, given in puzzles[slot::2]:
                    outcomes[slot].append(tabs[slot].submit(puzzle, given, 5.0))
            except BaseException as exc:  # reported below, not lost in the thread
                errors.append(exc)

        threads = [threading.Thread(target=answer, args=(slot,)) for slot in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        moves = outcomes[0] + outcomes[1]
        assert len(moves) == 2 * PER_TAB and all(o.first_attempt for o in moves)

        # each move starts where another ended: one chain from the starting rating
        starts = [o.rating_before for o in moves]
        assert len(set(starts)) == len(moves), (
            "two answers moved the rating from the same value: one tab's move was lost")
        after = {o.rating_before: o.rating_after for o in moves}
        rating = DEFAULT_RATING
        for _ in moves:
            assert rating in after, f"no answer moved the rating on from {rating}"
            rating = after[rating]
        stored = one.attempts.user_ratings(learner, learner)[THEME]
        assert stored.rating == rating  # the stored rating is the end of that chain
        assert len(one.attempts.for_user(learner, learner)) == 2 * PER_TAB
