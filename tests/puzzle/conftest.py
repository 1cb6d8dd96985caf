"""Shared fixtures: the shipped bank, loaded once per test session."""

from __future__ import annotations

import pytest

from tutor.puzzle import load_bank


@pytest.fixture(scope="session")
def bank():
    return load_bank()


@pytest.fixture(scope="session")
def by_id(bank):
    return {p.id: p for p in bank}
