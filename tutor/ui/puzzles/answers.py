"""An answer input that fits each puzzle type: cards to click, a seat, a number, a choice.

`AnswerInput.for_puzzle(public, lang)` builds the widgets; `.value()` is the answer in the
puzzle's text format (or None while incomplete), which `tutor.puzzle.grade` reads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from tutor.rules import format_cards, parse_cards

from ..card_picker import CardPicker
from ..i18n import t


class AnswerInput:
    """Widgets for one puzzle's answer and a function that reads them."""

    def __init__(self, widgets: list[Any], read: Callable[[], str | None]) -> None:
        self.widgets = widgets
        self._read = read
        self.view = pn.Column(*widgets, sizing_mode="stretch_width")

    def value(self) -> str | None:
        return self._read()

    @classmethod
    def for_puzzle(cls, public: dict[str, Any], lang: str) -> AnswerInput:
        kind, question = public["type"], public["question"]
        position = public.get("position", {})
        # cards are drawn plain: trump marks or trump-first order could give answers away
        trump = None
        builder = _BUILDERS.get((kind, question)) or _BUILDERS.get((kind, "*")) or _text_input
        return builder(position, trump, lang)


def _choice(options: dict[str, str], lang: str) -> tuple[pn.widgets.RadioButtonGroup, Callable]:
    group = pn.widgets.RadioButtonGroup(options={t(k, lang): v for k, v in options.items()},
                                        value=None, color="primary", variant="outline")
    return group, lambda: group.value


def _throw_outcome(position, trump, lang) -> AnswerInput:
    group, _ = _choice({"ans_succeeds": "ok", "ans_fails": "fails"}, lang)
    picker = CardPicker(visible=False, sizing_mode="stretch_width")
    picker.show(parse_cards(position["throw"]), trump)
    note = pn.pane.Markdown(t("ans_pick_forced", lang), visible=False)

    def toggle(event) -> None:
        picker.visible = note.visible = event.new == "fails"

    group.param.watch(toggle, "value")

    def read() -> str | None:
        if group.value == "ok":
            return "ok"
        if group.value == "fails" and picker.selected_cards:
            return format_cards(picker.selected_cards)
        return None

    return AnswerInput([group, note, picker], read)


def _simple(options: dict[str, str]) -> Callable:
    def build(position, trump, lang) -> AnswerInput:
        group, read = _choice(options, lang)
        return AnswerInput([group], read)
    return build


def _number(position, trump, lang) -> AnswerInput:
    box = pn.widgets.IntInput(value=None, width=140, placeholder=t("ans_number", lang))
    return AnswerInput([box], lambda: None if box.value is None else str(box.value))


def _seat(position, trump, lang, seats=None, alone: bool = False) -> AnswerInput:
    seats = seats if seats is not None else list(range(5))
    options = {t("seat", lang, n=s): str(s) for s in seats}
    if alone:
        options[t("alone_short", lang)] = "alone"
    group = pn.widgets.RadioButtonGroup(options=options, value=None, color="primary",
                                        variant="outline")
    return AnswerInput([group], lambda: group.value)


def _trick(position, trump, lang) -> AnswerInput:
    return _seat(position, trump, lang, [p["seat"] for p in position.get("plays", [])])


def _friend(position, trump, lang) -> AnswerInput:
    return _seat(position, trump, lang, alone=True)


def _follow(position, trump, lang) -> AnswerInput:
    letters = [c["letter"] for c in position.get("candidates", [])]
    boxes = pn.widgets.CheckButtonGroup(options=letters, value=[], color="primary",
                                        variant="outline")
    hint = pn.pane.Markdown(t("ans_follow", lang))
    return AnswerInput([hint, boxes], lambda: " ".join(boxes.value) if boxes.value else "none")


def _level(position, trump, lang) -> AnswerInput:
    side = pn.widgets.Select(options={t("ans_declarer", lang): "declarer",
                                      t("ans_defenders", lang): "defenders",
                                      t("ans_none", lang): "none"}, width=200)
    levels = pn.widgets.IntInput(value=1, start=1, end=6, width=90, label=t("ans_levels", lang))

    def read() -> str | None:
        return "none" if side.value == "none" else f"{side.value} {levels.value}"

    return AnswerInput([pn.Row(side, levels)], read)


def _score(position, trump, lang) -> AnswerInput:
    boxes = [pn.widgets.IntInput(value=None, width=80, label=t("seat", lang, n=i))
             for i in range(5)]

    def read() -> str | None:
        if any(b.value is None for b in boxes):
            return None
        return " ".join(str(b.value) for b in boxes)

    return AnswerInput([pn.Row(*boxes)], read)


def _pick_cards(position, trump, lang) -> AnswerInput:
    picker = CardPicker(sizing_mode="stretch_width")
    picker.show(parse_cards(position["cards"]), None, plain=True)
    note = pn.pane.Markdown(t("ans_pick_trumps", lang))
    return AnswerInput([note, picker], lambda: format_cards(picker.selected_cards) or "none")


def _text_input(position, trump, lang) -> AnswerInput:
    box = pn.widgets.TextInput(placeholder=t("ans_text", lang), width=420)
    return AnswerInput([box], lambda: box.value.strip() or None)


_BUILDERS: dict[tuple[str, str], Callable[..., AnswerInput]] = {
    ("throw", "outcome"): _throw_outcome,
    ("throw", "safe"): _simple({"ans_safe": "safe", "ans_risky": "risky"}),
    ("kitty", "*"): _number,
    ("trick", "*"): _trick,
    ("follow", "*"): _follow,
    ("pattern", "tractor"): _simple({"ans_yes": "yes", "ans_no": "no"}),
    ("pattern", "titanic"): _simple({"ans_yes": "yes", "ans_no": "no"}),
    ("level", "*"): _level,
    ("score", "*"): _score,
    ("friend", "*"): _friend,
    ("trump_order", "trumps"): _pick_cards,
}
