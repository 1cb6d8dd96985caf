"""Learn from your mistakes in the app: a saved game's reviewed hand gives its player puzzles
in retry mode, graded by the review, moving no rating, gone once solved."""

from __future__ import annotations

import pytest

from tests.reviewed import planted, save_reviewed
from tutor.review.jobs import HandRecord
from tutor.review.puzzles import puzzle_id
from tutor.text import t
from tutor.ui.bank import current_bank
from tutor.ui.play.hand_review import HandReviewPanel
from tutor.ui.play.review_store import ReviewKeeper
from tutor.ui.position_view import position_html
from tutor.ui.progress.page import ProgressPage
from tutor.ui.puzzles.page import PuzzlesPage
from tutor.ui.puzzles.personal import personal_puzzles
from tutor.ui.puzzles.trainer import Trainer


@pytest.fixture(scope="module")
def blunder():
    return planted()


def _reviewed_game(store, blunder, user=None):
    """A saved game of `user` (a new guest if None) that is the planted hand, reviewed (that
    one decision) and kept; the user and the id of the puzzle it makes."""
    hand, index, judged = blunder
    if user is None:
        user, _ = store.users.create_guest()
    return user, puzzle_id(save_reviewed(store, user.id, hand, judged), 0, index)


def _letters(puzzle) -> tuple[str, str]:
    """A right answer and the play made in the game (wrong)."""
    pos = puzzle.position
    right = "ABCDEF"[puzzle.kind.accepted(puzzle)[0]]
    return right, "ABCDEF"[pos["played"]]


def test_a_reviewed_mistake_is_served_in_retry_until_solved(store, blunder):
    user, pid = _reviewed_game(store, blunder)
    [puzzle] = personal_puzzles(store, user.id)
    assert puzzle.id == pid and puzzle.type == "better_play"
    trainer = Trainer(current_bank(store), store, user.id, personal=[puzzle])
    assert trainer.next_puzzle(mode="retry") is puzzle  # nothing else was missed
    assert all(trainer.next_puzzle() is not puzzle for _ in range(20))  # practice: the bank's
    right, played = _letters(puzzle)
    before = trainer.rating("better_play").rating
    wrong = trainer.submit(puzzle, played, 3.0, mode="retry")
    assert not wrong.grade.correct and trainer.next_puzzle(mode="retry") is puzzle
    solved = trainer.submit(puzzle, right, 4.0, mode="retry")
    assert solved.grade.correct and solved.change == 0 and wrong.change == 0
    assert trainer.rating("better_play").rating == before
    assert trainer.next_puzzle(mode="retry") is None
    # read back: the attempts were saved, and a solved position stays solved
    again = Trainer(current_bank(store), store, user.id, personal=personal_puzzles(store, user.id))
    assert again.to_retry() == [] and len(store.attempts.for_user(user.id, user.id)) == 2


def test_another_learner_gets_none_of_them(store, blunder):
    _reviewed_game(store, blunder)
    other, _ = store.users.create_guest()
    assert personal_puzzles(store, other.id) == []


def test_a_game_that_no_longer_rebuilds_is_left_out(store, blunder, caplog):
    user, _pid = _reviewed_game(store, blunder)
    store.reviews.save(user.id, store.games.start(user.id, {"rules": 1}, 3).id, 0,
                       {"version": 1, "seat": 0, "decisions": []}, 50.0,
                       [(40, "points_given", "blunder", True)])
    found = personal_puzzles(store, user.id)
    assert len(found) == 1 and "left out" in caplog.text


def test_the_puzzles_page_serves_them_in_retry_mode_and_says_so(store, blunder):
    user, pid = _reviewed_game(store, blunder)
    page = PuzzlesPage()
    page.attach_user(store, user)
    assert "Better plays from your games" in page._theme.labels
    page._theme.value = "better_play"
    assert page.puzzle is None and "Retry missed" in page._meta.object
    page._mode.value = "retry"
    assert page.puzzle is not None and page.puzzle.id == pid
    assert "From your own game" in page._meta.object
    right, _played = _letters(page.puzzle)
    page._grade(page.puzzle, right)
    assert "moves no rating" in page.card.note
    page.lang = "zh"
    assert "来自你自己的对局" in page._meta.object
    assert page._assign_status.object == t("ui.no_assignments", "zh")  # not left in English


def test_a_hand_reviewed_later_joins_when_the_page_is_shown_again(store, blunder):
    user, _ = store.users.create_guest()
    page = PuzzlesPage()
    page.attach_user(store, user)
    assert not page.trainer.personal and "Better plays from your games" not in page._theme.labels
    _, pid = _reviewed_game(store, blunder, user)  # reviewed on the Play page meanwhile
    page.on_show()
    assert [p.id for p in page.trainer.personal] == [pid]
    assert "Better plays from your games" in page._theme.labels
    page.on_show()  # shown again: nothing new, nothing doubled
    assert len(page.trainer.personal) == 1


def test_the_hand_review_says_its_clear_mistakes_are_now_puzzles(store, blunder):
    hand, _index, _judged = blunder
    user, pid = _reviewed_game(store, blunder)
    game_id = int(pid.split("-")[1])
    panel = HandReviewPanel(hand, 0, 1, keeper=ReviewKeeper(store, user.id, game_id))
    panel.start()  # the stored review: nothing is worked out again
    assert panel.finished and "now a puzzle for you" in panel._status.object
    panel.lang = "zh"
    assert "重做错题" in panel._status.object
    unsaved = HandReviewPanel(hand, 0, 1)  # a notebook's review, kept nowhere: no such promise
    unsaved.show(panel.review)
    assert "puzzle" not in unsaved._status.object


def test_progress_counts_the_positions_left_to_put_right(store, blunder):
    user, _pid = _reviewed_game(store, blunder)
    progress = ProgressPage()
    progress.attach_user(store, user)
    assert "a position from your own games still to put right" in progress._retry.object
    assert "mine-" not in progress._retry.object  # not a link: they wait in retry mode
    trainer = Trainer(current_bank(store), store, user.id, personal=personal_puzzles(
        store, user.id))
    [puzzle] = trainer.personal
    trainer.submit(puzzle, _letters(puzzle)[0], 2.0, mode="retry")
    progress.on_show()
    assert "own games" not in progress._retry.object
    assert "Better plays from your games" in progress._table.object  # its attempt's theme


def test_the_review_shows_a_card_play_as_its_puzzle_does(store, blunder):
    """One position view: the review's card play and the personal puzzle made of it draw
    the same position (the seat, side, declarer, called card, points, trick so far, hand and
    earlier tricks), in the page's language, and follow a change of language."""
    hand, _index, _judged = blunder
    user, pid = _reviewed_game(store, blunder)
    panel = HandReviewPanel(hand, 0, 1, keeper=ReviewKeeper(store, user.id,
                                                           int(pid.split("-")[1])))
    panel.start()
    [puzzle] = personal_puzzles(store, user.id)
    position = {**puzzle.seen(), "source": None}  # the review needs no "from a hand you played"
    shown = panel._seen._pane.object
    assert shown == position_html(position, "en")
    assert "Earlier tricks (4)" in shown and "You are Seat 0." in shown
    hand = shown[shown.index('class="zp-seen-hand"'):]
    assert hand[:hand.index("</p>")].endswith("</span>")  # no full stop alone under a hand
    panel.lang = "zh"
    assert panel._seen._pane.object == position_html(position, "zh")
    assert "之前的4轮" in panel._seen._pane.object


def test_a_review_of_a_table_not_of_five_shows_its_table():
    """The position view reads a table of five, as the puzzles do: a hand of four players
    reviewed shows the table at its card plays (it broke the review before)."""
    from tutor.ai import suggest
    from tutor.review import HandReview
    from tutor.review.jobs import judge_at
    from tutor.rules import Hand, RuleSet

    rules = RuleSet.from_dict({**RuleSet().to_dict(), "players": 4, "decks": 2})
    hand = Hand(5, rules, (2,) * 4, 0)
    while hand.phase.name != "FINISHED":
        hand.apply(suggest(hand.observation(hand.turn)).action)
    panel = HandReviewPanel(hand, 0, 1)
    index = next(i for i, a in enumerate(hand.actions) if a.seat == 0
                 and type(a).__name__ == "Play" and i > 40)
    judged = judge_at(HandRecord.of(hand), index)
    assert judged is not None
    panel.show(HandReview(0, [judged]))
    panel.selected = 0
    assert panel._seen._pane.object == "" and 'class="zp-table"' in panel._detail.object
