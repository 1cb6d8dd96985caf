"""The table's rules as an attacker tries them (`tutor.tables`, the one place they are
decided): a page whose sign-in has ended acts for nobody, a table nobody is at does not
play itself, taking a seat back does not restart a turn whose time ran out, and hints are
refused where the host turned them off."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.loops import run_alone
from tutor.ai import strength_spec
from tutor.store import SignInEnded, Store
from tutor.store.passwords import token_hash
from tutor.store.signed_in import SignedInStore, SignIn
from tutor.tables import LiveTable, Person, TableHub, TableRefused, table_options


@pytest.fixture
def store(tmp_path: Path):
    with Store(tmp_path / "tables.duckdb") as opened:
        yield opened


def _signed_in(store: Store, name: str) -> tuple[Person, str]:
    """A person acting from a page of theirs (its own sign-in), and that sign-in's token."""
    user = store.users.create(name, name.title(), "learner", f"{name}-secret-pw")
    token = store.users.open_session(user)
    page = SignedInStore(store, SignIn(user.id, session_hash=token_hash(token)))
    return Person(user.id, page, page=f"{name}'s page"), token


def _seated(store: Store, host: Person, *others: Person, **options) -> int:
    info = host.store.tables.create(host.user_id, table_options("easy", max_hands=2), 99,
                                    options=options)
    for person in (host, *others):
        person.store.tables.join(person.user_id, info.id, page=person.page)
    return info.id


def _to_turn(live: LiveTable, seat: int) -> None:
    """Let the computer play every other seat until `seat` is to act."""
    while live.game.hand.turn != seat:
        turn = live.game.hand.turn
        spec = strength_spec("easy", turn)
        assert live.computer_acts(turn, live.game.count,
                                  spec.build().act(live.game.hand.observation(turn)))


def test_a_page_whose_sign_in_ended_acts_for_nobody(store: Store) -> None:
    amy, token = _signed_in(store, "amy")
    table_id = _seated(store, amy)
    live = LiveTable(store, table_id)
    live.start(amy)
    _to_turn(live, 0)
    store.tables.set_away(table_id, 0, True)  # as if the computer had her seat meanwhile
    live.reload()
    obs = live.game.hand.observation(0)
    store.users.close_session(token)  # she signed out in another tab
    count = live.game.count
    action = strength_spec("easy", 0).build().act(obs)
    for attempt in (lambda: live.act(amy, action, seen=count), lambda: live.hint_for(amy),
                    lambda: live.take_back(amy), lambda: live.close(amy)):
        with pytest.raises(SignInEnded):
            attempt()
    assert len(store.tables.actions_since(table_id, 0)) == count  # nothing saved
    assert store.tables.get(table_id).seats[0].away  # nor her seat taken back
    assert store.tables.get(table_id).status == "playing"


def test_a_page_whose_sign_in_ended_deals_no_hand(store: Store) -> None:
    amy, token = _signed_in(store, "amy")
    table_id = _seated(store, amy)
    live = LiveTable(store, table_id)
    live.start(amy)
    store.tables.set_away(table_id, 0, True)  # the computer plays her seat too
    live.reload()
    while not live.game.hand_over:
        turn = live.game.hand.turn
        live.computer_acts(turn, live.game.count, strength_spec("easy", turn).build().act(
            live.game.hand.observation(turn)))
    store.users.close_session(token)
    count = live.game.count
    with pytest.raises(SignInEnded):
        live.next_hand(amy)
    assert len(store.tables.actions_since(table_id, 0)) == count


def test_a_table_nobody_is_at_waits_for_them(store: Store) -> None:
    amy, _token = _signed_in(store, "amy")
    table_id = _seated(store, amy)

    async def run() -> tuple[int, int, int]:
        hub = TableHub(store, delay=0.0, grace=0.05)
        live = hub.open(table_id, lambda: None)  # a watcher's page: nobody
        live.start(amy)
        store.tables.set_away(table_id, 0, True)  # here, the computer playing for her
        live.reload()
        hub.changed(live)
        while live.game.count < 3:  # she is here: the computers play
            await asyncio.sleep(0.01)
        live.left(amy)  # her tab closed
        live.reload()
        hub.changed(live)
        await asyncio.sleep(0.3)
        paused = live.game.count
        await asyncio.sleep(0.5)
        still = live.game.count
        live.take_back(amy)  # she is back (and lets the computer play for her): it goes on
        store.tables.set_away(table_id, 0, True)
        live.reload()
        hub.changed(live)
        while live.game.count <= still + 2 and not live.game.hand_over:
            await asyncio.sleep(0.01)
        return paused, still, live.game.count

    paused, still, later = run_alone(asyncio.wait_for(run(), 60))
    assert still == paused and later > still


def test_taking_the_seat_back_does_not_give_a_turn_its_time_again(store: Store) -> None:
    amy, _token = _signed_in(store, "amy")
    table_id = _seated(store, amy, turn_seconds=0.4)

    async def run() -> tuple[int, int]:
        hub = TableHub(store, delay=0.3, grace=0.05)
        live = hub.open(table_id, lambda: None)
        live.start(amy)
        hub.changed(live)
        while live.person_to_act() != 0:  # the computers play up to her
            await asyncio.sleep(0.01)
        number = live.game.count
        while not live.info.seats[0].away:  # her time runs out
            await asyncio.sleep(0.01)
        live.take_back(amy)  # at once, before the computer's move
        hub.changed(live)
        while live.game.count == number:
            await asyncio.sleep(0.01)
        return number, live.game.count

    number, _after = run_alone(asyncio.wait_for(run(), 60))
    played = store.tables.actions_since(table_id, number)[0]
    assert played["seat"] == 0  # the computer played her turn: no second 0.4 s for her


def test_a_hint_is_refused_where_the_host_turned_hints_off(store: Store) -> None:
    amy, _token = _signed_in(store, "amy")
    table_id = _seated(store, amy, hints=False)
    live = LiveTable(store, table_id)
    live.start(amy)
    _to_turn(live, 0)
    with pytest.raises(TableRefused) as refused:
        live.hint_for(amy)
    assert refused.value.key == "hint_off"


def test_a_spectator_cannot_take_a_free_seat_by_taking_a_seat_back(store: Store) -> None:
    amy, _token = _signed_in(store, "amy")
    bob, _token = _signed_in(store, "bob")
    table_id = _seated(store, amy)
    live = LiveTable(store, table_id)
    with pytest.raises(TableRefused) as refused:
        live.take_back(bob)  # the forged click of a button a watcher's page hides
    assert refused.value.key == "table_not_seated"
    assert store.tables.get(table_id).seat_of(bob.user_id) is None


def _hand_played_out(store: Store, live: LiveTable, people: list[Person]) -> None:
    """Play the hand to its end with the computer for everyone (away, yet here), then
    everyone back in their seat."""
    for seat, _person in enumerate(people):
        store.tables.set_away(live.id, seat, True)
    live.reload()
    while not live.game.hand_over:
        turn = live.game.hand.turn
        assert live.computer_acts(turn, live.game.count, strength_spec("easy", turn).build()
                                  .act(live.game.hand.observation(turn)))
    for person in people:
        live.take_back(person)


def test_a_hands_end_waits_for_everyone_here_or_the_host(store: Store) -> None:
    host, _ = _signed_in(store, "amy")
    bob, _ = _signed_in(store, "bob")
    cat, _ = _signed_in(store, "cat")
    live = LiveTable(store, _seated(store, host, bob, cat))
    live.start(host)
    _hand_played_out(store, live, [host, bob, cat])
    assert live.waiting_for() == [0, 1, 2]
    assert not live.next_hand(bob)  # Bob is ready; Amy and Cat may still be reviewing
    assert live.waiting_for() == [0, 2] and live.game.hand_over
    assert not live.next_hand(bob)  # twice is once
    store.tables.left(live.id, 2, cat.page)  # Cat's tab closed: the hand waits for nobody
    live.reload()                            # who is not here
    assert live.waiting_for() == [0]
    assert live.next_hand(host)  # the host deals it
    assert not live.game.hand_over and live.game.hand_index == 1


def test_everyone_ready_deals_the_next_hand_without_the_host(store: Store) -> None:
    host, _ = _signed_in(store, "amy")
    bob, _ = _signed_in(store, "bob")
    live = LiveTable(store, _seated(store, host, bob))
    live.start(host)
    _hand_played_out(store, live, [host, bob])
    live.left(host)  # the host went away: Bob alone is here
    live.reload()
    assert live.next_hand(bob)
    assert live.game.hand_index == 1


def test_the_hosts_time_for_a_hands_end_deals_on(store: Store) -> None:
    host, _ = _signed_in(store, "amy")
    bob, _ = _signed_in(store, "bob")
    table_id = _seated(store, host, bob, hand_end_seconds=0.5)

    async def run() -> float:
        hub = TableHub(store, delay=0.0, grace=0.05)
        live = hub.open(table_id, lambda: None)
        live.start(host)
        _hand_played_out(store, live, [host, bob])
        live.next_hand(bob)
        hub.changed(live)
        start = asyncio.get_running_loop().time()
        while live.game.hand_over:  # Amy reviews on: the time runs out
            await asyncio.sleep(0.02)
            live.catch_up()
        return asyncio.get_running_loop().time() - start

    took = run_alone(asyncio.wait_for(run(), 60))
    assert 0.4 < took < 5
