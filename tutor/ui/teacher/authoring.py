"""A throw puzzle written by the teacher: the rules core checks it and shows its answer
before it is saved to the bank."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.puzzle import AnswerError, PuzzleFileError
from tutor.question import answer_words
from tutor.rules import RANKS
from tutor.store import StoreError

from ..bank import check_entry, save_entry
from ..i18n import t
from ..marks import render_text
from ..safe import user_text
from .part import Notice, TeacherPart


class Authoring(TeacherPart):
    """The form; `saved` is the id of the puzzle it saved last."""

    saved = param.String(default="", doc="the id of the puzzle saved last")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._level = pn.widgets.Select(label=self._t("author_level"), options=list(RANKS),
                                        value="2", width=80)
        self._suit = pn.widgets.Select(label=self._t("author_suit"), value="S", width=80,
                                       options={"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
        self._difficulty = pn.widgets.Select(label=self._t("author_difficulty"),
                                             options=[1, 2, 3], value=2, width=80)
        self._throw = pn.widgets.TextInput(label=self._t("author_throw"),
                                           placeholder="AH AH KH 10H 10H", width=260)
        self._others = [pn.widgets.TextInput(label=self._t("author_other", n=i + 1),
                                             placeholder="KH KH", width=160) for i in range(4)]
        self._preview_button = pn.widgets.Button(label=self._t("author_preview"),
                                                 color="default", width=140)
        self._preview_button.on_click(lambda _: self._preview(save=False))
        self._save_button = pn.widgets.Button(label=self._t("author_save"), color="primary",
                                              width=140)
        self._save_button.on_click(lambda _: self._preview(save=True))
        self._answer = Notice(lang=self.param.lang)
        self._layout = pn.Column(
            self._header("teacher_author"),
            pn.FlexBox(self._level, self._suit, self._difficulty), self._throw,
            pn.FlexBox(*self._others), pn.FlexBox(self._preview_button, self._save_button),
            self._answer, sizing_mode="stretch_width", margin=0)

    def _entry(self) -> dict[str, Any]:
        throw = self._throw.value.strip()
        return {"id": self.store.puzzles.next_id(self.user.id), "type": "throw",
                "themes": ["throw"], "difficulty": self._difficulty.value,
                "level": self._level.value, "suit": self._suit.value, "thrower": 0,
                "hand": throw, "throw": throw,
                "others": [box.value.strip() for box in self._others]}

    def _preview(self, save: bool) -> None:
        if not self._teacher():
            return
        raw = self._entry()
        try:
            puzzle = save_entry(self.store, self.user.id, raw) if save else check_entry(raw)
        except (PuzzleFileError, AnswerError, ValueError, StoreError) as err:
            self._answer.say(lambda lang, err=err: t("author_invalid", lang,
                                                     reason=user_text(err, lang)), "danger")
            return
        solution = puzzle.solve()
        key = "author_saved" if save else "author_answer"

        def say(lang: str) -> str:
            answer = user_text(answer_words(puzzle, solution.text, lang))
            why = render_text(solution.explanation.get(lang), None, lang)
            return f"**{t(key, lang, id=user_text(puzzle.id), answer=answer)}**\n\n{why}"

        self._answer.say(say, "success" if save else "info")
        if save:
            self.saved = puzzle.id

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
