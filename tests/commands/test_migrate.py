"""`python -m tutor migrate`: a classroom's DuckDB file copied into PostgreSQL, ids and
all, counts checked; a non-empty target refused; bad arguments told clearly."""

from __future__ import annotations

import itertools
from datetime import date
from pathlib import Path

import psycopg
import pytest

from tests.postgres import create_database, drop_database
from tests.serving import free_port
from tutor.__main__ import main
from tutor.store import Rating, Store

_numbers = itertools.count(1)


@pytest.fixture
def empty_db(pg_url: str):
    name = f"migrate_{next(_numbers)}"
    yield create_database(pg_url, name)
    drop_database(pg_url, name)


def classroom(path: Path) -> dict:
    """A file with a bit of everything a classroom leaves; what to expect back."""
    with Store(path) as store:
        teacher = store.users.create("ms_a", "Ms A", "teacher", "teach-a-pw")
        room = store.classes.create(teacher.id, "Class A")
        amy = store.users.create("amy", "Amy", "learner", "1111")
        store.classes.join(amy.id, room.join_code)
        guest, token = store.users.create_guest("Visitor")
        homework = store.classes.create_assignment(teacher.id, room.id, "Week 1",
                                                   ["follow-001", "lead-002"], date(2030, 1, 9))
        for n in range(30):
            store.attempts.record(amy.id, f"follow-00{n % 3}", {"n": n}, n % 2 == 0, 2.5,
                                  assignment_id=homework.id if n < 5 else None)
        store.attempts.record_rated(amy.id, "lead-002", "pass", True, 4.0, theme="lead",
                                    change=lambda u, p: (Rating(1520.0, 180.0, 0.06),
                                                         Rating(1480.0, 190.0, 0.06)))
        game = store.games.start(amy.id, {"decks": 3}, seed=7)
        store.games.add_actions(amy.id, game.id, {"bid": "2S"}, {"pass": True})
        store.lessons.save_step(amy.id, "basics", 3)
        session = store.users.open_session(amy)
        store.puzzles.add(teacher.id, {"id": "author-1-001", "prompt": "x"})
        return {"teacher": teacher, "room": room, "amy": amy, "guest_token": token,
                "guest": guest, "session": session, "game": game, "homework": homework,
                "results": store.attempts.class_results(teacher.id, room.id),
                "history": store.attempts.for_user(amy.id, amy.id),
                "csv": store.attempts.class_csv(teacher.id, room.id)}


def test_a_classroom_file_is_copied_whole(tmp_path: Path, empty_db: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tutor.duckdb"
    was = classroom(path)
    assert main(["migrate", "--from", str(path), "--to", empty_db]) == 0
    out = capsys.readouterr().out
    assert "attempts" in out and " 31 rows" in out and "counts checked" in out
    assert "tutor-test-secret" not in out
    with Store(empty_db) as store:
        amy, teacher = was["amy"], was["teacher"]
        assert store.users.authenticate("amy", "1111") == amy
        assert store.users.guest(was["guest_token"]) == was["guest"]
        assert store.users.session_user(was["session"]) == amy
        assert store.attempts.for_user(amy.id, amy.id) == was["history"]
        assert store.attempts.class_results(teacher.id, was["room"].id) == was["results"]
        assert store.attempts.class_csv(teacher.id, was["room"].id) == was["csv"]
        assert store.classes.assignment(amy.id, was["homework"].id) == was["homework"]
        assert store.attempts.user_ratings(amy.id, amy.id) == {
            "lead": Rating(1520.0, 180.0, 0.06)}
        assert store.games.get(amy.id, was["game"].id).actions == ({"bid": "2S"},
                                                                    {"pass": True})
        assert store.lessons.progress(amy.id, amy.id)["basics"].step == 3
        assert store.puzzles.all() == [{"id": "author-1-001", "prompt": "x"}]
        # new records get ids past the copied ones
        bob = store.users.create("bob", "Bob", "learner", "2222")
        assert bob.id > max(amy.id, teacher.id, was["guest"].id)
        assert store.attempts.record(amy.id, "p", 1, True, 1.0) > max(
            a.id for a in was["history"])
        assert store.games.start(amy.id, {}, 1).id > was["game"].id


def test_a_target_holding_records_is_refused_unless_replace(
        tmp_path: Path, empty_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tutor.duckdb"
    classroom(path)
    with Store(empty_db) as store:
        store.users.create("zed", "Zed", "learner", "9999")
    assert main(["migrate", "--from", str(path), "--to", empty_db]) == 1
    err = capsys.readouterr().err
    assert "already holds records (users 1)" in err and "--replace" in err
    with psycopg.connect(empty_db) as con:
        assert con.execute("SELECT username FROM users").fetchall() == [("zed",)]
    assert main(["migrate", "--from", str(path), "--to", empty_db, "--replace"]) == 0
    with psycopg.connect(empty_db) as con:
        names = {n for (n,) in con.execute("SELECT username FROM users").fetchall()}
    assert names == {"ms_a", "amy", None}


def test_bad_arguments_are_told_clearly(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        empty_db: str) -> None:
    missing = tmp_path / "none.duckdb"
    assert main(["migrate", "--from", str(missing), "--to", empty_db]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert not missing.exists()  # not created by trying
    path = tmp_path / "tutor.duckdb"
    Store(path).close()
    assert main(["migrate", "--from", str(path), "--to", str(tmp_path / "x.duckdb")]) == 2
    assert "postgresql:// URL" in capsys.readouterr().err
    down = f"postgresql://tutor:pw@127.0.0.1:{free_port()}/tutor"
    assert main(["migrate", "--from", str(path), "--to", down]) == 1
    err = capsys.readouterr().err
    assert "Cannot reach" in err and "pw@" not in err


def test_a_big_table_shows_its_progress(tmp_path: Path, empty_db: str,
                                        monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tutor.duckdb"
    classroom(path)
    monkeypatch.setattr("tutor.store.copy.BATCH", 10)
    assert main(["migrate", "--from", str(path), "--to", empty_db]) == 0
    out = capsys.readouterr().out
    assert "10 of 31 rows, about" in out and "s left" in out
    assert "attempts                  31 rows" in out
