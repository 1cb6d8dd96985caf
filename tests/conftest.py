"""Fixtures every test folder may use: a throwaway PostgreSQL server for the session; and
the teacher invitation code every app server a test starts is given (through the
environment they inherit), so tests can make teacher accounts as a teacher would."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.order import deal, read_seconds
from tests.postgres import postgres_server

TEACHER_CODE_VAR = "TUTOR_TEACHER_CODE"  # tutor.ui.auth's (not imported: it loads Panel)
TEACHER_CODE = "test-invitation-code"
os.environ.setdefault(TEACHER_CODE_VAR, TEACHER_CODE)


@pytest.fixture(scope="session")
def pg_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a database on a PostgreSQL server started for this test session (the
    tests fail, not skip, when the server binaries are missing)."""
    with postgres_server(tmp_path_factory.mktemp("postgres")) as url:
        yield url


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In an xdist worker, the long tests first, dealt evenly among the workers (`order.py`);
    every worker collects and orders alike, as xdist requires."""
    workers = getattr(config, "workerinput", {}).get("workercount")
    if workers:
        order = deal([item.nodeid for item in items], int(workers), read_seconds())
        items[:] = [items[i] for i in order]
