"""A first attempt is first once (issue 34, section 3): the database decides which answer
is a learner's first at a puzzle, in the transaction that moves the ratings, so answers
arriving at once from many tabs, threads or stores count once per learner and puzzle."""

from __future__ import annotations

import threading
from datetime import datetime
from pathlib import Path
from typing import Any

import duckdb
import psycopg
import pytest

from tests.store.conftest import School
from tests.store.test_postgres import blank
from tutor.store import InvalidInput, Rating, Store
from tutor.store.migrations import MIGRATIONS, upgrade
from tutor.store.pg import PgCursor

START = Rating(1500.0, 200.0, 0.06)


def _down(user: Rating | None, puzzle: Rating | None) -> tuple[Rating, Rating]:
    """Both stored ratings one point lower (a first rating starts at 1500)."""
    u, p = user or START, puzzle or START
    return Rating(u.rating - 1.0, u.rd, u.volatility), Rating(p.rating - 1.0, p.rd, p.volatility)


def _at_once(stores: list[Store], jobs: list[tuple[int, str]], repeats: int,
             theme: str = "follow") -> list[list[bool]]:
    """Each job (learner, puzzle) answered `repeats` times from its own thread, all threads
    released together and spread over `stores`; the `first` verdicts per thread."""
    start = threading.Barrier(len(jobs))
    verdicts: list[list[bool]] = [[] for _ in jobs]
    errors: list[BaseException] = []

    def answer(slot: int) -> None:
        learner, puzzle = jobs[slot]
        opened = stores[slot % len(stores)]
        start.wait()
        try:
            for n in range(repeats):
                verdicts[slot].append(opened.attempts.record_rated(
                    learner, puzzle, n, n % 2 == 0, 1.0, theme=theme, change=_down).first)
        except BaseException as exc:  # reported below, not lost in the thread
            errors.append(exc)

    threads = [threading.Thread(target=answer, args=(n,)) for n in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    return verdicts


def test_one_learner_answering_one_puzzle_from_many_threads_and_stores_is_first_once(
        store: Store, target: str | Path) -> None:
    other = Store(target)  # its own group of writers: really concurrent transactions
    try:
        amy = store.users.create_guest("Amy")[0].id
        verdicts = _at_once([store, other], [(amy, "p1")] * 8, repeats=5)
        assert sum(sum(v) for v in verdicts) == 1  # exactly one first attempt of 40
        assert store.attempts.user_ratings(amy, amy) == {"follow": Rating(1499.0, 200.0, 0.06)}
        assert store.attempts.puzzle_ratings(["p1"]) == {"p1": Rating(1499.0, 200.0, 0.06)}
        history = store.attempts.for_user(amy, amy)
        assert len(history) == 40
        moved = [a for a in history if a.rating_before != a.rating_after]
        assert [(a.rating_before, a.rating_after) for a in moved] == [(None, 1499.0)]
        # every later attempt keeps the stored rating it met: the first one's result
        assert {a.rating_after for a in history} == {1499.0}
    finally:
        other.close()


def test_many_learners_on_one_puzzle_at_once_each_move_it_once(
        store: Store, target: str | Path) -> None:
    other = Store(target)
    try:
        learners = [store.users.create_guest(f"G{n}")[0].id for n in range(6)]
        jobs = [(learner, "shared") for learner in learners for _ in range(2)]  # 2 tabs each
        verdicts = _at_once([store, other], jobs, repeats=4)
        firsts = {learner: 0 for learner in learners}
        for (learner, _), got in zip(jobs, verdicts, strict=True):
            firsts[learner] += sum(got)
        assert firsts == {learner: 1 for learner in learners}
        assert store.attempts.puzzle_ratings(["shared"])["shared"].rating == 1500.0 - 6
        for learner in learners:
            assert store.attempts.user_ratings(learner, learner)["follow"].rating == 1499.0
    finally:
        other.close()


def test_first_attempts_at_different_puzzles_from_two_tabs_all_count(
        store: Store, target: str | Path) -> None:
    other = Store(target)
    try:
        amy = store.users.create_guest("Amy")[0].id
        jobs = [(amy, f"p{n}") for n in range(8)]
        verdicts = _at_once([store, other], jobs, repeats=3)
        assert [v[0] for v in verdicts] == [True] * 8 and not any(v[1] or v[2] for v in verdicts)
        assert store.attempts.user_ratings(amy, amy)["follow"].rating == 1500.0 - 8
    finally:
        other.close()


def test_the_change_gets_both_ratings_as_stored_and_a_later_answer_learns_it_was_not_first(
        store: Store) -> None:
    amy, bob = (store.users.create_guest(name)[0].id for name in ("Amy", "Bob"))
    seen: list[tuple[Rating | None, Rating | None]] = []

    def change(user: Rating | None, puzzle: Rating | None) -> tuple[Rating, Rating]:
        seen.append((user, puzzle))
        return _down(user, puzzle)

    first = store.attempts.record_rated(amy, "p1", 1, True, 1.0, theme="t", change=change)
    again = store.attempts.record_rated(amy, "p1", 2, False, 1.0, theme="t", change=change)
    other = store.attempts.record_rated(bob, "p1", 3, True, 1.0, theme="t", change=change)
    low = Rating(1499.0, 200.0, 0.06)
    assert seen == [(None, None), (None, low)]  # bob's move starts from amy's result
    assert (first.first, first.before, first.after, first.puzzle) == (True, None, low, low)
    assert (again.first, again.before, again.after, again.puzzle) == (False, low, low, low)
    assert other.first and other.puzzle == Rating(1498.0, 200.0, 0.06)
    assert store.attempts.user_ratings(amy, amy) == {"t": low}


def test_a_plain_attempt_saved_before_is_the_first_attempt(store: Store) -> None:
    amy = store.users.create_guest("Amy")[0].id
    store.attempts.record(amy, "p1", 1, False, 1.0)  # moves nothing
    verdict = store.attempts.record_rated(amy, "p1", 2, True, 1.0, theme="t", change=_down)
    assert not verdict.first and verdict.before is None and verdict.after is None
    assert store.attempts.user_ratings(amy, amy) == {}
    assert store.attempts.puzzle_ratings(["p1"]) == {}


def test_a_bad_change_or_theme_is_refused_and_nothing_is_saved(store: Store,
                                                              school: School) -> None:
    amy = school.amy.id
    with pytest.raises(InvalidInput, match="function of the stored ratings"):
        store.attempts.record_rated(amy, "p", 1, True, 1.0, theme="t",
                                    change=Rating(1.0, 1.0, 1.0))  # type: ignore[arg-type]
    with pytest.raises(InvalidInput):
        store.attempts.record_rated(amy, "p", 1, True, 1.0, theme="", change=_down)
    with pytest.raises(InvalidInput, match="deviation must be positive"):
        store.attempts.record_rated(amy, "p", 1, True, 1.0, theme="t",
                                    change=lambda u, p: (Rating(1.0, -1.0, 0.06), START))
    assert store.attempts.for_user(amy, amy) == []
    assert store.attempts.user_ratings(amy, amy) == {}
    # the refused answer claimed nothing: the next one is still the first
    assert store.attempts.record_rated(amy, "p", 1, True, 1.0, theme="t", change=_down).first



def test_a_failing_change_refuses_only_its_own_answer_in_a_shared_transaction(
        store: Store, school: School) -> None:
    from tutor.store.attempts import _Answer

    amy, bob = school.amy.id, school.bob.id

    def broken(user: Rating | None, puzzle: Rating | None) -> tuple[Rating, Rating]:
        raise ZeroDivisionError("bad maths")

    row = store.attempts._checked_row  # two answers that arrived together: one group
    batch = [_Answer(row(amy, "p", 1, True, 1.0, None), "t", broken),
             _Answer(row(bob, "p", 2, True, 1.0, None), "t", _down)]
    refused, saved = store.attempts._write(batch)
    assert isinstance(refused, InvalidInput) and "ZeroDivisionError: bad maths" in str(refused)
    assert saved.first and saved.puzzle == Rating(1499.0, 200.0, 0.06)
    assert store.attempts.for_user(amy, amy) == [] and store.attempts.user_ratings(amy, amy) == {}
    assert [a.id for a in store.attempts.for_user(bob, bob)] == [saved.attempt_id]
    # amy's refused answer claimed nothing
    assert store.attempts.record_rated(amy, "p", 3, True, 1.0, theme="t", change=_down).first


def test_answers_sharing_a_transaction_are_first_in_the_order_they_came(
        store: Store, school: School) -> None:
    from tutor.store.attempts import _Answer

    amy, row = school.amy.id, store.attempts._checked_row
    # a plain answer, then rated ones, at one puzzle, arriving together: one group
    batch = [_Answer(row(amy, "p", 1, False, 1.0, None)),
             _Answer(row(amy, "p", 2, True, 1.0, None), "t", _down),
             _Answer(row(amy, "q", 3, True, 1.0, None), "t", _down),
             _Answer(row(amy, "q", 4, True, 1.0, None), "t", _down)]
    plain, late, first, again = store.attempts._write(batch)
    assert plain.first and not late.first and first.first and not again.first
    assert [plain.after, late.after, again.before] == [None, None, first.after]
    assert store.attempts.user_ratings(amy, amy) == {"t": Rating(1499.0, 200.0, 0.06)}
    assert [a.id for a in store.attempts.for_user(amy, amy)] == sorted(
        (v.attempt_id for v in (plain, late, first, again)), reverse=True)


# the migration that added first_attempts (found by name: numbers may change at a merge)
FIRSTS = next(n for n, what, _ in MIGRATIONS if what.startswith("each learner's first attempt"))
OLD_ATTEMPTS = [  # (user, puzzle, created hour): ids follow the list, times do not
    (1, "a", 12), (1, "a", 10), (1, "a", 11), (1, "b", 9), (2, "a", 13), (2, "a", 13),
]


@pytest.mark.parametrize("backend", ["duckdb", "postgresql"])
def test_the_migration_takes_each_learners_earliest_attempt_as_the_first(
        backend: str, db_path: Path, request: pytest.FixtureRequest) -> None:
    if backend == "postgresql":
        url = blank(request.getfixturevalue("pg_database")())
        con: Any = psycopg.connect(url, autocommit=True)
        cur, target = PgCursor(con.cursor()), url
    else:
        db_path.parent.mkdir(parents=True)
        con = cur = duckdb.connect(str(db_path))
        target = db_path
    assert upgrade(cur, target, backend, target=FIRSTS - 1) == FIRSTS - 1
    for n in (1, 2):
        cur.execute("INSERT INTO users (id, display_name, role, created_at)"
                    " VALUES ($1, 'L', 'learner', $2)", [n, datetime(2024, 9, 1)])
    for n, (user, puzzle, hour) in enumerate(OLD_ATTEMPTS, start=1):
        cur.execute("INSERT INTO attempts VALUES ($1, $2, $3, '1', true, 1.0, NULL, NULL, NULL,"
                    " $4)", [n, user, puzzle, datetime(2024, 9, 1, hour)])
    assert upgrade(cur, target, backend, target=FIRSTS) == FIRSTS
    firsts = cur.execute("SELECT user_id, puzzle_id, attempt_id FROM first_attempts"
                         " ORDER BY user_id, puzzle_id").fetchall()
    con.close()
    # the earliest by time (10 o'clock, id 2), by id when two share a time (ids 5 and 6)
    assert [tuple(r) for r in firsts] == [(1, "a", 2), (1, "b", 4), (2, "a", 5)]
    with Store(target) as store:
        assert not store.attempts.record_rated(1, "a", 1, True, 1.0, theme="t",
                                               change=_down).first
        assert store.attempts.record_rated(1, "c", 1, True, 1.0, theme="t", change=_down).first
        assert store.attempts.user_ratings(1, 1) == {"t": Rating(1499.0, 200.0, 0.06)}
