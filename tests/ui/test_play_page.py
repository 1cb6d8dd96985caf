"""The Play page without a browser: its match is a parameter, and a match set there is the one
drawn and played."""

from __future__ import annotations

from tutor.review import Budget
from tutor.rules import Pass, Phase
from tutor.ui.play.ai_runner import HandlesAI
from tutor.ui.play.page import PlayPage
from tutor.ui.play.persist import with_saver
from tutor.ui.play.session import PlaySession

from .test_play_session import person_action


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
    """Play the page's hand to its end through the page (the person plays the heuristic)."""
    session = page.session
    while not session.hand_over:
        if session.human_to_act:
            page.act(person_action(session))
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


def _click(button) -> None:
    button.clicks += 1  # as Bokeh does when a browser's click arrives


def test_hidden_buttons_and_unoffered_values_change_nothing():
    """Issue 34: a click on a hidden button, a bid the select never offered, or a click while
    the AI is to act, takes no action."""
    page = PlayPage(session=PlaySession(seed=1, strength="easy"))
    session = page.session
    while not session.human_to_act:
        page.ai_move()
    assert session.hand.phase == Phase.BIDDING
    buttons = page.controls.buttons
    before = len(session.hand.actions)
    for key in ("bury", "call", "play", "next_hand"):  # hidden while bidding
        assert not buttons[key].visible
        _click(buttons[key])
    assert len(session.hand.actions) == before
    choice = page.controls.bid_choice
    choice.param.update(value="BJ BJ BJ")  # a script's value, never an option
    _click(buttons["bid"])
    assert len(session.hand.actions) == before
    _click(buttons["pass"])
    assert len(session.hand.actions) == before + 1
    if session.ai_to_act:  # the AI's turn: the person's clicks and hints do nothing
        assert not buttons["pass"].visible and not buttons["hint"].visible
        _click(buttons["pass"])
        page.hint()
        page.act(Pass(session.human))
        assert len(session.hand.actions) == before + 1 and not page.controls.hint_shown


def test_a_hint_is_shown_in_the_controls_on_the_persons_turn():
    page = PlayPage(session=PlaySession(seed=1, strength="easy"))
    while not page.session.human_to_act:
        page.ai_move()
    _click(page.controls.buttons["hint"])
    assert page.controls.hint_shown
    page.lang = "zh"  # a new language hides the last hint and error
    assert not page.controls.hint_shown


def test_a_signed_in_persons_game_is_saved_and_resumed(store):
    user = store.users.create("lea", "Lea", "learner", "secret-2")
    page = PlayPage(session=PlaySession(seed=7, strength="easy"))
    page.attach_user(store, user)
    _play_the_hand(page)
    played = page.session.hand.actions
    again = PlayPage()
    again.attach_user(store, user)
    assert again.session.hand.actions == played and again.session.hand_over
    assert again.games.games == []  # the match is not over: nothing listed yet


def test_a_match_of_another_strength_is_built_with_it():
    page = PlayPage(session=PlaySession(seed=2, strength="hard"))
    assert page.strength == "hard"


class _Asked(HandlesAI):
    """An AI way that only notes what the page asks of it (as the pool would be asked)."""

    def __init__(self) -> None:
        self.hints: list[PlaySession] = []
        self.reviews: list = []

    def hint(self, session, show) -> None:
        self.hints.append(session)

    def review(self, panel) -> None:
        self.reviews.append(panel)


def test_hints_and_reviews_go_where_the_pages_ai_object_says():
    asked = _Asked()
    page = PlayPage(session=PlaySession(seed=5, strength="easy", max_hands=2), ai=asked)
    assert page.ai is asked
    while not page.session.human_to_act:
        page.ai_move()
    page.hint()
    page.hint()  # one at a time: the first is still being worked out
    assert asked.hints == [page.session] and not page.controls.hint_shown
    _play_the_hand(page)
    page.ending.open_review()
    assert asked.reviews == [page.review] and not page.review.finished


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
            page.act(session.hint().action)
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


def test_a_notebooks_hint_is_worked_out_off_its_loop(monkeypatch):
    """The hint weighs the review's deals: in a notebook it runs in a thread, so the kernel's
    loop keeps answering, and the hint still reaches the page."""
    import asyncio
    import threading

    import tutor.ui.play.ai_runner as ai_runner

    session = PlaySession(seed=1, strength="easy")
    while not (session.human_to_act and session.hand.phase == Phase.PLAYING):
        if session.human_to_act:
            session.act(session.hint().action)
        else:
            session.ai_step()
    worked_in, shown, real = set(), [], ai_runner.hint

    def hint(obs):
        worked_in.add(threading.get_ident())
        return real(obs)

    monkeypatch.setattr(ai_runner, "hint", hint)
    loop_thread = {}

    async def ask() -> None:
        loop_thread["id"] = threading.get_ident()
        monkeypatch.setattr(ai_runner.pn.state, "execute", lambda f: asyncio.ensure_future(f()))
        ai_runner.InThread().hint(session, shown.append)
        while not shown:
            await asyncio.sleep(0.01)

    runner = threading.Thread(target=lambda: asyncio.run(ask()))
    runner.start()
    runner.join(60)
    assert shown and shown[0].action == session.hint().action
    assert worked_in and loop_thread["id"] not in worked_in


def test_a_hint_still_on_its_way_for_an_earlier_decision_does_not_hold_up_the_next():
    """A hint takes tenths of a second: one asked for, then overtaken by the person's own
    play, must not stop the next decision's hint from being asked for and shown."""
    asked = []

    class Later(HandlesAI):
        def hint(self, session, show):
            asked.append((session.hint(), show))  # answered when the test says

    page = PlayPage(session=PlaySession(seed=1, strength="easy"))
    page.ai = Later()
    session = page.session
    while not (session.human_to_act and session.hand.phase == Phase.PLAYING):
        if session.ai_to_act:
            page.ai_move()
        else:
            page.act(session.hint().action)
    page.hint()
    page.hint()  # a second tap on the same decision asks nothing more
    assert len(asked) == 1
    page.act(asked[0][0].action)  # the person plays before the hint arrives
    while not session.human_to_act and not session.hand_over:
        page.ai_move()
    page.hint()
    assert len(asked) == 2  # asked again for the new decision
    asked[0][1](asked[0][0])  # the old hint arrives late: not shown
    assert not page.controls.hint_shown
    asked[1][1](asked[1][0])
    assert page.controls.hint_shown


def test_new_game_in_the_middle_of_a_match_asks_first():
    """"New game" ends a match the person has played in only once they confirm; before they
    have acted, it starts at once; a script's click on the hidden confirm ends nothing."""
    page = PlayPage(session=PlaySession(seed=7, strength="easy"))
    while not page.session.human_to_act:
        page.ai_move()
    untouched = page.session
    page._new.clicks += 1  # nothing played yet: a new match at once
    assert page.session is not untouched and not page._confirm.visible
    while not page.session.human_to_act:
        page.ai_move()
    page.act(person_action(page.session))
    playing = page.session
    page._confirm_yes.clicks += 1  # hidden: a script's click
    assert page.session is playing
    page._new.clicks += 1
    assert page._confirm.visible and page.session is playing
    assert "cannot be" in page._confirm_text.object
    page._confirm_no.clicks += 1  # keep playing
    assert not page._confirm.visible and page.session is playing
    page._new.clicks += 1
    page._confirm_yes.clicks += 1
    assert page.session is not playing and not page._confirm.visible
