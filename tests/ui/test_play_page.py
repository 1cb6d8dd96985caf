"""The Play page without a browser: its match is a parameter, and a match set there is the one
drawn and played."""

from __future__ import annotations

from tutor.review import Budget
from tutor.ui.play.page import PlayPage
from tutor.ui.play.persist import with_saver
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
            page._act(session.hint().action)
        else:
            page.ai_move()
    return session


def test_a_second_click_on_next_hand_is_ignored():
    """Two clicks on "Next hand" before the page redraws start one hand, and raise nothing."""
    page = PlayPage(session=PlaySession(seed=3, strength="easy", max_hands=3))
    session = _play_the_hand(page)
    page._on_next_hand()
    page._on_next_hand()
    assert session.hand_number == 2 and not session.hand_over


def test_a_finished_hand_can_be_reviewed_on_the_page():
    page = PlayPage(session=PlaySession(seed=5, strength="easy", max_hands=2),
                    review_budget=Budget(fair_deals=4, hindsight_repeats=2))
    _play_the_hand(page)
    assert page._review_button.visible
    assert page.review is None
    page._on_review()
    review = page.review
    assert review.finished and review.done == len(review.indices) > 0
    assert "accuracy" in review._status.object
    worst = max(review.review.decisions, key=lambda d: d.cost_fair)
    assert review.review.decisions[review.selected] is worst  # the costliest play is shown
    assert "What you saw" in review._detail.object
    page.lang = "zh"
    assert "准确率" in review._status.object and "你当时看到的" in review._detail.object
    page._on_review()  # a second click shows the same review, not a new one
    assert page.review is review
    page._on_next_hand()
    assert page.review is None and not page._review_button.visible


def test_attaching_a_user_keeps_the_callback_given_to_the_constructor(store):
    """The page saves the game once a user is attached, and still calls the `on_save` it was
    built with (before, `attach_user` silently replaced it), however often it is attached."""
    user, _token = store.users.create_guest()
    seen = []
    page = PlayPage(session=PlaySession(seed=7, strength="easy"), on_save=seen.append)
    page.attach_user(store, user)
    page.attach_user(store, user)  # again (the shell does whenever the user changes)
    session = page.session
    for _ in range(4):
        if session.human_to_act:
            page._act(session.hint().action)
        else:
            page.ai_move()
    assert seen and all(s is session for s in seen)
    [game] = store.games.for_user(user.id, user.id)
    assert len(game.actions) == len(session.hand.actions)


def test_saving_again_replaces_the_saver_and_keeps_the_given_callback():
    calls = []

    def given(session):
        calls.append("given")

    def first(session):
        calls.append("first")

    def second(session):
        calls.append("second")

    hooks = with_saver(with_saver(given, first), second)
    hooks(None)
    assert calls == ["second", "given"]
    calls.clear()
    with_saver(None, first)(None)
    assert calls == ["first"]
