"""What a person is told of a fault of the database: what happened, in the page's language,
never the file's path, the server's address or port, or `--db` advice (those stay in the
message for the server's log). Real faults: a folder for a file, a damaged file, a database
closed by an orderly stop, a full disk, a PostgreSQL server that is not running."""

from __future__ import annotations

import logging
import os
import re
import socket
import tomllib
from pathlib import Path

import pytest

from tutor.store import Store, StoreError
from tutor.store.errors import StoreDiskFull
from tutor.text import t
from tutor.ui.safe import user_text

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "zh")
# what a learner must never read: an address, a port, a file path, a file name, an option
ADDRESS = re.compile(r"[a-z]+://|\blocalhost\b|\b\d{1,3}(\.\d{1,3}){3}\b|:\d{2,5}\b"
                     r"|(?<![<\w])/[\w.-]+/|\b[\w-]+\.(duckdb|wal|toml|py|log)\b|--db\b"
                     r"|TUTOR_DB")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _catalogue_texts() -> list[tuple[str, str]]:
    found = []
    for lang in LANGS:
        for path in sorted((ROOT / "tutor" / "text" / lang).glob("*.toml")):
            for area, entries in tomllib.loads(path.read_text("utf-8")).items():
                if isinstance(entries, dict):
                    found += [(f"{lang}/{path.name}:{area}.{key}", value)
                              for key, value in entries.items() if isinstance(value, str)]
                elif isinstance(entries, str):
                    found.append((f"{lang}/{path.name}:{area}", entries))
    return found


def test_no_text_of_the_catalogue_names_an_address_a_port_or_a_file():
    texts = _catalogue_texts()
    assert len(texts) > 500
    named = [(where, text) for where, text in texts if ADDRESS.search(text)]
    assert named == []


def _fault_of(make) -> StoreError:
    with pytest.raises(StoreError) as caught:
        make()
    return caught.value


def _faults(tmp_path: Path) -> dict[str, tuple[StoreError, str]]:
    """Each fault, made for real, with what its log message must still name."""
    found = {}
    folder = tmp_path / "a-folder.duckdb"
    folder.mkdir()
    found["folder"] = (_fault_of(lambda: Store(folder)), str(folder))

    damaged = tmp_path / "damaged.duckdb"
    damaged.write_bytes(b"not a database " * 1000)
    found["damaged"] = (_fault_of(lambda: Store(damaged)), str(damaged))

    closed_path = tmp_path / "closed.duckdb"
    store = Store(closed_path)
    store.close()
    found["closed"] = (_fault_of(lambda: store.users.create_guest()), str(closed_path))

    # a full disk: the write-ahead log is /dev/full, where every write fails as on a full
    # disk (ENOSPC), through DuckDB's own file handling
    full_path = tmp_path / "full.duckdb"
    Store(full_path).close()
    os.symlink("/dev/full", f"{full_path}.wal")
    full = Store(full_path)
    try:
        found["disk full"] = (_fault_of(lambda: full.users.create_guest()), str(full_path))
    finally:
        full.close()

    url = f"postgresql://tutor:secret@127.0.0.1:{_free_port()}/tutor"
    found["no server"] = (_fault_of(lambda: Store(url)), "127.0.0.1")
    return found


def test_a_fault_is_told_plainly_and_its_detail_kept_for_the_log(tmp_path, caplog):
    faults = _faults(tmp_path)
    assert isinstance(faults["disk full"][0], StoreDiskFull)
    for name, (fault, detail) in faults.items():
        assert detail in str(fault), name  # the operator's message names the file or server
        for lang in LANGS:
            said = fault.text(lang)
            assert said and not ADDRESS.search(said) and detail not in said, (name, lang, said)
    assert faults["disk full"][0].text("en") == t("account.fault_disk_full", "en")
    assert faults["folder"][0].text("en") == t("account.fault_setup", "en")  # not "try again"
    assert "磁盘已满" in faults["disk full"][0].text("zh")
    # shown on a page, a fault's detail goes to the server's log, once
    fault, detail = faults["damaged"]
    with caplog.at_level(logging.WARNING):
        shown = user_text(fault, "zh")
        user_text(fault, "zh")
    assert shown == user_text(fault.text("zh"))
    assert [r.getMessage() for r in caplog.records].count(str(fault)) == 1


def test_a_person_made_error_is_still_told_as_it_is(tmp_path):
    store = Store(tmp_path / "t.duckdb")
    try:
        with pytest.raises(StoreError) as caught:
            store.users.create("has space", "X", "learner", "pass-word-1")
        assert "space" in caught.value.text("en")
    finally:
        store.close()
