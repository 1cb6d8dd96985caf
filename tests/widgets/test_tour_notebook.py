"""The notebook tour runs headless in this interpreter's kernel and prints the rules' answers."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tutor.rules import Trump, format_cards, kitty_multiplier, parse_cards, throw_check

ROOT = Path(__file__).resolve().parents[2]
TOUR = ROOT / "notebooks" / "tour.ipynb"
KERNEL = "tutor-tour-test"


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    """The tour executed by a kernel spec (in a private JUPYTER_PATH) that runs sys.executable,
    so the kernel is this virtualenv's Python whatever kernels the machine has installed."""
    import nbformat  # here, not at collection: with nbclient, 3 s of imports in every worker
    from nbclient import NotebookClient

    jupyter = tmp_path_factory.mktemp("jupyter")
    spec = jupyter / "kernels" / KERNEL
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "tutor tests", "language": "python"}))
    mp = pytest.MonkeyPatch()
    mp.setenv("JUPYTER_PATH", str(jupyter))
    mp.setenv("TUTOR_AI_DELAY_MS", "30")
    try:
        nb = nbformat.read(TOUR, as_version=4)
        client = NotebookClient(nb, kernel_name=KERNEL, timeout=120,
                                resources={"metadata": {"path": str(TOUR.parent)}})
        client.execute()
    finally:
        mp.undo()
    return nb


def _code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def _stdout(cell) -> str:
    return "".join(o.text for o in cell.outputs
                   if o.output_type == "stream" and o.name == "stdout")


def _cell_with(nb, text: str):
    found = [c for c in _code_cells(nb) if text in c.source]
    assert len(found) == 1, f"one cell should contain {text!r}"
    return found[0]


def test_every_cell_ran_without_error(executed):
    cells = _code_cells(executed)
    assert cells and all(c.execution_count for c in cells)
    for cell in cells:
        assert not [o for o in cell.outputs if o.output_type == "error"], cell.source


def test_throw_cell_prints_the_rules_answer(executed):
    out = _stdout(_cell_with(executed, "throw_check("))
    # RULES.md example 16, and the same answer asked of the rules core here
    others = [parse_cards(h) for h in ("KH KH 3C", "4H 5D", "QH 9H", "7C 8C")]
    result = throw_check(parse_cards("AH AH KH 10H 10H"), others, Trump("2", "S"))
    assert (result.ok, format_cards(result.forced), result.penalty) == (False, "10H 10H", 1)
    assert "throw stands: False" in out
    assert f"forced play: {format_cards(result.forced)}" in out
    assert "积分 lost: 1" in out


def test_trick_and_scoring_cells(executed):
    out = _stdout(_cell_with(executed, "tw.Trick("))
    assert "winning play (0 is the lead): 3" in out and "winner: seat 3" in out
    out = _stdout(_cell_with(executed, "kitty_multiplier("))
    spades = Trump("2", "S")
    for play, expected in (("AH AH KH KH", 8), ("AH AH AH KH KH KH", 18)):
        assert kitty_multiplier(parse_cards(play), spades) == expected
        assert f"{play:20} x{expected}" in out
    assert "P = 180: ('defenders', 1)" in out
    assert "tractor A♥ A♥ K♥ K♥" in _stdout(_cell_with(executed, "decompose("))


def test_widgets_render_as_panel_output(executed):
    for text in ("tw.CardRow(", "tw.Puzzle(", "tw.Lesson(", "tw.PlayTable("):
        cell = _cell_with(executed, text)
        kinds = {k for o in cell.outputs for k in o.get("data", {})}
        assert "application/vnd.holoviews_exec.v0+json" in kinds, (text, kinds)
    assert "correct: True | expected: 4" in _stdout(_cell_with(executed, "puzzle.check("))
    # the kernel runs an event loop, so the table paces the AI itself
    assert "the AI moves by itself: True" in _stdout(_cell_with(executed, "tw.PlayTable("))


def test_plain_cards_draw_as_html(executed):
    cell = _cell_with(executed, 'tw.cards("AS AS')
    html = "".join(o["data"].get("text/html", "") for o in cell.outputs if "data" in o)
    assert html.count('class="zp-card') == 7 and 'data-card="BJ"' in html
