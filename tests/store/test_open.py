"""Opening the file: where it goes, and clear errors (never lost data) for bad paths."""

from __future__ import annotations

import hashlib
from pathlib import Path

import duckdb
import pytest

from tutor.store import (
    DEFAULT_PATH,
    NotAStore,
    Store,
    StoreCorrupt,
    StoreError,
    StoreUnavailable,
    resolve_path,
)
from tutor.store.migrations import LATEST


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_first_use_creates_the_folder_and_the_file(db_path: Path) -> None:
    assert not db_path.parent.exists()
    with Store(db_path) as store:
        assert store.path == db_path.resolve()
    assert db_path.is_file()
    con = duckdb.connect(str(db_path))
    assert con.execute("SELECT max(version) FROM schema_version").fetchone() == (LATEST,)
    con.close()


def test_saved_records_survive_closing_and_reopening(db_path: Path) -> None:
    with Store(db_path) as store:
        amy = store.users.create("amy", "Amy", "learner", "1234")
        attempt = store.attempts.record(amy.id, "p1", ["AS"], True, 4.0)
    with Store(db_path) as store:
        assert [a.id for a in store.attempts.for_user(amy.id, amy.id)] == [attempt]
        assert store.users.authenticate("amy", "1234").id == amy.id


def test_path_comes_from_option_then_environment_then_default(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TUTOR_DB", raising=False)
    assert resolve_path() == DEFAULT_PATH
    assert DEFAULT_PATH.parts[-2:] == ("data", "tutor.duckdb")
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "env.duckdb"))
    assert resolve_path() == tmp_path / "env.duckdb"
    assert resolve_path(tmp_path / "option.duckdb") == tmp_path / "option.duckdb"
    with Store() as store:
        assert store.path == tmp_path / "env.duckdb"


def test_stores_on_one_file_in_one_process_share_it(db_path: Path) -> None:
    with Store(db_path) as first, Store(db_path) as second:
        amy = first.users.create("amy", "Amy", "learner", "1234")
        assert second.users.get(amy.id, amy.id) == amy
    with Store(db_path) as again:  # closing both really let go of the file
        assert again.users.get(amy.id, amy.id) == amy


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailable, match="is a folder, not a database file"):
        Store(tmp_path)


def test_an_unwritable_location_is_refused() -> None:
    with pytest.raises(StoreUnavailable, match=r"Cannot use /sys/tutor\.duckdb"):
        Store("/sys/tutor.duckdb")
    with pytest.raises(StoreUnavailable, match="Cannot create the folder /sys/no-such-dir"):
        Store("/sys/no-such-dir/tutor.duckdb")


def test_a_path_under_a_file_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "notes.txt"
    blocker.write_text("keep me")
    with pytest.raises(StoreUnavailable, match="Cannot create the folder"):
        Store(blocker / "tutor.duckdb")
    assert blocker.read_text() == "keep me"


@pytest.mark.parametrize("content", [b"", b"hello, this is not a database\n" * 100])
def test_a_file_that_is_not_a_database_is_left_untouched(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "tutor.duckdb"
    path.write_bytes(content)
    with pytest.raises(StoreCorrupt, match="is damaged or is not a 找朋友 Tutor database"):
        Store(path)
    assert path.read_bytes() == content


def test_a_damaged_database_is_left_untouched(db_path: Path) -> None:
    with Store(db_path) as store:
        store.users.create("amy", "Amy", "learner", "1234")
    data = bytearray(db_path.read_bytes())
    data[4096:8192] = bytes(range(256)) * 16  # scribble over the first header block
    db_path.write_bytes(bytes(data))
    before = digest(db_path)
    with pytest.raises(StoreCorrupt) as caught:
        Store(db_path)
    assert "restore a backup" in str(caught.value)
    assert digest(db_path) == before


def test_a_truncated_database_is_left_untouched(db_path: Path) -> None:
    with Store(db_path) as store:
        store.users.create("amy", "Amy", "learner", "1234")
    data = db_path.read_bytes()
    db_path.write_bytes(data[:12288])  # the two headers and a scrap of the first block
    before = digest(db_path)
    with pytest.raises(StoreCorrupt):
        Store(db_path)
    assert digest(db_path) == before


def test_another_programs_duckdb_file_is_not_taken_over(tmp_path: Path) -> None:
    path = tmp_path / "other.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE sales AS SELECT 42 AS amount")
    con.close()
    with pytest.raises(NotAStore, match="made by something else"):
        Store(path)
    con = duckdb.connect(str(path))
    tables = con.execute("SELECT table_name FROM information_schema.tables").fetchall()
    assert tables == [("sales",)]
    con.close()


def test_every_failure_is_a_store_error() -> None:
    for cls in (StoreUnavailable, StoreCorrupt, NotAStore):
        assert issubclass(cls, StoreError)


def test_a_closed_store_says_so(db_path: Path) -> None:
    store = Store(db_path)
    amy = store.users.create("amy", "Amy", "learner", "1234")
    store.close()
    with pytest.raises(StoreError, match="is closed"):
        store.attempts.for_user(amy.id, amy.id)
