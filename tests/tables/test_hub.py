"""A table served by this process's `TableHub` (one process: DuckDB, notices in-process): the
computer plays every seat no person holds, a person's turn that runs out of time goes to the
computer until they act again, and each action reaches every page watching the table."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

import pytest

from tests.loops import run_alone
from tutor.ai import strength_spec
from tutor.rules import Card, IllegalAction, Pass, Play
from tutor.store import Store
from tutor.tables import Person, TableGame, TableHub, TableRefused, table_options


@pytest.fixture
def store(tmp_path: Path):
    with Store(tmp_path / "tables.duckdb") as opened:
        yield opened


def _people(store: Store, n: int) -> list[int]:
    return [store.users.create(f"p{i}", f"Person {i}", "learner", f"secret-{i}-pw").id
            for i in range(n)]


def _table(store: Store, people: list[int], **options) -> int:
    info = store.tables.create(people[0], table_options("easy", max_hands=1), 4242,
                               options=options)
    for user in people:  # each at a page of theirs: present
        store.tables.join(user, info.id, page=f"page of {user}")
    store.tables.start(people[0], info.id)
    return info.id


def test_a_whole_hand_with_two_people_and_three_computers(store: Store) -> None:
    people = _people(store, 2)
    table_id = _table(store, people, turn_seconds=0)
    news: list[int] = []

    async def play() -> TableHub:
        hub = TableHub(store, delay=0.0, grace=0.05)
        live = hub.open(table_id, lambda: news.append(live.game.count))
        other = []
        hub.open(table_id, lambda: other.append(live.game.count))  # a second page
        while not live.game.hand_over:
            seat = live.person_to_act()
            if seat is not None:
                obs = live.game.hand.observation(seat)
                with pytest.raises(TableRefused) as refused:  # nobody acts for another seat
                    live.act(Person(people[1 - seat], store), Pass(seat))
                assert refused.value.key in ("table_not_your_seat", "table_not_your_turn")
                live.act(Person(people[seat], store),
                         strength_spec("easy", seat).build().act(obs))
                hub.changed(live)
            await asyncio.sleep(0.005)
        assert other and other[-1] == live.game.count  # every page heard the last action
        return hub

    run_alone(asyncio.wait_for(play(), 120))
    log = store.tables.actions_since(table_id, 0)
    replay = TableGame.from_log(*store.tables.game_setup(table_id), log)
    assert replay.hand_over and replay.match_over
    assert store.tables.get(table_id).status == "finished"
    seats = {a["seat"] for a in log if a.get("type") == "play"}
    assert seats == {0, 1, 2, 3, 4}
    assert news[-1] == len(log)


def test_an_illegal_play_changes_nothing_and_saves_nothing(store: Store) -> None:
    people = _people(store, 1)
    table_id = _table(store, people)

    async def check() -> None:
        hub = TableHub(store, delay=0.0, grace=0.05)
        live = hub.open(table_id, lambda: None)
        while live.game.hand.phase.name != "PLAYING" or live.person_to_act() != 0:
            await asyncio.sleep(0.01)
            if live.person_to_act() == 0 and live.game.hand.phase.name != "PLAYING":
                obs = live.game.hand.observation(0)
                live.act(Person(people[0], store), strength_spec("easy", 0).build().act(obs))
                hub.changed(live)
        before = live.game.count
        held = live.game.hand.cards_of(0)
        missing = next(c for c in map(Card, range(54)) if c not in held)
        with pytest.raises(IllegalAction):  # a card they do not hold
            live.act(Person(people[0], store), Play(0, (missing,)))
        assert live.game.count == before
        assert len(store.tables.actions_since(table_id, 0)) == before

    run_alone(asyncio.wait_for(check(), 120))


def test_a_person_out_of_time_is_played_for_until_they_act_again(store: Store) -> None:
    people = _people(store, 1)
    table_id = _table(store, people, turn_seconds=0.2)

    async def wait() -> None:
        hub = TableHub(store, delay=0.0, grace=0.05)
        live = hub.open(table_id, lambda: None)
        while not live.info.seats[0].away:  # the person never acts
            await asyncio.sleep(0.02)
        count = live.game.count
        while live.game.count < count + 10:  # the computer plays their seat meanwhile
            await asyncio.sleep(0.02)
        assert any(a["seat"] == 0 for a in store.tables.actions_since(table_id, count))
        while live.info.seats[0].away:  # their turn again: they act, and are back
            await asyncio.sleep(0.001)
            if live.game.hand.turn == 0:
                with contextlib.suppress(TableRefused):  # the computer may be first
                    live.act(Person(people[0], store), strength_spec("easy", 0).build().act(
                        live.game.hand.observation(0)))

    run_alone(asyncio.wait_for(wait(), 120))
    assert not store.tables.get(table_id).seats[0].away


def test_news_that_is_no_action_does_not_give_a_person_their_time_again(store: Store) -> None:
    """A page opening, a refused click or a seat's news each tell the hub the table changed;
    the person's turn runs out all the same (it once started again with each)."""
    people = _people(store, 1)
    table_id = _table(store, people, turn_seconds=0.5)

    async def stall() -> float:
        hub = TableHub(store, delay=0.0, grace=0.05)
        live = hub.open(table_id, lambda: None)
        while live.game.hand.turn != 0:  # the computers play up to the person
            await asyncio.sleep(0.01)
        start = time.monotonic()
        while not live.info.seats[0].away and time.monotonic() - start < 5:
            await asyncio.sleep(0.2)
            hub.changed(live)  # no action, every 0.2 s
        return time.monotonic() - start

    took = run_alone(asyncio.wait_for(stall(), 60))
    assert store.tables.get(table_id).seats[0].away and took < 2
