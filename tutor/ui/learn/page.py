"""The Learn page: the lesson list, a lesson's pages with Back/Next, and interactive steps
graded by the rules core, with progress saved as the learner answers and goes on (looking
saves nothing), so a learner resumes where they left off.

The layout is built once; moving between pages updates the panes, and the page's question is
shown by the one QuestionCard.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.lesson import Lesson, LessonFileError, Page, load_lessons
from tutor.question import Grade
from tutor.store import Store, StoreError, User

from ..marks import LEARN_CSS, render_text
from ..page import AppPage
from ..question import QuestionCard
from ..safe import user_text
from .progress import ProgressKeeper
from .text import t

PAGE_CSS = LEARN_CSS + """
.zp-learn-title { font-size: 22px; font-weight: 700; margin: 0; }
.zp-learn-where { color: #666; font-size: 13px; }
"""


LIST_BUTTON_CSS = ".bk-btn { text-align: left; justify-content: flex-start; }"
# below 700 px the list beside the lesson gives way to a menu above it (one column)
NARROW_CSS = """
@media (max-width: 700px) { .zp-lesson-list { display: none !important; } }
@media (min-width: 701px) { .zp-lesson-menu { display: none !important; } }
"""


class LearnPage(AppPage):
    """Lessons for one learner, in the chosen language; `lesson_index` and `page_index` say
    which page is shown, and the page follows them."""

    show_list = param.Boolean(default=True, doc="show the list of lessons beside the lesson")
    lesson_index = param.Integer(default=0, bounds=(0, None), doc="the lesson shown")
    page_index = param.Integer(default=0, bounds=(0, None), doc="its page shown")

    def __init__(self, lessons: list[Lesson] | None = None, **params: Any) -> None:
        self._load_error: str | None = None
        if lessons is None:
            try:
                lessons = load_lessons()
            except LessonFileError as exc:
                self._load_error, lessons = str(exc), []
        self.lessons = lessons
        self.progress = ProgressKeeper()
        self._solved: set[tuple[str, int]] = set()
        super().__init__(**params)
        self._build()
        self._render()

    # ---------------------------------------------------------------- layout
    def _build(self) -> None:
        self._list_title = pn.pane.Markdown("", margin=(0, 5))
        self._list_count = pn.pane.Markdown("", margin=(0, 5), styles={"color": "#666"})
        self._lesson_buttons: list[pn.widgets.Button] = []
        # the path in two parts, the rules then playing well: a heading where a part begins
        self._part_titles: list[tuple[str, pn.pane.Markdown]] = []
        listed: list[pn.viewable.Viewable] = []
        for i, lesson in enumerate(self.lessons):
            if i == 0 or lesson.part != self.lessons[i - 1].part:
                heading = pn.pane.Markdown("", margin=(8, 5, 0, 5), css_classes=["zp-part-title"])
                self._part_titles.append((lesson.part, heading))
                listed.append(heading)
            button = pn.widgets.Button(sizing_mode="stretch_width", color="light",
                                       margin=(2, 5), stylesheets=[LIST_BUTTON_CSS])
            button.on_click(lambda _e, i=i: self.open_lesson(i))
            self._lesson_buttons.append(button)
            listed.append(button)
        # 290 px wide by CSS, not by `width`: Panel adds a child's `width` into its Row's
        # `min_width` (and so every page above it), which a phone kept although the list is
        # hidden there: opened at some lessons the page was laid out 462 px wide at 390
        self._side = pn.Column(self._list_title, self._list_count, *listed,
                               styles={"flex": "0 0 290px", "width": "290px"},
                               visible=self.show_list, css_classes=["zp-lesson-list"])
        self._menu = pn.widgets.Select(sizing_mode="stretch_width", visible=self.show_list,
                                       css_classes=["zp-lesson-menu"])
        self._menu.param.watch(self._on_menu, "value")
        self._where = pn.pane.HTML("", stylesheets=[PAGE_CSS])
        self._title = pn.pane.HTML("", stylesheets=[PAGE_CSS])
        self._text = pn.pane.Markdown("", stylesheets=[PAGE_CSS], css_classes=["zp-lesson-text"],
                                      sizing_mode="stretch_width")
        self.card = QuestionCard(lang=self.lang)
        self.card.param.watch(self._on_grade, ["grade"])
        self._step_box = pn.Column(pn.layout.Divider(), self.card, sizing_mode="stretch_width",
                                   css_classes=["zp-step"])
        self._back = pn.widgets.Button(width=130, color="default")
        self._back.on_click(lambda _e: self.go(self.page_index - 1))
        self._next = pn.widgets.Button(width=160, color="primary")
        self._next.on_click(lambda _e: self.next())
        self._gate = pn.pane.Markdown("", styles={"color": "#666"}, margin=(0, 10),
                                      sizing_mode="stretch_width", css_classes=["zp-gate"])
        self._notice = pn.pane.Alert("", alert_type="warning", visible=False,
                                     sizing_mode="stretch_width")
        self._main = pn.Column(
            self._menu, self._notice, self._where, self._title, self._text, self._step_box,
            # the note under the buttons, not beside them: on a phone a row did not wrap
            pn.layout.Divider(), pn.FlexBox(self._back, self._next, sizing_mode="stretch_width"),
            self._gate,
            sizing_mode="stretch_width", styles={"min-width": "0"}, stylesheets=[NARROW_CSS])
        self._layout = pn.Row(self._side, self._main, sizing_mode="stretch_width",
                              stylesheets=[NARROW_CSS])

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

    @property
    def unlocked(self) -> bool:
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
        self._side.visible = self._menu.visible = self.show_list

    def _on_menu(self, event) -> None:
        if event.new is not None and int(event.new) != self.lesson_index:
            self.open_lesson(int(event.new))

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
            self._show(0, 0)
        else:
            index = ids.index(resume)
            pages = len(self.lessons[index].pages)
            self._show(index, min(self.progress.get(resume).step, pages - 1))

    def _save(self, step: int, completed: bool = False) -> None:
        lesson = self.lesson
        if lesson is None:
            return
        try:
            self.progress.save(lesson.id, step, completed)
        except StoreError as exc:
            self._store_problem(exc)

    def _store_problem(self, exc: Exception) -> None:
        self._notice.object = t("store_problem", self.lang, error=user_text(exc, self.lang))
        self._notice.visible = True

    # ---------------------------------------------------------- navigation
    def _show(self, lesson_index: int, page_index: int) -> None:
        """Move to a page (both parameters change as one); redraw even if it is the page
        already shown, whose progress marks may have changed."""
        unchanged = (self.lesson_index, self.page_index) == (lesson_index, page_index)
        self.param.update(lesson_index=lesson_index, page_index=page_index)
        if unchanged:
            self._render()

    @param.depends("lesson_index", "page_index", watch=True)
    def _moved(self) -> None:
        lesson = self.lesson
        if lesson is not None and self.page_index >= len(lesson.pages):
            self.page_index = len(lesson.pages) - 1  # runs this again
            return
        self._render()  # looking saves nothing: answering and going on do

    def open_lesson(self, index: int) -> None:
        """Open a lesson where the learner left it (its first page if finished or new)."""
        mark = self.progress.get(self.lessons[index].id)
        pages = len(self.lessons[index].pages)
        self.param.update(lesson_index=index,
                          page_index=0 if mark.completed else min(mark.step, pages - 1))

    def go(self, page_index: int) -> None:
        """Show another page of the current lesson (going on saves it as reached)."""
        lesson = self.lesson
        if lesson is None or not 0 <= page_index < len(lesson.pages):
            return
        onward = page_index > self.page_index
        self.page_index = page_index
        if onward:
            self._save(page_index)

    def next(self) -> None:
        """Go on (if the page's question is answered): the next page, or the next lesson."""
        lesson = self.lesson
        if lesson is None or not self.unlocked:
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
    def submit(self, answer: Any) -> Grade | None:
        """Grade an answer to the current page's question (text in its answer format, as its
        input writes it), show the verdict and save progress if right."""
        return self.card.submit(answer)

    def reveal(self) -> Grade | None:
        """Show the answer to the current question; the learner may then go on."""
        return self.card.reveal()

    def _on_grade(self, event) -> None:
        lesson, grade = self.lesson, event.new
        if lesson is None or grade is None or not grade.correct:
            return
        self._solved.add((lesson.id, self.page_index))
        last = self.page_index + 1 == len(lesson.pages)
        self._save(self.page_index if last else self.page_index + 1, completed=last)
        with pn.io.hold():
            self._show_nav()
            self._draw_list()

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
        self._draw_list()
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
        self._text.object = render_text(page.text.get(lang), page.trump, lang)
        self._step_box.visible = page.step is not None
        self.card.param.update(question=page.step, lang=lang)
        self._show_nav()

    def _draw_list(self) -> None:
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
        for part, heading in self._part_titles:
            heading.object = f"#### {t(f'part_{part}', lang)}"
        # the phone's menu groups the lessons by part; string values: Bokeh's Select shows
        # int-valued options blank
        groups: dict[str, dict[str, str]] = {}
        for i, (lesson, button) in enumerate(zip(self.lessons, self._lesson_buttons,
                                                 strict=True)):
            groups.setdefault(t(f"part_{lesson.part}", lang), {})[button.name] = str(i)
        self._menu.param.update(
            groups=groups or None,
            value=str(self.lesson_index) if self.lessons else None,
            name=self._list_count.object)

    def _show_nav(self) -> None:
        lang, lesson = self.lang, self.lesson
        if lesson is None:
            return
        last = self.page_index + 1 == len(lesson.pages)
        self._back.disabled = self.page_index == 0
        self._next.name = t("finish" if last else "next", lang)
        unlocked = self.unlocked
        self._next.disabled = not unlocked
        self._gate.object = "" if unlocked else t("answer_first", lang)
