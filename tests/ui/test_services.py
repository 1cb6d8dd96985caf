"""What the pages share is one object the app hands them (`Services`): a test or a notebook
makes its own, with its own store and AI pool, and nothing reaches a process-wide one."""

from __future__ import annotations

from tutor.store import Store
from tutor.ui.ai_pool import AIPool
from tutor.ui.app import PAGES, TutorApp
from tutor.ui.services import Services


def test_every_page_gets_the_apps_services(tmp_path) -> None:
    with Store(tmp_path / "own.duckdb") as store:
        own = Services(store=store, pool=AIPool(1))
        app = TutorApp(services=own)
        assert app.services is own
        for name in PAGES:
            assert app.view(name).shared is own, name
        assert own.store() is store and own.store_error() is None
        assert own.pool_stats()["workers"] == 1
        assert Services.default() is not own


def test_a_services_store_that_cannot_open_says_why(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TUTOR_DB", str(tmp_path))  # a folder, not a database file
    broken = Services()
    assert broken.store() is None
    assert broken.store_error() is not None
