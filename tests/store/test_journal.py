"""The attempt journal: saved attempts are durable at once, readable at once, replayed after a
crash exactly once, and a damaged journal is never silently dropped."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import logging
import threading
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import duckdb
import pytest

from tests.store.conftest import School
from tutor.store import (
    AccessDenied,
    AssignmentProgress,
    InvalidInput,
    NotFound,
    Rating,
    Store,
    writeahead,
)
from tutor.store.attempt_rows import to_entry
from tutor.store.journal import JournalDamaged
from tutor.store.writeahead import journal_path

pytestmark = pytest.mark.backends("duckdb")  # the journal sits in front of DuckDB only


@pytest.fixture
def idle_copier(monkeypatch: pytest.MonkeyPatch) -> None:
    """The background copier waits an hour, so only reads and close() move attempts."""
    monkeypatch.setattr(writeahead, "FLUSH_SECONDS", 3600.0)


@pytest.fixture
def journaled(idle_copier: None, db_path: Path, school: School) -> Iterator[Store]:
    """The school's store, with attempts staying in the journal until something reads."""
    with Store(db_path) as store:
        yield store


def rows_in_duckdb(store: Store) -> int:
    """Attempts DuckDB holds, read without flushing the journal first."""
    return store._db.fetch("SELECT count(*) FROM attempts")[0][0]


def entry(attempt_id: int, user_id: int, puzzle: str = "p1") -> dict:
    return to_entry((attempt_id, user_id, puzzle, json.dumps(puzzle), True, 1.5, None, None,
                     None, datetime(2030, 1, 2, 3, 4, 5, 678901)))


def line(attempt_id: int, user_id: int, puzzle: str = "p1") -> bytes:
    return json.dumps(entry(attempt_id, user_id, puzzle)).encode() + b"\n"


def test_every_read_sees_attempts_still_in_the_journal(journaled: Store, school: School,
                                                       tmp_path: Path) -> None:
    store, teacher, amy = journaled, school.teacher_a.id, school.amy.id
    homework = store.classes.create_assignment(teacher, school.class_a.id, "Week 1", ["p1", "p2"])

    def save() -> int:
        return store.attempts.record(amy, "p1", {"play": ["AS"]}, True, 4.0,
                                    assignment_id=homework.id)

    first = save()
    assert rows_in_duckdb(store) == 0 and journal_path(store.path).stat().st_size > 0
    assert [a.id for a in store.attempts.for_user(amy, amy)] == [first]

    second = save()
    assert rows_in_duckdb(store) == 1
    results = store.attempts.class_results(teacher, school.class_a.id)
    assert [(r.user_id, r.attempts) for r in results] == [(amy, 2), (school.bob.id, 0)]

    save()
    assert store.attempts.assignment_progress(teacher, homework.id)[0] == AssignmentProgress(
        amy, "Amy", 1, 1, 2)

    fourth = save()
    exported = list(csv.DictReader(io.StringIO(store.attempts.class_csv(teacher,
                                                                      school.class_a.id))))
    assert [int(r["attempt_id"]) for r in exported][::3] == [first, fourth]
    assert first < second < fourth
    assert store.attempts.for_user(teacher, amy)[0].id == fourth  # a teacher's read, too


def test_close_copies_the_journal_into_the_database_and_removes_it(
        idle_copier: None, db_path: Path, school: School) -> None:
    with Store(db_path) as store:
        saved = [store.attempts.record(school.amy.id, f"p{n}", n, True, 1.0) for n in range(5)]
        assert rows_in_duckdb(store) == 0
        copier = store._log._thread
    assert not copier.is_alive()
    assert not journal_path(db_path).exists()
    con = duckdb.connect(str(db_path))
    assert [r[0] for r in con.execute("SELECT id FROM attempts ORDER BY id").fetchall()] == saved
    con.close()


def test_the_background_copier_empties_the_journal_by_itself(store: Store,
                                                             school: School) -> None:
    store.attempts.record(school.amy.id, "p1", 1, True, 1.0)
    for _ in range(500):  # the journal forgets an entry just after DuckDB has committed it
        if store._log._journal.unflushed == 0:
            break
        time.sleep(0.01)
    assert store._log._journal.unflushed == 0
    assert rows_in_duckdb(store) == 1


def test_refusals_come_at_call_time_and_journal_nothing(journaled: Store,
                                                       school: School) -> None:
    store, teacher = journaled, school.teacher_a.id
    homework = store.classes.create_assignment(teacher, school.class_a.id, "Week 1", ["p1"])
    with pytest.raises(AccessDenied, match="Unknown acting user 9999"):
        store.attempts.record(9999, "p1", 1, True, 1.0)
    with pytest.raises(AccessDenied, match="not in the class of assignment"):
        store.attempts.record(school.cat.id, "p1", 1, True, 1.0, assignment_id=homework.id)
    with pytest.raises(NotFound, match="no assignment 777"):
        store.attempts.record(school.amy.id, "p1", 1, True, 1.0, assignment_id=777)
    with pytest.raises(InvalidInput):
        store.attempts.record(school.amy.id, "p1", 1, True, -1.0)
    assert store._log._journal.unflushed == 0
    assert journal_path(store.path).stat().st_size == 0


def test_a_learner_who_leaves_a_class_can_no_longer_save_its_work(journaled: Store,
                                                                  school: School) -> None:
    store, teacher, amy = journaled, school.teacher_a.id, school.amy.id
    homework = store.classes.create_assignment(teacher, school.class_a.id, "Week 1", ["p1"])
    store.attempts.record(amy, "p1", 1, True, 1.0, assignment_id=homework.id)  # remembered
    store.classes.remove_member(teacher, school.class_a.id, amy)
    with pytest.raises(AccessDenied, match="not in the class"):
        store.attempts.record(amy, "p1", 2, True, 1.0, assignment_id=homework.id)
    assert len(store.attempts.for_user(amy, amy)) == 1  # the one saved while a member stays


def test_attempts_with_ratings_land_after_the_journaled_ones(journaled: Store,
                                                            school: School) -> None:
    store, amy = journaled, school.amy.id
    plain = store.attempts.record(amy, "p1", 1, False, 1.0)
    rated = store.attempts.record_rated(amy, "p2", 2, True, 1.0, theme="trumps",
                                        change=lambda u, p: (Rating(1520.0, 200.0, 0.06),
                                                             Rating(1480.0, 200.0, 0.06)))
    assert plain < rated.attempt_id
    assert rows_in_duckdb(store) == 2  # the rated write copied the journal first
    assert store.attempts.user_ratings(amy, amy) == {"trumps": Rating(1520.0, 200.0, 0.06)}


def test_a_leftover_journal_is_replayed_on_opening_once_and_ids_move_past_it(
        db_path: Path, school: School) -> None:
    amy = school.amy.id
    with Store(db_path) as store:
        already = store.attempts.record(amy, "p0", 0, True, 1.0)
    # what a killed process leaves: one batch being copied (its first entry already
    # committed before the kill) and newer entries in the active journal
    flushing = journal_path(db_path).with_name(journal_path(db_path).name + ".flushing")
    flushing.write_bytes(json.dumps(dict(entry(already, amy, "p0"), answer="0")).encode()
                         + b"\n" + line(5000, amy, "p1"))
    journal_path(db_path).write_bytes(line(5001, amy, "p2") + line(5002, amy, "p3"))

    with Store(db_path) as store:
        assert not flushing.exists()
        history = store.attempts.for_user(amy, amy)
        assert sorted(a.id for a in history) == [already, 5000, 5001, 5002]
        assert {a.puzzle_id for a in history} == {"p0", "p1", "p2", "p3"}
        assert store.attempts.record(amy, "p4", 4, True, 1.0) > 5002
    with Store(db_path) as store:  # opening again adds nothing
        assert len(store.attempts.for_user(amy, amy)) == 5


def test_a_torn_last_line_is_dropped_with_a_warning(db_path: Path, school: School,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    amy = school.amy.id
    whole = line(7000, amy)
    journal_path(db_path).write_bytes(whole + line(7001, amy)[:25])
    with caplog.at_level(logging.WARNING), Store(db_path) as store:
        assert [a.id for a in store.attempts.for_user(amy, amy)] == [7000]
        after = store.attempts.record(amy, "p9", 9, True, 1.0)  # starts a line of its own
    assert "unfinished write" in caplog.text
    with Store(db_path) as store:
        assert sorted(a.id for a in store.attempts.for_user(amy, amy)) == [7000, after]


@pytest.mark.parametrize("bad", [b"{not json\n", b'{"id": 3}\n', b"[1, 2]\n", b"\n",
                                 b'{"id": "x"' + b"}\n"])
def test_a_damaged_line_stops_the_opening_and_is_left_alone(db_path: Path, school: School,
                                                           bad: bytes) -> None:
    amy = school.amy.id
    journal = journal_path(db_path)
    journal.write_bytes(line(8000, amy) + bad + line(8001, amy))
    before = hashlib.sha256(journal.read_bytes()).hexdigest()
    with pytest.raises(JournalDamaged) as caught:
        Store(db_path)
    message = str(caught.value)
    assert f"Line 2 of the attempt journal {journal}" in message
    assert "Nothing was changed" in message
    assert hashlib.sha256(journal.read_bytes()).hexdigest() == before
    con = duckdb.connect(str(db_path))
    assert con.execute("SELECT count(*) FROM attempts").fetchone() == (0,)
    con.close()

    journal.write_bytes(line(8000, amy) + line(8001, amy))  # once repaired, it opens
    with Store(db_path) as store:
        assert sorted(a.id for a in store.attempts.for_user(amy, amy)) == [8000, 8001]


def test_a_stop_that_lands_just_after_the_batch_wait_still_stops_the_copier(
        db_path: Path, school: School, monkeypatch: pytest.MonkeyPatch) -> None:
    """The copier waits for a batch to gather, then clears its wake-up. A close that sets
    stop and wake in between used to have its wake-up cleared, so the copier slept forever
    and closing the store hung (seen once in CI)."""
    made: list[threading.Event] = []

    class Racy(threading.Event):
        """The copier's events; the stop event's batch wait lets a close land right then."""

        def __init__(self) -> None:
            super().__init__()
            made.append(self)

        def wait(self, timeout: float | None = None) -> bool:
            if timeout is None or self is not made[1] or self.is_set():
                return super().wait(timeout)
            super().wait(timeout)
            self.set()  # stop_thread: _stop first …
            made[0].set()  # … then _wake, both before the copier clears _wake
            return False

    monkeypatch.setattr(writeahead.threading, "Event", Racy)
    store = Store(db_path)
    log = store._log
    monkeypatch.undo()
    assert made[:2] == [log._wake, log._stop]
    try:
        store.attempts.record(school.amy.id, "p1", 1, True, 1.0)  # wakes the copier
        log._thread.join(timeout=5)
        assert not log._thread.is_alive(), "the copier missed the stop and sleeps on"
    finally:
        made[0].set()  # release a copier that missed it, so closing cannot hang
        store.close()
