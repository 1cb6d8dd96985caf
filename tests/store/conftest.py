"""Fixtures for the store tests: real DuckDB files in pytest's temporary folders, and real
PostgreSQL databases on the session's throwaway server.

A test taking `store` runs on both backends (`backend` is "duckdb" or "postgresql"),
unless it also takes `db_path` (it then works on the DuckDB file itself) or is marked
`backends("duckdb")`. Each PostgreSQL test gets a fresh database copied from a migrated
template (with the school, if the test asks for it).
"""

from __future__ import annotations

import inspect
import itertools
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.postgres import create_database, drop_database
from tutor.store import Classroom, Store, User

BACKENDS = ("duckdb", "postgresql")
_numbers = itertools.count(1)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "backends(*names): run a `store` test only on these")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run every test that takes `store` (and not `db_path` itself) on each backend."""
    if "store" not in metafunc.fixturenames or ("backend" in metafunc.fixturenames and any(
            m.name == "parametrize" and "backend" in m.args[0]
            for m in metafunc.definition.iter_markers())):
        return
    if "db_path" in inspect.signature(metafunc.function).parameters:
        return
    marker = metafunc.definition.get_closest_marker("backends")
    chosen = marker.args if marker else BACKENDS
    metafunc.parametrize("backend", chosen, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The backend this test runs on ("duckdb" unless parametrized)."""
    return getattr(request, "param", "duckdb")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "tutor.duckdb"


@pytest.fixture(scope="session")
def empty_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A freshly migrated file, made once and copied per test (migrating takes a while)."""
    path = tmp_path_factory.mktemp("empty") / "empty.duckdb"
    Store(path).close()
    return path


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


def build_school(target: str | Path) -> School:
    """Make the school's accounts and classes in the store at `target`."""
    with Store(target) as store:
        teacher_a = store.users.create("ms_a", "Ms A", "teacher", "teach-a-pw")
        teacher_b = store.users.create("mr_b", "Mr B", "teacher", "teach-b-pw")
        class_a = store.classes.create(teacher_a.id, "Class A")
        class_b = store.classes.create(teacher_b.id, "Class B")
        amy = store.users.create("amy", "Amy", "learner", "1111")
        bob = store.users.create("bob", "Bob", "learner", "2222")
        cat = store.users.create("cat", "Cat", "learner", "3333")
        dan = store.users.create("dan", "Dan", "learner", "4444")
        store.classes.join(amy.id, class_a.join_code)
        store.classes.join(bob.id, class_a.join_code)
        store.classes.join(cat.id, class_b.join_code)
    return School(teacher_a, teacher_b, class_a, class_b, amy, bob, cat, dan)


@pytest.fixture(scope="session")
def school_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, School]:
    """The school built once (password hashing is slow on purpose), then copied per test."""
    path = tmp_path_factory.mktemp("school") / "school.duckdb"
    return path, build_school(path)


@dataclass(frozen=True)
class PgTemplates:
    """Template databases on the test server: migrated and empty, and with the school."""

    url: str
    school: School

    def fresh(self, template: str) -> str:
        """The URL of a new database copied from `template` ("empty" or "school")."""
        return create_database(self.url, f"test_{next(_numbers)}", f"template_{template}")

    def drop(self, url: str) -> None:
        """Remove a database `fresh` made."""
        drop_database(self.url, url.rpartition("/")[2])


@pytest.fixture(scope="session")
def pg_templates(pg_url: str) -> PgTemplates:
    empty = create_database(pg_url, "template_empty")
    Store(empty).close()
    school = build_school(create_database(pg_url, "template_school", "template_empty"))
    return PgTemplates(pg_url, school)


@pytest.fixture
def pg_database(request: pytest.FixtureRequest) -> Iterator[Callable[[str], str]]:
    """Make fresh databases from a template ("empty" or "school"); dropped after the test."""
    templates: PgTemplates = request.getfixturevalue("pg_templates")
    made: list[str] = []

    def make(template: str = "empty") -> str:
        made.append(templates.fresh(template))
        return made[-1]

    yield make
    for url in made:
        templates.drop(url)


@pytest.fixture
def target(backend: str, db_path: Path, request: pytest.FixtureRequest) -> str | Path:
    """Where this test's store lives: the DuckDB file `db_path` or a fresh PostgreSQL
    database, holding the school if the test asks for it, else empty."""
    wants_school = "school" in request.fixturenames
    if backend == "postgresql":
        return request.getfixturevalue("pg_database")("school" if wants_school else "empty")
    source = request.getfixturevalue("school_file")[0] if wants_school else request.getfixturevalue(
        "empty_file")
    db_path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, db_path)
    return db_path


@pytest.fixture
def store(target: str | Path) -> Iterator[Store]:
    """An open store at `target`: the school if the test asks for it, else empty."""
    with Store(target) as opened:
        yield opened


@pytest.fixture
def school(backend: str, db_path: Path, request: pytest.FixtureRequest) -> School:
    """The school as stored in this test's database (open it with the `store` fixture; on
    DuckDB a test may also open `db_path` itself)."""
    if backend == "postgresql":
        request.getfixturevalue("target")
        return request.getfixturevalue("pg_templates").school
    path, built = request.getfixturevalue("school_file")
    if "target" not in request.fixturenames:  # a test opening db_path itself
        db_path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, db_path)
    return built
