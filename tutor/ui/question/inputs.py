"""Widgets for a question's declared input (`tutor.question.inputs`), and how to read them.

Each builder returns an `AnswerWidgets`: the widgets and a function giving the answer as text
in the question's answer format (None while incomplete), which the question then grades.
Nothing starts chosen: a fresh input reads None, so a learner cannot be graded on a default
(an answer of "none" is a button of its own).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import singledispatch
from typing import Any

import panel as pn

from tutor.question import (
    Choice,
    Input,
    Number,
    Numbers,
    PickCards,
    Several,
    SideLevels,
    ThrowOutcome,
    plain,
)
from tutor.rules import format_cards
from tutor.text import section

from ..card_picker import CardPicker

t = section("card")
SHORT = 14  # labels up to this wide (in Latin letters) fit side by side as buttons on a phone
WRAP_CSS = ".bk-btn-group { flex-wrap: wrap; }"  # a row of long choices wraps on a phone


class AnswerWidgets:
    """The widgets of one answer, a function that reads them, and the (widget, parameter)
    pairs whose changes may change the answer (`on_change` watches them)."""

    def __init__(self, widgets: list[Any], read: Callable[[], str | None],
                 inputs: list[tuple[Any, str]] | None = None) -> None:
        self.widgets = widgets
        self._read = read
        self._inputs = inputs or []
        self.view = pn.Column(*widgets, sizing_mode="stretch_width", margin=0)

    def value(self) -> str | None:
        """The answer as text, or None while it is incomplete."""
        return self._read()

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call `callback()` whenever the learner changes the answer."""
        for widget, name in self._inputs:
            widget.param.watch(lambda _e: callback(), name)


@singledispatch
def answer_widgets(spec: Input, lang: str) -> AnswerWidgets:
    """The widgets for `spec` in `lang`."""
    raise TypeError(f"no widgets for {type(spec).__name__}")


def _labels(options, lang: str) -> dict[str, str]:
    return {plain(label.get(lang), lang): key for key, label in options}


def _width(label: str) -> int:
    """How wide a label is set, in Latin letters: a Chinese character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in label)


@answer_widgets.register
def _choice(spec: Choice, lang: str) -> AnswerWidgets:
    options = _labels(spec.options, lang)
    if all(_width(label) <= SHORT for label in options):
        group = pn.widgets.RadioButtonGroup(options=options, value=None, color="primary",
                                            variant="outline", sizing_mode="stretch_width",
                                            max_width=600, orientation="horizontal",
                                            stylesheets=[WRAP_CSS])
    else:
        group = pn.widgets.RadioBoxGroup(options=options, value=None, inline=False)
    group.value = None  # Panel picks the first option when built: nothing is chosen yet
    return AnswerWidgets([group], lambda: group.value, [(group, "value")])


def _none_button(lang: str) -> Any:
    return pn.widgets.Toggle(label=t("none_button", lang), value=False, color="primary",
                             variant="outline", width=170)


def _exclusive(none: Any, others: Any, name: str, empty: Any) -> None:
    """Choosing `none` clears the other choices, and choosing one of them clears `none`."""

    def on_none(event) -> None:
        if event.new:
            setattr(others, name, empty)

    def on_other(event) -> None:
        if event.new:
            none.value = False

    none.param.watch(on_none, "value")
    others.param.watch(on_other, name)


@answer_widgets.register
def _several(spec: Several, lang: str) -> AnswerWidgets:
    boxes = pn.widgets.CheckButtonGroup(options=_labels(spec.options, lang), value=[],
                                        color="primary", variant="outline",
                                        stylesheets=[WRAP_CSS])
    none = _none_button(lang)
    _exclusive(none, boxes, "value", [])
    hint = pn.pane.Markdown(t("several_hint", lang))

    def read() -> str | None:
        return " ".join(boxes.value) if boxes.value else ("none" if none.value else None)

    return AnswerWidgets([hint, boxes, none], read, [(boxes, "value"), (none, "value")])


@answer_widgets.register
def _pick(spec: PickCards, lang: str) -> AnswerWidgets:
    picker = CardPicker(sizing_mode="stretch_width", max_select=spec.most, ordered=spec.ordered)
    picker.show(list(spec.cards), None, plain=spec.plain, lang=lang)
    if spec.ordered:
        hint = t("pick_hint_ordered", lang)
    elif spec.none:
        hint = t("pick_hint_none", lang)
    elif spec.most:
        hint = t("pick_hint_n", lang, n=spec.most)
    else:
        hint = t("pick_hint", lang)

    widgets: list[Any] = [pn.pane.Markdown(hint, styles={"color": "#555"}), picker]
    watched = [(picker, "selected")]
    none = None
    if spec.none:
        none = _none_button(lang)
        _exclusive(none, picker, "selected", [])
        widgets.append(none)
        watched.append((none, "value"))

    def read() -> str | None:
        chosen = format_cards(picker.selected_cards)
        return chosen or ("none" if none is not None and none.value else None)

    return AnswerWidgets(widgets, read, watched)


@answer_widgets.register
def _throw(spec: ThrowOutcome, lang: str) -> AnswerWidgets:
    group = pn.widgets.RadioButtonGroup(options={t("succeeds", lang): "ok",
                                                 t("fails", lang): "fails"},
                                        value=None, color="primary", variant="outline")
    group.value = None  # as in _choice
    picker = CardPicker(visible=False, sizing_mode="stretch_width")
    picker.show(list(spec.cards), None, lang=lang)
    note = pn.pane.Markdown(t("pick_forced", lang), visible=False)

    def toggle(event) -> None:
        picker.visible = note.visible = event.new == "fails"

    group.param.watch(toggle, "value")

    def read() -> str | None:
        if group.value == "ok":
            return "ok"
        if group.value == "fails" and picker.selected_cards:
            return format_cards(picker.selected_cards)
        return None

    return AnswerWidgets([group, note, picker], read, [(group, "value"), (picker, "selected")])


def _number_box(placeholder: str, width: int, label: str | None = None) -> Any:
    """A box for a whole number, read as typed (`value_input`): its value commits only on
    Enter or blur, and a tap on Check right after typing must find the number there."""
    box = pn.widgets.TextInput(placeholder=placeholder, width=width, max_length=12,
                               **({"label": label} if label else {}))
    box.param.watch(lambda e: setattr(box, "value_input", e.new), "value")  # set from Python
    return box


def _typed(box: Any) -> str | None:
    """What the box holds now, or None while it is empty."""
    return (box.value_input or "").strip() or None


@answer_widgets.register
def _number(spec: Number, lang: str) -> AnswerWidgets:
    box = _number_box(t("number", lang), 160)
    return AnswerWidgets([box], lambda: _typed(box), [(box, "value_input")])


@answer_widgets.register
def _numbers(spec: Numbers, lang: str) -> AnswerWidgets:
    boxes = [_number_box("", 80, label.get(lang)) for label in spec.labels]

    def read() -> str | None:
        typed = [_typed(b) for b in boxes]
        return None if None in typed else " ".join(typed)  # type: ignore[arg-type]

    return AnswerWidgets([pn.FlexBox(*boxes)], read, [(b, "value_input") for b in boxes])


@answer_widgets.register
def _side_levels(spec: SideLevels, lang: str) -> AnswerWidgets:
    side = pn.widgets.Select(options={t("choose_side", lang): "",
                                      t("declarer_up", lang): "declarer",
                                      t("defenders_up", lang): "defenders",
                                      t("nobody_up", lang): "none"}, value="", width=220)
    levels = _number_box("1…", 90, t("levels", lang))

    def on_side(event) -> None:
        levels.disabled = event.new == "none"  # nobody goes up: no levels to give

    side.param.watch(on_side, "value")

    def read() -> str | None:
        if side.value == "none":
            return "none"
        if not side.value or _typed(levels) is None:
            return None
        return f"{side.value} {_typed(levels)}"

    return AnswerWidgets([pn.FlexBox(side, levels)], read,
                         [(side, "value"), (levels, "value_input")])
