"""Fixtures for the store tests: real DuckDB files in pytest's temporary folders."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tutor.store import Classroom, Store, User


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "tutor.duckdb"


@pytest.fixture(scope="session")
def empty_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A freshly migrated file, made once and copied per test (migrating takes a while)."""
    path = tmp_path_factory.mktemp("empty") / "empty.duckdb"
    Store(path).close()
    return path


@pytest.fixture
def store(db_path: Path, empty_file: Path, request: pytest.FixtureRequest) -> Iterator[Store]:
    """An open store at `db_path`: the school if the test asks for it, else empty."""
    if "school" in request.fixturenames:
        request.getfixturevalue("school")  # copies the ready-made school to db_path
    else:
        db_path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(empty_file, db_path)
    with Store(db_path) as opened:
        yield opened


@dataclass(frozen=True)
class School:
    """Two teachers with a class each; amy and bob in class A, cat in class B, dan in none."""

    teacher_a: User
    teacher_b: User
    class_a: Classroom
    class_b: Classroom
    amy: User
    bob: User
    cat: User
    dan: User


@pytest.fixture(scope="session")
def school_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, School]:
    """The school built once (password hashing is slow on purpose), then copied per test."""
    path = tmp_path_factory.mktemp("school") / "school.duckdb"
    with Store(path) as store:
        teacher_a = store.users.create("ms_a", "Ms A", "teacher", "teach-a")
        teacher_b = store.users.create("mr_b", "Mr B", "teacher", "teach-b")
        class_a = store.classes.create(teacher_a.id, "Class A")
        class_b = store.classes.create(teacher_b.id, "Class B")
        amy = store.users.create("amy", "Amy", "learner", "1111")
        bob = store.users.create("bob", "Bob", "learner", "2222")
        cat = store.users.create("cat", "Cat", "learner", "3333")
        dan = store.users.create("dan", "Dan", "learner", "4444")
        store.classes.join(amy.id, class_a.join_code)
        store.classes.join(bob.id, class_a.join_code)
        store.classes.join(cat.id, class_b.join_code)
    return path, School(teacher_a, teacher_b, class_a, class_b, amy, bob, cat, dan)


@pytest.fixture
def school(db_path: Path, school_file: tuple[Path, School]) -> School:
    """A fresh copy of the school at `db_path` (open it with the `store` fixture)."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(school_file[0], db_path)
    return school_file[1]
