"""A hand's review is stored with its game and read back instead of being worked out again;
its mistakes are kept for the Progress page."""

from __future__ import annotations

import tutor.ui.play.hand_review as hand_review
from tutor.review import Budget
from tutor.ui.play.hand_review import HandReviewPanel
from tutor.ui.play.persist import GameSaver
from tutor.ui.play.review_store import ReviewKeeper
from tutor.ui.play.session import PlaySession

from .test_play_session import _run_until

SMALL = Budget(fair_deals=4, hindsight_repeats=2)


def _finished_hand(store, seed: int):
    """A guest's saved game with its first hand played out, and the keeper of its reviews."""
    user, _ = store.users.create_guest()
    session = PlaySession(seed=seed, max_hands=2)
    saver = GameSaver(store, user.id)
    _run_until(session, lambda s: s.hand_over)
    saver.save(session)
    return user, session, saver, ReviewKeeper(store, user.id, saver.game_id)


def test_a_review_is_worked_out_once_and_its_mistakes_kept(store, monkeypatch):
    user, session, saver, keeper = _finished_hand(store, 21)
    first = HandReviewPanel(session.hand, session.human, 1, SMALL, keeper)
    first.start()
    assert first.finished and store.reviews.get(user.id, saver.game_id, 0) is not None
    graded = [d for d in first.review.decisions if d.grade is not None]
    assert len(store.reviews.mistakes(user.id, user.id)) == len(graded)

    def no_work(*_args, **_kw):
        raise AssertionError("a stored review was worked out again")

    monkeypatch.setattr(hand_review, "judge_at", no_work)
    again = HandReviewPanel(session.hand, session.human, 1, SMALL, keeper)
    again.start()
    assert again.finished and again.review.decisions == first.review.decisions
    assert again._status.object == first._status.object


def test_a_store_that_is_down_still_shows_the_review(store):
    _user, session, _saver, keeper = _finished_hand(store, 22)
    store.close()
    panel = HandReviewPanel(session.hand, session.human, 1, SMALL, keeper)
    panel.start()  # neither the failed read nor the failed save stops it
    assert panel.finished and "accuracy" in panel._status.object
