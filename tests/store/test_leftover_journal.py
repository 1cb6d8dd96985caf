"""Saved means committed: an answer is in the database when `record` returns, and a refused
one writes nothing. The journal of older versions: a data folder that still holds one is
copied into the database on opening, exactly once, and a damaged one is never silently
dropped."""

from __future__ import annotations

import hashlib
import json
import logging
from datetime import datetime
from pathlib import Path

import duckdb
import pytest

from tests.store.conftest import School
from tutor.store import AccessDenied, InvalidInput, NotFound, Rating, Store
from tutor.store.leftover_journal import JournalDamaged, journal_paths, to_entry

pytestmark = pytest.mark.backends("duckdb")  # only DuckDB files ever had a journal


def rows_in_duckdb(store: Store) -> int:
    """Attempts DuckDB holds, read directly."""
    return store._db.fetch("SELECT count(*) FROM attempts")[0][0]


def entry(attempt_id: int, user_id: int, puzzle: str = "p1") -> dict:
    return to_entry((attempt_id, user_id, puzzle, json.dumps(puzzle), True, 1.5, None, None,
                     None, datetime(2030, 1, 2, 3, 4, 5, 678901)))


def line(attempt_id: int, user_id: int, puzzle: str = "p1") -> bytes:
    return json.dumps(entry(attempt_id, user_id, puzzle)).encode() + b"\n"


def test_an_answer_is_in_the_database_when_record_returns(db_path: Path,
                                                          school: School) -> None:
    with Store(db_path) as store:
        saved = store.attempts.record(school.amy.id, "p1", {"play": ["AS"]}, True, 4.0)
        assert store._db.fetch("SELECT id FROM attempts") == [(saved,)]
        assert not any(p.exists() for p in journal_paths(db_path))  # no journal, ever


def test_refusals_come_at_call_time_and_write_nothing(store: Store, school: School) -> None:
    teacher = school.teacher_a.id
    homework = store.classes.create_assignment(teacher, school.class_a.id, "Week 1", ["p1"])
    with pytest.raises(AccessDenied, match="Unknown acting user 9999"):
        store.attempts.record(9999, "p1", 1, True, 1.0)
    with pytest.raises(AccessDenied, match="not in the class of assignment"):
        store.attempts.record(school.cat.id, "p1", 1, True, 1.0, assignment_id=homework.id)
    with pytest.raises(NotFound, match="no assignment 777"):
        store.attempts.record(school.amy.id, "p1", 1, True, 1.0, assignment_id=777)
    with pytest.raises(InvalidInput):
        store.attempts.record(school.amy.id, "p1", 1, True, -1.0)
    assert rows_in_duckdb(store) == 0


def test_a_learner_who_leaves_a_class_can_no_longer_save_its_work(store: Store,
                                                                  school: School) -> None:
    teacher, amy = school.teacher_a.id, school.amy.id
    homework = store.classes.create_assignment(teacher, school.class_a.id, "Week 1", ["p1"])
    store.attempts.record(amy, "p1", 1, True, 1.0, assignment_id=homework.id)  # remembered
    store.classes.remove_member(teacher, school.class_a.id, amy)
    with pytest.raises(AccessDenied, match="not in the class"):
        store.attempts.record(amy, "p1", 2, True, 1.0, assignment_id=homework.id)
    assert len(store.attempts.for_user(amy, amy)) == 1  # the one saved while a member stays


def test_a_leftover_journal_is_replayed_on_opening_once_and_ids_move_past_it(
        db_path: Path, school: School, caplog: pytest.LogCaptureFixture) -> None:
    amy = school.amy.id
    with Store(db_path) as store:
        already = store.attempts.record(amy, "p0", 0, True, 1.0)
    # what an older version's killed process left: one batch being copied (its first entry
    # already committed before the kill) and newer entries in the active journal
    flushing, journal = journal_paths(db_path)
    flushing.write_bytes(json.dumps(dict(entry(already, amy, "p0"), answer="0")).encode()
                         + b"\n" + line(5000, amy, "p1"))
    journal.write_bytes(line(5001, amy, "p2") + line(5002, amy, "p3"))

    with caplog.at_level(logging.WARNING), Store(db_path) as store:
        assert not flushing.exists() and not journal.exists()
        assert ("Copied 3 saved answers (of 4) from the journal an older version left beside"
                f" {db_path}, and removed it") in caplog.text
        history = store.attempts.for_user(amy, amy)
        assert sorted(a.id for a in history) == [already, 5000, 5001, 5002]
        assert {a.puzzle_id for a in history} == {"p0", "p1", "p2", "p3"}
        assert store.attempts.record(amy, "p4", 4, True, 1.0) > 5002
        # a replayed answer was the first attempt at its puzzle: a rated one now is not
        assert not store.attempts.record_rated(amy, "p2", 5, True, 1.0, theme="t", change=lambda
                                               u, p: (Rating(1.0, 1.0, 1.0),) * 2).first
    with Store(db_path) as store:  # opening again adds nothing
        assert len(store.attempts.for_user(amy, amy)) == 6


def test_a_torn_last_line_is_dropped_with_a_warning(db_path: Path, school: School,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    amy = school.amy.id
    whole = line(7000, amy)
    journal_paths(db_path)[1].write_bytes(whole + line(7001, amy)[:25])
    with caplog.at_level(logging.WARNING), Store(db_path) as store:
        assert [a.id for a in store.attempts.for_user(amy, amy)] == [7000]
        after = store.attempts.record(amy, "p9", 9, True, 1.0)
    assert "unfinished write" in caplog.text
    assert not journal_paths(db_path)[1].exists()
    with Store(db_path) as store:
        assert sorted(a.id for a in store.attempts.for_user(amy, amy)) == [7000, after]


@pytest.mark.parametrize("bad", [b"{not json\n", b'{"id": 3}\n', b"[1, 2]\n", b"\n",
                                 b'{"id": "x"' + b"}\n"])
def test_a_damaged_line_stops_the_opening_and_is_left_alone(db_path: Path, school: School,
                                                           bad: bytes) -> None:
    amy = school.amy.id
    journal = journal_paths(db_path)[1]
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
