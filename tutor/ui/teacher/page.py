"""The Teacher page: classes and join codes, assignments from the bank, results with charts
and CSV, and a form to author a throw puzzle whose answer the rules core shows first.

Only teacher accounts get past `attach_user`; everyone else sees a refusal, and the store
refuses them too.
"""

from __future__ import annotations

import io
import re
from datetime import date
from html import escape
from typing import Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, FactorRange
from bokeh.plotting import figure

from tutor.puzzle import THEMES, AnswerError, PuzzleFileError
from tutor.rules import RANKS
from tutor.store import Assignment, Classroom, Store, StoreError, User

from ..bank import check_entry, current_bank, save_entry
from ..i18n import t
from ..marks import render_text
from ..page import AppPage
from ..progress.mistakes import class_mistakes_html
from ..progress.mistakes import t as review_text
from ..safe import user_text
from .due import DueDate
from .reports import assignment_report
from .reset import PasswordReset

EMPTY = ["—"]  # a categorical axis needs a factor to draw at all
TABLE_STYLE = ("<style>.zp-results td, .zp-results th {padding: 3px 10px;"
               " border-bottom: 1px solid #dde; text-align: left}</style>")


class TeacherPage(AppPage):
    """Everything a teacher does, for the signed-in teacher only; `classroom` and
    `assignment` say which class and which assignment's results are shown."""

    classroom = param.ClassSelector(class_=Classroom, default=None, allow_None=True,
                                    doc="the class shown")
    assignment = param.ClassSelector(class_=Assignment, default=None, allow_None=True,
                                     doc="the assignment whose results are shown")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._class_objects: dict[int, Classroom] = {}
        self._assignment_objects: dict[int, Assignment] = {}
        self._refusal = pn.pane.Alert("", alert_type="warning")
        self._status = pn.pane.Alert("", visible=False, sizing_mode="stretch_width")
        # classes
        self._classes = pn.widgets.Select(width=260)
        self._classes.param.watch(lambda e: self._choose_class(e.new), "value")
        self._class_name = pn.widgets.TextInput(width=220)
        self._create_class = pn.widgets.Button(color="primary", width=140)
        self._create_class.on_click(self._on_create_class)
        self._code = pn.pane.Markdown("")
        self._reset = PasswordReset(lang=self.lang)
        # assignments
        self._title = pn.widgets.TextInput(width=240)
        self._due = DueDate(width=220)
        self._theme = pn.widgets.Select(width=220)
        self._tier = pn.widgets.Select(width=120)
        self._count = pn.widgets.IntInput(value=5, start=1, end=30, width=90)
        self._picked = pn.widgets.MultiChoice(max_width=420, sizing_mode="stretch_width")
        self._create_assignment = pn.widgets.Button(color="primary", width=170)
        self._create_assignment.on_click(self._on_create_assignment)
        # results
        self._assignments = pn.widgets.Select(width=300)
        self._assignments.param.watch(lambda e: self._choose_assignment(e.new), "value")
        self._learners = pn.pane.HTML("", sizing_mode="stretch_width")
        self._puzzles = pn.pane.HTML("", sizing_mode="stretch_width")
        self._chart_src = ColumnDataSource({"puzzle": [], "failed": []})
        self._chart = figure(height=220, sizing_mode="stretch_width", toolbar_location=None,
                             x_range=FactorRange(factors=EMPTY), y_range=(0, 100))
        self._chart.vbar(x="puzzle", top="failed", width=0.6, source=self._chart_src,
                         color="#ef6c00")
        self._chart.xaxis.major_label_orientation = 0.6
        self._chart_pane = pn.pane.Bokeh(self._chart, sizing_mode="stretch_width")
        self._chart_empty = pn.pane.Markdown("", sizing_mode="stretch_width")
        # an empty chart is a sentence, not bare axes (swapped, not hidden, so it draws full size)
        self._chart_box = pn.Column(self._chart_empty, sizing_mode="stretch_width", margin=0)
        self._csv = pn.widgets.FileDownload(callback=self._csv_file, filename="class.csv",
                                            color="default", width=200)
        # authoring
        self._a_level = pn.widgets.Select(options=list(RANKS), value="2", width=80)
        self._a_suit = pn.widgets.Select(options={"♠": "S", "♥": "H", "♦": "D", "♣": "C"},
                                         value="S", width=80)
        self._a_throw = pn.widgets.TextInput(placeholder="AH AH KH 10H 10H", width=260)
        self._a_others = [pn.widgets.TextInput(placeholder="KH KH", width=160) for _ in range(4)]
        self._a_difficulty = pn.widgets.Select(options=[1, 2, 3], value=2, width=80)
        self._preview_button = pn.widgets.Button(color="default", width=140)
        self._preview_button.on_click(lambda _: self._preview(save=False))
        self._save_button = pn.widgets.Button(color="primary", width=140)
        self._save_button.on_click(lambda _: self._preview(save=True))
        self._preview_text = pn.pane.Alert("", visible=False, sizing_mode="stretch_width")
        self._mistakes_title = pn.pane.Markdown("")
        self._mistakes = pn.pane.HTML("", sizing_mode="stretch_width")
        self._headers = {k: pn.pane.Markdown("") for k in
                         ("classes", "assign", "results", "author")}
        self._body = pn.Column(
            self._status,
            self._headers["classes"],
            pn.FlexBox(self._classes, self._class_name, self._create_class), self._code,
            self._reset,
            self._headers["assign"], pn.FlexBox(self._title, self._due),
            pn.FlexBox(self._theme, self._tier, self._count), self._picked,
            self._create_assignment,
            self._headers["results"], pn.FlexBox(self._assignments, self._csv), self._learners,
            self._puzzles, self._chart_box, self._mistakes_title, self._mistakes,
            self._headers["author"],
            pn.FlexBox(self._a_level, self._a_suit, self._a_difficulty),
            self._a_throw, pn.FlexBox(*self._a_others),
            pn.FlexBox(self._preview_button, self._save_button), self._preview_text,
            sizing_mode="stretch_width")
        # the tools are swapped in (not merely unhidden), so their charts draw at full size
        self._layout = pn.Column(self._refusal, sizing_mode="stretch_width")
        self._label()

    # ---------------------------------------------------------------- labels
    @param.depends("lang", watch=True)
    def _label(self) -> None:
        lang = self.lang
        self._reset.lang = lang
        self._refusal.object = t("teacher_only", lang)
        for key, pane in self._headers.items():
            pane.object = f"### {t('teacher_' + key, lang)}"
        self._classes.name = t("teacher_class", lang)
        self._class_name.placeholder = t("teacher_class_name", lang)
        self._create_class.name = t("teacher_create_class", lang)
        self._title.placeholder = t("teacher_title", lang)
        self._due.param.update(label=t("teacher_due", lang), lang=lang)
        self._theme.name = t("theme", lang)
        self._theme.options = {t("theme_mix", lang): ""} | {
            text.get(lang): key for key, text in THEMES.items()}
        self._tier.name = t("offset", lang)
        tier = self._tier.value or "0"
        self._tier.options = {t("tier_any", lang): "0", t("tier_1", lang): "1",
                              t("tier_2", lang): "2", t("tier_3", lang): "3"}
        self._tier.value = tier
        self._count.name = t("teacher_count", lang)
        self._picked.name = t("teacher_pick", lang)
        self._create_assignment.name = t("teacher_create_assignment", lang)
        self._assignments.name = t("teacher_assignment", lang)
        self._csv.label = t("teacher_csv", lang)
        self._chart.yaxis.axis_label = t("col_failed_pct", lang)
        self._a_throw.name = t("author_throw", lang)
        for i, box in enumerate(self._a_others):
            box.name = t("author_other", lang, n=i + 1)
        self._a_level.name, self._a_suit.name = t("author_level", lang), t("author_suit", lang)
        self._a_difficulty.name = t("author_difficulty", lang)
        self._preview_button.name = t("author_preview", lang)
        self._save_button.name = t("author_save", lang)
        if self.user is not None:
            self._show_class()
            self._show_results()  # the tables and the chart's sentence in this language
        else:
            self._draw_chart([], [])

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # ------------------------------------------------------------- the user
    def attach_user(self, store: Store | None, user: User) -> None:
        """Show the teacher's tools only to a teacher; refuse everyone else."""
        super().attach_user(store, user)
        allowed = store is not None and user.role == "teacher" and not user.is_guest
        self._layout.objects = [self._body] if allowed else [self._refusal]
        if allowed:
            self._picked.options = sorted(p.id for p in current_bank(store))
            self._load_classes()

    def _teacher(self) -> bool:
        """Whether this page acts for a teacher now (its tools are shown to no one else,
        and a hidden control is no authority)."""
        user = self.user
        return (self.store is not None and user is not None and user.role == "teacher"
                and not user.is_guest)

    def _ok(self, text: str) -> None:
        self._status.object, self._status.alert_type, self._status.visible = text, "success", True

    def _fail(self, exc: Exception) -> None:
        text = user_text(exc.text(self.lang) if hasattr(exc, "text") else exc)
        self._status.object, self._status.alert_type, self._status.visible = text, "danger", True

    # --------------------------------------------------------------- classes
    def _load_classes(self, select: int | None = None) -> None:
        classes = [c for c in self.store.classes.for_user(self.user.id)
                   if c.teacher_id == self.user.id]
        self._class_objects = {c.id: c for c in classes}
        options = {f"{c.name} ({c.join_code})": str(c.id) for c in classes}
        current = str(select) if select is not None else self._classes.value
        self._classes.options = options
        values = list(options.values())
        self._classes.value = current if current in values else (values[0] if values else None)
        self._choose_class(self._classes.value)

    def _choose_class(self, value: str | None) -> None:
        self.classroom = self._class_objects.get(_int(value))

    def _choose_assignment(self, value: str | None) -> None:
        self.assignment = self._assignment_objects.get(_int(value))

    def _on_create_class(self, _=None) -> None:
        if not self._teacher():
            return
        try:
            room = self.store.classes.create(self.user.id, self._class_name.value.strip())
        except StoreError as exc:
            self._fail(exc)
            return
        self._class_name.value = ""
        self._ok(t("teacher_class_made", self.lang, name=user_text(room.name),
                   code=user_text(room.join_code)))
        self._load_classes(select=room.id)

    @param.depends("classroom", watch=True)
    def _show_class(self) -> None:
        room = self.classroom
        self._reset.param.update(store=self.store, user=self.user, classroom=room)
        self._csv.filename = csv_name(room.name if room is not None else "")
        if room is not None and self._classes.value != str(room.id):
            self._classes.value = str(room.id)  # the select follows the parameter
        if room is None:
            self._code.object = t("teacher_no_class", self.lang)
            self._assignment_objects = {}
            self._assignments.options = {}
            self.assignment = None
            return
        self._code.object = t("teacher_join_code", self.lang, code=user_text(room.join_code))
        try:
            items = self.store.classes.assignments(self.user.id, room.id)
            common = self.store.reviews.class_mistakes(self.user.id, room.id)
        except StoreError as exc:
            self._fail(exc)
            return
        self._mistakes_title.object = f"#### {review_text('class_mistakes_title', self.lang)}"
        self._mistakes.object = class_mistakes_html(common, self.lang)
        self._assignment_objects = {a.id: a for a in items}
        options = {_assignment_label(a): str(a.id) for a in items}
        current = self._assignments.value
        self._assignments.options = options
        values = list(options.values())
        self._assignments.value = current if current in values else (
            values[-1] if values else None)
        self._choose_assignment(self._assignments.value)

    # ----------------------------------------------------------- assignments
    def _chosen_puzzles(self) -> list[str]:
        """The puzzles picked (only ones of the bank), else `count` (1 to 30) of the theme
        and difficulty chosen."""
        bank = current_bank(self.store)
        if self._picked.value:
            known = {p.id for p in bank}
            return [pid for pid in self._picked.value if pid in known]
        theme, tier = self._theme.value, self._tier.value or "0"
        tier = int(tier) if tier in ("0", "1", "2", "3") else 0
        count = min(max(1, int(self._count.value or 1)), self._count.end or 30)
        pool = [p for p in bank
                if (not theme or theme in p.themes) and (not tier or p.difficulty == tier)]
        pool.sort(key=lambda p: p.id)
        step = max(1, len(pool) // count)
        return [p.id for p in pool[::step][:count]]

    def _on_create_assignment(self, _=None) -> None:
        if not self._teacher():
            return
        if self.classroom is None:
            self._fail(ValueError(t("teacher_no_class", self.lang)))
            return
        room_id = self.classroom.id
        ids = self._chosen_puzzles()
        due = self._due.value if isinstance(self._due.value, date) else None
        try:
            made = self.store.classes.create_assignment(self.user.id, room_id,
                                                self._title.value.strip(), ids, due)
        except StoreError as exc:
            self._fail(exc)
            return
        self._ok(t("teacher_assignment_made", self.lang, title=user_text(made.title),
                   n=len(ids)))
        self._title.value = ""
        self._picked.value = []
        self._show_class()
        self._assignments.value = str(made.id)

    # ---------------------------------------------------------------- results
    @param.depends("assignment", watch=True)
    def _show_results(self) -> None:
        lang = self.lang
        chosen = self.assignment
        if chosen is not None and self._assignments.value != str(chosen.id):
            self._assignments.value = str(chosen.id)
        if chosen is None:
            self._learners.object = self._puzzles.object = ""
            self._draw_chart([], [])
            return
        try:
            learners, puzzles = assignment_report(self.store, self.user.id, chosen)
        except StoreError as exc:
            self._fail(exc)
            return
        head = "".join(f"<th>{escape(t(k, lang))}</th>" for k in
                       ("col_learner", "col_done", "col_correct", "col_time", "col_answers"))
        rows = "".join(
            f"<tr data-learner='{r.user_id}'><td>{user_text(r.name)}</td>"
            f"<td>{r.attempted}/{r.total}</td><td>{r.solved}</td><td>{r.seconds:.0f} s</td>"
            f"<td>{user_text(_answers(r.answers))}</td></tr>" for r in learners)
        self._learners.object = (f"{TABLE_STYLE}<table class='zp-results'><tr>{head}</tr>"
                                 f"{rows}</table>" if learners else
                                 f"<p>{escape(t('teacher_no_learners', lang))}</p>")
        head = "".join(f"<th>{escape(t(k, lang))}</th>" for k in
                       ("col_puzzle", "col_attempts", "col_failed_pct", "col_median"))
        rows = "".join(
            f"<tr><td>{user_text(p.puzzle_id)}</td><td>{p.attempts}</td>"
            f"<td>{p.failed_percent:.0f}%</td>"
            f"<td>{'—' if p.median_seconds is None else f'{p.median_seconds:.0f} s'}</td></tr>"
            for p in puzzles)
        self._puzzles.object = (f"{TABLE_STYLE}<table class='zp-results'><tr>{head}</tr>"
                                f"{rows}</table>")
        tried = [p for p in puzzles if p.attempts]
        self._draw_chart([p.puzzle_id for p in tried], [p.failed_percent for p in tried])

    def _draw_chart(self, names: list[str], failed: list[float]) -> None:
        """The % failed per puzzle tried, or a sentence while none was missed.

        The figure is a Bokeh model of this session's document, changed here directly. Button
        callbacks run on the event loop outside Bokeh's document lock, so a bare change would
        raise (`_pending_writes should be non-None`) half way through the caller, leaving
        the selects it was filling stale: `pn.io.hold` collects the changes and sends them
        itself, whatever called this."""
        with pn.io.hold():
            self._chart.x_range.factors = names or EMPTY
            self._chart_src.data = {"puzzle": names, "failed": failed}
        if self.assignment is None:
            key = "teacher_chart_none"
        else:  # bars only when some puzzle was missed: all-zero bars look like empty axes
            key = "teacher_chart_no_misses" if names else "teacher_chart_empty"
        self._chart_empty.object = f"*{t(key, self.lang)}*"
        missed = any(f > 0 for f in failed)
        self._chart_box.objects = [self._chart_pane if missed else self._chart_empty]

    def _csv_file(self) -> io.StringIO:
        if self.classroom is None or not self._teacher():
            return io.StringIO("")
        return io.StringIO(self.store.attempts.class_csv(self.user.id, self.classroom.id))

    # --------------------------------------------------------------- authoring
    def _entry(self) -> dict[str, Any]:
        throw = self._a_throw.value.strip()
        return {"id": self.store.puzzles.next_id(self.user.id), "type": "throw",
                "themes": ["throw"], "difficulty": self._a_difficulty.value,
                "level": self._a_level.value, "suit": self._a_suit.value, "thrower": 0,
                "hand": throw, "throw": throw,
                "others": [box.value.strip() for box in self._a_others]}

    def _preview(self, save: bool) -> None:
        if not self._teacher():
            return
        lang = self.lang
        raw = self._entry()
        try:
            puzzle = save_entry(self.store, self.user.id, raw) if save else check_entry(raw)
        except (PuzzleFileError, AnswerError) as err:
            self._preview_text.object = t("author_invalid", lang,
                                                 reason=user_text(err.text(lang)))
            self._preview_text.alert_type = "danger"
            self._preview_text.visible = True
            return
        except (ValueError, StoreError) as err:
            self._preview_text.object = t("author_invalid", lang, reason=user_text(err))
            self._preview_text.alert_type = "danger"
            self._preview_text.visible = True
            return
        solution = puzzle.solve()
        key = "author_saved" if save else "author_answer"
        why = render_text(solution.explanation.get(lang), None, lang)
        self._preview_text.object = (f"**{t(key, lang, id=puzzle.id, answer=solution.text)}**"
                                     f"\n\n{why}")
        self._preview_text.alert_type = "success" if save else "info"
        self._preview_text.visible = True
        if save:
            self._picked.options = sorted(p.id for p in current_bank(self.store))


def csv_name(name: str) -> str:
    """`<class name>.csv` with only letters, digits, spaces, `-` and `_` kept (any script)."""
    stem = re.sub(r"[^\w\- ]+", "_", name).strip(" ._") or "class"
    return f"{stem[:80]}.csv"


def _answers(answers: list[tuple[str, str, bool]]) -> str:
    """`puzzle: answer ✓; …` for the results table."""
    return "; ".join(f"{pid}: {answer} {'✓' if ok else '✗'}" for pid, answer, ok in answers)


def _int(value: Any) -> int | None:
    """A select's string value as an id (None when nothing is chosen)."""
    return None if value in (None, "") else int(value)


def _assignment_label(a: Assignment) -> str:
    """`Title (5, 2026-12-01)`: puzzle count and due date."""
    return f"{a.title} ({len(a.puzzle_ids)}{', ' + str(a.due) if a.due else ''})"
