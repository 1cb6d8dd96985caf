"""Every notebook widget redraws when any of its parameters changes: set each one and the
drawing changes (a parameter that only changed state, like `Trick.plays` once did, fails)."""

from __future__ import annotations

import panel as pn
import pytest

import tutor.widgets as tw
from tutor.rules import Trump, parse_cards


def _drawn(obj) -> str:
    """Everything the widget shows: pane contents, and widget labels, options and values."""
    if isinstance(obj, pn.viewable.Viewer):
        return _drawn(obj.__panel__())
    parts = []
    if isinstance(obj, pn.layout.ListLike):
        parts += [_drawn(child) for child in obj.objects]
    elif isinstance(obj, pn.pane.PaneBase):
        parts.append(str(obj.object))
    elif isinstance(obj, pn.widgets.Widget):
        parts += [str(obj.name), str(getattr(obj, "options", "")), str(obj.value)]
    return "\n".join(parts)


def _table():
    table = tw.PlayTable(strength="easy", seed=11)
    table.stop()
    return table


# widget factory, and a new value for each of its parameters
CASES = {
    "CardRow": (lambda: tw.CardRow("AS AS KH 10H SJ", trump="2H"),
             {"cards": parse_cards("3D 4D"), "trump": Trump("5", "C"), "lang": "zh"}),
    "Trick": (lambda: tw.Trick(["AH", "KH", "2S", "3H", "QH"], trump="2S"),
              {"plays": [parse_cards(c) for c in ("AH", "KH", "QH", "3H", "2D")],
               "trump": Trump("5", "D"), "leader": 3, "lang": "zh"}),
    "Puzzle": (lambda: tw.Puzzle("trick-1-002"), {"puzzle_id": "throw-1-001", "lang": "zh"}),
    "Lesson": (lambda: tw.Lesson("throws"), {"lesson_id": "kitty", "lang": "zh"}),
    "PlayTable": (_table, {"lang": "zh", "strength": "normal"}),
}


def test_every_widget_and_parameter_is_covered() -> None:
    for name, (_, values) in CASES.items():
        declared = {p for p in getattr(tw, name).param if p != "name"}
        assert declared == set(values), name


@pytest.mark.parametrize(("widget", "parameter"),
                         [(w, p) for w, (_, values) in CASES.items() for p in values])
def test_changing_a_parameter_redraws(widget: str, parameter: str) -> None:
    make, values = CASES[widget]
    shown = make()
    before = _drawn(shown)
    setattr(shown, parameter, values[parameter])
    assert getattr(shown, parameter) == values[parameter]
    assert _drawn(shown) != before


def test_a_new_puzzle_forgets_the_last_answer() -> None:
    puzzle = tw.Puzzle("trick-1-002")
    puzzle.show_answer()
    assert puzzle.verdict
    puzzle.puzzle_id = "throw-1-001"
    assert puzzle.puzzle.id == "throw-1-001" and puzzle.grade is None and not puzzle.verdict


@pytest.mark.parametrize(("make", "parameter"), [
    (lambda: tw.Puzzle("trick-1-002"), "puzzle_id"), (lambda: tw.Lesson("throws"), "lesson_id")])
def test_an_unknown_id_is_refused_and_the_shown_one_kept(make, parameter) -> None:
    shown = make()
    before, drawn = getattr(shown, parameter), _drawn(shown)
    with pytest.raises(ValueError, match="no-such"):
        setattr(shown, parameter, "no-such-id")
    assert getattr(shown, parameter) == before and _drawn(shown) == drawn
