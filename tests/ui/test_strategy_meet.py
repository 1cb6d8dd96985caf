"""Where a learner meets the strategy puzzles: the theme choice groups them apart from the
rules themes, the mix serves both, a link's theme opens the Puzzles page on it, a hand
review points to the themes of its mistakes, a teacher assigns them and reads the results,
and Progress rates each strategy theme beside the rules types.

Puzzles are picked from the loaded bank by property, never by a mined id."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from html import unescape

import pytest

from tests.reviewed import planted, save_reviewed
from tutor.puzzle import THEMES, load_bank
from tutor.puzzle.loader import MINED_TYPES
from tutor.puzzle.themes import STRATEGY_THEMES
from tutor.review import HandReview
from tutor.store.reviews import Mistake
from tutor.strategy.themes import KIND_THEMES
from tutor.ui.bank import current_bank
from tutor.ui.play.hand_review import HandReviewPanel, mistake_themes, practise_html
from tutor.ui.play.review_store import ReviewKeeper
from tutor.ui.progress.mistakes import class_mistakes_html, mistakes_html
from tutor.ui.progress.page import ProgressPage
from tutor.ui.progress.stats import theme_ratings
from tutor.ui.puzzles.page import PuzzlesPage
from tutor.ui.puzzles.trainer import MIX, Trainer
from tutor.ui.teacher.page import TeacherPage
from tutor.ui.theme_choice import RULES_GROUP, STRATEGY_GROUP, known_theme, theme_groups

from .conftest import class_with_learner
from .test_question_card import fill

BANK = load_bank()
STRATEGY = [p for p in BANK if p.type in MINED_TYPES]
# a strategy theme with a few puzzles, whichever the mined bank has most of
COMMON = Counter(k for p in STRATEGY for k in p.themes if k in STRATEGY_THEMES).most_common(1)[0][0]


def _best_letter(puzzle) -> str:
    """The best option's letter, from the puzzle's own values (the kind's answer agrees)."""
    values = list(puzzle.raw["values"])
    letter = "ABCDEFGH"[values.index(max(values))]
    assert puzzle.solve().text == letter
    return letter


def test_the_bank_has_strategy_puzzles_to_meet():
    assert len(STRATEGY) >= 5 and COMMON in STRATEGY_THEMES


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_theme_choice_groups_rules_then_strategy_after_the_mix(lang):
    groups = theme_groups(lang, MIX)
    (_mix, mixed), (rules_label, rules), (strategy_label, strategy) = groups.items()
    assert list(mixed.values()) == [MIX]
    assert rules_label != strategy_label
    assert set(rules.values()) == set(RULES_GROUP) - set(STRATEGY_GROUP)
    assert list(strategy.values()) == ["strategy", *STRATEGY_THEMES]  # none of the learner's
    assert not set(rules.values()) & set(STRATEGY_THEMES)
    assert set(rules.values()) | set(strategy.values()) == set(THEMES) - {"better_play"}
    assert next(iter(strategy)) == THEMES["strategy"].get(lang)  # the labels are the catalogue's
    labels = [label for group in groups.values() for label in group]
    assert len(set(labels)) == len(labels)  # no two themes read alike in one Select
    assert "better_play" in theme_groups(lang, MIX, personal=True)[strategy_label].values()


def test_the_puzzles_page_offers_both_groups_and_a_strategy_theme_serves_strategy():
    page = PuzzlesPage()
    groups = page._theme.groups
    assert len(groups) == 3 and THEMES[COMMON].en in list(groups.values())[2]
    assert THEMES["throw"].en in list(groups.values())[1]
    page._theme.value = COMMON
    puzzle = page.puzzle
    assert puzzle is not None and puzzle.type == "strategy" and COMMON in puzzle.themes
    fill(page.card, _best_letter(puzzle))
    assert page.card.submit().correct
    assert THEMES["strategy"].en in page.card.note  # rated as a strategy puzzle
    page.lang = "zh"
    assert THEMES[COMMON].zh in list(page._theme.groups.values())[2]
    assert page._theme.value == COMMON  # the choice survives the language


def test_the_mix_serves_rules_and_strategy_puzzles_both():
    trainer = Trainer(list(BANK), rng=random.Random(3))
    served = [trainer.next_puzzle(MIX) for _ in range(120)]
    types = Counter(p.type for p in served if p is not None)
    assert types["strategy"] >= 3 and sum(n for k, n in types.items() if k != "strategy") >= 60


def test_a_links_theme_opens_the_page_on_it_before_an_assignment(store):
    teacher, learner, room = class_with_learner(store)
    rules = next(p for p in BANK if p.type == "trick")
    store.classes.create_assignment(teacher.id, room.id, "Homework", [rules.id])
    page = PuzzlesPage(start_theme=COMMON)
    page.attach_user(store, learner)
    assert page._mode.value == "practice" and page._theme.value == COMMON
    assert page.puzzle is not None and COMMON in page.puzzle.themes
    waiting = PuzzlesPage()  # without a link the assignment comes first, as before
    waiting.attach_user(store, learner)
    assert waiting._mode.value == "assignment" and waiting.puzzle.id == rules.id


@pytest.mark.parametrize("asked", ["<script>alert(1)</script>", "no-such-theme", "", None])
def test_a_theme_the_bank_does_not_know_is_no_theme(asked):
    assert known_theme(asked) is None
    page = PuzzlesPage(start_theme=asked)
    assert page._theme.value == MIX and page.puzzle is not None


# --------------------------------------------------------------- the hand review
@pytest.fixture(scope="module")
def blunder():
    return planted()


def test_the_themes_of_a_hands_mistakes(blunder):
    _hand, _index, judged = blunder
    bury = replace(judged, decision="bury", kind="bury", grade="mistake")
    gift = replace(judged, kind="points_given", grade="blunder")
    broke = replace(judged, kind="unit_broken", grade="inaccuracy")  # too mild to send
    other = replace(judged, kind="other", grade="mistake")  # no theme of its own
    review = HandReview(0, [gift, broke, bury, other])
    assert mistake_themes(review, THEMES) == ["bury", "no-gifts"]  # the bank's order
    assert mistake_themes(review, {"no-gifts"}) == ["no-gifts"]  # only what the bank has


def test_the_practise_line_links_each_theme_to_the_puzzles_page():
    html = practise_html(["bury", "no-gifts"], "zh")
    assert 'href="?page=puzzles&amp;theme=bury&amp;lang=zh"' in html
    assert THEMES["no-gifts"].zh in html and 'target="_blank"' in html
    assert practise_html([], "en") == ""


def test_a_kept_review_offers_the_bank_puzzles_of_its_mistakes(store, blunder):
    hand, _index, judged = blunder
    theme = KIND_THEMES[judged.kind]
    user, _ = store.users.create_guest()
    game_id = save_reviewed(store, user.id, hand, judged)
    panel = HandReviewPanel(hand, 0, 1, keeper=ReviewKeeper(store, user.id, game_id))
    panel.start()  # the stored review
    assert panel._practise.visible
    assert f"theme={theme}&amp;lang=en" in panel._practise.object
    assert THEMES[theme].en in panel._practise.object
    panel.lang = "zh"
    assert THEMES[theme].zh in panel._practise.object and "lang=zh" in panel._practise.object
    unsaved = HandReviewPanel(hand, 0, 1)  # a notebook's review: no page to link to
    unsaved.show(panel.review)
    assert not unsaved._practise.visible


# --------------------------------------------------------------- teacher and progress
def test_a_teacher_assigns_a_strategy_theme_and_reads_the_results(store):
    teacher, learner, _room = class_with_learner(store)
    page = TeacherPage()
    page.attach_user(store, teacher)
    form = page.assignments
    groups = form._theme.groups
    assert THEMES[COMMON].en in list(groups.values())[2]
    form._title.value = "Strategy homework"
    form._theme.value, form._count.value = COMMON, 2
    form._on_create()
    work = form.made
    assert work is not None and len(work.puzzle_ids) == 2
    by_id = {p.id: p for p in current_bank(store)}
    assert all(COMMON in by_id[pid].themes for pid in work.puzzle_ids)
    trainer = Trainer(current_bank(store), store, learner.id)
    first = by_id[work.puzzle_ids[0]]
    trainer.submit(first, _best_letter(first), 7, assignment_id=work.id)
    page.results.reload(work)
    shown = unescape(page.results._learners.object)
    assert f"{first.title().en}: " in shown and " ✓" in shown
    assert "strategy-" not in shown  # titles, not raw ids
    assert first.title().en in unescape(page.results._puzzles.object)
    page.lang = "zh"
    assert first.title().zh in unescape(page.results._learners.object)


def test_a_forged_theme_draws_from_the_whole_bank_not_from_nothing(store):
    teacher, _learner, _room = class_with_learner(store)
    page = TeacherPage()
    page.attach_user(store, teacher)
    form = page.assignments
    form._theme.value = "<b>forged</b>"  # what a browser could send: no theme at all
    form._title.value, form._count.value = "Anything", 3
    form._on_create()
    assert form.made is not None and len(form.made.puzzle_ids) == 3


def test_progress_rates_each_strategy_theme_beside_the_rules_types(store):
    user, _ = store.users.create_guest()
    trainer = Trainer(current_bank(store), store, user.id)
    rules = next(p for p in BANK if p.type == "kitty")
    trainer.submit(rules, rules.solve().text, 3)
    solved, missed = [p for p in STRATEGY if COMMON in p.themes][:2]
    trainer.submit(solved, _best_letter(solved), 5)
    wrong = next(x for x in "AB" if x != _best_letter(missed))
    trainer.submit(missed, wrong, 5)
    trainer.submit(missed, _best_letter(missed), 5)  # a retry: counted, not rated
    page = ProgressPage()
    page.attach_user(store, user)
    rows = {s.theme: s for s in page.progress.strategy}
    common = rows[COMMON]
    assert (common.attempts, common.correct) == (3, 2) and len(common.history) == 2
    assert common.rating is not None
    table = unescape(page._table.object)
    assert table.index(THEMES["kitty"].en) < table.index(THEMES["strategy"].en)
    assert table.index("Strategy themes") < table.index(THEMES[COMMON].en)
    assert "Strategy themes" in table and f"{common.rating:.0f}" in table
    page.lang = "zh"
    assert "策略主题" in page._table.object and THEMES[COMMON].zh in page._table.object


def test_a_theme_rating_rises_with_solves_and_falls_with_misses(store):
    user, _ = store.users.create_guest()
    trainer = Trainer(current_bank(store), store, user.id)
    pool = [p for p in STRATEGY if COMMON in p.themes][:4]
    for p in pool[:2]:
        trainer.submit(p, _best_letter(p), 5)
    for p in pool[2:]:
        trainer.submit(p, next(x for x in "AB" if x != _best_letter(p)), 5)
    uid = user.id
    [stats] = theme_ratings(store.attempts.for_user(uid, uid), {p.id: p.themes for p in pool},
                            {p.id: p.difficulty for p in pool}, [COMMON])
    ups, downs = [r for _, r in stats.history[:2]], [r for _, r in stats.history[2:]]
    assert 1500 < ups[0] < ups[1] and downs[0] < ups[1] and downs[1] < downs[0]


def test_progress_links_each_kind_of_mistake_to_its_strategy_theme():
    today = datetime(2026, 12, 4, tzinfo=UTC)
    found = [Mistake(1, 0, i, kind, "mistake", True, today - timedelta(days=1))
             for i, kind in enumerate(("points_given", "bury", "other", "trump_missed"))]
    offered = {"no-gifts", "bury"}  # the bank has no trump-in puzzle here
    html = mistakes_html(found, "en", today, offered=offered)
    assert 'href="?page=puzzles&amp;theme=no-gifts&amp;lang=en"' in html
    assert 'theme=bury&amp;' in html and "theme=trump-in" not in html
    assert html.count("<a ") == 2 and "<th>Practise</th>" in html
    assert f">{THEMES['no-gifts'].en}</a>" in html
    zh = mistakes_html(found, "zh", today, offered=offered)
    assert f">{THEMES['bury'].zh}</a>" in zh and "lang=zh" in zh


def test_a_teacher_reads_which_strategy_theme_to_assign_for_a_class_mistake():
    rows = [("points_given", 5, 3), ("other", 2, 1), ("trump_missed", 1, 1)]
    html = class_mistakes_html(rows, "en", offered={"no-gifts"})
    assert "<th>Theme to assign</th>" in html
    assert f"<td>{THEMES['no-gifts'].en}</td></tr>" in html
    assert THEMES["trump-in"].en not in html  # the bank has none of it here
    assert f"<td>{THEMES['no-gifts'].zh}</td></tr>" in class_mistakes_html(
        rows, "zh", offered={"no-gifts"})
