"""The Play page without a browser: its match is a parameter, and a match set there is the one
drawn and played."""

from __future__ import annotations

from tutor.review import Budget
from tutor.ui.play.page import PlayPage
from tutor.ui.play.session import PlaySession


def test_a_match_set_as_the_parameter_is_the_one_shown_and_played():
    page = PlayPage(session=PlaySession(seed=1, strength="easy"))
    first = page.session
    other = PlaySession(seed=2, strength="hard")
    page.session = other
    assert page.session is other and page.strength == "hard"
    for _ in range(3):  # the AI moves in the match now shown, never in the old one
        ai_turn = other.ai_to_act
        before = len(other.hand.events)
        assert page.ai_move() is ai_turn
        assert (len(other.hand.events) > before) is ai_turn
        if not ai_turn:
            break
    assert first.hand.events == PlaySession(seed=1, strength="easy").hand.events


def _play_the_hand(page: PlayPage) -> PlaySession:
    """Play the page's hand to its end through the page (the person takes the hints)."""
    session = page.session
    while not session.hand_over:
        if session.human_to_act:
            page.act(session.hint().action)
        else:
            page.ai_move()
    return session


def test_a_second_click_on_next_hand_is_ignored():
    """Two clicks on "Next hand" before the page redraws start one hand, and raise nothing."""
    page = PlayPage(session=PlaySession(seed=3, strength="easy", max_hands=3))
    session = _play_the_hand(page)
    page.next_hand()
    page.next_hand()
    assert session.hand_number == 2 and not session.hand_over


def test_a_finished_hand_can_be_reviewed_on_the_page():
    page = PlayPage(session=PlaySession(seed=5, strength="easy", max_hands=2),
                    review_budget=Budget(fair_deals=4, hindsight_repeats=2))
    _play_the_hand(page)
    assert page.ending.offers_review
    assert page.review is None
    page.ending.open_review()
    review = page.review
    assert review.finished and review.done == len(review.indices) > 0
    assert "accuracy" in review._status.object
    worst = max(review.review.decisions, key=lambda d: d.cost_fair)
    assert review.review.decisions[review.selected] is worst  # the costliest play is shown
    assert "What you saw" in review._detail.object
    page.lang = "zh"
    assert "准确率" in review._status.object and "你当时看到的" in review._detail.object
    page.ending.open_review()  # a second click shows the same review, not a new one
    assert page.review is review
    page.next_hand()
    assert page.review is None and not page.ending.offers_review
