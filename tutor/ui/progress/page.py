"""The Progress page: Bokeh charts of puzzle ratings and accuracy, lessons, games, and the
puzzles to retry. The charts are built once and their data replaced when the page is shown.
"""

from __future__ import annotations

from functools import cache
from html import escape
from typing import Any
from urllib.parse import quote

import panel as pn
import param
from bokeh.models import AdaptiveTicker, ColumnDataSource, FactorRange, NumeralTickFormatter
from bokeh.palettes import Category10_10
from bokeh.plotting import figure

from tutor.lesson import LessonFileError, load_lessons
from tutor.puzzle import THEMES
from tutor.puzzle.themes import STRATEGY_THEMES
from tutor.review.puzzles import is_personal, puzzle_id, teaching
from tutor.store import Store, StoreError, User
from tutor.store.access import now
from tutor.store.reviews import Mistake
from tutor.text import Text

from ..bank import current_bank
from ..i18n import t
from ..page import AppPage
from ..safe import user_text
from ..theme_choice import STRATEGY_GROUP, bank_themes
from .mistakes import mistakes_html
from .mistakes import t as review_text
from .stats import Progress, ThemeStats, compute, theme_ratings

EMPTY = ["—"]  # a categorical axis needs a factor to draw at all


def _theme_name(theme: str, lang: str) -> str:
    text = THEMES.get(theme)
    return text.get(lang) if text is not None else theme


@cache
def lesson_titles() -> dict[str, Text]:
    """Each lesson's title by its id (the id is what progress is stored by)."""
    try:
        return {lesson.id: lesson.title for lesson in load_lessons()}
    except LessonFileError:
        return {}


def lesson_list(ids: list[str], lang: str) -> str:
    """Lessons by title (an id no lesson has any more stays as it is), or `—`."""
    titles = lesson_titles()
    names = [titles[i].get(lang) if i in titles else i for i in ids]
    return ", ".join(escape(n) for n in names) or "—"


def retry_links(ids: list[str], titles: dict[str, Text], lang: str) -> str:
    """Puzzles to retry as Markdown links by title, each opening it on the Puzzles page (in
    the page's language)."""
    return ", ".join(f"[{user_text(titles[i].get(lang) if i in titles else i)}]"
                     f"(?page=puzzles&lang={lang}&puzzle={quote(i)})" for i in ids) or "—"


def _row(stats: ThemeStats, lang: str, indent: bool = False) -> str:
    """One theme's row of the table: name, attempts, accuracy, rating (blank if none)."""
    rating = "" if stats.rating is None else f"{stats.rating:.0f}"
    cls = ' class="zp-in"' if indent else ""
    return (f"<tr><td{cls}>{escape(_theme_name(stats.theme, lang))}</td><td>{stats.attempts}"
            f"</td><td>{100 * stats.accuracy:.0f}%</td><td>{rating}</td></tr>")


class ProgressPage(AppPage):
    """One learner's progress, read from the store each time the page is shown; the page
    draws whatever `progress` holds."""

    progress = param.ClassSelector(class_=Progress, default=None, allow_None=True,
                                   doc="the learner's records, summed up (None: nothing yet)")
    mistakes = param.List(default=[], item_type=Mistake,
                          doc="the mistakes the learner's stored hand reviews found")
    reviewed = param.Integer(default=0, doc="how many of the learner's hands were reviewed")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._ratings_src = ColumnDataSource({"xs": [], "ys": [], "theme": [], "color": []})
        # every rating is also a dot, so one attempt shows as a point, not as a line
        self._points_src = ColumnDataSource({"x": [], "y": [], "theme": [], "color": []})
        self._ratings_fig = figure(height=300, sizing_mode="stretch_width", toolbar_location=None)
        self._ratings_fig.multi_line(xs="xs", ys="ys", color="color", line_width=2,
                                     source=self._ratings_src)
        self._ratings_fig.scatter(x="x", y="y", color="color", size=8, legend_field="theme",
                                  source=self._points_src)
        legend = self._ratings_fig.legend[0]  # outside the plot, below it: it covers nothing
        self._ratings_fig.legend.clear()
        # one theme a line: a row of three themes was wider than a phone (390 px)
        legend.update(orientation="vertical", location="center", click_policy="none")
        self._ratings_fig.add_layout(legend, "below")
        self._legend = legend
        self._ratings_fig.xaxis.ticker = AdaptiveTicker(min_interval=1, num_minor_ticks=0)
        # ratings are whole numbers: so are their ticks, however close the points lie
        self._ratings_fig.yaxis.ticker = AdaptiveTicker(min_interval=1, num_minor_ticks=0)
        self._ratings_fig.yaxis.formatter = NumeralTickFormatter(format="0")
        self._puzzle_titles: dict[str, Text] = {}
        self._acc_src = ColumnDataSource({"theme": [], "accuracy": [], "label": []})
        self._acc_fig = figure(height=260, sizing_mode="stretch_width", toolbar_location=None,
                               x_range=FactorRange(factors=EMPTY), y_range=(0, 100))
        self._acc_fig.vbar(x="theme", top="accuracy", width=0.7, source=self._acc_src,
                           color="#1e88e5")
        self._acc_fig.xaxis.major_label_orientation = 0.6
        self._games_src = ColumnDataSource({"game": [], "levels": []})
        self._games_fig = figure(height=200, sizing_mode="stretch_width", toolbar_location=None,
                                 x_range=FactorRange(factors=EMPTY))
        self._games_fig.vbar(x="game", top="levels", width=0.6, source=self._games_src,
                             color="#2e7d32")
        self._games_fig.yaxis.ticker = AdaptiveTicker(min_interval=1, num_minor_ticks=0)
        self._games_fig.yaxis.formatter = NumeralTickFormatter(format="0")  # whole levels
        self._summary = pn.pane.Markdown("", sizing_mode="stretch_width")
        self._table = pn.pane.HTML("", sizing_mode="stretch_width")
        self._titles = [pn.pane.Markdown("") for _ in range(3)]
        self._lessons = pn.pane.Markdown("")
        self._retry = pn.pane.Markdown("")
        self._mistakes_title = pn.pane.Markdown("")
        self._mistakes = pn.pane.HTML("", sizing_mode="stretch_width")
        self._games_pane = pn.pane.Bokeh(self._games_fig, sizing_mode="stretch_width")
        self._no_puzzles = pn.pane.Markdown("", visible=False)
        self._puzzle_charts = [
            self._titles[0], pn.pane.Bokeh(self._ratings_fig, sizing_mode="stretch_width"),
            self._titles[1], pn.pane.Bokeh(self._acc_fig, sizing_mode="stretch_width")]
        self._layout = pn.Column(
            self._summary, self._no_puzzles, *self._puzzle_charts, self._table,
            self._titles[2], self._games_pane, self._mistakes_title, self._mistakes,
            self._lessons, self._retry, sizing_mode="stretch_width")
        self._render()

    def attach_user(self, store: Store | None, user: User) -> None:
        super().attach_user(store, user)
        self.on_show()

    def on_show(self) -> None:
        """Read the learner's records again (the page is shown after new attempts)."""
        if self.store is None or self.user is None:
            self._render()
            return
        uid = self.user.id
        try:
            attempts = self.store.attempts.for_user(uid, uid)
            bank = current_bank(self.store)
            theme_of = {p.id: p.type for p in bank}
            self._puzzle_titles = {p.id: p.title() for p in bank}
            theme_of.update({a.puzzle_id: "better_play" for a in attempts
                             if is_personal(a.puzzle_id)})  # positions from their games
            progress = compute(
                attempts, theme_of,
                self.store.attempts.user_ratings(uid, uid), self.store.lessons.progress(uid, uid),
                self.store.games.for_user(uid, uid))
            progress.strategy = theme_ratings(
                attempts, {p.id: p.themes for p in bank}, {p.id: p.difficulty for p in bank},
                list(STRATEGY_THEMES))
            self.progress = progress
            self.param.update(mistakes=self.store.reviews.mistakes(uid, uid),
                              reviewed=self.store.reviews.reviewed(uid, uid))
        except StoreError as exc:
            self._summary.object = t("store_unavailable", self.lang,
                                     error=user_text(exc, self.lang))

    @param.depends("lang", "progress", "mistakes", "reviewed", watch=True)
    def _render(self) -> None:
        with pn.io.hold():  # the figures, charts and lists reach the browser as one patch
            self._draw()

    def _draw(self) -> None:
        lang, p = self.lang, self.progress
        titles = ("progress_ratings", "progress_accuracy", "progress_games")
        for pane, key in zip(self._titles, titles, strict=True):
            pane.object = f"#### {t(key, lang)}"
        if p is None:
            self._summary.object = t("progress_none", lang)
            return
        self._summary.object = t(
            "progress_summary", lang, attempts=t("progress_attempts", lang, n=p.attempts),
            right=p.correct, lessons=t("progress_lessons_done", lang, n=len(p.lessons_completed)),
            hands=t("progress_hands_done", lang, n=p.hands_finished),
            games=t("progress_games_done", lang, n=p.games_finished), playing=p.games_in_progress)
        # the rules types first, then playing well: the groups the Puzzles page offers
        themes = sorted(p.themes.values(), key=lambda s: (s.theme in STRATEGY_GROUP, s.theme))
        # no empty charts for a newcomer: say where the figures will come from instead
        for pane in self._puzzle_charts:
            pane.visible = bool(p.attempts)
        self._no_puzzles.visible = not p.attempts
        self._no_puzzles.object = t("progress_no_puzzles", lang)
        rated = [s for s in themes if s.history]
        colors = [Category10_10[i % 10] for i in range(len(rated))]
        self._ratings_src.data = {
            "xs": [[n for n, _ in s.history] for s in rated],
            "ys": [[round(r) for _, r in s.history] for s in rated],
            "theme": [_theme_name(s.theme, lang) for s in rated], "color": colors}
        self._points_src.data = {
            "x": [n for s in rated for n, _ in s.history],
            "y": [round(r) for s in rated for _, r in s.history],
            "theme": [_theme_name(s.theme, lang) for s in rated for _ in s.history],
            "color": [c for s, c in zip(rated, colors, strict=True) for _ in s.history]}
        self._ratings_fig.xaxis.axis_label = t("axis_attempt", lang)
        self._ratings_fig.yaxis.axis_label = t("axis_rating", lang)
        self._acc_fig.yaxis.axis_label = t("axis_percent_right", lang)
        self._games_fig.xaxis.axis_label = t("axis_game", lang)
        self._games_fig.yaxis.axis_label = t("axis_levels", lang)
        tried = [s for s in themes if s.attempts]
        names = [_theme_name(s.theme, lang) for s in tried]
        self._acc_fig.x_range.factors = names or EMPTY
        self._acc_src.data = {"theme": names, "accuracy": [100 * s.accuracy for s in tried],
                              "label": [f"{s.correct}/{s.attempts}" for s in tried]}
        rows = "".join(_row(s, lang) for s in themes)
        if p.strategy:  # each strategy theme rated on its own, below the types
            rows += (f'<tr><th colspan="4" class="zp-sub">'
                     f"{escape(t('progress_strategy_themes', lang))}</th></tr>"
                     + "".join(_row(s, lang, indent=True) for s in p.strategy))
        head = "".join(f"<th>{escape(t(k, lang))}</th>" for k in
                       ("col_theme", "col_attempts", "col_accuracy", "col_rating"))
        self._table.object = (f"<style>.zp-progress td, .zp-progress th {{padding: 3px 12px;"
                              f" border-bottom: 1px solid #dde}}"
                              f" .zp-progress .zp-sub {{text-align: left; font-weight: 600;"
                              f" padding-top: 10px}} .zp-progress .zp-in {{padding-left: 26px}}"
                              f" .zp-progress tr:first-child th {{white-space: nowrap;"
                              f" word-break: keep-all}}</style>"
                              f'<table class="zp-progress" style="border-collapse:collapse">'
                              f"<tr>{head}</tr>{rows}</table>" if themes else "")
        games = [t("progress_game_playing", lang, n=i + 1) if playing else str(i + 1)
                 for i, (_, playing) in enumerate(p.levels_gained)]
        self._games_fig.x_range.factors = games or EMPTY
        self._games_src.data = {"game": games, "levels": [n for n, _ in p.levels_gained]}
        self._games_pane.visible = self._titles[2].visible = bool(games)
        self._lessons.object = t("progress_lessons", lang,
                                 done=lesson_list(p.lessons_completed, lang),
                                 started=lesson_list(p.lessons_started, lang))
        # positions from their own games wait in the Puzzles page's retry mode, not as links
        bank = [i for i in p.to_retry if not is_personal(i)]
        own = len({puzzle_id(m.game_id, m.hand, m.index) for m in self.mistakes
                   if teaching(m.kind, m.grade, m.clear)} - set(p.solved))
        links = retry_links(bank, self._puzzle_titles, lang)
        self._retry.object = f"**{t('progress_retry', lang)}** {links}" + (
            "  \n" + t("progress_retry_own", lang, n=own) if own else "")
        self._mistakes_title.object = f"#### {review_text('mistakes_title', lang)}"
        self._mistakes.object = mistakes_html(self.mistakes, lang, now(), self.reviewed,
                                              offered=bank_themes())

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
