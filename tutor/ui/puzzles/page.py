"""The Puzzles page: choose a theme and difficulty (or a mix), answer, see the verdict, the
explanation and the rating change at once; streaks and retries of missed puzzles."""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Any

import panel as pn
import param

from tutor.puzzle import THEMES, TIERS, AnswerError, Puzzle, load_bank
from tutor.store import Store, StoreError, User

from ..i18n import t
from .answers import AnswerInput
from .position import POSITION_CSS, position_html
from .trainer import MIX, Trainer

MODES = ("practice", "streak", "retry")
OFFSETS = ("easier", "normal", "harder")


@lru_cache(maxsize=1)
def shipped_bank() -> tuple[Puzzle, ...]:
    """The puzzle bank, read once per process."""
    return tuple(load_bank())


class PuzzlesPage(pn.viewable.Viewer):
    """Puzzle practice for the signed-in learner (or this browser's guest)."""

    lang = param.Selector(default="en", objects=["en", "zh"])

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.trainer = Trainer(list(shipped_bank()))
        self.puzzle: Puzzle | None = None
        self.answer: AnswerInput | None = None
        self.answered = False
        self._started = time.monotonic()
        self._theme = pn.widgets.Select(width=230)
        self._offset = pn.widgets.Select(width=130)
        self._mode = pn.widgets.RadioButtonGroup(color="primary", variant="outline")
        for w in (self._theme, self._offset, self._mode):
            w.param.watch(lambda _: self.new_puzzle(), "value")
        self._meta = pn.pane.Markdown("", margin=(0, 10))
        self._prompt = pn.pane.Markdown("", sizing_mode="stretch_width")
        self._position = pn.pane.HTML("", stylesheets=[POSITION_CSS], sizing_mode="stretch_width")
        self._answer_area = pn.Column(sizing_mode="stretch_width")
        self._submit = pn.widgets.Button(button_type="primary", width=150)
        self._submit.on_click(self._on_submit)
        self._next = pn.widgets.Button(button_type="default", width=150)
        self._next.on_click(lambda _: self.new_puzzle())
        self._verdict = pn.pane.Alert("", visible=False, sizing_mode="stretch_width")
        self._rating = pn.pane.Markdown("")
        self._layout = pn.Column(
            pn.Row(self._theme, self._offset, self._mode), self._meta, self._prompt,
            self._position, self._answer_area, pn.Row(self._submit, self._next),
            self._verdict, self._rating, sizing_mode="stretch_width")
        self._label()
        self.new_puzzle()

    # --------------------------------------------------------------- labels
    def _label(self) -> None:
        lang = self.lang
        themes = {t("theme_mix", lang): MIX}
        themes.update({text.get(lang): key for key, text in THEMES.items()})
        current = self._theme.value or MIX
        self._theme.options, self._theme.name = themes, t("theme", lang)
        self._theme.value = current
        offset = self._offset.value or "normal"
        self._offset.options = {t(f"offset_{o}", lang): o for o in OFFSETS}
        self._offset.name, self._offset.value = t("offset", lang), offset
        mode = self._mode.value or "practice"
        self._mode.options = {t(f"mode_{m}", lang): m for m in MODES}
        self._mode.value = mode
        self._submit.name, self._next.name = t("submit", lang), t("next_puzzle", lang)

    @param.depends("lang", watch=True)
    def _relabel(self) -> None:
        self._label()
        self._show_puzzle(keep_answer=True)
        self._verdict.visible = False

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # ------------------------------------------------------------ the learner
    def attach_user(self, store: Store | None, user: User) -> None:
        """Practise as `user`: their ratings and attempts come from (and go to) the store."""
        try:
            self.trainer = Trainer(list(shipped_bank()), store, user.id)
        except StoreError as exc:
            self._verdict.object = t("store_unavailable", self.lang, error=exc)
            self._verdict.alert_type = "warning"
            self._verdict.visible = True
        self.new_puzzle()

    # --------------------------------------------------------------- flow
    def new_puzzle(self) -> None:
        """Serve the next puzzle for the chosen theme, difficulty and mode."""
        mode = self._mode.value or "practice"
        self.puzzle = self.trainer.next_puzzle(self._theme.value or MIX,
                                               self._offset.value or "normal", mode)
        self.answered = False
        self._started = time.monotonic()
        self._verdict.visible = False
        self._rating.object = (t("streak_line", self.lang, n=self.trainer.streak)
                               if mode == "streak" else "")
        self._show_puzzle()

    def _show_puzzle(self, keep_answer: bool = False) -> None:
        lang, puzzle = self.lang, self.puzzle
        if puzzle is None:
            self._meta.object = ""
            self._prompt.object = t("no_puzzle", lang)
            self._position.object = ""
            self._answer_area.objects = []
            self._submit.visible = False
            return
        public = puzzle.public()
        self._meta.object = "*" + t("puzzle_meta", lang, id=puzzle.id,
                                    tier=TIERS[puzzle.difficulty].get(lang)) + "*"
        self._prompt.object = f"**{public['prompt'][lang]}**\n\n{public['answer_format'][lang]}"
        self._position.object = position_html(public, lang)
        if not keep_answer or self.answer is None:
            self.answer = AnswerInput.for_puzzle(public, lang)
            self._answer_area.objects = [self.answer.view]
        self._submit.visible = not self.answered

    def _on_submit(self, _=None) -> None:
        if self.puzzle is None or self.answer is None or self.answered:
            return
        lang = self.lang
        value = self.answer.value()
        if value is None:
            self._show_verdict(t("answer_missing", lang), "warning")
            return
        mode = self._mode.value or "practice"
        try:
            outcome = self.trainer.submit(self.puzzle, value, time.monotonic() - self._started,
                                          mode=mode)
        except AnswerError as err:
            self._show_verdict(err.text(lang), "warning")
            return
        except StoreError as exc:
            self._show_verdict(t("store_unavailable", lang, error=exc), "warning")
            return
        self.answered = True
        self._submit.visible = False
        g = outcome.grade
        head = t("verdict_right", lang) if g.correct else t("verdict_wrong", lang,
                                                              answer=g.expected)
        self._show_verdict(f"**{head}**\n\n{g.explanation.get(lang)}",
                           "success" if g.correct else "danger")
        theme = THEMES[outcome.theme].get(lang)
        line = (t("rating_line", lang, theme=theme, before=outcome.rating_before,
                  after=outcome.rating_after, change=outcome.change)
                if outcome.first_attempt else
                t("rating_same", lang, theme=theme, after=outcome.rating_after))
        if mode == "streak":
            line += "\n\n" + (t("streak_line", lang, n=outcome.streak) if g.correct
                              else t("streak_over", lang, n=outcome.streak_ended))
        self._rating.object = line

    def _show_verdict(self, text: str, kind: str) -> None:
        self._verdict.object = text
        self._verdict.alert_type = kind
        self._verdict.visible = True
