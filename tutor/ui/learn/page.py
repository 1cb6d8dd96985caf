"""The Learn page: the lesson list, a lesson's pages with Back/Next, and interactive steps
graded by the rules core, with progress saved per step so a learner resumes where they left off.

The layout is built once; moving between pages updates the panes and shows the one input the
current step needs (clickable cards, radio buttons or a number).
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.lesson import Lesson, LessonFileError, Page, Step, Verdict, load_lessons
from tutor.store import Store, StoreError, User

from ..card_picker import CardPicker
from ..page import AppPage
from ..safe import user_text
from .progress import ProgressKeeper
from .render import LEARN_CSS, plain_text, render_text
from .text import t

PAGE_CSS = LEARN_CSS + """
.zp-learn-title { font-size: 22px; font-weight: 700; margin: 0; }
.zp-learn-where { color: #666; font-size: 13px; }
"""


LIST_BUTTON_CSS = ".bk-btn { text-align: left; justify-content: flex-start; }"


class LearnPage(AppPage):
    """Lessons for one learner, in the chosen language."""

    show_list = param.Boolean(default=True, doc="show the list of lessons beside the lesson")

    def __init__(self, lessons: list[Lesson] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._load_error: str | None = None
        if lessons is None:
            try:
                lessons = load_lessons()
            except LessonFileError as exc:
                self._load_error, lessons = str(exc), []
        self.lessons = lessons
        self.progress = ProgressKeeper()
        self.lesson_index = 0
        self.page_index = 0
        self._solved: set[tuple[str, int]] = set()
        self._verdict: tuple[Verdict, bool] | None = None  # (verdict, answer shown)
        self._picker_step: Step | None = None
        self._build()
        self._render()

    # ---------------------------------------------------------------- layout
    def _build(self) -> None:
        self._list_title = pn.pane.Markdown("", margin=(0, 5))
        self._list_count = pn.pane.Markdown("", margin=(0, 5), styles={"color": "#666"})
        self._lesson_buttons: list[pn.widgets.Button] = []
        for i, _ in enumerate(self.lessons):
            button = pn.widgets.Button(width=270, color="light", margin=(2, 5),
                                       stylesheets=[LIST_BUTTON_CSS])
            button.on_click(lambda _e, i=i: self.open_lesson(i))
            self._lesson_buttons.append(button)
        self._side = pn.Column(self._list_title, self._list_count, *self._lesson_buttons,
                               width=290, visible=self.show_list)
        self._where = pn.pane.HTML("", stylesheets=[PAGE_CSS])
        self._title = pn.pane.HTML("", stylesheets=[PAGE_CSS])
        self._text = pn.pane.Markdown("", stylesheets=[PAGE_CSS], css_classes=["zp-lesson-text"],
                                      sizing_mode="stretch_width")
        self._prompt = pn.pane.Markdown("", stylesheets=[PAGE_CSS], sizing_mode="stretch_width",
                                        css_classes=["zp-lesson-text", "zp-step-prompt"])
        self._question = pn.pane.Markdown("", css_classes=["zp-step-question"],
                                          sizing_mode="stretch_width")
        self._hint = pn.pane.Markdown("", styles={"color": "#666"}, margin=(0, 10))
        self._picker = CardPicker(sizing_mode="stretch_width")
        self._choice = pn.widgets.RadioBoxGroup(options=[], inline=False)
        self._number = pn.widgets.TextInput(width=160)
        self._check = pn.widgets.Button(color="primary", width=110)
        self._check.on_click(self._on_check)
        self._reveal = pn.widgets.Button(color="default", width=130)
        self._reveal.on_click(self._on_reveal)
        self._result = pn.pane.Alert("", alert_type="success", visible=False,
                                     stylesheets=[PAGE_CSS], sizing_mode="stretch_width")
        self._step_box = pn.Column(
            pn.layout.Divider(), self._prompt, self._question, self._hint, self._picker,
            self._choice, self._number, pn.Row(self._check, self._reveal), self._result,
            sizing_mode="stretch_width", css_classes=["zp-step"])
        self._back = pn.widgets.Button(width=130, color="default")
        self._back.on_click(lambda _e: self.go(self.page_index - 1))
        self._next = pn.widgets.Button(width=160, color="primary")
        self._next.on_click(self._on_next)
        self._gate = pn.pane.Markdown("", styles={"color": "#666"}, margin=(0, 10))
        self._notice = pn.pane.Alert("", alert_type="warning", visible=False,
                                     sizing_mode="stretch_width")
        self._main = pn.Column(
            self._notice, self._where, self._title, self._text, self._step_box,
            pn.layout.Divider(), pn.Row(self._back, self._next, self._gate),
            sizing_mode="stretch_width", min_width=500)
        self._layout = pn.Row(self._side, self._main, sizing_mode="stretch_width")

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # ----------------------------------------------------------- properties
    @property
    def lesson(self) -> Lesson | None:
        return self.lessons[self.lesson_index] if self.lessons else None

    @property
    def page(self) -> Page | None:
        lesson = self.lesson
        return lesson.pages[self.page_index] if lesson else None

    def _unlocked(self) -> bool:
        """May the learner go past the current page?"""
        lesson, page = self.lesson, self.page
        if lesson is None or page is None or page.step is None:
            return True
        mark = self.progress.get(lesson.id)
        return ((lesson.id, self.page_index) in self._solved or mark.completed
                or self.page_index < mark.step)

    # ---------------------------------------------------------- persistence
    @param.depends("show_list", watch=True)
    def _show_list(self) -> None:
        self._side.visible = self.show_list

    def attach_user(self, store: Store | None, user: User) -> None:
        """Save this learner's progress from now on, and open the lesson they left off in."""
        super().attach_user(store, user)
        if store is None:
            return
        try:
            self.progress.attach(store, user)
        except StoreError as exc:
            self._store_problem(exc)
            return
        ids = [lesson.id for lesson in self.lessons]
        resume = self.progress.resume_at(ids)
        if resume is None:  # everything done: show the first lesson, all marked complete
            self.lesson_index, self.page_index = 0, 0
        else:
            self.lesson_index = ids.index(resume)
            pages = len(self.lessons[self.lesson_index].pages)
            self.page_index = min(self.progress.get(resume).step, pages - 1)
        self._verdict = None
        self._render()

    def _save(self, step: int, completed: bool = False) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        try:
            self.progress.save(lesson.id, step, completed)
        except StoreError as exc:
            self._store_problem(exc)

    def _store_problem(self, exc: Exception) -> None:
        self._notice.object = t("store_problem", self.lang, error=user_text(exc))
        self._notice.visible = True

    # ---------------------------------------------------------- navigation
    def open_lesson(self, index: int) -> None:
        """Open a lesson where the learner left it (its first page if finished or new)."""
        self.lesson_index = index
        mark = self.progress.get(self.lessons[index].id)
        pages = len(self.lessons[index].pages)
        self.page_index = 0 if mark.completed else min(mark.step, pages - 1)
        self._verdict = self._picker_step = None
        self._save(self.page_index)
        self._render()

    def go(self, page_index: int) -> None:
        """Show another page of the current lesson."""
        lesson = self.lesson
        if lesson is None or not 0 <= page_index < len(lesson.pages):
            return
        self.page_index = page_index
        self._verdict = self._picker_step = None
        self._save(page_index)
        self._render()

    def _on_next(self, _=None) -> None:
        lesson = self.lesson
        if lesson is None or not self._unlocked():
            return
        if self.page_index + 1 < len(lesson.pages):
            self.go(self.page_index + 1)
            return
        self._save(self.page_index, completed=True)
        if self.lesson_index + 1 < len(self.lessons):
            self.open_lesson(self.lesson_index + 1)
        else:
            self._render()
            self._gate.object = f"**{t('all_done', self.lang)}**"

    # ---------------------------------------------------------- answering
    def answer(self) -> Any:
        """The learner's current answer, read from the input the step uses."""
        step = self.page.step if self.page else None
        if step is None:
            return None
        if step.input == "cards":
            return self._picker.selected_cards
        if step.input == "choice":
            return self._choice.value
        return self._number.value_input or self._number.value

    def submit(self, answer: Any) -> Verdict | None:
        """Grade an answer to the current step, show the verdict and save progress if right."""
        page, lesson = self.page, self.lesson
        if page is None or page.step is None or lesson is None:
            return None
        verdict = page.step.check(answer)
        self._verdict = (verdict, False)
        if verdict.correct:
            self._solved.add((lesson.id, self.page_index))
            last = self.page_index + 1 == len(lesson.pages)
            self._save(self.page_index if last else self.page_index + 1, completed=last)
        with pn.io.hold():
            self._show_verdict()
            self._show_nav()
            self._show_list()
        return verdict

    def _on_check(self, _=None) -> None:
        self.submit(self.answer())

    def _on_reveal(self, _=None) -> None:
        page, lesson = self.page, self.lesson
        if page is None or page.step is None or lesson is None:
            return
        step = page.step
        solution = step.solution()
        if step.input == "cards":
            self._picker.select_cards(solution)
        elif step.input == "choice":
            self._choice.value = solution
        else:
            self._number.value = str(solution)
        self.submit(solution)
        if self._verdict is not None:
            self._verdict = (self._verdict[0], True)
            self._show_verdict()

    # ---------------------------------------------------------------- render
    @param.depends("lang", watch=True)
    def _render(self) -> None:
        """Redraw everything for the current lesson, page and language (sent as one change)."""
        with pn.io.hold():
            self._draw()

    def _draw(self) -> None:
        lang = self.lang
        self._list_title.object = f"### {t('lessons', lang)}"
        self._back.name = t("back", lang)
        self._check.name = t("check", lang)
        self._reveal.name = t("show_answer", lang)
        self._number.placeholder = t("number_placeholder", lang)
        self._show_list()
        lesson, page = self.lesson, self.page
        if self._load_error or lesson is None or page is None:
            self._notice.object = t("lessons_broken", lang,
                                    error=user_text(self._load_error or "—"))
            self._notice.visible = True
            self._step_box.visible = False
            return
        self._where.object = (
            f'<div class="zp-learn-where" data-lesson="{lesson.id}" data-page="{self.page_index}"'
            f' data-attached="{int(self.progress.user is not None)}">'
            f'{t("lesson_no", lang, n=self.lesson_index + 1, total=len(self.lessons))} · '
            f'{t("page_no", lang, n=self.page_index + 1, total=len(lesson.pages))}</div>')
        self._title.object = f'<h2 class="zp-learn-title">{lesson.title.get(lang)}</h2>'
        self._text.object = render_text(page.text.get(lang), page.trump)
        self._show_step(page.step)
        self._show_verdict()
        self._show_nav()

    def _show_list(self) -> None:
        lang = self.lang
        done = 0
        for i, (lesson, button) in enumerate(zip(self.lessons, self._lesson_buttons,
                                                 strict=True)):
            complete = self.progress.get(lesson.id).completed
            done += complete
            mark = "✓" if complete else "○"
            button.name = f"{mark} {i + 1}. {lesson.title.get(lang)}"
            button.color = "primary" if i == self.lesson_index else "light"
        self._list_count.object = t("progress_count", lang, done=done, total=len(self.lessons))

    def _show_step(self, step: Step | None) -> None:
        self._step_box.visible = step is not None
        if step is None:
            return
        lang = self.lang
        self._prompt.object = render_text(step.prompt().get(lang), step.trump)
        self._question.object = f"**{step.question.get(lang)}**"
        self._picker.visible = step.input == "cards"
        self._choice.visible = step.input == "choice"
        self._number.visible = step.input == "number"
        self._hint.visible = step.input == "cards"
        if step.input == "cards":
            if self._picker_step is not step:  # a new step: fresh cards, nothing selected
                # "which are trumps?" and "which is highest?" would be answered by trump marks
                # and trump order, so those cards are shown as written
                self._picker.show(step.pick_from, step.trump,
                                  plain=step.type in ("trumps", "highest"))
                self._picker_step = step
            self._picker.max_select = step.max_select
            self._hint.object = (t("pick_hint_n", lang, n=step.max_select) if step.max_select
                                 else t("pick_hint", lang))
        elif step.input == "choice":
            previous = self._choice.value
            options = {plain_text(label.get(lang)): key for key, label in step.options()}
            self._choice.options = options
            self._choice.value = previous if previous in options.values() else None
        elif self._verdict is None:
            self._number.value = ""
            self._number.value_input = ""

    def _show_verdict(self) -> None:
        if self._verdict is None:
            self._result.visible = False
            return
        verdict, shown = self._verdict
        lang = self.lang
        step = self.page.step if self.page else None
        trump = step.trump if step else None
        head = t("answer_is", lang) if shown else t("correct" if verdict.correct else "wrong",
                                                    lang)
        self._result.alert_type = "success" if verdict.correct else "danger"
        self._result.object = f"**{head}** {render_text(verdict.text(lang), trump)}"
        self._result.visible = True

    def _show_nav(self) -> None:
        lang, lesson = self.lang, self.lesson
        if lesson is None:
            return
        last = self.page_index + 1 == len(lesson.pages)
        self._back.disabled = self.page_index == 0
        self._next.name = t("finish" if last else "next", lang)
        unlocked = self._unlocked()
        self._next.disabled = not unlocked
        self._gate.object = "" if unlocked else t("answer_first", lang)
