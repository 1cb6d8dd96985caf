"""The notebook-facing API (layer 3): cards, card rows, tricks, puzzles, lessons and a play
table.

    import panel as pn
    import tutor.widgets as tw
    pn.extension()
    tw.CardRow("AS AS 10H SJ", trump="2H")

A trump is a `tutor.rules.Trump` or short text: the level then the suit letter or symbol
(`"2H"`, `"10S"`, `"A♠"`), or the level alone / with `NT` for no trump suit (`"2"`, `"2NT"`).
Every widget is a `pn.viewable.Viewer` taking `lang="en"` or `"zh"`; bad input raises a
`ValueError` whose message says what to write instead.
"""

from __future__ import annotations

import difflib
import warnings
from collections.abc import Iterable, Sequence
from functools import lru_cache
from html import escape
from typing import Any

import panel as pn
import param

from tutor.ai import STRENGTHS
from tutor.lesson import Lesson as LessonModel
from tutor.lesson import load_lessons
from tutor.puzzle import Grade, load_bank
from tutor.puzzle import Puzzle as PuzzleModel
from tutor.rules import (
    Card,
    CardError,
    MixedSuitError,
    Trump,
    card_points,
    decompose,
    format_cards,
    parse_cards,
    trick_winner,
)
from tutor.text import section
from tutor.ui.bank import meta_html
from tutor.ui.cards import CARD_CSS, card_html, hand_html
from tutor.ui.i18n import t
from tutor.ui.learn import page as learn_page
from tutor.ui.play.page import PlayPage
from tutor.ui.play.session import PlaySession
from tutor.ui.question import QuestionCard

__all__ = ["CardList", "CardRow", "Lesson", "PlayTable", "Puzzle", "Trick", "TrumpLabel",
           "cards", "lesson_ids", "parse_trump", "puzzle_ids", "trump"]

LANGS = ["en", "zh"]
PLAYERS = 5

# the few strings only this module shows (the pages' own live in the catalogue's `ui` area)
_t = section("widgets")


# --------------------------------------------------------------------------- input

def parse_trump(value: Trump | str | None) -> Trump | None:
    """A `Trump` from a `Trump`, text like `"2H"`/`"10♠"`/`"2NT"`, or None (no trump given)."""
    if value is None or isinstance(value, Trump):
        return value
    if not isinstance(value, str):
        raise ValueError(f"trump must be text like '2H' or a tutor.rules.Trump, not {value!r}")
    return Trump.parse(value)


def _cards(value: str | Iterable[str | int]) -> list[Card]:
    """Cards from text or an iterable; CardError (a ValueError) names the bad token."""
    if not isinstance(value, str | Iterable):
        raise CardError(f"cards must be text like 'AS AS 10H' or a list, not {value!r}")
    return parse_cards(value)


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"lang must be 'en' or 'zh', not {lang!r}")
    return lang


def _styled(body: str) -> str:
    return f"<style>{CARD_CSS}</style>{body}"


# --------------------------------------------------------------------------- plain output

class CardList(list):
    """A list of `Card`s that draws itself in a notebook (in the order given)."""

    def __init__(self, cards: Iterable[Card], trump: Trump | None = None) -> None:
        super().__init__(cards)
        self.trump = trump

    def __repr__(self) -> str:
        return f"cards({format_cards(self)!r})"

    def _repr_html_(self) -> str:
        inner = "".join(card_html(c, self.trump) for c in self)
        return _styled(f'<div class="zp-hand"><div class="zp-group">{inner}</div></div>')


def cards(text: str | Iterable[str | int], trump: Trump | str | None = None) -> CardList:
    """Cards from text (`"AS AS 10H SJ"`) that display as drawn cards in a notebook."""
    return CardList(_cards(text), parse_trump(trump))


class TrumpLabel:
    """A trump with a readable repr: `level 2, trump ♥ (hearts)`."""

    def __init__(self, trump: Trump, lang: str = "en") -> None:
        self.trump, self.lang = trump, _lang(lang)

    def __repr__(self) -> str:
        return self.trump.describe(self.lang)

    def _repr_html_(self) -> str:
        return f"<b>{escape(self.trump.describe(self.lang))}</b>"


def trump(value: Trump | str, lang: str = "en") -> TrumpLabel:
    """A trump (`"2H"` or `Trump("2", "H")`) shown as words: `level 2, trump ♥ (hearts)`."""
    parsed = parse_trump(value)
    if parsed is None:
        raise ValueError("give a trump, like '2H' or Trump('2', 'H')")
    return TrumpLabel(parsed, lang)


# --------------------------------------------------------------------------- CardRow

class CardRow(pn.viewable.Viewer):
    """A row of cards, drawn as one holds them: trumps first when a trump is given, grouped by
    suit, with how many there are and their points. (Not a deal: that is `tutor.rules.Hand`;
    nor one seat's cards in a game: that is `Observation.hand`.)"""

    cards = param.List(default=[], item_type=Card, doc="the cards, as tutor.rules.Card")
    trump = param.ClassSelector(class_=Trump, default=None, allow_None=True)
    lang = param.Selector(default="en", objects=LANGS)

    def __init__(self, cards: str | Iterable[str | int] = "",
                 trump: Trump | str | None = None, **params: Any) -> None:
        super().__init__(cards=_cards(cards), trump=parse_trump(trump), **params)
        self._caption = pn.pane.Markdown("", margin=(0, 5), styles={"color": "#555"})
        self._drawn = pn.pane.HTML("", stylesheets=[CARD_CSS], sizing_mode="stretch_width")
        self._layout = pn.Column(self._caption, self._drawn, sizing_mode="stretch_width")
        self._render()

    @param.depends("cards", "trump", "lang", watch=True)
    def _render(self) -> None:
        lang = self.lang
        about = t("cards_left", lang, n=len(self.cards))
        about += " · " + (self.trump.describe(lang) if self.trump
                          else _t("no_trump_given", lang))
        about += " · " + _t("points", lang, n=card_points(self.cards))
        self._caption.object = about
        self._drawn.object = hand_html(self.cards, self.trump, lang)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


# --------------------------------------------------------------------------- Trick

TRICK_CSS = CARD_CSS + """
.zp-trick { display: flex; flex-direction: column; gap: 8px; font-family: system-ui, sans-serif;
  margin: 6px 0; }
.zp-trick .about { font-size: 13px; color: #555; }
.zp-trick .plays { display: flex; flex-wrap: wrap; gap: 10px; }
.zp-trick .play { display: flex; flex-direction: column; gap: 4px; padding: 6px 8px;
  border: 1px solid #d0d7de; border-radius: 8px; min-width: 70px; background: #fff; }
.zp-trick .play.win { border: 2px solid #ef6c00; background: #fff3e0; }
.zp-trick .who { font-size: 13px; font-weight: 600; white-space: nowrap; }
.zp-trick .badge { display: inline-block; font-size: 11px; font-weight: 400; border-radius: 10px;
  padding: 0 6px; margin-left: 4px; color: #fff; background: #8e24aa; }
.zp-trick .badge.win { background: #ef6c00; }
.zp-trick .cards { display: flex; }
.zp-trick .result { font-size: 14px; }
"""


class Trick(pn.viewable.Viewer):
    """One trick: the plays in order from the leader, the winner (by the rules core) marked."""

    plays = param.List(default=[], doc="each play as a list of Card, the lead first")
    trump = param.ClassSelector(class_=Trump)
    leader = param.Integer(default=0, bounds=(0, PLAYERS - 1))
    lang = param.Selector(default="en", objects=LANGS)

    def __init__(self, plays: Sequence[str | Iterable[str | int]], trump: Trump | str,
                 leader: int = 0, **params: Any) -> None:
        parsed_trump = parse_trump(trump)
        if parsed_trump is None:
            raise ValueError("a trick needs a trump to find its winner, like trump='2S'")
        parsed = _check_plays([_cards(p) for p in plays], parsed_trump)
        if not isinstance(leader, int) or not 0 <= leader < PLAYERS:
            raise ValueError(f"leader is a seat from 0 to {PLAYERS - 1}, not {leader!r}")
        super().__init__(plays=parsed, trump=parsed_trump, leader=leader, **params)
        self._drawn = pn.pane.HTML("", stylesheets=[TRICK_CSS], sizing_mode="stretch_width")
        self._render()

    @property
    def winner_index(self) -> int:
        """Index into `plays` of the winning play (0 is the lead)."""
        return trick_winner(self.plays, self.trump)

    @property
    def winner(self) -> int:
        """The seat that wins the trick."""
        return (self.leader + self.winner_index) % PLAYERS

    def seat(self, index: int) -> int:
        """The seat that made play number `index` (0 is the lead)."""
        return (self.leader + index) % PLAYERS

    @param.depends("plays", "trump", "leader", "lang", watch=True)
    def _render(self) -> None:
        self._drawn.object = self.html()

    def html(self) -> str:
        """The trick as HTML: one row per play, the lead and the winner marked."""
        lang, win = self.lang, self.winner_index
        rows = []
        for i, play in enumerate(self.plays):
            badges = f'<span class="badge">{t("leads", lang)}</span>' if i == 0 else ""
            if i == win:
                badges += f'<span class="badge win">{_t("wins", lang)}</span>'
            drawn = "".join(card_html(c, self.trump, lang=lang) for c in play)
            rows.append(f'<div class="play{" win" if i == win else ""}" data-seat="{self.seat(i)}">'
                        f'<span class="who">{escape(t("seat", lang, n=self.seat(i)))}{badges}'
                        f'</span><span class="cards">{drawn}</span></div>')
        line = _t("trick_winner", lang, seat=self.winner,
                  cards=format_cards(self.plays[win], lang=lang))
        return (f'<div class="zp-trick" data-winner="{self.winner}">'
                f'<div class="about">{escape(self.trump.describe(lang))}</div>'
                f'<div class="plays">{"".join(rows)}</div>'
                f'<div class="result"><b>{escape(line)}</b></div></div>')

    def __panel__(self) -> pn.viewable.Viewable:
        return self._drawn


def _check_plays(plays: list[list[Card]], trump: Trump) -> list[list[Card]]:
    """Plays a trick can hold: 1–5 of them, the lead in one suit, all of the lead's size."""
    if not 1 <= len(plays) <= PLAYERS:
        raise ValueError(f"a trick has 1 to {PLAYERS} plays, not {len(plays)}")
    if not plays[0]:
        raise ValueError("the lead has no cards")
    try:
        decompose(plays[0], trump)
    except MixedSuitError as exc:
        raise ValueError(f"the lead must be one suit (or all trumps): {exc}") from None
    n = len(plays[0])
    for i, play in enumerate(plays[1:], start=1):
        if len(play) != n:
            raise ValueError(f"play {i} has {len(play)} card(s) but {n} were led: "
                             "every player plays as many cards as were led")
    return plays


# --------------------------------------------------------------------------- Puzzle

@lru_cache(maxsize=1)
def _bank() -> dict[str, PuzzleModel]:
    return {p.id: p for p in load_bank()}


def puzzle_ids(kind: str | None = None) -> list[str]:
    """Ids of the puzzles in the bank, optionally of one type (`"throw"`, `"trick"`, …)."""
    return [pid for pid, p in _bank().items() if kind is None or p.type == kind]


def _find_puzzle(puzzle_id: str) -> PuzzleModel:
    bank = _bank()
    if puzzle_id in bank:
        return bank[puzzle_id]
    close = difflib.get_close_matches(str(puzzle_id), list(bank), n=3)
    kinds = ", ".join(sorted({p.type for p in bank.values()}))
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    raise ValueError(f"no puzzle {puzzle_id!r} in the bank.{hint} tw.puzzle_ids() lists all "
                     f"{len(bank)} ids; tw.puzzle_ids('throw') those of one type ({kinds}).")


class Puzzle(pn.viewable.Viewer):
    """A puzzle from the bank, answered in place; graded and explained by the rules core."""

    puzzle_id = param.String(doc="the puzzle shown (tw.puzzle_ids() lists them)")
    lang = param.Selector(default="en", objects=LANGS)

    def __init__(self, puzzle_id: str, **params: Any) -> None:
        self.puzzle = _find_puzzle(puzzle_id)
        super().__init__(puzzle_id=puzzle_id, **params)
        self._meta = pn.pane.Markdown("", margin=(0, 5), styles={"color": "#555"})
        self.card = QuestionCard(question=self.puzzle, lang=self.lang, show_format=True)
        self._layout = pn.Column(self._meta, self.card, sizing_mode="stretch_width")
        self._render()

    @param.depends("puzzle_id", watch=True)
    def _new_puzzle(self) -> None:
        """Another puzzle: drawn afresh, unanswered (an unknown id is refused, and the
        puzzle shown keeps its id)."""
        try:
            self.puzzle = _find_puzzle(self.puzzle_id)
        except ValueError:
            _keep_shown(self, "puzzle_id", self.puzzle.id)
            raise
        self._render()

    @param.depends("lang", watch=True)
    def _render(self) -> None:
        lang = self.lang
        self._meta.object = meta_html(self.puzzle, lang)
        self.card.param.update(question=self.puzzle, lang=lang)

    @property
    def grade(self) -> Grade | None:
        """The last grade shown (None before any answer)."""
        return self.card.grade

    def check(self, answer: str | None = None) -> Grade | None:
        """Grade `answer` (text in the puzzle's answer format) or, if None, the input's value.

        Shows and returns the Grade; an unreadable or missing answer shows how to write one
        and returns None.
        """
        return self.card.submit(answer)

    def show_answer(self) -> str:
        """Show (and return) the right answer and why, computed by the rules core."""
        grade = self.card.reveal()
        assert grade is not None  # the solution always reads
        return grade.expected

    @property
    def verdict(self) -> str:
        """The text shown under the puzzle ('' before any answer)."""
        return self.card.verdict

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def _keep_shown(widget: param.Parameterized, parameter: str, shown: str) -> None:
    """Put `parameter` back to the id still shown, after an unknown one was refused."""
    with param.parameterized.discard_events(widget):
        setattr(widget, parameter, shown)


# --------------------------------------------------------------------------- Lesson

@lru_cache(maxsize=1)
def _lessons() -> tuple[LessonModel, ...]:
    return tuple(load_lessons())


def lesson_ids() -> list[str]:
    """Ids of the lessons, in curriculum order."""
    return [lesson.id for lesson in _lessons()]


class Lesson(pn.viewable.Viewer):
    """One lesson with its pages, Back/Next and its steps graded by the rules core."""

    lesson_id = param.String(doc="the lesson shown (tw.lesson_ids() lists them)")
    lang = param.Selector(default="en", objects=LANGS)

    def __init__(self, lesson_id: str, **params: Any) -> None:
        _find_lesson(lesson_id)
        super().__init__(lesson_id=lesson_id, **params)
        self._layout = pn.Column(sizing_mode="stretch_width")
        self._open()

    @param.depends("lesson_id", watch=True)
    def _open(self) -> None:
        """The Learn page over this one lesson, without its lesson list (an unknown id is
        refused, and the lesson shown keeps its id)."""
        try:
            self.lesson = _find_lesson(self.lesson_id)
        except ValueError:
            _keep_shown(self, "lesson_id", self.lesson.id)
            raise
        self.page = learn_page.LearnPage(lessons=[self.lesson], lang=self.lang,
                                         show_list=False)
        self._layout.objects = [self.page]

    @param.depends("lang", watch=True)
    def _relabel(self) -> None:
        self.page.lang = self.lang

    @property
    def page_index(self) -> int:
        return self.page.page_index

    def go(self, page_index: int) -> None:
        """Show page `page_index` (from 0) of the lesson."""
        if not 0 <= page_index < len(self.lesson.pages):
            raise ValueError(f"lesson {self.lesson.id!r} has pages 0 to "
                             f"{len(self.lesson.pages) - 1}, not {page_index}")
        self.page.go(page_index)

    def submit(self, answer: Any) -> Grade | None:
        """Answer the current page's question (text in its answer format); the Grade."""
        return self.page.submit(answer)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def _find_lesson(lesson_id: str) -> LessonModel:
    found = [lesson for lesson in _lessons() if lesson.id == lesson_id]
    if not found:
        raise ValueError(f"no lesson {lesson_id!r}: tw.lesson_ids() lists them "
                         f"({', '.join(lesson_ids())})")
    return found[0]


# --------------------------------------------------------------------------- PlayTable

class PlayTable(pn.viewable.Viewer):
    """A match against four AI players (you are seat 0), paced automatically when a server
    or notebook event loop runs, and always steppable with the "AI move" button."""

    lang = param.Selector(default="en", objects=LANGS)
    strength = param.Selector(default="easy", objects=list(STRENGTHS),
                              doc="the opponents' strength (a new game starts with it)")

    def __init__(self, strength: str = "easy", seed: int | None = None,
                 **params: Any) -> None:
        if strength not in STRENGTHS:
            raise ValueError(f"strength must be one of {', '.join(STRENGTHS)}, not {strength!r}")
        super().__init__(strength=strength, **params)
        session = None if seed is None else PlaySession(seed=seed, strength=strength)
        self.page = PlayPage(session=session, strength=strength, lang=self.lang)
        self.page.start_pacing()
        self._step = pn.widgets.Button(color="default", width=130)
        self._step.on_click(lambda _e: self.ai_move())
        self._note = pn.pane.Markdown("", margin=(0, 10))
        self._layout = pn.Column(pn.Row(self._step, self._note), self.page,
                                 sizing_mode="stretch_width")
        self._relabel()

    @param.depends("lang", "strength", watch=True)
    def _relabel(self) -> None:
        self.page.param.update(lang=self.lang, strength=self.strength)
        self._step.name = _t("ai_move", self.lang)
        self._step.visible = not self.paced

    @property
    def paced(self) -> bool:
        """Whether the AI plays by itself (else press "AI move" or call `ai_move`)."""
        return self.page.paced

    @property
    def session(self) -> PlaySession:
        return self.page.session

    def stop(self) -> None:
        """Stop the automatic AI pacing (the AI move button remains)."""
        self.page.stop_pacing()
        self._step.visible = True

    def ai_move(self) -> bool:
        """Make one AI action now (False when it is your turn or the hand is over)."""
        moved = self.page.ai_move()
        waiting = not moved and self.session.human_to_act
        self._note.object = f"*{_t('ai_waiting', self.lang)}*" if waiting else ""
        return moved

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


# --------------------------------------------------------------------------- old names

_RENAMED = {"Hand": "CardRow"}  # old name -> new: the old one still works, with a warning


def __getattr__(name: str) -> Any:
    """`tw.Hand`, the old name of `CardRow`: it still works, but warns (a `Hand` is a whole
    deal in `tutor.rules`)."""
    if name in _RENAMED:
        new = _RENAMED[name]
        warnings.warn(f"tutor.widgets.{name} is now tutor.widgets.{new}; the old name will go",
                      DeprecationWarning, stacklevel=2)
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
