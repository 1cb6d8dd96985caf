"""tutor.widgets: each widget builds, renders to a Bokeh model, answers, and refuses bad input."""

from __future__ import annotations

import asyncio
import threading
from html import unescape

import panel as pn
import pytest
from bokeh.model import Model

import tutor.widgets as tw
from tutor.puzzle import solve
from tutor.question.wrong import wrong_answer
from tutor.rules import Pass, Trump, card_points, parse_cards, trick_winner


def _root(widget) -> Model:
    root = pn.panel(widget).get_root()
    assert isinstance(root, Model)
    return root


# ------------------------------------------------------------------ trump text and cards

@pytest.mark.parametrize(("text", "level", "suit"), [
    ("2H", "2", "H"), ("10s", "10", "S"), ("A♠", "A", "S"), ("TD", "10", "D"),
    (" q ♣ ", "Q", "C"), ("2NT", "2", None), ("7", "7", None)])
def test_parse_trump_text(text, level, suit):
    assert tw.parse_trump(text) == Trump(level, suit)


def test_parse_trump_passes_a_trump_through():
    trump = Trump("5", "D")
    assert tw.parse_trump(trump) is trump and tw.parse_trump(None) is None


@pytest.mark.parametrize("bad", ["2X", "H2", "1H", "", "2 H H", 5])
def test_parse_trump_refuses_with_a_hint(bad):
    with pytest.raises(ValueError, match="2H"):
        tw.parse_trump(bad)


def test_cards_draw_in_order_with_their_style():
    shown = tw.cards("BJ 10H AS")
    assert shown == parse_cards("BJ 10H AS") and repr(shown) == "cards('BJ 10H AS')"
    html = shown._repr_html_()
    assert "<style>" in html and ".zp-card" in html
    assert [part.split('"')[0] for part in html.split('data-card="')[1:]] == ["BJ", "10H", "AS"]


def test_cards_mark_trumps_when_given_one():
    html = tw.cards("2S KH", trump="2H")._repr_html_()
    assert html.count("zp-card trump") == 2


def test_trump_label_reads_as_words():
    assert repr(tw.trump("2H")) == "level 2, trump ♥ (hearts)"
    assert "打2" in repr(tw.trump(Trump("2", "H"), lang="zh"))
    with pytest.raises(ValueError, match="lang"):
        tw.trump("2H", lang="fr")


# ------------------------------------------------------------------ CardRow

def test_card_row_draws_every_card_trumps_first():
    hand = tw.CardRow("AS AS 10H 3C SJ 2D", trump="2H")
    _root(hand)
    html = hand._drawn.object
    assert html.count('class="zp-card') == 6
    assert html.index('data-card="SJ"') < html.index('data-card="2D"') < html.index('"AS"')
    assert f"{card_points(hand.cards)} points" in hand._caption.object
    assert "level 2, trump ♥" in hand._caption.object


def test_card_row_updates_and_speaks_chinese():
    hand = tw.CardRow("AS", lang="zh")
    assert "未指定主" in hand._caption.object
    hand.cards = parse_cards("KH KH 5D")
    assert hand._drawn.object.count('class="zp-card') == 3 and "25分" in hand._caption.object


@pytest.mark.parametrize(("cards", "trump", "message"), [
    ("AS XX", None, "'XX' is not a card"), ("AS", "2Z", "'2Z' is not a trump"),
    (42, None, "cards must be text")])
def test_card_row_refuses_bad_input(cards, trump, message):
    with pytest.raises(ValueError, match=message):
        tw.CardRow(cards, trump=trump)


def test_the_old_name_hand_still_works_but_warns():
    with pytest.warns(DeprecationWarning, match="tutor.widgets.CardRow"):
        old = tw.Hand
    assert old is tw.CardRow
    with pytest.warns(DeprecationWarning):
        from tutor.widgets import Hand
    assert Hand is tw.CardRow and "Hand" not in tw.__all__
    with pytest.raises(AttributeError, match="no attribute 'Hands'"):
        tw.Hands  # noqa: B018


# ------------------------------------------------------------------ Trick

def test_trick_marks_the_rules_winner():
    plays = ["KH", "AH", "2C", "2S", "3S"]
    trick = tw.Trick(plays, trump="2S", leader=0)
    _root(trick)
    index = trick_winner([parse_cards(p) for p in plays], Trump("2", "S"))
    assert trick.winner_index == index == 3 and trick.winner == 3  # RULES.md example 11
    html = trick._drawn.object
    assert 'data-winner="3"' in html and '<div class="play win" data-seat="3">' in html
    assert html.count("play win") == 1 and "Seat 3 wins the trick with 2♠" in html


def test_trick_seats_count_from_the_leader():
    trick = tw.Trick(["AH AH", "3S 3S", "5S 5S", "2C 2D"], trump=Trump("2", "S"), leader=4)
    assert trick.winner_index == 2 and trick.winner == 1  # RULES.md example 12
    trick.lang = "zh"
    assert "1号位" in trick._drawn.object


@pytest.mark.parametrize(("plays", "kwargs", "message"), [
    (["KH", "AH AH"], {}, "play 1 has 2 card"),
    (["KH AS"], {}, "one suit"),
    (["KH"] * 6, {}, "1 to 5 plays"),
    ([""], {}, "lead has no cards"),
    (["KH", "AH"], {"leader": 5}, "leader is a seat"),
    (["KH", "ZZ"], {}, "'ZZ' is not a card")])
def test_trick_refuses_bad_input(plays, kwargs, message):
    with pytest.raises(ValueError, match=message):
        tw.Trick(plays, trump="2S", **kwargs)


def test_trick_needs_a_trump():
    with pytest.raises(ValueError, match="needs a trump"):
        tw.Trick(["KH"], trump=None)


# ------------------------------------------------------------------ Puzzle

def test_puzzle_right_and_wrong_answers_from_code():
    puzzle = tw.Puzzle("trick-1-002")
    _root(puzzle)
    right = solve(puzzle.puzzle).text
    wrong = next(s for s in "01234" if s != right)
    g = puzzle.check(wrong)
    assert not g.correct and puzzle.grade is g
    assert puzzle.verdict.startswith("**Not quite. A hint:**")  # retries allowed: a hint first
    g = puzzle.check(right)
    assert g.correct and puzzle.grade is g
    assert puzzle.verdict.startswith("**Correct!**")
    assert "wins the trick" in puzzle.verdict


def test_puzzle_reads_its_own_answer_widgets():
    puzzle = tw.Puzzle("trick-1-002")
    group = puzzle.card.input.widgets[0]
    group.value = solve(puzzle.puzzle).text
    assert puzzle.check().correct


def test_puzzle_without_an_answer_asks_for_one():
    puzzle = tw.Puzzle("kitty-1-001")
    assert puzzle.check() is None and "Give an answer first" in puzzle.verdict
    puzzle.card.input.widgets[0].value_input = solve(puzzle.puzzle).text
    assert puzzle.check().correct


def test_puzzle_unreadable_answer_says_the_format():
    puzzle = tw.Puzzle("trick-1-002")
    assert puzzle.check("seat four") is None
    assert puzzle.grade is None and "seat number" in puzzle.verdict


def test_puzzle_shows_its_answer_and_speaks_chinese():
    puzzle = tw.Puzzle("throw-1-002", lang="zh")
    assert puzzle.puzzle.title().zh in unescape(puzzle._meta.object)
    assert "甩" in puzzle._meta.object
    assert 'data-puzzle="throw-1-002"' in puzzle._meta.object
    assert puzzle.show_answer() == solve(puzzle.puzzle).text
    assert "答案" in puzzle.verdict
    puzzle.lang = "en"
    assert puzzle.puzzle.title().en in unescape(puzzle._meta.object)
    assert "The answer" in puzzle.verdict


def test_unknown_puzzle_says_how_to_find_ids():
    with pytest.raises(ValueError, match=r"tw\.puzzle_ids\(\)") as err:
        tw.Puzzle("throw-1-0001")
    assert "Did you mean" in str(err.value)
    assert "trick-1-002" in tw.puzzle_ids("trick") and "trick-1-002" not in tw.puzzle_ids("throw")


# ------------------------------------------------------------------ Lesson

def test_lesson_shows_one_lesson_and_grades_its_steps():
    lesson = tw.Lesson("throws")
    _root(lesson)
    assert not lesson.page.show_list and lesson.page.lesson.id == "throws"
    lesson.go(1)
    step = lesson.lesson.pages[1].step
    assert lesson.page_index == 1
    assert lesson.submit("not an option") is None  # unreadable: says how to answer
    assert lesson.submit(wrong_answer(step)).correct is False
    assert lesson.submit(step.solve().text).correct


def test_lesson_refuses_unknown_ids_and_pages():
    with pytest.raises(ValueError, match="throws"):
        tw.Lesson("no-such-lesson")
    with pytest.raises(ValueError, match="pages 0 to"):
        tw.Lesson("throws").go(9)


def test_lesson_language_follows_the_widget():
    lesson = tw.Lesson("throws")
    lesson.lang = "zh"
    assert lesson.page.lang == "zh" and "甩牌" in lesson.page._title.object


# ------------------------------------------------------------------ PlayTable

def _in_fresh_thread(fn, timeout: float = 120) -> None:
    """Run `fn` in a new thread: no event loop runs there, whatever the test session left
    running in the main thread (Playwright's sync API keeps one for the browser tests)."""
    errors: list[BaseException] = []

    def target() -> None:
        try:
            fn()
        except BaseException as exc:  # re-raised in the test's own thread below
            errors.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(timeout=timeout)
    if errors:
        raise errors[0]
    # a thread still running after the timeout has neither passed nor failed yet
    assert not thread.is_alive(), f"{fn} did not finish within {timeout} s"


def test_play_table_steps_the_ai_by_hand_without_a_loop():
    _in_fresh_thread(_steps_by_hand)


def _steps_by_hand() -> None:
    table = tw.PlayTable(seed=11)
    _root(table)
    assert not table.paced and table._step.visible
    assert table.session.human_to_act and table.ai_move() is False
    assert "your turn" in table._note.object
    table.session.act(Pass(table.session.human))
    table.page.refresh()
    moved = 0
    while table.session.ai_to_act and moved < 10:
        assert table.ai_move()
        moved += 1
    assert moved >= 1


def test_play_table_paces_the_ai_itself_in_an_event_loop(monkeypatch):
    monkeypatch.setenv("TUTOR_AI_DELAY_MS", "20")

    async def run() -> None:
        table = tw.PlayTable(seed=11)
        try:
            assert table.paced and not table._step.visible
            table.session.act(Pass(table.session.human))
            table.page.refresh()
            for _ in range(100):
                await asyncio.sleep(0.02)
                if not table.session.ai_to_act:
                    break
            assert not table.session.ai_to_act, "the AI never moved by itself"
        finally:
            table.stop()

    _in_fresh_thread(lambda: asyncio.run(run()))


def test_fresh_thread_reports_a_thread_that_did_not_finish():
    release = threading.Event()
    try:
        with pytest.raises(AssertionError, match="did not finish"):
            _in_fresh_thread(release.wait, timeout=0.2)
    finally:
        release.set()


def test_play_table_refuses_unknown_strength():
    with pytest.raises(ValueError, match="easy"):
        tw.PlayTable(strength="godlike")
