"""The Puzzles page: choose a theme and difficulty (or a mix), answer, see the verdict, the
explanation and the rating change at once; streaks and retries of missed puzzles."""

from __future__ import annotations

import time
from typing import Any
from urllib.parse import quote, urlencode

import panel as pn
import param

from tutor.puzzle import THEMES, TIERS, Grade, Puzzle
from tutor.store import Store, StoreError, User
from tutor.store.signed_in import client_address
from tutor.text import LANGS, Text

from ..bank import current_bank, meta_html, shipped_bank
from ..i18n import t
from ..page import AppPage
from ..question import QuestionCard, Refused
from ..safe import user_text
from ..theme_choice import PERSONAL, known_theme, theme_groups
from .personal import personal_puzzles
from .trainer import MIX, Outcome, Trainer

MODES = ("practice", "streak", "retry", "assignment")
TIER_OPTIONS = ("0", "1", "2", "3")  # any, then the bank's tiers: the puzzles are of that tier


def requested_puzzle() -> Puzzle | None:
    """The shipped puzzle the URL names (`?page=puzzles&puzzle=<id>`: a link from Progress),
    or None."""
    query = pn.state.location.query_params if pn.state.location else {}
    wanted = query.get("puzzle")
    return next((p for p in shipped_bank() if p.id == wanted), None) if wanted else None


def requested_theme() -> str | None:
    """The theme the URL names (`?page=puzzles&theme=bury`: a hand review's "practise these
    themes" link), when it is one of the bank's; anything else is no theme."""
    query = pn.state.location.query_params if pn.state.location else {}
    return known_theme(query.get("theme"))


class PuzzlesPage(AppPage):
    """Puzzle practice for the signed-in learner (or this browser's guest)."""

    puzzle = param.ClassSelector(class_=Puzzle, default=None, allow_None=True,
                                 doc="the puzzle shown (one given when the page is made is "
                                     "the first one served)")
    outcome = param.ClassSelector(class_=Outcome, default=None, allow_None=True,
                                  doc="what the answer to it did (None while unanswered)")
    start_theme = param.String(default=None, allow_None=True, constant=True,
                               doc="the theme chosen when the page is made (a link's): it is "
                                   "practised even when an assignment is waiting")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        given = self.puzzle  # labelling the widgets below serves a puzzle: this one wins
        self._asked_theme = known_theme(self.start_theme)  # checked here, not trusted
        self.trainer = Trainer(list(shipped_bank()))
        self._started = time.monotonic()
        self._theme = pn.widgets.Select(width=310)  # a strategy theme reads in full
        self._tier = pn.widgets.Select(width=130)
        self._mode = pn.widgets.RadioButtonGroup(color="primary", variant="outline")
        for w in (self._theme, self._tier, self._mode):
            w.param.watch(lambda _: self.new_puzzle(), "value")
        self._meta = pn.pane.Markdown("", margin=(0, 10))
        self.card = QuestionCard(lang=self.lang, once=True, show_reveal=False,
                                 grader=self._grade)
        self._next = pn.widgets.Button(color="default", width=150)
        self._next.on_click(lambda _: self.new_puzzle())
        self._next_assignment = pn.widgets.Button(color="primary", visible=False)
        self._next_assignment.on_click(lambda _: self._open_next_assignment())
        self._notice = pn.pane.Alert("", visible=False, alert_type="warning",
                                     sizing_mode="stretch_width")
        # assignments from the learner's classes come first
        self._assignments: dict[str, Any] = {}
        self._assign_title = pn.pane.Markdown("")
        self._assignment = pn.widgets.Select(width=320)
        self._assignment.param.watch(lambda _: self._on_assignment(), "value")
        self._assign_status = pn.pane.Markdown("")
        self._join_code = pn.widgets.TextInput(width=150)
        self._join = pn.widgets.Button(color="default", width=130)
        self._join.on_click(self._on_join)
        self._assign_box = pn.Column(
            self._assign_title, pn.FlexBox(self._assignment, self._join_code, self._join),
            self._assign_status, visible=False, sizing_mode="stretch_width")
        self._layout = pn.Column(
            self._assign_box,
            pn.FlexBox(self._theme, self._tier, self._mode), self._notice, self._meta,
            self._next_assignment, self.card, self._next, sizing_mode="stretch_width")
        self._label()
        self._asked_for = given.id if given is not None else None  # kept over a sign-in
        if given is None or not self.open_puzzle(given.id):
            self.new_puzzle()
        # the first puzzle too (set before its watcher would see it), once the browser's
        # address is known to the page: before that, the browser's own would overwrite it
        doc = pn.state.curdoc
        if doc is not None and doc.session_context is not None:
            pn.state.onload(self._in_address)
        else:
            self._in_address()

    # --------------------------------------------------------------- labels
    def _label(self) -> None:
        lang = self.lang
        groups = theme_groups(lang, MIX, personal=bool(self.trainer.personal))
        current = self._theme.value or self._asked_theme or MIX
        self._theme.param.update(groups=groups, name=t("theme", lang))
        self._theme.value = current
        tier = self._tier.value or "0"
        self._tier.options = {t("tier_any" if o == "0" else f"tier_{o}", lang): o
                              for o in TIER_OPTIONS}
        self._tier.name, self._tier.value = t("offset", lang), tier
        mode = self._mode.value or "practice"
        self._mode.options = {t(f"mode_{m}", lang): m for m in MODES}
        self._mode.value = mode
        self._next.name = t("next_puzzle", lang)
        self._assign_title.object = f"#### {t('your_assignments', lang)}"
        self._join_code.placeholder = t("join_code", lang)
        self._join.name = t("join_class", lang)

    @param.depends("lang", watch=True)
    def _relabel(self) -> None:
        with pn.io.hold():
            self._label()
            if self._assign_box.visible:
                self._assign_progress()  # its line is in the language too
            self._draw()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    # ------------------------------------------------------------ the learner
    def attach_user(self, store: Store | None, user: User) -> None:
        """Practise as `user`: their ratings and attempts come from (and go to) the store."""
        try:
            personal = [] if store is None else personal_puzzles(store, user.id)
            self.trainer = Trainer(current_bank(store), store, user.id, personal=personal)
        except StoreError as exc:
            self._notice.param.update(object=t("store_unavailable", self.lang,
                                               error=user_text(exc, self.lang)),
                                    visible=True)
        super().attach_user(store, user)
        self._label()  # the theme of positions from their own games, if they have any
        # a puzzle the link asked for stays open while unanswered; otherwise the learner's
        # assignments come first
        asked = (self._asked_for if self.puzzle is not None and self.puzzle.id == self._asked_for
                 and self.outcome is None else None)
        self._load_assignments()
        if asked is None or not self.open_puzzle(asked):
            self.new_puzzle()

    def on_show(self) -> None:
        """Take in the positions of hands reviewed since the page was last shown."""
        if self.store is None or self.user is None:
            return
        had = bool(self.trainer.personal)
        self.trainer.add_personal(personal_puzzles(self.store, self.user.id,
                                                   self.trainer.personal_ids))
        if self.trainer.personal and not had:
            self._label()

    def _load_assignments(self) -> None:
        """The learner's assignments; an unfinished one is served first."""
        self._assign_box.visible = self.store is not None and self.user is not None
        if not self._assign_box.visible:
            return
        try:
            found = [a for room in self.store.classes.for_user(self.user.id)
                     for a in self.store.classes.assignments(self.user.id, room.id)]
        except StoreError:
            found = []
        # string ids: Bokeh's Select shows int-valued options blank
        self._assignments = {str(a.id): a for a in found}
        self._assignment.options = {f"{a.title}{' · ' + str(a.due) if a.due else ''}": str(a.id)
                                    for a in found}
        todo = [str(a.id) for a in found if self._remaining(a)]
        if todo and self._asked_theme is None:  # a theme a link asked for is practised
            self._assignment.value = todo[0]
            self._mode.value = "assignment"
        self._assign_progress()

    def _remaining(self, assignment) -> int:
        return self.trainer.unfinished(assignment.id, list(assignment.puzzle_ids))

    def _next_unfinished(self):
        """The first assignment after the chosen one (wrapping round) not yet finished."""
        keys = list(self._assignments)
        if not keys:
            return None
        start = keys.index(self._assignment.value) + 1 if self._assignment.value in keys else 0
        for key in keys[start:] + keys[:start]:
            if key != self._assignment.value and self._remaining(self._assignments[key]):
                return self._assignments[key]
        return None

    def _open_next_assignment(self) -> None:
        if self._finished() is None:
            return  # offered only once the chosen assignment is done
        after = self._next_unfinished()
        if after is not None:
            self._assignment.value = str(after.id)

    def _assign_progress(self) -> None:
        chosen = self._assignments.get(self._assignment.value)
        if chosen is None:
            self._assign_status.object = t("no_assignments", self.lang)
            return
        total = len(chosen.puzzle_ids)
        self._assign_status.object = t(
            "assignment_progress", self.lang, "total", done=total - self._remaining(chosen),
            total=total, first=self.trainer.first_try(chosen.id, list(chosen.puzzle_ids)))

    def _on_assignment(self) -> None:
        self._assign_progress()  # the count is of the assignment now chosen
        if self._mode.value == "assignment":
            self.new_puzzle()
        else:
            self._mode.value = "assignment"

    def _on_join(self, _=None) -> None:
        if self.store is None or self.user is None or self.user.is_guest:
            return  # joining is offered to a named account only
        try:
            room = self.store.classes.join(self.user.id, self._join_code.value,
                                           address=client_address(self.store))
        except StoreError as exc:
            self._assign_status.object = f"**{user_text(exc, self.lang)}**"
            return
        self._join_code.value = ""
        self._load_assignments()
        self._assign_status.object = (f"{t('joined_class', self.lang, name=user_text(room.name))} "
                                      f"{self._assign_status.object}")

    # --------------------------------------------------------------- flow
    def open_puzzle(self, puzzle_id: str) -> bool:
        """Serve this puzzle of the bank now, practised outside any assignment (False if the
        bank has no such puzzle)."""
        puzzle = self.trainer.by_id.get(puzzle_id)
        if puzzle is None:
            return False
        if self._mode.value == "assignment":
            self._mode.param.update(value="practice")  # serves another: this one replaces it
        self._started = time.monotonic()
        self.param.update(puzzle=puzzle, outcome=None)
        self._draw()
        return True

    def new_puzzle(self) -> None:
        """Serve the next puzzle for the chosen theme, difficulty and mode."""
        mode = self._mode.value or "practice"
        chosen = self._assignments.get(self._assignment.value)
        if mode == "assignment":
            puzzle = None if chosen is None else self.trainer.next_in_assignment(
                chosen.id, list(chosen.puzzle_ids))
        else:
            puzzle = self.trainer.next_puzzle(self._theme.value or MIX,
                                              int(self._tier.value or 0), mode)
        self._started = time.monotonic()
        if puzzle is not None and puzzle is self.card.question:
            self.card.question = None  # the same puzzle again (a miss retried): a fresh card
        self.param.update(puzzle=puzzle, outcome=None)
        self._draw()

    def _grade(self, puzzle: Puzzle, answer: str) -> Grade:
        """The card's grader: the trainer grades, rates and saves (AnswerError if unreadable)."""
        mode = self._mode.value or "practice"
        chosen = self._assignments.get(self._assignment.value)
        # counted for an assignment only when it is one of the learner's and holds the puzzle
        assignment = (chosen.id if mode == "assignment" and chosen is not None
                      and puzzle.id in chosen.puzzle_ids else None)
        try:
            outcome = self.trainer.submit(puzzle, answer, time.monotonic() - self._started,
                                          mode=mode, assignment_id=assignment)
        except StoreError as exc:
            raise Refused(Text(*(t("store_unavailable", lang, error=user_text(exc, lang))
                                 for lang in LANGS))) from None
        self.outcome = outcome
        if mode == "assignment":
            self._assign_progress()
        return outcome.grade

    def url_query(self) -> str:
        """The puzzle shown, so coming back to the page (a reload, as after a password
        change) serves the same puzzle (`requested_puzzle`)."""
        return "" if self.puzzle is None else f"&puzzle={quote(self.puzzle.id)}"

    @param.depends("puzzle", watch=True)
    def _in_address(self) -> None:
        """The page's address follows the puzzle shown (`url_query`)."""
        location = pn.state.location
        if location is not None and self.puzzle is not None:
            query = {k: v for k, v in location.query_params.items() if k != "notice"}
            location.search = "?" + urlencode({**query, "puzzle": self.puzzle.id})
            # (an account form's notice is said once, not at every reload); sent to the
            # browser even when the server's copy already says so (the app wrote it while
            # the page was built, before the browser's own address came back)
            location.param.trigger("search")

    @param.depends("outcome", watch=True)
    def _draw(self) -> None:
        """The meta line, the card and the rating line for the puzzle shown."""
        lang, puzzle = self.lang, self.puzzle
        tier = None if puzzle is None else TIERS[puzzle.difficulty].get(lang)
        self._meta.object = (
            self._nothing_to_serve() if puzzle is None else
            "*" + t("personal_meta", lang, tier=tier) + "*" if self._personal(puzzle) else
            meta_html(puzzle, lang))
        after = self._next_unfinished() if self._finished() is not None else None
        self._next_assignment.visible = after is not None
        if after is not None:
            self._next_assignment.name = t("next_assignment", lang, title=after.title)
        self.card.param.update(question=puzzle, lang=lang, note=self._rating_line())

    def _personal(self, puzzle: Puzzle | None) -> bool:
        """Whether `puzzle` is a position from the learner's own game."""
        return puzzle is not None and puzzle.id in self.trainer.personal_ids

    def _finished(self):
        """The assignment chosen in assignment mode, when none of its puzzles is left."""
        chosen = self._assignments.get(self._assignment.value)
        if (self._mode.value != "assignment" or chosen is None or self.puzzle is not None
                or self._remaining(chosen)):
            return None
        return chosen

    def _nothing_to_serve(self) -> str:
        """Why no puzzle is shown: a finished assignment says so, else nothing fits."""
        lang, done = self.lang, self._finished()
        if done is None and self._theme.value == PERSONAL and self._mode.value != "retry":
            return t("personal_in_retry", lang)
        if done is None:
            return self._what_is_left()
        line = t("assignment_done", lang, title=user_text(done.title))
        if self._next_unfinished() is None:
            line += " " + t("assignments_all_done", lang)
        return f"**{line}**"

    def _what_is_left(self) -> str:
        """No puzzle fits the choice: say which difficulties, or else which modes, have some."""
        lang, theme = self.lang, self._theme.value or MIX
        mode = self._mode.value or "practice"
        if mode == "assignment":
            return t("no_puzzle", lang)
        comma = "、" if lang == "zh" else ", "
        tiers = self.trainer.tiers_left(theme, mode)
        if tiers:
            return t("no_puzzle_tiers", lang,
                     tiers=comma.join(t(f"tier_{n}", lang) for n in tiers))
        modes = [t(f"mode_{m}", lang) for m in MODES[:3]
                 if m != mode and self.trainer.tiers_left(theme, m)]
        if modes:
            return t("no_puzzle_modes", lang, modes=comma.join(modes))
        return t("no_puzzle_theme", lang)

    def _rating_line(self) -> str:
        lang, outcome, mode = self.lang, self.outcome, self._mode.value or "practice"
        if outcome is None:
            return t("streak_line", lang, n=self.trainer.streak) if mode == "streak" else ""
        if self._personal(self.puzzle):
            return t("personal_rating", lang)
        theme = THEMES[outcome.theme].get(lang)
        line = (t("rating_line", lang, theme=theme, before=outcome.rating_before,
                  after=outcome.rating_after, change=outcome.change)
                if outcome.first_attempt else
                t("rating_same", lang, theme=theme, after=outcome.rating_after))
        if mode == "streak":
            line += "\n\n" + (t("streak_line", lang, n=outcome.streak) if outcome.grade.correct
                               else t("streak_over", lang, n=outcome.streak_ended))
        return line
