"""Two app processes on one PostgreSQL database behind nginx: what one process writes, a page
served by the other shows. A teacher on one process sets an assignment; the learner, whose
pages come from the other, is served it."""

from __future__ import annotations

import os
import re

import pytest

from tests.postgres import create_database
from tests.serving import app_processes, free_port, logged_request, nginx, routing_keys

from .conftest import create_account, create_class, shot

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def shared(tmp_path_factory, pg_url):
    folder = tmp_path_factory.mktemp("shared")
    url = create_database(pg_url, "shared_app")
    port = free_port()
    extra = ["--behind-proxy", "--allow-origin", f"localhost:{port}"]
    env = dict(os.environ, TUTOR_AI_DELAY_MS="30")
    with app_processes([url, url], folder, extra, env) as apps, \
            nginx([a.port for a in apps], port) as proxy:
        yield apps, proxy, routing_keys(proxy, [a.port for a in apps])


def _pinned(browser, proxy, key: str):
    """A browser whose every request nginx sends to the process `key` names."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": "tutor_route", "value": key, "url": proxy.url}])
    return context, context.new_page()


def test_an_assignment_set_on_one_process_reaches_a_learner_on_the_other(browser, shared):
    apps, proxy, keys = shared
    first, second = (a.port for a in apps)
    teacher_ctx, teacher = _pinned(browser, proxy, keys[first])
    learner_ctx, learner = _pinned(browser, proxy, keys[second])
    try:
        teacher.goto(proxy.url + "?page=teacher")
        teacher.get_by_text("The Teacher pages are for teacher accounts").wait_for(
            timeout=30_000)
        create_account(teacher, "mszhao", "Ms Zhao", "teacher")
        code = create_class(teacher, "Shared club")

        learner.goto(proxy.url + "?page=puzzles")
        create_account(learner, "xiaohong", "Xiao Hong", "learner")
        learner.get_by_placeholder("class join code").fill(code)  # a class made elsewhere
        learner.get_by_role("button", name="Join class").click()
        learner.get_by_text("You joined “Shared club”.").wait_for(timeout=15_000)

        teacher.get_by_placeholder("assignment title").fill("Across processes")
        teacher.get_by_label("How many").fill("2")
        teacher.get_by_role("button", name="Create assignment").click()
        teacher.get_by_text(re.compile(r"Assignment “Across processes” set with 2")).wait_for(
            timeout=15_000)

        learner.reload()  # the other process reads the new assignment from the database
        learner.get_by_text(
            "0 of 2 puzzles solved, 0 at the first answer."
        ).wait_for(timeout=30_000)
        shot(learner, "shared_db_learner")
    finally:
        teacher_ctx.close()
        learner_ctx.close()
    # every request of each browser, websockets included, reached its own process
    rows = proxy.access_log()
    for port in (first, second):
        answered = {int(r["upstream"].rsplit(":", 1)[1]) for r in rows
                    if r["route"] == keys[port] and r["upstream"] not in ("", "-")}
        assert answered == {port}
    assert logged_request(proxy, lambda r: r["route"] == keys[second] and "/ws" in r["request"])
