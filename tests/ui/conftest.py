"""Fixtures for the UI-layer tests: a real DuckDB store in a temporary file."""

import pytest

from tutor.store import Store
from tutor.ui.services import Services


@pytest.fixture
def store(tmp_path):
    """A fresh store for one test, closed afterwards."""
    with Store(tmp_path / "tutor.duckdb") as s:
        yield s


def class_with_learner(store):
    """A teacher, a learner, and a class of that teacher's that the learner has joined."""
    teacher = store.users.create("teach", "Ms T", "teacher", "secret-1")
    learner = store.users.create("lea", "Lea", "learner", "secret-2")
    room = store.classes.create(teacher.id, "Class A")
    store.classes.join(learner.id, room.join_code)
    return teacher, learner, room


@pytest.fixture
def services(store):
    """The app's services on the test's store (no AI pool until one is asked for)."""
    return Services(store=store)


def table_page(services, store, user, code: str = "", watch: str = ""):
    """A Table page signed in as `user`, at the table `code` (or its lobby)."""
    from tutor.ui.table.page import TablePage

    page = TablePage(services=services, code=code, watch=watch)
    page.attach_user(store, user)
    return page
