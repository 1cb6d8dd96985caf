"""Every control a page hides or disables, clicked anyway through Bokeh as a script in the
learner's own browser can (the reproduction of issue 34), and every select given a value it
never offered: nothing is saved or changed. The app runs on PostgreSQL here so the test can
read every table while the pages are open, before and after each attack."""

from __future__ import annotations

import os
import sys

import pytest

from tests.postgres import create_database
from tests.serving import free_port, served
from tutor.puzzle import load_bank
from tutor.store import Store
from tutor.ui.auth import SESSION_COOKIE

from .conftest import CHROMIUM, CHROMIUM_FLAGS

pytestmark = pytest.mark.browser

PAGES = ("home", "learn", "puzzles", "play", "progress", "teacher")
# rows that visiting a page changes by design: a sign-in's last visit, and the computer
# players' moves in a game (the person's own moves are checked apart)
VOLATILE = {"sessions", "games", "game_actions", "schema_version"}

ATTACK = """() => {
  const hit = [];
  for (const m of [...Bokeh.documents[0]._all_models.values()]) {
    if (m.visible !== false && m.disabled !== true) continue;
    const kind = m.type;
    if ("clicks" in m || /Button$/.test(kind)) {
      const view = Bokeh.index.find_one(m);
      if (view && typeof view.click === "function") {
        view.click();
        hit.push("button:" + m.label);
      }
    } else if (kind === "Select" || kind === "AutocompleteInput") {
      m.value = "forged-999"; hit.push(kind + ":" + m.title);
    } else if (kind === "MultiChoice" || kind === "MultiSelect") {
      m.value = ["forged-999"]; hit.push(kind + ":" + m.title);
    } else if ("active" in m && Array.isArray(m.labels)) {
      m.active = 99; hit.push(kind);
    }
  }
  return hit;
}"""


def _snapshot(url: str) -> dict[str, list]:
    """Every row of every table but the volatile ones, and the person's own game moves."""
    with Store(url) as store:
        names = [n for (n,) in store._db.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema ="
            " current_schema() AND table_type = 'BASE TABLE'") if n not in VOLATILE]
        rows = {n: sorted(map(repr, store._db.fetch(f'SELECT * FROM "{n}"'))) for n in names}
        rows["own moves"] = sorted(map(repr, store._db.fetch(
            "SELECT game_id, seq, action FROM game_actions WHERE action LIKE '%\"seat\": 0%'"
            " OR action LIKE '%\"seat\":0%'")))
    return rows


def _settled(page) -> None:
    """Wait until the server has handled everything sent so far: a language switch there
    and back is answered after every message before it."""
    for label in ("English", "中文"):
        page.get_by_role("button", name=("中文" if label == "English" else "English"),
                         exact=True).click()
        page.get_by_role("button", name=label, exact=True).wait_for(timeout=30_000)


@pytest.fixture(scope="module")
def school(tmp_path_factory, pg_url):
    """An app process on a PostgreSQL database with a teacher, a learner in their class,
    an assignment, and a sign-in for each; its URL and the sign-in tokens."""
    url = create_database(pg_url, "hidden_controls")
    bank = [p.id for p in load_bank() if p.type == "trick"]
    with Store(url) as store:
        teacher = store.users.create("msli", "Ms Li", "teacher", "staff-pass-1")
        learner = store.users.create("lin", "Lin", "learner", "lin-pass-1")
        room = store.classes.create(teacher.id, "Class A")
        store.classes.join(learner.id, room.join_code)
        store.classes.create_assignment(teacher.id, room.id, "Tricks", bank[:3])
        tokens = {"teacher": store.users.open_session(teacher),
                  "learner": store.users.open_session(learner)}
    folder = tmp_path_factory.mktemp("hidden")
    port = free_port()
    env = dict(os.environ, TUTOR_AI_DELAY_MS="30")
    with served([sys.executable, "-m", "tutor", "serve", "--port", str(port), "--db", url],
                f"http://localhost:{port}/", folder / "serve.log", env) as app_url:
        yield app_url, url, tokens


@pytest.mark.parametrize("who", ["guest", "learner", "teacher"])
def test_hidden_and_disabled_controls_change_nothing(playwright, school, who):
    app_url, db_url, tokens = school
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        if who != "guest":
            context.add_cookies([{"name": SESSION_COOKIE, "value": tokens[who],
                                  "url": app_url}])
        page = context.new_page()
        reached: dict[str, list[str]] = {}
        for name in PAGES:
            page.goto(f"{app_url}?page={name}&lang=en")
            page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0")
            if name == "puzzles" and who == "learner":
                page.get_by_role("button", name="Check answer").wait_for(timeout=30_000)
            if name == "play":  # the person's own decision is waiting: nothing else moves
                page.get_by_role("button", name="Pass", exact=True).wait_for(timeout=120_000)
            _settled(page)
            if name == "play":  # still the person's turn, every button as the server has it
                page.get_by_role("button", name="Pass", exact=True).wait_for(timeout=30_000)
            before = _snapshot(db_url)
            reached[name] = page.evaluate(ATTACK)
            _settled(page)
            assert _snapshot(db_url) == before, f"{who} on {name}: {reached[name]}"
        # the attack really reached the controls of the reproduction
        if who == "learner":
            assert "button:Show answer" in reached["puzzles"], reached
        assert {"button:Play cards", "button:Next hand"} <= set(reached["play"]), reached
    finally:
        browser.close()
