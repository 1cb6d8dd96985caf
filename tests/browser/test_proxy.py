"""Several app processes behind nginx (deploy/nginx.conf), in a real browser: each page's
websocket reaches the process that rendered it, both processes serve pages, a killed process
does not break new visits, and nothing is fetched from anywhere but the proxy (offline)."""

from __future__ import annotations

import os
import re
import sys

import pytest

from tests.serving import app_processes, free_port, logged_request, nginx, routing_keys, served

pytestmark = pytest.mark.browser

VISITS_FRESH = 3  # first visits: no routing cookie yet


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """Two `python -m tutor serve --behind-proxy` processes (a DuckDB file each, for now;
    BOKEH_RESOURCES=cdn) and nginx in front of them; with, for each process, a routing key
    nginx sends to it."""
    folder = tmp_path_factory.mktemp("proxy")
    port = free_port()
    dbs = [str(folder / "a.duckdb"), str(folder / "b.duckdb")]
    extra = ["--behind-proxy", "--allow-origin", f"localhost:{port}"]
    # a CDN asked for in the environment is not used either: the app runs offline
    env = dict(os.environ, TUTOR_AI_DELAY_MS="30", BOKEH_RESOURCES="cdn")
    with app_processes(dbs, folder, extra, env) as apps, nginx([a.port for a in apps],
                                                              port) as proxy:
        yield apps, proxy, routing_keys(proxy, [a.port for a in apps])


def _visit(browser, proxy, key: str | None = None, html_from: int | None = None) -> dict:
    """Open the app through the proxy in a fresh browser context (with routing cookie `key`
    if given); the page must answer a click, which the server handles over the websocket.
    `html_from`: fetch the page's HTML from that app process directly instead (its
    websocket still goes through nginx). Returns the context's routing key, every URL the
    browser asked for, and the websockets it opened."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    if key is not None:
        context.add_cookies([{"name": "tutor_route", "value": key, "url": proxy.url}])
    page = context.new_page()
    seen: list[str] = []
    sockets: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    page.on("websocket", lambda ws: sockets.append(ws.url))
    if html_from is not None:
        page.route(proxy.url, lambda route: route.continue_(url=f"http://127.0.0.1:{html_from}/"))
    try:
        page.goto(proxy.url)
        page.get_by_role("button", name="中文", exact=True).click(timeout=30_000)
        page.get_by_role("button", name="学习", exact=True).wait_for(timeout=15_000)
        if html_from is not None:  # components built later come from the server too
            page.get_by_role("button", name="学习", exact=True).click()
            page.locator(".zp-learn-where").first.wait_for(timeout=30_000)
        route = {c["name"]: c["value"] for c in context.cookies()}.get("tutor_route")
    finally:
        context.close()
    return {"key": route, "requests": seen, "sockets": sockets}


def _elsewhere(proxy, urls: list[str]) -> list[str]:
    """The URLs that do not go to the proxy."""
    origin = re.compile(rf"^(https?|wss?)://localhost:{proxy.port}/")
    return [u for u in urls if u.startswith(("http", "ws")) and not origin.match(u)]


def _upstream(row: dict[str, str]) -> int:
    """The port of the backend that answered (the last one nginx tried)."""
    return int(row["upstream"].split(",")[-1].strip().rsplit(":", 1)[1])


def test_each_page_keeps_its_websocket_on_the_process_that_rendered_it(browser, cluster):
    apps, proxy, keys = cluster
    visits = [_visit(browser, proxy) for _ in range(VISITS_FRESH)]
    visits += [_visit(browser, proxy, key) for key in keys.values()]
    served_by = set()
    for visit in visits:
        assert visit["key"], "nginx set no routing cookie"
        assert _elsewhere(proxy, visit["requests"] + visit["sockets"]) == []
        assert visit["sockets"] == [f"ws://localhost:{proxy.port}/ws"]
        key = visit["key"]
        page = logged_request(proxy, lambda r, k=key: r["route"] == k
                             and r["request"].startswith("GET / "))
        ws = logged_request(proxy, lambda r, k=key: r["route"] == k
                           and r["request"].startswith("GET /ws "))
        assert ws["status"] == "101"
        assert _upstream(ws) == _upstream(page)
        served_by.add(_upstream(page))
    assert served_by == {a.port for a in apps}
    # the first visits were given new keys, one each (the first GET had no cookie)
    assert len({v["key"] for v in visits[:VISITS_FRESH]}) == VISITS_FRESH


def test_a_page_whose_websocket_reaches_another_process_still_loads_nothing_from_a_cdn(
        browser, cluster):
    """HTML rendered by one process and the websocket on another (as with `panel serve
    --num-procs`, or a page moved when its process died): the second process opens the
    session itself, and must still name its own stylesheets, not cdn.holoviz.org."""
    apps, proxy, keys = cluster
    ws_port = apps[0].port
    before = len(proxy.access_log())
    visit = _visit(browser, proxy, keys[ws_port], html_from=apps[1].port)
    assert _elsewhere(proxy, visit["requests"] + visit["sockets"]) == []
    ws = logged_request(proxy, lambda r: r["route"] == keys[ws_port]
                       and r["request"].startswith("GET /ws "), after=before)
    assert _upstream(ws) == ws_port
    # the HTML did not come through nginx: the other process rendered it
    assert not [r for r in proxy.access_log()[before:]
                if r["route"] == keys[ws_port] and r["request"].startswith("GET / ")]


def test_a_killed_process_does_not_break_new_visits(browser, cluster):
    """(Runs last: it kills one of the module's processes.) Visits whose key named the dead
    process, and first visits, are served by the one left."""
    apps, proxy, keys = cluster
    dead, alive = apps
    dead.kill()
    before = len(proxy.access_log())
    visits = [_visit(browser, proxy, keys[dead.port])]
    visits += [_visit(browser, proxy) for _ in range(2)]
    for visit in visits:
        assert _elsewhere(proxy, visit["requests"] + visit["sockets"]) == []
        for kind in ("GET / ", "GET /ws "):
            row = logged_request(proxy, lambda r, k=visit["key"], kind=kind: r["route"] == k
                                and r["request"].startswith(kind) and r["status"] in (
                                    "101", "200"), after=before)
            assert _upstream(row) == alive.port


def test_panel_serve_with_several_processes_refuses_a_duckdb_file(browser, tmp_path):
    """`panel serve app.py --num-procs 2` with a DuckDB file: every page says why it is not
    served (only one process could save), nothing runs unsaved, and the log says so too."""
    port = free_port()
    args = [sys.executable, "-m", "panel", "serve", "app.py", "--num-procs", "2", "--port",
            str(port), "--address", "127.0.0.1", "--allow-websocket-origin",
            f"127.0.0.1:{port}"]
    env = dict(os.environ, TUTOR_DB=str(tmp_path / "tutor.duckdb"))
    log = tmp_path / "serve.log"
    with served(args, f"http://127.0.0.1:{port}/app", log, env) as url:
        for _ in range(3):  # whichever child the page lands in
            context = browser.new_context()
            page = context.new_page()
            seen: list[str] = []
            page.on("request", lambda r, seen=seen: seen.append(r.url))
            try:
                page.goto(url)
                page.get_by_text(re.compile("cannot share a DuckDB file")).wait_for(
                    timeout=30_000)
                page.get_by_text("postgresql://", exact=False).first.wait_for(timeout=5_000)
                assert page.get_by_role("button", name="中文").count() == 0
                assert [u for u in seen if u.startswith(("http", "ws"))
                        and not u.startswith(f"http://127.0.0.1:{port}/")] == []
            finally:
                context.close()
        assert "several processes (--num-procs)" in log.read_text()
    assert not (tmp_path / "tutor.duckdb").exists()  # no process opened it
