"""One question on a page: its position and prompt (cards drawn), the input it declares, a
Check button, and the verdict with its explanation. The Learn page, the Puzzles page and the
notebook widgets all show questions through it.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.question import AnswerError, Grade, Question, answer_words
from tutor.text import LANGS, Text, section

from ..marks import LEARN_CSS, render_text
from ..position_view import PositionView
from ..safe import user_text
from .inputs import AnswerWidgets, answer_widgets

t = section("card")

CARD_CSS = LEARN_CSS + """
.zp-q-prompt { font-size: 16px; line-height: 1.7; }
.zp-q-format { color: #555; font-size: 14px; }
"""


class Refused(Exception):
    """A grader could not take the answer now (e.g. the store is down): shown as a warning,
    and the question stays open."""

    def __init__(self, message: Text) -> None:
        super().__init__(message.en)
        self.message = message


class QuestionCard(pn.viewable.Viewer):
    """Shows `question` in `lang` and grades what the learner answers.

    `grader` grades an answer (default: the question itself); a page that records attempts
    passes its own. `grade` is the last grade shown. With `once`, a question is answered once
    (puzzles) and its verdict shows the answer; otherwise a learner may try again (lessons):
    a first wrong answer gets a hint at the rule, the answer comes with "Show answer" or a
    second wrong answer. Check stays disabled until the input holds an answer."""

    question = param.ClassSelector(class_=Question, allow_None=True, default=None)
    lang = param.Selector(default="en", objects=list(LANGS))
    grade = param.ClassSelector(class_=Grade, allow_None=True, default=None, doc="last grade")
    revealed = param.Boolean(default=False, doc="the answer was shown, not found")
    note = param.String(default="", doc="Markdown under the verdict (e.g. a rating change)")
    once = param.Boolean(default=False, doc="one answer per question")
    show_reveal = param.Boolean(default=True, doc="offer a Show answer button")
    show_format = param.Boolean(default=False, doc="say how a typed answer is written (for "
                                "notebooks, where `submit` takes text; pages answer by clicking)")
    grader = param.Callable(default=None, doc="(question, answer text) -> Grade")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.input: AnswerWidgets | None = None
        self._shown: Question | None = None
        self.misses = 0  # wrong answers to the question shown
        self._hint: Text | None = None  # the hint for the last wrong answer
        # a card play's position is drawn by the one position view (lessons, puzzles, the
        # review); the prompt then says only what is asked of it
        self._position = PositionView(lang=self.lang)
        self._prompt = pn.pane.Markdown("", stylesheets=[CARD_CSS], sizing_mode="stretch_width",
                                        css_classes=["zp-q-prompt"])
        self._format = pn.pane.Markdown("", css_classes=["zp-q-format"],
                                        stylesheets=[CARD_CSS], margin=(0, 10))
        self._answer = pn.Column(sizing_mode="stretch_width", margin=0)
        self._check = pn.widgets.Button(color="primary", width=150)
        self._check.on_click(lambda _e: self.submit())
        self._reveal = pn.widgets.Button(color="default", width=150)
        self._reveal.on_click(lambda _e: self.reveal())
        self._verdict = pn.pane.Alert("", visible=False, sizing_mode="stretch_width",
                                      stylesheets=[CARD_CSS])
        self._note = pn.pane.Markdown("", margin=(0, 10))
        self._layout = pn.Column(self._position, self._prompt, self._format, self._answer,
                                 pn.FlexBox(self._check, self._reveal), self._verdict,
                                 self._note, sizing_mode="stretch_width",
                                 css_classes=["zp-question"])
        self._new_question()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # ------------------------------------------------------------ answering
    def answer(self) -> str | None:
        """The learner's current answer as text, or None while the input is incomplete."""
        return None if self.input is None else self.input.value()

    def submit(self, answer: Any = None) -> Grade | None:
        """Grade `answer` (or, if None, the input's value), show and return the Grade.

        A missing or unreadable answer shows how to write one and returns None."""
        q, lang = self.question, self.lang
        if not self._open():
            return None  # the server decides: a hidden or disabled Check is no authority
        value = self.answer() if answer is None else answer
        if value is None:
            return self._warn(t("answer_missing", lang))
        try:
            grade = (self.grader or _grade)(q, value)
            hint = None if grade.correct or self.once else q.hint(value)
        except AnswerError as err:
            return self._warn(user_text(err.text(lang)))
        except Refused as err:
            return self._warn(err.message.get(lang))
        self.misses += not grade.correct
        self._hint = hint
        self.param.update(grade=grade, revealed=False)
        self._draw_verdict()  # a second, equal wrong grade is no parameter change
        return grade

    def reveal(self) -> Grade | None:
        """Show the right answer and why, where revealing is offered (`show_reveal`) and the
        question is still open; None elsewhere. A revealed answer is shown, never graded:
        the page's grader (which records attempts and moves ratings) is not called, so a
        reveal is never saved as an answer, however its button was reached."""
        q = self.question
        if not self.show_reveal or not self._open():
            return None
        grade = _grade(q, q.solve().text)
        self._hint = None
        self.param.update(grade=grade, revealed=True)
        self._draw_verdict()
        return grade

    def _open(self) -> bool:
        """Whether the question shown takes an answer now (not yet answered, if `once`)."""
        return self.question is not None and not (self.once and self.grade is not None)

    @property
    def verdict(self) -> str:
        """The verdict shown under the question ('' while there is none)."""
        return self._verdict.object if self._verdict.visible else ""

    def _warn(self, markdown: str) -> None:
        self._verdict.param.update(object=markdown, alert_type="warning", visible=True)
        return None

    # ------------------------------------------------------------- drawing
    @param.depends("question", watch=True)
    def _new_question(self) -> None:
        if self.question is self._shown and self.input is not None:
            return  # param reports setting the same question again as a change
        self._shown = self.question
        with param.parameterized.discard_events(self):
            self.param.update(grade=None, revealed=False, note="")
        self.misses, self._hint = 0, None
        self._draw_question()

    @param.depends("lang", "show_format", "show_reveal", watch=True)
    def _draw_question(self) -> None:
        with pn.io.hold():
            self._draw_input()
            self._draw_verdict()

    def _draw_input(self) -> None:
        q, lang = self.question, self.lang
        self._check.name, self._reveal.name = t("check", lang), t("show_answer", lang)
        self._layout.visible = q is not None
        if q is None:  # nothing left behind from the last question, in any language
            self.input = None
            self._prompt.object = self._format.object = ""
            self._position.position = None
            self._answer.objects = []
            return
        position = q.seen()
        self._position.param.update(position=position, lang=lang)
        asked = q.prompt() if position is None else q.ask()
        self._prompt.object = render_text(asked.get(lang), None, lang)
        self._format.object = q.answer_format().get(lang) if self.show_format else ""
        self._format.visible = self.show_format
        self.input = answer_widgets(q.answer_input(), lang)
        self.input.on_change(self._can_check)
        self._can_check()
        self._answer.objects = [self.input.view]

    def _can_check(self) -> None:
        self._check.disabled = self.answer() is None

    @param.depends("grade", "revealed", "note", "once", watch=True)
    def _draw_verdict(self) -> None:
        g, lang = self.grade, self.lang
        done = self.once and g is not None
        self._check.visible = not done
        self._reveal.visible = self.show_reveal and not done
        self._note.object = self.note
        if g is None:
            self._verdict.visible = False
            return
        said = answer_words(self.question, g.expected, lang)  # the answer in words, not code
        if self.revealed:
            head = t("answer_is", lang, answer=said)
        elif g.correct:
            head = t("correct", lang)
        elif self.once:
            head = t("wrong_answer_is", lang, answer=said)
        elif self.misses < 2 and self._hint is not None:  # a hint at the rule, not the answer
            head, body = t("hint_head", lang), render_text(self._hint.get(lang), None, lang)
            self._verdict.param.update(object=f"**{head}** {body}", visible=True,
                                       alert_type="warning")
            return
        else:
            head = t("wrong_twice", lang, answer=said)
        body = render_text(g.explanation.get(lang), None, lang)
        self._verdict.param.update(object=f"**{head}** {body}", visible=True,
                                   alert_type="success" if g.correct else "danger")


def _grade(q: Question, answer: str) -> Grade:
    return q.grade(answer)
