"""The review of one finished hand on the Play page: the expected outcome trick by trick
with the decisions marked, filled in as the AI's workers judge each one (a progress bar
until the last), then a one-line summary; and the chosen decision's position, better play,
cost and reason, from the first decision judged."""

from __future__ import annotations

import asyncio
import functools
import threading
from collections import Counter
from collections.abc import Collection
from html import escape
from typing import Any

import panel as pn
import param
from bokeh.models import ColumnDataSource
from bokeh.plotting import figure

from tutor.question.seen import SEATS, observed
from tutor.review import DEFAULT_BUDGET, GRADES, Budget, HandReview, Judged
from tutor.review.jobs import HandRecord, decisions, judge_at
from tutor.review.puzzles import TEACHING, teaches
from tutor.rules import Hand, Observation, format_cards
from tutor.strategy.themes import ORDER
from tutor.text import section

from ..ai_pool import AIPool
from ..position_view import PositionView
from ..theme_choice import bank_themes, kind_theme, theme_link
from .position import POSITION_CSS, position_html
from .review_store import ReviewKeeper

t = section("review")
COLORS = {None: "#2e7d32", "inaccuracy": "#f9a825", "mistake": "#ef6c00", "blunder": "#c62828",
          "unlucky": "#78909c"}


def grade_of(judged: Judged) -> str | None:
    """The mark a decision gets on the chart: its grade, or "unlucky", or None (good)."""
    return "unlucky" if judged.unlucky else judged.grade


def summary_line(review: HandReview, lang: str) -> str:
    """"2 mistakes, 1 blunder; accuracy 87%" (plain text)."""
    parts = [t(f"count_{name}", lang, n=review.count(name)) for name in GRADES
             if review.count(name)]
    head = ", ".join(parts) if parts else t("summary_clean", lang)
    if review.accuracy is None:
        return t("none", lang)
    return t("summary", lang, counts=head, pct=round(review.accuracy))


def mistake_themes(review: HandReview, offered: Collection[str]) -> list[str]:
    """The strategy themes of the hand's mistakes and blunders (a bid, bury or call by its
    decision, a card play by its kind of mistake), in the bank's order, those in `offered`
    only: the puzzles a learner should practise after this hand."""
    found = set()
    for d in review.decisions:
        if d.grade in TEACHING:
            theme = kind_theme(d.decision if d.decision != "play" else d.kind)
            if theme is not None:
                found.add(theme)
    return [k for k in ORDER if k in found and k in offered]


def practise_html(themes: list[str], lang: str) -> str:
    """"Practise these themes: Burying the kitty · No gifts", each a link opening the Puzzles
    page on that theme in a new tab (the review stays where it is)."""
    if not themes:
        return ""
    links = " · ".join(theme_link(k, lang, new_tab=True) for k in themes)
    return f'<p class="zp-practise">{escape(t("practise_themes", lang))} {links}</p>'


class HandReviewPanel(pn.viewable.Viewer):
    """One hand's review for `seat`: `run_in(pool)` on a server, `run_here()` elsewhere."""

    lang = param.Selector(default="en", objects=["en", "zh"])
    done = param.Integer(default=0, doc="decisions judged so far")
    selected = param.Integer(default=None, allow_None=True,
                             doc="the index in `review.decisions` shown in detail")

    def __init__(self, hand: Hand, seat: int, hand_no: int, budget: Budget = DEFAULT_BUDGET,
                 keeper: ReviewKeeper | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.record, self.budget, self.keeper = HandRecord.of(hand), budget, keeper
        self.seat, self.hand_no = seat, hand_no
        self.indices = decisions(hand, seat)
        self.review = HandReview(seat)
        self.finished = False
        self._picked = False  # the learner chose a decision to see: keep it shown
        self._off_page = False
        self._title = pn.pane.Markdown("", margin=(0, 10))
        self._progress = pn.indicators.Progress(value=0, max=max(1, len(self.indices)),
                                                sizing_mode="stretch_width", bar_color="info")
        self._status = pn.pane.Markdown("", margin=(0, 10))
        self._practise = pn.pane.HTML("", margin=(0, 10), sizing_mode="stretch_width",
                                      visible=False)
        self._source = ColumnDataSource({"trick": [], "expected": [], "color": [], "size": []})
        self._chart = figure(height=220, sizing_mode="stretch_width", toolbar_location=None,
                             tools="tap")
        self._chart.line("trick", "expected", source=self._source, color="#90a4ae")
        self._chart.scatter("trick", "expected", source=self._source, color="color",
                            size="size")
        self._source.selected.on_change("indices", self._on_tap)
        self._chart_pane = pn.pane.Bokeh(self._chart, sizing_mode="stretch_width",
                                         visible=False)
        self._pick = pn.widgets.Select(width=260, visible=False)
        self._pick.param.watch(lambda e: self._choose(e.new), "value")
        self._detail = pn.pane.HTML("", stylesheets=[POSITION_CSS], sizing_mode="stretch_width")
        # a card play's position as the learner knew it, drawn as its puzzle draws it; a
        # bid, bury or call shows the table at that moment (in `_detail`)
        self._seen = PositionView(lang=self.lang)
        self._seen_shown: tuple[int, str] | None = None  # the decision and language drawn
        self._layout = pn.Column(self._title, self._progress, self._status, self._practise,
                                 self._chart_pane,
                                 self._pick, self._detail, self._seen,
                                 sizing_mode="stretch_width",
                                 css_classes=["zp-review"])
        self._render()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # --------------------------------------------------------------- running
    def show(self, review: HandReview) -> None:
        """Show a review made before (a stored one) instead of working it out again."""
        self.review = review
        self.done = len(self.indices)
        self._finish(store=False)

    def start(self, pool: AIPool | None = None, threaded: bool = False) -> None:
        """Show the stored review if there is one; else judge every decision: in `pool`'s
        worker processes when given (a served page, whose event loop must stay free), in a
        thread when `threaded` (a notebook: its kernel's loop keeps answering, and the bar
        moves), else here and now."""
        self._off_page = pool is not None
        stored = None if self.keeper is None else self.keeper.load(self.hand_no - 1)
        if stored is not None:
            self.show(stored)
        elif pool is not None:
            pn.state.execute(functools.partial(self.run_in, pool))
        elif threaded:
            pn.state.execute(self.run_threaded)
        else:
            self.run_here()

    def run_here(self) -> None:
        """Judge every decision in this process, now (scripts and tests)."""
        for index in self.indices:
            self._add(judge_at(self.record, index, self.budget))
        self._finish()

    async def run_threaded(self) -> None:
        """Judge every decision in a thread, one at a time, showing each as it comes: the
        loop that awaits this (a notebook kernel's) stays free meanwhile."""
        for index in self.indices:
            self._add(await asyncio.to_thread(judge_at, self.record, index, self.budget))
        self._finish()

    async def run_in(self, pool: AIPool) -> None:
        """Judge every decision in the AI's worker processes, leaving a worker for the games
        being played, and show each result as it comes."""
        lanes = asyncio.Semaphore(min(2, max(1, pool.workers - 1)))

        async def one(index: int) -> Judged | None:
            async with lanes:
                return await pool.judge(self.record, index, self.budget)

        # the chart's data source is a Bokeh model: change it holding the document's lock
        for job in asyncio.as_completed([one(i) for i in self.indices]):
            pn.state.execute(functools.partial(self._add, await job), schedule=True)
        pn.state.execute(self._finish, schedule=True)

    def _add(self, judged: Judged | None) -> None:
        """One more decision judged: on the chart now, and shown if none is yet."""
        items, selected = self.review.decisions, self.selected
        if judged is not None:
            at = sum(1 for d in items if d.index < judged.index)
            items.insert(at, judged)
            if selected is None:
                selected = at
            elif at <= selected:
                selected += 1  # the same decision stays shown
        self.param.update(done=self.done + 1, selected=selected)  # one redraw

    def _choose(self, k: int | None) -> None:
        """The learner picked decision `k` (on the chart or in the list)."""
        if k != self.selected:
            self._picked = True
            self.selected = k

    def _finish(self, store: bool = True) -> None:
        self.finished = True
        if store and self.keeper is not None:
            self._keep()
        if not self._picked:  # the costliest decision, unless the learner is reading one
            self.selected = max(range(len(self.review.decisions)), default=None,
                                key=lambda k: self.review.decisions[k].cost_fair)
        self._render()

    def _keep(self) -> None:
        """Store the finished review: from a thread on a served page, whose event loop must
        stay free, else now."""
        keeper, hand, review = self.keeper, self.hand_no - 1, self.review
        if self._off_page:
            threading.Thread(target=keeper.save, args=(hand, review), daemon=True,
                             name="review save").start()
        else:
            keeper.save(hand, review)

    # ---------------------------------------------------------------- render
    def _on_tap(self, _attr: str, _old: list[int], new: list[int]) -> None:
        if new:
            self._choose(new[0])

    @param.depends("lang", "done", "selected", watch=True)
    def _render(self) -> None:
        lang, review = self.lang, self.review
        self._title.object = f"#### {escape(t('title', lang, n=self.hand_no))}"
        total = len(self.indices)
        self._progress.value = self.done
        self._progress.visible = not self.finished
        if not self.finished:  # what is judged so far is shown below as it comes
            self._status.object = escape(t("working", lang, done=self.done, total=total))
        else:
            self._status.object = f"**{escape(summary_line(review, lang))}**  \n" + escape(
                t("accuracy_note", lang))
            taught = sum(1 for d in review.decisions if teaches(d))
            if taught and self.keeper is not None:  # kept in the store: the trainer finds them
                self._status.object += "  \n" + escape(t("to_puzzles", lang, n=taught))
        # on a served page, the bank's puzzles of this hand's mistakes are a link away
        themes = (mistake_themes(review, bank_themes())
                  if self.finished and self.keeper is not None else [])
        self._practise.param.update(object=practise_html(themes, lang), visible=bool(themes))
        items = review.decisions
        self._source.data = {
            "trick": [d.trick for d in items], "expected": [d.expected for d in items],
            "color": [COLORS[grade_of(d)] for d in items],
            "size": [8 if grade_of(d) in (None, "unlucky") else 13 for d in items]}
        self._chart.xaxis.axis_label = t("chart_x", lang)
        self._chart.yaxis.axis_label = t("chart_y", lang)
        self._chart_pane.visible = self._pick.visible = bool(items)
        self._pick.name = t("pick", lang)
        # one label a decision (a hand may have several bids: each says which turn it was)
        seen: Counter[str] = Counter()
        options = {}
        for k, d in enumerate(items):
            seen[d.decision] += 1
            options[t(f"option_{d.decision}", lang, trick=d.trick, n=seen[d.decision],
                      grade=t(f"grade_{grade_of(d) or 'good'}", lang))] = k
        # together: new options alone would select the first one, and with it trick 1
        self._pick.param.update(options=options, value=self.selected)
        judged = None if self.selected is None else items[self.selected]
        self._detail.object = "" if judged is None else self._detail_html(judged)
        shown = None if judged is None else (judged.index, lang)
        if shown != self._seen_shown:  # verdicts arriving leave the position drawn as it is
            self._seen_shown = shown
            self._seen.param.update(lang=lang, position=None if judged is None
                                    else self._seen_position(judged))

    def _observation(self, judged: Judged) -> Observation:
        """What the learner's seat saw when it decided `judged`."""
        return self.record.position(judged.index).observation(self.seat)

    def _by_view(self, judged: Judged) -> bool:
        """Whether the position view draws `judged`: a card play at a table of five, as its
        puzzle would (a bid, bury or call, or another table, shows the table instead)."""
        return judged.decision == "play" and len(self.record.levels) == SEATS

    def _seen_position(self, judged: Judged) -> dict[str, Any] | None:
        """`judged`'s position as its puzzle reads it, for the view; None where it is not
        the view's to draw (`_by_view`)."""
        if not self._by_view(judged):
            return None
        return observed(self._observation(judged), judged.trick)

    def _detail_html(self, judged: Judged) -> str:
        lang = self.lang
        cards = format_cards(judged.chosen, lang=lang) or t("pass", lang)  # a pass shows none
        lines = [t(f"chose_{judged.decision}", lang, cards=cards)]
        if judged.unlucky:
            lines.append(t("unlucky", lang, cost=f"{judged.cost_hindsight:.2f}",
                           cards=format_cards(judged.best_hindsight, lang=lang)
                           or t("pass", lang)))
        elif judged.cost_fair > 0:
            lines.append(t(f"better_{judged.decision}", lang,
                           cards=format_cards(judged.best_fair, lang=lang) or t("pass", lang),
                           points=round(judged.points_fair), cost=f"{judged.cost_fair:.2f}"))
            if judged.kind is not None:
                lines.append(t(f"kind_{judged.kind}", lang))
            if judged.reason is not None:
                lines.append(judged.reason[1 if lang == "zh" else 0])
        else:
            lines.append(t("best_was_yours", lang))
        text = "".join(f"<p>{escape(line)}</p>" for line in lines)
        table = "" if self._by_view(judged) else position_html(
            self._observation(judged), self.seat, lang, self.hand_no)  # else the view below
        return (f'<div class="zp-review-detail">{text}'
                f"<p><b>{escape(t('position', lang))}</b></p>{table}</div>")
