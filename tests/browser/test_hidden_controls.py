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
from tutor.tables import table_options
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
        kim = store.users.create("kim", "Kim", "learner", "kim-pass-1")
        max_ = store.users.create("max", "Max", "learner", "max-pass-1")
        for person in (kim, max_):
            store.classes.join(person.id, room.join_code)
        # a table Lin hosts with hints off, Kim in seat 1; Max and Ms Li only watch it
        table = store.tables.create(learner.id, table_options("easy"), 777,
                                    options={"hints": False})
        store.tables.join(kim.id, table.id)
        store.tables.start(learner.id, table.id)
        tokens = {"teacher": store.users.open_session(teacher),
                  "learner": store.users.open_session(learner),
                  "kim": store.users.open_session(kim), "max": store.users.open_session(max_),
                  "table": table.code}
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


# who opens the table page, with which sign-in and how: its host, a seated learner, a
# learner of the class watching it, and the teacher watching every hand
AT_TABLE = {"host": ("learner", ""), "seated": ("kim", ""), "spectator": ("max", "table"),
            "teacher": ("teacher", "all")}


@pytest.mark.parametrize("who", list(AT_TABLE))
def test_hidden_and_disabled_controls_at_a_table_change_nothing(playwright, school, who):
    """The table page as each kind of person at it: the hidden Start, Take my seat back,
    Next hand and (hints off) Hint, and plays out of turn, clicked anyway, change nothing."""
    app_url, db_url, tokens = school
    sign_in, watch = AT_TABLE[who]
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_cookies([{"name": SESSION_COOKIE, "value": tokens[sign_in],
                              "url": app_url}])
        page = context.new_page()
        query = f"?page=table&lang=en&code={tokens['table']}" + (f"&watch={watch}"
                                                                   if watch else "")
        page.goto(app_url + query)
        head = page.locator(".zp-table-head")
        head.wait_for(timeout=60_000)
        count = None
        for _ in range(60):  # the computers play up to a person's turn, then all is still
            _settled(page)
            now = head.get_attribute("data-count")
            if now == count:
                break
            count = now
            page.wait_for_timeout(1500)
        before = _snapshot(db_url)
        reached = page.evaluate(ATTACK)
        _settled(page)
        assert _snapshot(db_url) == before, f"{who} at the table: {reached}"
        assert head.get_attribute("data-count") == count
        if who == "host":
            assert "button:Start the match" in reached, reached
        if who in ("host", "seated"):  # hints are off: the forged Hint is refused, said so
            assert "button:Hint" in reached, reached
            page.get_by_text("Hints are off at this table.").wait_for(timeout=30_000)
        if who != "host":
            assert "button:Close this table" in reached, reached
        if who in ("spectator", "teacher"):
            assert "button:Take my seat back" in reached, reached
    finally:
        browser.close()
