"""tutor.widgets in a real JupyterLab: the notebook tour opened offline in a throwaway
directory, all its cells run in the browser, and then its widgets seen and used there —
cards, hand, trick and play table drawn, a puzzle answered by clicking, the AI moving on its
own at the table. Panel's two-way comms go through JupyterLab's kernel connection here, which
neither `panel serve` (tests/browser/test_widgets.py) nor nbclient (tests/widgets) exercises."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

import pytest
from panel.io.resources import CDN_DIST, DIST_DIR
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.serving import ROOT, free_port, served
from tutor.puzzle import load_bank, solve
from tutor.rules import Trump, parse_cards, trick_winner

from .conftest import shot, watch_outside

pytestmark = pytest.mark.browser
TOUR = ROOT / "notebooks" / "tour.ipynb"
KERNEL = "tutor-lab-test"
PUZZLE_ID = "trick-1-002"  # the tour's puzzle


def _lab_args(port: int, root: Path, state: Path) -> list[str]:
    """JupyterLab on localhost only, no token or password, nothing fetched from outside:
    no update check, no news, no extension-manager listings, no browser opened."""
    return [
        sys.executable, "-m", "jupyter", "lab",
        f"--ServerApp.port={port}", "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.root_dir={root}", "--ServerApp.open_browser=False", "--no-browser",
        "--IdentityProvider.token=", "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True", "--allow-root",  # CI runs as root
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.user_settings_dir={state / 'settings'}",
        f"--LabApp.workspaces_dir={state / 'workspaces'}",
        "--MappingKernelManager.default_kernel_name=" + KERNEL,
    ]


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory):
    """JupyterLab serving a copy of the tour from a temporary directory; the notebook's URL."""
    root = tmp_path_factory.mktemp("lab-root")
    state = tmp_path_factory.mktemp("lab-state")
    nb = json.loads(TOUR.read_text(encoding="utf-8"))
    # the kernel is this interpreter, whatever kernels the machine has installed
    nb["metadata"]["kernelspec"] = {"name": KERNEL, "display_name": "tutor tests",
                                    "language": "python"}
    (root / "tour.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    jupyter = state / "jupyter"
    spec = jupyter / "kernels" / KERNEL
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "tutor tests", "language": "python"}))
    env = dict(os.environ, JUPYTER_PATH=str(jupyter), JUPYTER_CONFIG_DIR=str(state / "config"),
               JUPYTER_DATA_DIR=str(state / "data"), JUPYTER_RUNTIME_DIR=str(state / "runtime"),
               IPYTHONDIR=str(state / "ipython"), JUPYTER_PLATFORM_DIRS="1",
               JUPYTERLAB_SETTINGS_DIR=str(state / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(state / "workspaces"),
               PYTHONPATH=str(ROOT), TUTOR_AI_DELAY_MS="150")
    # settings: no "fetch news?" question, no extension manager asking PyPI
    settings = state / "settings" / "@jupyterlab"
    for plugin, values in (("apputils-extension/notification", {"fetchNews": "false",
                                                                 "checkForUpdates": False}),
                           ("extensionmanager-extension/plugin", {"enabled": False}),
                           # every cell in the page, not only those scrolled into view
                           ("notebook-extension/tracker", {"windowingMode": "none"})):
        path = settings / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    port = free_port()
    log = state / "lab.log"
    with served(_lab_args(port, root, state), f"http://127.0.0.1:{port}/api/status", log,
                env) as url:
        yield url.replace("/api/status", "/lab/tree/tour.ipynb")
    shutil.rmtree(root, ignore_errors=True)


def _panel_css_from_the_package(route) -> None:
    """A Panel stylesheet asked of the CDN, answered from the installed panel package (this
    machine has no internet); anything else the CDN is asked for fails, as it would offline."""
    url = route.request.url.split("?")[0]
    path = DIST_DIR / url[len(CDN_DIST):]
    if url.endswith(".css") and path.is_file():
        route.fulfill(path=str(path), content_type="text/css")
    else:
        route.abort()


def _cards(locator) -> list[str]:
    return locator.evaluate_all("els => els.map(e => e.dataset.card)")


def _output_of(page, text: str):
    """The output area of the one code cell whose source contains `text`."""
    cells = page.locator(".jp-CodeCell").filter(
        has=page.locator(".jp-Editor", has_text=text))
    assert cells.count() == 1, f"one cell should contain {text!r}"
    return cells.first.locator(".jp-OutputArea")


def test_tour_runs_in_jupyterlab_and_its_widgets_answer(browser, lab_url):
    started = time.time()
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.route(CDN_DIST + "**", _panel_css_from_the_package)
    page = watch_outside(context.new_page())
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    try:
        _run_the_tour(page, lab_url)
    except BaseException:
        shot(page, "jupyterlab_failed")
        print("outside requests:", page.outside_requests)
        print("browser console:", *console[-40:], sep="\n  ")
        raise
    finally:
        context.close()
    # Bokeh's and Panel's JavaScript come inline from the kernel (pn.extension(inline=True));
    # only the stylesheets of Panel models sent after the first render still name the CDN
    # (Panel does not inline those), and were answered from the package above
    stylesheets = [u for u in page.outside_requests
                   if u.startswith(CDN_DIST) and u.split("?")[0].endswith(".css")]
    others = [u for u in page.outside_requests if u not in stylesheets]
    assert others == [], "\n".join(others)
    assert time.time() - started < 90


def _run_the_tour(page, url: str) -> None:
    page.goto(url)
    page.locator(".jp-Notebook .jp-CodeCell").first.wait_for(timeout=60_000)
    page.get_by_text("tutor tests | Idle").wait_for(timeout=60_000)  # the kernel is up
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    # every code cell gets an execution count: "[n]:" instead of "[ ]:" or "[*]:"
    page.wait_for_function(
        "() => { const p = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];"
        " return p.length > 0 && p.every(e => /\\[\\d+\\]/.test(e.textContent)); }",
        timeout=60_000)
    assert page.locator(".jp-OutputArea-output[data-mime-type*='error']").count() == 0
    assert page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']"
                        ).filter(has_text="Traceback").count() == 0

    # cards: plain HTML output, in the order given
    drawn = _output_of(page, 'tw.cards("AS AS').locator(".zp-card")
    drawn.first.wait_for(timeout=30_000)
    assert _cards(drawn) == [str(c) for c in parse_cards("AS AS 10H 5D KC SJ BJ")]

    # a hand: a Panel pane, trumps first with their mark
    given = "AS AS 10H 2S 2H SJ BJ 5D KC 9C 9C"
    trump = Trump("2", "H")
    hand = _output_of(page, "tw.CardRow(").locator(".zp-hand .zp-card")
    hand.first.wait_for(timeout=30_000)
    assert _cards(hand) == [str(c) for c in trump.sort(parse_cards(given))]
    assert hand.locator("xpath=self::*[contains(@class, 'trump')]").count() == sum(
        trump.is_trump(c) for c in parse_cards(given))

    # a trick: the rules core's winner is the one marked
    plays = ["KH", "AH", "2C", "2S", "3S"]
    winner = trick_winner([parse_cards(p) for p in plays], Trump("2", "S"))
    trick = _output_of(page, "tw.Trick(").locator(".zp-trick .play.win")
    trick.first.wait_for(timeout=30_000)
    assert trick.count() == 1 and trick.get_attribute("data-seat") == str(winner)
    assert _cards(trick.locator(".zp-card")) == plays[winner].split()

    _answer_the_puzzle(page)
    _watch_the_ai_move(page)


def _answer_the_puzzle(page) -> None:
    puzzle = {p.id: p for p in load_bank()}[PUZZLE_ID]
    right = int(solve(puzzle).text)
    seats = [p["seat"] for p in puzzle.public()["position"]["plays"]]
    wrong = next(s for s in seats if s != right)
    out = _output_of(page, f'tw.Puzzle("{PUZZLE_ID}")')
    out.locator(f'em.zp-puzzle-meta[data-puzzle="{PUZZLE_ID}"]').wait_for(timeout=30_000)
    assert out.locator(".zp-q-prompt .zp-card").count() == 10  # five plays of a pair
    # the tour's next cell already checked "4" from code, so the verdict says Correct; each
    # click now goes to the kernel over the comm and the new verdict comes back from it
    _check(out, f"Seat {wrong}", "Not quite.")
    _check(out, f"Seat {right}", "Correct!", exact=True)
    assert out.get_by_text(f"Seat {right} wins the trick with").first.is_visible()
    out.scroll_into_view_if_needed()
    shot(page, "jupyterlab_puzzle")


def _check(out, seat: str, verdict: str, exact: bool = False, other: str = "Seat 1") -> None:
    """Choose `seat`, press Check answer, and see `verdict`. Check is enabled by the kernel
    once it has the choice, and the first click after the cells ran may reach a kernel still
    settling (slowly on a loaded machine): then `other` and `seat` are chosen again (a click
    on the seat already chosen would send the kernel nothing) and Check pressed, at most four
    times more."""
    shown = out.get_by_text(verdict, exact=exact)
    for attempt in range(5):
        if attempt:
            out.get_by_role("button", name=other if other != seat else "Seat 2",
                            exact=True).click()
        out.get_by_role("button", name=seat, exact=True).click()
        try:
            out.get_by_role("button", name="Check answer").click(timeout=10_000)
            shown.wait_for(timeout=10_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"{verdict!r} never appeared after choosing {seat}")


def _ai_cards(out) -> list[str]:
    """The cards an AI seat (1 to 4) shows on the table: its bid, or its play in this trick."""
    return out.locator(".zp-seat:not([data-seat='0']) .zp-played .zp-card, "
                       ".zp-now .zp-play:not([data-seat='0']) .zp-card").evaluate_all(
        "els => els.map(e => e.closest('[data-seat]').dataset.seat + ':' + e.dataset.card)")


def _watch_the_ai_move(page) -> None:
    out = _output_of(page, "tw.PlayTable(")
    out.locator(".zp-table").first.wait_for(timeout=30_000)
    assert out.locator(".zp-seat").count() == 5
    # the kernel runs an event loop, so the table paces the AI itself: no step button
    step = out.get_by_role("button", name="AI move ▶", exact=True)
    assert step.count() == 0 or not step.first.is_visible()
    # hand 1 opens with seat 0 (you) to bid and nothing on the table yet
    assert out.locator(".zp-seat.acting").get_attribute("data-seat") == "0"
    assert _ai_cards(out) == []
    # you pass; only an AI seat acting by itself can put cards on the table now
    out.get_by_role("button", name="Pass", exact=True).click()
    deadline = time.time() + 30
    while not _ai_cards(out) and time.time() < deadline:
        time.sleep(0.2)
    assert _ai_cards(out), "no AI seat bid or played after you passed"
    out.scroll_into_view_if_needed()
    shot(page, "jupyterlab_play_table")
