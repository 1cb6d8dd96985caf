"""Shared tables in the store, on both backends: seats, starting, the action log whose numbers
cannot be taken twice (however many writers race for one), notices, and who may watch."""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest

from tests.store.conftest import School
from tutor.rules import Pass
from tutor.store import AccessDenied, Conflict, InvalidInput, NotFound, Store
from tutor.store.tables import CODE_LENGTH
from tutor.tables import LiveTable, Person, TableGame, TableRefused, table_options

SEED = 987654321


def _open(store: Store, host: int, **kw):
    return store.tables.create(host, table_options("easy"), SEED, options={"hints": True},
                               **kw)


def test_a_table_seats_its_host_then_whoever_comes(store: Store, school: School) -> None:
    info = _open(store, school.amy.id)
    assert info.code.startswith("T") and len(info.code) == CODE_LENGTH == 7
    assert [s.user_id for s in info.seats] == [school.amy.id, None, None, None, None]
    assert store.tables.find(info.code.lower()).id == info.id  # typed in small letters
    assert store.tables.join(school.bob.id, info.id) == 1
    assert store.tables.join(school.bob.id, info.id) == 1  # coming back: the same seat
    with pytest.raises(Conflict, match="taken") as taken:
        store.tables.join(school.cat.id, info.id, seat=1)
    assert taken.value.text("zh") == "1号位已经有人了。"  # said in the page's language
    assert store.tables.join(school.cat.id, info.id, seat=4) == 4
    seats = store.tables.get(info.id).seats
    assert [(s.user_id, s.name) for s in seats if s.user_id] == [
        (school.amy.id, "Amy"), (school.bob.id, "Bob"), (school.cat.id, "Cat")]


def test_a_full_table_and_bad_codes_are_refused_clearly(store: Store, school: School) -> None:
    info = _open(store, school.amy.id)
    for user in (school.bob, school.cat, school.dan, school.teacher_a):
        store.tables.join(user.id, info.id)
    with pytest.raises(Conflict, match="Every seat") as full:
        store.tables.join(school.teacher_b.id, info.id)
    assert full.value.text("zh") == "这张牌桌的座位都坐满了。"
    with pytest.raises(InvalidInput, match="starts with T") as bad:
        store.tables.find("hello")
    assert bad.value.text("zh") == "牌桌码由7个字母和数字组成，以T开头，例如T4KQ9M2。"
    with pytest.raises(NotFound, match="No table"):
        store.tables.find("T2222" if info.code != "T2222" else "T3333")


def test_only_the_host_or_the_class_teacher_starts_a_table(store: Store, school: School) -> None:
    info = _open(store, school.amy.id)
    with pytest.raises(AccessDenied):
        store.tables.start(school.bob.id, info.id)
    store.tables.start(school.amy.id, info.id)
    assert store.tables.get(info.id).status == "playing"
    with pytest.raises(Conflict, match="started"):
        store.tables.start(school.amy.id, info.id)
    room = _open(store, school.teacher_a.id, class_id=school.class_a.id,
                 seats={0: school.amy.id, 2: school.bob.id}, sit=False)
    assert [s.user_id for s in room.seats] == [school.amy.id, None, school.bob.id, None, None]
    assert room.seats[0].away  # the computer plays an assigned seat until its learner comes
    store.tables.join(school.amy.id, room.id)
    assert not store.tables.get(room.id).seats[0].away
    store.tables.start(school.teacher_a.id, room.id)


def test_only_a_class_teacher_assigns_seats_to_its_own_learners(store: Store,
                                                                school: School) -> None:
    with pytest.raises(InvalidInput, match="not in this class"):
        _open(store, school.teacher_a.id, class_id=school.class_a.id,
              seats={0: school.cat.id}, sit=False)
    with pytest.raises(AccessDenied):
        _open(store, school.teacher_b.id, class_id=school.class_a.id, seats={0: school.amy.id})
    with pytest.raises(InvalidInput, match="two seats"):
        _open(store, school.teacher_a.id, class_id=school.class_a.id,
              seats={0: school.amy.id, 1: school.amy.id})
    with pytest.raises(InvalidInput, match="teacher"):
        _open(store, school.amy.id, seats={1: school.bob.id})


def test_an_action_number_is_saved_once_and_every_process_hears_of_it(store: Store,
                                                                      school: School) -> None:
    info = _open(store, school.amy.id)
    heard: list[str] = []
    stop = store.tables.notices.listen(heard.append)
    try:
        assert store.tables.append(info.id, 0, {"type": "pass", "seat": 0, "hand": 0}) == 1
        with pytest.raises(Conflict, match="first"):
            store.tables.append(info.id, 0, {"type": "pass", "seat": 0, "hand": 0})
        with pytest.raises(Conflict):  # a number ahead of the log is no action either
            store.tables.append(info.id, 5, {"type": "pass", "seat": 1, "hand": 0})
        assert store.tables.actions_since(info.id, 0) == [
            {"type": "pass", "seat": 0, "hand": 0}]
        _wait_for(lambda: f"{info.id}:1" in heard)
    finally:
        stop()


def test_writers_racing_for_one_action_number_save_exactly_one(store: Store,
                                                               school: School) -> None:
    """Eight writers (two seats' pages, a duplicated message, a stale page, the computer…)
    send an action for the same number at the same moment, ten times over: each time exactly
    one is saved and every other one is told another action was first."""
    info = _open(store, school.amy.id)
    writers = 8
    for number in range(10):
        barrier = threading.Barrier(writers)
        won: list[int] = []
        lost: list[str] = []
        errors: list[BaseException] = []

        def send(seat: int, number: int = number, barrier=barrier, won=won,
                 lost=lost, errors=errors) -> None:
            try:
                barrier.wait()
                store.tables.append(info.id, number, {"type": "pass", "seat": seat % 5,
                                                      "hand": 0, "by": seat})
                won.append(seat)
            except Conflict as exc:
                lost.append(str(exc))
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=send, args=(w,)) for w in range(writers)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert errors == []
        assert len(won) == 1 and len(lost) == writers - 1
        assert all("Another action was taken at this table first" in m for m in lost)
    saved = store.tables.actions_since(info.id, 0)
    assert len(saved) == 10


def test_a_teacher_watches_only_tables_of_their_learners(store: Store, school: School) -> None:
    info = _open(store, school.amy.id)
    store.tables.join(school.bob.id, info.id)
    assert store.tables.may_watch(school.teacher_a.id, info)
    assert not store.tables.may_watch(school.teacher_b.id, info)  # Amy is not in class B
    assert not store.tables.may_watch(school.bob.id, info)  # a learner sees no other hand
    store.tables.join(school.cat.id, info.id)  # now one player is not Ms A's either
    assert not store.tables.may_watch(school.teacher_a.id, store.tables.get(info.id))
    room = _open(store, school.teacher_a.id, class_id=school.class_a.id, sit=False)
    assert store.tables.may_watch(school.teacher_a.id, room)
    assert [t.id for t in store.tables.for_teacher(school.teacher_a.id)] == [room.id, info.id]
    assert [t.id for t in store.tables.for_teacher(school.teacher_b.id)] == [info.id]  # Cat
    assert info.id in [t.id for t in store.tables.for_user(school.cat.id)]


def test_away_is_set_only_by_the_page_the_person_sits_at(store: Store, school: School) -> None:
    info = _open(store, school.amy.id)
    store.tables.join(school.bob.id, info.id, page="old")
    store.tables.join(school.bob.id, info.id, page="new")  # a reload, before the old ends
    assert not store.tables.set_away(info.id, 1, True, page="old")
    assert store.tables.set_away(info.id, 1, True, page="new")
    assert store.tables.get(info.id).seats[1].away
    store.tables.join(school.bob.id, info.id, page="again")  # back: the seat is theirs again
    assert not store.tables.get(info.id).seats[1].away


def _wait_for(test, seconds: float = 10.0) -> None:
    import time

    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "the notice never came"
        time.sleep(0.02)


def test_a_person_and_the_computer_racing_for_one_turn_save_one_play(store: Store,
                                                                     school: School) -> None:
    """Two app processes' copies of a table at the same action: the person whose turn it is
    plays through one, while the other, believing them away, plays the computer's choice for
    them (at a computer's seat, both processes' computers race). Exactly one play is saved;
    the other side is told clearly; both copies agree with a replay of what was saved."""
    info = _open(store, school.amy.id)
    store.tables.join(school.amy.id, info.id, page="amy's page")  # both are here
    store.tables.join(school.bob.id, info.id, page="bob's page")
    store.tables.start(school.amy.id, info.id)
    people = {0: Person(school.amy.id, store), 1: Person(school.bob.id, store)}
    for _ in range(5):
        here, there = LiveTable(store, info.id), LiveTable(store, info.id)
        number = here.game.count
        person_won, computer_won = _race(here, there, people)
        assert person_won != computer_won  # exactly one
        log = store.tables.actions_since(info.id, 0)
        assert len(log) == number + 1
        replay = TableGame.from_log(*store.tables.game_setup(info.id), log)
        for copy in (here, there):
            copy.catch_up()
            assert copy.game.count == replay.count
            assert copy.game.hand.actions == replay.hand.actions


def _race(here: LiveTable, there: LiveTable, people: dict[int, Person]
          ) -> tuple[bool, bool]:
    """One turn raced for through two copies at once: (first saved, second saved)."""
    seat = here.game.hand.turn
    number = here.game.count
    person = people.get(seat)
    # `there` has not heard the person is back: it believes the seat is away
    there.info = replace(there.info, seats=tuple(
        replace(s, away=True) if s.seat == seat else s for s in there.info.seats))
    barrier = threading.Barrier(2)
    outcome: dict[str, bool] = {}

    def first() -> None:
        barrier.wait()
        if person is None:
            outcome["first"] = here.computer_acts(seat, number, Pass(seat))
            return
        try:
            here.act(person, Pass(seat), seen=number)
            outcome["first"] = True
        except TableRefused as refused:
            assert refused.key == "table_someone_first"
            outcome["first"] = False

    def second() -> None:
        barrier.wait()
        outcome["second"] = there.computer_acts(seat, number, Pass(seat))

    racers = [threading.Thread(target=first), threading.Thread(target=second)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    return outcome["first"], outcome["second"]


def test_a_table_game_is_each_seated_persons_seen_from_their_seat(store: Store,
                                                                  school: School) -> None:
    """Listed among each player's games (their Progress), read back with their own seat as
    the game's `human` (their review); not the game of a host who did not sit, nor of
    anyone else."""
    room = _open(store, school.teacher_a.id, class_id=school.class_a.id,
                 seats={1: school.amy.id, 3: school.bob.id}, sit=False)
    for user, seat in ((school.amy, 1), (school.bob, 3)):
        games = store.games.for_user(user.id, user.id)
        assert [(g.id, g.rules["human"]) for g in games] == [(room.game_id, seat)]
        assert store.games.get(user.id, room.game_id).rules["human"] == seat
    assert store.games.for_user(school.teacher_a.id, school.teacher_a.id) == []
    with pytest.raises(AccessDenied):
        store.games.get(school.cat.id, room.game_id)
