"""The play session: AI pacing, the person's actions, hints, and exact resume from a record."""

import json

import pytest

from tutor.ai import PlayerSpec
from tutor.rules import IllegalAction, Pass, Phase, Play
from tutor.ui.play.session import PlaySession


def person_action(session: PlaySession):
    """The person's action as the easy AI would choose it (the heuristic: always legal). Not
    the hint: it searches deals at each action, 5 s a hand, and whole hands of hints are
    tests/review's (test_hint); where a test only needs a game's course, this is enough."""
    return PlayerSpec("heuristic", session.seed * 7 + session.human).build().act(
        session.observation)


def _play_person(session: PlaySession) -> None:
    session.act(person_action(session))


def _run_until(session: PlaySession, stop) -> None:
    for _ in range(5000):
        if stop(session):
            return
        if session.human_to_act:
            _play_person(session)
        else:
            session.ai_step()
    raise AssertionError("the game did not reach the expected point")


def test_a_whole_hand_against_the_heuristic_ends_with_a_result():
    s = PlaySession(seed=3, human=0, strength="easy", max_hands=2)
    _run_until(s, lambda s: s.hand_over)
    r = s.results[0]
    assert len(s.results) == 1 and r.levels_before == (2, 2, 2, 2, 2)
    s.next_hand()
    assert s.hand_number == 2 and s.hand.declarer == r.next_declarer
    assert s.hand.levels == r.levels_after


def test_person_actions_are_validated_and_only_for_their_seat():
    s = PlaySession(seed=1, human=2)
    _run_until(s, lambda s: s.human_to_act)
    with pytest.raises(ValueError, match="own seat"):
        s.act(Pass(1))
    if s.hand.phase == Phase.PLAYING:
        with pytest.raises(IllegalAction):
            s.act(Play(2, ()))


def test_resume_from_a_json_record_reproduces_the_position():
    s = PlaySession(seed=5, human=1, max_hands=3)
    _run_until(s, lambda s: s.hand_over)
    s.next_hand()
    _run_until(s, lambda s: s.hand.phase == Phase.PLAYING and len(s.hand.tricks) >= 3)
    record = json.loads(json.dumps(s.to_record()))
    again = PlaySession.from_record(record)
    assert again.hand_number == 2
    assert again.observation.hand == s.observation.hand
    assert again.observation.tricks == s.observation.tricks
    assert again.match.levels == s.match.levels
    # the AI keeps playing the same way after a resume
    for _ in range(10):
        if s.human_to_act:
            action = s.hint().action
            s.act(action)
            again.act(action)
        else:
            s.ai_step()
            again.ai_step()
    assert again.hand.actions == s.hand.actions


def test_broken_records_are_refused_clearly():
    with pytest.raises(ValueError, match="version"):
        PlaySession.from_record({"version": 99})
    with pytest.raises(ValueError, match="broken game record"):
        PlaySession.from_record({"version": 1, "seed": 1})
    with pytest.raises(ValueError, match="strength"):
        PlaySession(seed=1, strength="godlike")


def test_replay_viewer_steps_through_tricks_to_the_summary():
    from tutor.ui.play.replay import ReplayViewer

    s = PlaySession(seed=9, human=0, max_hands=2)
    _run_until(s, lambda s: s.hand_over)
    viewer = ReplayViewer(s.to_record())
    assert len(viewer.hands) == 1
    tricks = viewer.hands[0].tricks
    assert "Trick 1 of" in viewer._view.object
    viewer._step(+1)
    assert viewer.trick_index == 1 and "Trick 2 of" in viewer._view.object
    for _ in range(len(tricks) + 3):
        viewer._step(+1)
    assert viewer.trick_index == len(tricks)
    assert "Hand 1 is over" in viewer._view.object
    viewer.lang = "zh"
    assert "第1局结束" in viewer._view.object


def test_a_replayed_hand_can_be_reviewed_and_each_review_is_made_once():
    from tutor.review import Budget
    from tutor.ui.play.replay import ReplayViewer

    s = PlaySession(seed=9, human=0, max_hands=2)
    _run_until(s, lambda s: s.hand_over)
    s.next_hand()
    _run_until(s, lambda s: s.hand_over)
    viewer = ReplayViewer(s.to_record(), review_budget=Budget(fair_deals=3, hindsight_repeats=1))
    assert len(viewer.hands) == 2 and viewer.review is None
    viewer._on_review()
    first = viewer.review
    assert first is not None and first.finished and first.hand_no == 1
    viewer._pick_hand(1)
    assert viewer.review is None  # another hand: its review only when asked for
    viewer._on_review()
    assert viewer.review is not first and viewer.review.hand_no == 2
    viewer._pick_hand(0)
    viewer._on_review()
    assert viewer.review is first  # computed once
    viewer.lang = "zh"
    assert first.lang == "zh"


def test_the_finished_games_list_picks_the_newest_so_it_never_shows_blank():
    """Options set without a value left the list blank, as if there were no game."""
    from tutor.ui.play.saved_games import SavedGames

    s = PlaySession(seed=9, human=0, max_hands=2)
    _run_until(s, lambda s: s.hand_over)
    saved = SavedGames()
    assert saved._pick.value is None
    saved.games = [(7, s.to_record()), (3, s.to_record())]
    assert saved._pick.value == 7
    saved._replay.clicks += 1
    assert len(saved._area.objects) == 1  # the picked game is replayed
    saved._pick.value = 3
    saved.lang = "zh"  # the list drawn again keeps the learner's pick
    assert saved._pick.value == 3
