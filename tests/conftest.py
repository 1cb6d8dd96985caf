"""Fixtures every test folder may use: a throwaway PostgreSQL server for the session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres import postgres_server


@pytest.fixture(scope="session")
def pg_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a database on a PostgreSQL server started for this test session (the
    tests fail, not skip, when the server binaries are missing)."""
    with postgres_server(tmp_path_factory.mktemp("postgres")) as url:
        yield url
