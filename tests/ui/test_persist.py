"""Play sessions saved in a real DuckDB file after every action, and resumed from it."""

import pytest

from tutor.games import record_from_game
from tutor.store import Store, StoreError
from tutor.ui.play.persist import GameSaver
from tutor.ui.play.session import PlaySession

from .test_play_session import _run_until, person_action


def test_every_action_is_saved_and_the_game_resumes(store):
    user, _token = store.users.create_guest()
    saver = GameSaver(store, user.id)
    session = PlaySession(seed=11, max_hands=2)
    steps = 0
    while steps < 60:
        if session.human_to_act:
            session.act(person_action(session))
        else:
            session.ai_step()
        saver.save(session)
        steps += 1
    again = GameSaver(store, user.id).resume()
    assert again is not None
    assert again.hand.actions == session.hand.actions
    assert again.observation.hand == session.observation.hand


def test_a_resumed_game_keeps_saving_into_the_same_record(store):
    user, _ = store.users.create_guest()
    session = PlaySession(seed=12, max_hands=2)
    saver = GameSaver(store, user.id)
    _run_until(session, lambda s: s.hand_over)
    saver.save(session)
    session.next_hand()
    saver.save(session)
    later = GameSaver(store, user.id)
    resumed = later.resume()
    assert resumed.hand_number == 2
    _run_until(resumed, lambda s: s.hand_over)
    later.save(resumed)
    resumed.next_hand() if not resumed.match_over else None
    assert resumed.match_over
    assert [gid for gid, _ in later.finished()] == [later.game_id]
    assert len(store.games.for_user(user.id, user.id)) == 1


def test_another_users_game_is_not_resumed(store):
    a, _ = store.users.create_guest()
    b, _ = store.users.create_guest()
    session = PlaySession(seed=13)
    session.ai_step() if session.ai_to_act else session.act(person_action(session))
    GameSaver(store, a.id).save(session)
    assert GameSaver(store, b.id).resume() is None


def test_actions_saved_a_few_at_a_time_are_the_whole_record(store):
    """`collect` takes only what is new; across hands the store ends with every action."""
    user, _ = store.users.create_guest()
    session = PlaySession(seed=14, max_hands=2)
    saver = GameSaver(store, user.id)
    steps = 0
    while not session.match_over:
        if session.hand_over:
            session.next_hand()
        elif session.human_to_act:
            session.act(person_action(session))
        else:
            session.ai_step()
        steps += 1
        if steps % 7 == 0:  # several actions, and sometimes a new hand, between saves
            saver.save(session)
    saver.save(session)
    saver.save(session)  # nothing new: nothing written, no second game
    [game] = store.games.for_user(user.id, user.id)
    assert game.status == "finished"
    rebuilt = PlaySession.from_record(record_from_game(game.rules, game.seed, list(game.actions)))
    assert rebuilt.to_record() == session.to_record()


def test_nothing_is_lost_while_the_store_is_down(tmp_path):
    path = tmp_path / "tutor.duckdb"
    first = Store(path)
    user, _ = first.users.create_guest()
    session = PlaySession(seed=15, max_hands=1)
    saver = GameSaver(first, user.id)
    saver.save(session)
    first.close()  # the database goes away mid-game
    for _ in range(40):
        session.act(person_action(session)) if session.human_to_act else session.ai_step()
        saver.collect(session)
        with pytest.raises(StoreError):
            saver.flush()
    assert saver.pending > 0
    with Store(path) as again:  # it comes back: the queued writes go in, in order
        saver.store = again
        saver.flush()
        assert saver.pending == 0
        [game] = again.games.for_user(user.id, user.id)
        record = record_from_game(game.rules, game.seed, list(game.actions))
        assert PlaySession.from_record(record).to_record() == session.to_record()
