"""What one visitor may do to shared tables, on both backends: table codes throttled like
class join codes, a cap on the tables one account, class or address opens, tables nobody
started or plays closing by themselves, and a duplicate action number refused as a
`Conflict` however it is caught."""

from __future__ import annotations

from datetime import timedelta

import pytest

import tutor.store.tables as tables_module
from tests.store.conftest import School
from tutor.store import AccessDenied, Conflict, NotFound, Store, Throttled, throttle
from tutor.store.access import now
from tutor.store.tables import OWN_TABLES, WAITING_LIFE
from tutor.store.throttle import MAX_TRIES
from tutor.tables import table_options

SEED = 24680


def _open(store: Store, host: int, **kw):
    return store.tables.create(host, table_options("easy"), SEED, **kw)


def _wrong(code: str) -> str:
    return code[:-1] + ("A" if code[-1] != "A" else "B")


def test_wrong_table_codes_are_slowed_per_account(store: Store, school: School) -> None:
    info = _open(store, school.amy.id)
    for _ in range(MAX_TRIES):
        with pytest.raises(NotFound):
            store.tables.find(_wrong(info.code), actor_id=school.bob.id, address="10.0.0.1")
    with pytest.raises(Throttled, match="wrong table codes"):  # even the right code waits
        store.tables.find(info.code, actor_id=school.bob.id, address="10.0.0.1")
    # another learner is not slowed by Bob's guesses, and finds it
    assert store.tables.find(info.code, actor_id=school.cat.id, address="10.0.0.2").id == info.id
    later = now() + timedelta(minutes=20)
    assert store.tables.find(info.code, actor_id=school.bob.id, at=later).id == info.id


def test_wrong_table_codes_are_slowed_per_address(store: Store, school: School,
                                                   monkeypatch) -> None:
    monkeypatch.setattr(throttle, "ADDRESS_JOINS", 6)  # as many as three accounts try unslowed
    info = _open(store, school.amy.id)
    people = [school.bob, school.cat, school.dan]
    for k in range(throttle.ADDRESS_JOINS):  # spread over accounts: each under its limit
        with pytest.raises(NotFound):
            store.tables.find(_wrong(info.code), actor_id=people[k % 3].id, address="10.9.9.9")
    with pytest.raises(Throttled):
        store.tables.find(info.code, actor_id=school.teacher_b.id, address="10.9.9.9")
    assert store.tables.find(info.code, actor_id=school.teacher_b.id,
                             address="10.1.1.1").id == info.id


def test_one_account_opens_only_a_few_tables_of_its_own(store: Store, school: School) -> None:
    opened = [_open(store, school.amy.id) for _ in range(OWN_TABLES)]
    with pytest.raises(Conflict, match="open tables already"):
        _open(store, school.amy.id)
    assert len(store.tables.for_user(school.amy.id)) == OWN_TABLES  # nothing more was made
    store.tables.close(school.amy.id, opened[0].id)  # closing one makes room
    assert store.tables.get(opened[0].id).status == "finished"
    _open(store, school.amy.id)
    with pytest.raises(AccessDenied):  # only its host closes a table
        store.tables.close(school.bob.id, opened[1].id)


def test_one_address_opens_only_so_many_tables_an_hour(store: Store, school: School,
                                                        monkeypatch) -> None:
    monkeypatch.setattr(tables_module, "ADDRESS_TABLES", 3)
    for person in (school.amy, school.bob, school.cat):
        _open(store, person.id, address="10.7.7.7")
    with pytest.raises(Throttled, match="tables opened from here"):
        _open(store, school.dan.id, address="10.7.7.7")
    assert store.tables.for_user(school.dan.id) == []
    _open(store, school.dan.id, address="10.7.7.8")


def test_a_table_nobody_starts_closes_by_itself(store: Store, school: School,
                                                monkeypatch) -> None:
    waiting = _open(store, school.amy.id)
    _open(store, school.amy.id)
    later = now() + WAITING_LIFE + timedelta(minutes=1)
    monkeypatch.setattr(tables_module, "now", lambda: later)
    with pytest.raises(Conflict, match="waited too long"):
        store.tables.join(school.bob.id, waiting.id)
    assert store.tables.for_user(school.amy.id) == []  # gone from the lobby, and the cap
    _open(store, school.amy.id)


def test_an_outsider_is_refused_a_class_table_with_the_reason(store: Store,
                                                              school: School) -> None:
    room = _open(store, school.teacher_a.id, class_id=school.class_a.id, sit=False)
    with pytest.raises(AccessDenied, match="class you are not in"):  # Cat is in class B
        store.tables.join(school.cat.id, room.id)
    assert store.tables.get(room.id).seat_of(school.cat.id) is None


def test_an_action_number_taken_in_the_log_is_a_conflict_through_the_primary_key(
        store: Store, school: School) -> None:
    info = _open(store, school.amy.id)
    store.tables.append(info.id, 0, {"deal": 0})
    # the log holds number 1 already though the game's count says 1 is next (a writer that
    # died between its two statements): only the primary key stands in the way
    store._db.fetch("INSERT INTO game_actions VALUES ($1, 1, '{}')", [info.game_id])
    with pytest.raises(Conflict, match="first"):
        store.tables.append(info.id, 1, {"deal": 1})
    assert store.tables.actions_since(info.id, 0) == [{"deal": 0}, {}]
