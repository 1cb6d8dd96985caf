"""Fixtures for the UI-layer tests: a real DuckDB store in a temporary file."""

import pytest

from tutor.store import Store


@pytest.fixture
def store(tmp_path):
    """A fresh store for one test, closed afterwards."""
    with Store(tmp_path / "tutor.duckdb") as s:
        yield s
