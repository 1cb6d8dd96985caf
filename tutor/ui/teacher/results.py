"""An assignment's results: a table per learner and per puzzle, a chart of the puzzles
missed, the assignment's CSV, and the class's commonest mistakes in reviewed hands."""

from __future__ import annotations

import io
import re
from html import escape
from typing import Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, FactorRange
from bokeh.plotting import figure

from tutor.puzzle import Puzzle
from tutor.store import Assignment, Classroom, StoreError

from ..bank import current_bank, distinct
from ..i18n import t
from ..progress.mistakes import class_mistakes_html
from ..progress.mistakes import t as review_text
from ..safe import user_text
from ..theme_choice import bank_themes
from .part import TeacherPart
from .reports import (
    LearnerResult,
    PuzzleResult,
    assignment_csv,
    assignment_report,
    puzzle_title,
    said,
)

EMPTY = ["—"]  # a categorical axis needs a factor to draw at all
TABLE_STYLE = ("<style>.zp-results td, .zp-results th {padding: 3px 10px;"
               " border-bottom: 1px solid #dde; text-align: left}"
               " .zp-results th {white-space: nowrap; word-break: keep-all}</style>")


class Results(TeacherPart):
    """The results of `assignment`, one of the class's assignments."""

    assignment = param.ClassSelector(class_=Assignment, default=None, allow_None=True,
                                     doc="the assignment whose results are shown")
    report = param.Tuple(default=None, allow_None=True, length=2,
                         doc="(learners, puzzles) of the assignment, as read from the store")
    mistakes = param.List(default=None, allow_None=True,
                          doc="the class's clear mistakes by kind, commonest first")
    reviewed = param.Integer(default=0, doc="how many hands the class's learners had reviewed")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._items: dict[str, Assignment] = {}
        self._select = pn.widgets.Select(label=self._t("teacher_assignment"), width=300)
        self._select.param.watch(lambda e: self._choose(e.new), "value")
        self._bank: dict[str, Puzzle] = {}
        self._csv = pn.widgets.FileDownload(
            callback=self._csv_file, color="default", width=200, label=self._t("teacher_csv"),
            filename=pn.bind(csv_name, self.param.classroom, self.param.assignment),
            disabled=pn.bind(lambda chosen: chosen is None, self.param.assignment))
        report, lang = self.param.report, self.param.lang
        self._learners = pn.pane.HTML(pn.bind(learners_html, report, lang),
                                      sizing_mode="stretch_width")
        self._puzzles = pn.pane.HTML(pn.bind(puzzles_html, report, lang),
                                     sizing_mode="stretch_width")
        self._chart_src = ColumnDataSource({"puzzle": [], "failed": []})
        self._chart = figure(height=220, sizing_mode="stretch_width", toolbar_location=None,
                             x_range=FactorRange(factors=EMPTY), y_range=(0, 100))
        self._chart.vbar(x="puzzle", top="failed", width=0.6, source=self._chart_src,
                         color="#ef6c00")
        self._chart.xaxis.major_label_orientation = 0.6
        self._chart_pane = pn.pane.Bokeh(self._chart, sizing_mode="stretch_width")
        self._chart_empty = pn.pane.Markdown(pn.bind(self._chart_sentence, report, lang),
                                             sizing_mode="stretch_width")
        # an empty chart is a sentence, not bare axes (swapped, not hidden, so it draws full size)
        self._chart_box = pn.Column(self._chart_empty, sizing_mode="stretch_width", margin=0)
        self._mistakes = pn.pane.HTML(
            pn.bind(_class_mistakes, self.param.mistakes, self.param.reviewed, lang),
            sizing_mode="stretch_width")
        self._layout = pn.Column(
            self._header("teacher_results"),
            pn.FlexBox(self._select, self._csv), self._learners, self._puzzles, self._chart_box,
            pn.pane.Markdown(pn.bind(_mistakes_title, self.param.mistakes, lang)),
            self._mistakes, sizing_mode="stretch_width", margin=0)
        self._axis_label()

    @param.depends("lang", watch=True)
    def _axis_label(self) -> None:
        with pn.io.hold():  # a Bokeh model of the session's document: see `_draw_chart`
            self._chart.yaxis.axis_label = t("col_failed_pct", self.lang)

    # ------------------------------------------------------------ the class
    @param.depends("classroom", watch=True)
    def reload(self, select: Assignment | None = None) -> None:
        """Read the class's assignments and mistakes again; show `select`, else the one shown
        if it is still there, else the newest."""
        room = self.classroom
        if room is None or not self._teacher():
            self._items, self.mistakes = {}, None
            self._select.options = {}
            self.assignment = None
            return
        try:
            items = self.store.classes.assignments(self.user.id, room.id)
            self.param.update(mistakes=self.store.reviews.class_mistakes(self.user.id, room.id),
                              reviewed=self.store.reviews.class_reviewed(self.user.id, room.id))
        except StoreError as exc:
            self._fail(exc)
            return
        self._items = {str(a.id): a for a in items}
        current = str(select.id) if select is not None else self._select.value
        self._select.options = {assignment_label(a): str(a.id) for a in items}
        values = list(self._items)
        self._select.value = current if current in values else (values[-1] if values else None)
        self._choose(self._select.value)

    def _choose(self, value: str | None) -> None:
        self.assignment = self._items.get(value) if value else None

    # ------------------------------------------------------- the assignment
    @param.depends("assignment", watch=True)
    def _read(self) -> None:
        chosen = self.assignment
        if chosen is not None and self._select.value != str(chosen.id):
            self._select.value = str(chosen.id)  # the select follows the parameter
        if chosen is None or not self._teacher():
            self.report = None
            return
        try:
            self._bank = {p.id: p for p in current_bank(self.store)}
            self.report = assignment_report(self.store, self.user.id, chosen, self._bank)
        except StoreError as exc:
            self._fail(exc)

    @param.depends("report", "lang", watch=True)
    def _draw_chart(self) -> None:
        """The % failed per puzzle tried, or a sentence while none was missed.

        The figure is a Bokeh model of this session's document, changed here directly. Button
        callbacks run on the event loop outside Bokeh's document lock, so a bare change would
        raise (`_pending_writes should be non-None`) half way through the caller, leaving
        the selects it was filling stale: `pn.io.hold` collects the changes and sends them
        itself, whatever called this."""
        tried = [p for p in self.report[1] if p.attempts] if self.report else []
        # a categorical axis needs each factor once
        names = distinct([puzzle_title(p.puzzle_id, p.puzzle, self.lang) for p in tried])
        failed = [p.failed_percent for p in tried]
        with pn.io.hold():
            self._chart.x_range.factors = names or EMPTY
            self._chart_src.data = {"puzzle": names, "failed": failed}
        missed = any(f > 0 for f in failed)
        self._chart_box.objects = [self._chart_pane if missed else self._chart_empty]

    def _chart_sentence(self, report: tuple | None, lang: str) -> str:
        if report is None:
            key = "teacher_chart_none"
        else:  # bars only when some puzzle was missed: all-zero bars look like empty axes
            key = ("teacher_chart_no_misses" if any(p.attempts for p in report[1])
                   else "teacher_chart_empty")
        return f"*{t(key, lang)}*"

    def _csv_file(self) -> io.StringIO:
        """The shown assignment's CSV in the page's language, with a BOM for spreadsheets."""
        chosen = self.assignment
        if chosen is None or not self._teacher():
            return io.StringIO("")
        try:
            text = assignment_csv(self.store, self.user.id, chosen, self._bank, self.lang)
        except StoreError as exc:
            self._fail(exc)
            return io.StringIO("")
        return io.StringIO("\ufeff" + text)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def learners_html(report: tuple[list[LearnerResult], list[PuzzleResult]] | None,
                  lang: str) -> str:
    """One row per learner: solved (as the learner's page counts them), solved at the first
    answer, tried, time, answers."""
    if report is None:
        return ""
    learners = report[0]
    if not learners:
        return f"<p>{escape(t('teacher_no_learners', lang))}</p>"
    puzzles = {p.puzzle_id: p.puzzle for p in report[1]}
    head = "".join(f"<th>{escape(t(k, lang))}</th>" for k in
                   ("col_learner", "col_solved", "col_first_try", "col_tried", "col_time",
                    "col_answers"))
    rows = "".join(
        f"<tr data-learner='{r.user_id}'><td>{user_text(r.name)}</td>"
        f"<td>{r.solved}/{r.total}</td><td>{r.first_try}</td><td>{r.attempted}</td>"
        f"<td>{r.seconds:.0f} s</td>"
        f"<td>{user_text(_answers(r.answers, puzzles, lang))}</td></tr>" for r in learners)
    return f"{TABLE_STYLE}<table class='zp-results'><tr>{head}</tr>{rows}</table>"


def puzzles_html(report: tuple[list[LearnerResult], list[PuzzleResult]] | None,
                 lang: str) -> str:
    """One row per puzzle: attempts, % failed, median time."""
    if report is None:
        return ""
    head = "".join(f"<th>{escape(t(k, lang))}</th>" for k in
                   ("col_puzzle", "col_attempts", "col_failed_pct", "col_median"))
    rows = "".join(
        f"<tr><td title='{escape(p.puzzle_id, quote=True)}'>"
        f"{user_text(puzzle_title(p.puzzle_id, p.puzzle, lang))}</td><td>{p.attempts}</td>"
        f"<td>{p.failed_percent:.0f}%</td>"
        f"<td>{'—' if p.median_seconds is None else f'{p.median_seconds:.0f} s'}</td></tr>"
        for p in report[1])
    return f"{TABLE_STYLE}<table class='zp-results'><tr>{head}</tr>{rows}</table>"


def _class_mistakes(rows: list | None, reviewed: int, lang: str) -> str:
    return "" if rows is None else class_mistakes_html(rows, lang, reviewed,
                                                       offered=bank_themes())


def _mistakes_title(rows: list | None, lang: str) -> str:
    return "" if rows is None else f"#### {review_text('class_mistakes_title', lang)}"


def slug(text: str, fallback: str) -> str:
    """`text` lower-cased for a file name: letters and digits of any script, else `-`."""
    return re.sub(r"[\W_]+", "-", text.lower()).strip("-")[:60].strip("-") or fallback


def csv_name(room: Classroom | None, assignment: Assignment | None) -> str:
    """`<class>-<assignment>.csv`: the file says which assignment's attempts it holds."""
    return (f"{slug(room.name if room else '', 'class')}-"
            f"{slug(assignment.title if assignment else '', 'assignment')}.csv")


def _answers(answers: list[tuple[str, Any, bool]], puzzles: dict[str, Puzzle | None],
             lang: str) -> str:
    """`puzzle title: answer in words ✓; …` for the results table."""
    return "; ".join(f"{puzzle_title(pid, puzzles.get(pid), lang)}: "
                     f"{said(puzzles.get(pid), answer, lang)} {'✓' if ok else '✗'}"
                     for pid, answer, ok in answers)


def assignment_label(a: Assignment) -> str:
    """`Title (5, 2026-12-01)`: puzzle count and due date."""
    return f"{a.title} ({len(a.puzzle_ids)}{', ' + str(a.due) if a.due else ''})"

