"""Who sees what at a shared table, and who holds a seat, when people come and go: a
teacher's every-hand view never opens for one who plays there and closes when a stranger
sits down; a class's teacher opens their class's table (one class is enough) and watches
it; a tab that acted last is the one whose closing frees the seat; leaving for another page
lets the seat go; a failed hint may be asked for again; a failed throw is told at every
seat until that seat's person acts."""

from __future__ import annotations

import asyncio
import copy
import re
import threading
from html import unescape

import pytest

from tutor.ai import PlayerSpec
from tutor.rules import EventKind, Pass, Phase, Play, format_cards, parse_cards
from tutor.store import AccessDenied, Conflict
from tutor.tables import table_options
from tutor.ui.app import TutorApp

from .conftest import class_with_learner, table_page


def _table(store, host, **options) -> str:
    info = store.tables.create(host.id, table_options("easy", max_hands=1), 5,
                               options={"strength": "easy", "turn_seconds": 0, **options})
    return info.code


def _pass_until(live, seat: int) -> None:
    while live.game.hand.turn != seat:  # no loop plays the computers here: pass for them
        turn = live.game.hand.turn
        assert live.computer_acts(turn, live.game.count, Pass(turn))


def test_a_teacher_who_plays_at_a_table_never_sees_every_hand(store, services):
    teacher, learner, _room = class_with_learner(store)
    seated = table_page(services, store, teacher)
    seated.lobby.open_table()
    table_page(services, store, learner, code=seated.code)
    assert seated.seat == 0
    other_tab = table_page(services, store, teacher, code=seated.code, watch="all")
    assert not other_tab.all_hands and not other_tab._hands.object
    assert not store.tables.may_watch(teacher.id, store.tables.find(seated.code))


def test_every_hand_closes_when_someone_the_teacher_does_not_teach_sits_down(store, services):
    teacher, learner, _room = class_with_learner(store)
    stranger = store.users.create("sam", "Sam", "learner", "secret-4")
    host = table_page(services, store, learner)
    host.lobby.open_table()
    watching = table_page(services, store, teacher, code=host.code, watch="all")
    assert watching.all_hands and 'data-seat="0"' in watching._hands.object
    late = table_page(services, store, stranger, code=host.code)  # the hub redraws every page
    assert late.seat == 1
    assert not watching.all_hands and watching._hands not in watching._at_table.objects
    assert 'data-seat="1"' not in watching._hands.object
    assert watching._note.object == "You are watching the table as the players see it."


def test_a_class_teacher_opens_a_table_for_their_one_class_and_watches_it(store, services):
    teacher, learner, room = class_with_learner(store)
    page = table_page(services, store, teacher)
    lobby = page.lobby
    assert lobby._class.value == room.name  # chosen: a teacher with one class cannot change it
    names = {v: k for k, v in lobby._seat_picks[0].options.items()}
    assert names[learner.id] == "Lea (lea)"
    lobby._seat_picks[2].value = learner.id
    lobby.open_class_table()
    info = store.tables.for_teacher(teacher.id)[0]
    assert info.class_id == room.id and info.seat_of(learner.id) == 2
    assert info.seat_of(teacher.id) is None and lobby._message.alert_type == "success"
    opened = table_page(services, store, teacher, code=info.code)  # their "Open" link
    assert opened.seat is None and opened.all_hands  # the teacher watches; never sits
    with pytest.raises(Conflict):
        store.tables.join(teacher.id, info.id)


def test_the_tab_that_acted_last_is_the_one_whose_closing_frees_the_seat(store, services):
    _teacher, learner, _room = class_with_learner(store)
    code = _table(store, learner)
    first = table_page(services, store, learner, code=code)
    first.start()
    second = table_page(services, store, learner, code=code)  # the same seat in a second tab
    second.closed()
    table_id = first.live.id
    assert store.tables.get(table_id).seats[0].away
    first.live.reload()  # the seats' notice, as a served hub hands it on
    _pass_until(first.live, 0)
    services.tables().changed(first.live)
    first.act(Pass(0))  # back, from the first tab
    assert not store.tables.get(table_id).seats[0].away
    first.closed()  # now no page of theirs is open: the computer must not wait on them
    assert store.tables.get(table_id).seats[0].away


def test_closing_a_spare_tab_leaves_the_seat_with_the_tab_in_use(store, services):
    _teacher, learner, _room = class_with_learner(store)
    code = _table(store, learner)
    in_use = table_page(services, store, learner, code=code)
    in_use.start()
    spare = table_page(services, store, learner, code=code)  # opened later: the seat's page
    table_id = in_use.live.id
    _pass_until(in_use.live, 0)
    services.tables().changed(in_use.live)
    in_use.act(Pass(0))  # played from the first tab: it is theirs now
    spare.closed()
    assert not store.tables.get(table_id).seats[0].away


def test_a_class_table_seats_its_class_only(store, services):
    teacher, learner, room = class_with_learner(store)
    stranger = store.users.create("sam", "Sam", "learner", "secret-4")
    info = store.tables.create(teacher.id, table_options("easy", max_hands=1), 5,
                               options={"strength": "easy"}, class_id=room.id,
                               seats={1: learner.id}, sit=False)
    with pytest.raises(AccessDenied):
        store.tables.join(stranger.id, info.id)
    late = table_page(services, store, stranger, code=info.code)  # refused, with the reason
    assert late.live is None and late.seat is None and not late.all_hands
    assert "class you are not in" in late.lobby._message.object
    watcher = table_page(services, store, stranger, code=info.code, watch="table")
    assert watcher.live is None  # nor does asking to watch let them in
    assert store.tables.may_watch(teacher.id, store.tables.get(info.id))
    assert table_page(services, store, learner, code=info.code).seat == 1


def test_an_away_person_takes_their_seat_back_with_a_button(store, services):
    _teacher, learner, _room = class_with_learner(store)
    page = table_page(services, store, learner, code=_table(store, learner))
    page.start()
    store.tables.set_away(page.live.id, 0, True)  # as their turn's time ran out
    page.live.reload()
    services.tables().changed(page.live)
    assert page._back_in.visible and "Take my seat back" in page._note.object
    page.take_seat_back()
    assert not store.tables.get(page.live.id).seats[0].away and not page._back_in.visible


def test_going_to_another_page_lets_the_seat_go_and_coming_back_takes_it(store, services):
    _teacher, learner, _room = class_with_learner(store)
    code = _table(store, learner)
    app = TutorApp(services=services, user=learner, page="table")
    table_page = app.view("table")
    table_page.attach_user(store, learner)
    table_page.enter(code)
    table_id = table_page.live.id
    app.page = "home"
    assert store.tables.get(table_id).seats[0].away and table_page.live is None
    app.page = "table"
    assert table_page.seat == 0 and not store.tables.get(table_id).seats[0].away


def test_a_hint_that_failed_may_be_asked_for_again(store, services):
    _teacher, learner, _room = class_with_learner(store)
    page = table_page(services, store, learner, code=_table(store, learner, hints=True))
    page.start()
    _pass_until(page.live, 0)
    services.tables().changed(page.live)
    calls = []

    class FailingPool:
        async def hint(self, _observation):
            calls.append(1)
            raise RuntimeError("a worker died")

    services._pool = FailingPool()

    async def ask_twice() -> None:
        for _ in range(2):
            page.hint()
            await asyncio.sleep(0.05)

    # on a thread of its own: a loop another test left running on this one must not matter
    worker = threading.Thread(target=lambda: asyncio.run(ask_twice()))
    worker.start()
    worker.join(timeout=30)
    assert len(calls) == 2 and page._hinting is None
    assert page.controls._message.visible
    assert "could not be worked out" in page.controls._message.object


def _failing_throw(hand, seat: int):
    """A lead of all `seat`'s cards of one plain suit that the rules find fails, or None."""
    trump = hand.trump
    by_suit: dict[int, list] = {}
    for card in hand.cards_of(seat):
        if not trump.is_trump(card):
            by_suit.setdefault(trump.effective_suit(card), []).append(card)
    for cards in by_suit.values():
        if len(set(cards)) < 2:
            continue
        trial = copy.deepcopy(hand)
        events = trial.apply(Play(seat, tuple(cards)))
        if any(e.type == EventKind.THROW_FAILED for e in events):
            return Play(seat, tuple(cards))
    return None


def test_a_failed_throw_is_told_at_every_seat_and_to_spectators(store, services):
    _teacher, learner, _room = class_with_learner(store)
    other = store.users.create("oli", "Oli", "learner", "secret-3")
    for seed in range(40):  # a deal where the host leads a throw that fails
        info = store.tables.create(learner.id, table_options("easy", max_hands=1), seed,
                                   options={"strength": "easy", "turn_seconds": 0})
        host = table_page(services, store, learner, code=info.code)
        guest = table_page(services, store, other, code=info.code)
        watcher = table_page(services, store, store.users.create(f"w{seed}", "Wu", "learner",
                                                            "secret-4"), code=info.code,
                        watch="table")
        host.start()
        live, throw = host.live, None
        while not live.game.hand_over and throw is None:
            hand, turn = live.game.hand, live.game.hand.turn
            if turn == 0 and hand.phase == Phase.PLAYING and not hand.observation(0).current:
                throw = _failing_throw(hand, 0)
                if throw is not None:
                    break
            action = PlayerSpec("heuristic", turn).build().act(hand.observation(turn))
            if turn in (0, 1):
                (host, guest)[turn].act(action)
            else:
                assert live.computer_acts(turn, live.game.count, action)
            services.tables().changed(live)
        if throw is not None:
            break
    assert throw is not None, "no deal of 40 had a failing throw for seat 0"
    host.act(throw)
    for page in (host, guest, watcher):
        assert page.table._notice.visible, page.seat
    told = guest.table._notice.object
    assert told.startswith("<bdi>Lea</bdi> tried to throw") and "<bdi>Lea</bdi> loses 1" in told
    failed = next(e for e in reversed(live.game.hand.events)
                  if e.type == EventKind.THROW_FAILED)
    for b, part in zip(failed.info["by"], failed.info["beaten"], strict=True):
        # each part is named with what beat it: "10♥ 10♥ (Seat 4) beats 9♥ 9♥"
        by, got = (format_cards(parse_cards(x), lang="en") for x in (b["cards"], part))
        assert re.search(re.escape(f"{by} (") + r"[^)]*\) beats [^;.]*" + re.escape(got), told)
    beats = told.split(": ", 1)[1].split(". ")[0].split("; ")
    assert len(beats) == len({(b["seat"], b["cards"]) for b in failed.info["by"]})  # once each
    assert host.table._notice.object.startswith("You tried to throw")
    assert "you lose 1 积分" in host.table._notice.object
    assert live.game.hand.turn == 1  # the guest follows: told it, their page lets it go
    guest.act(PlayerSpec("heuristic", 1).build().act(live.game.hand.observation(1)))
    assert not guest.table._notice.visible
    assert host.table._notice.visible and watcher.table._notice.visible


def test_a_waiting_class_table_says_nobody_is_thinking_and_a_late_learner_takes_a_computer_seat(
        store, services):
    teacher, learner, room = class_with_learner(store)
    late = store.users.create("lou", "Lou", "learner", "secret-5")
    store.classes.join(late.id, room.join_code)
    info = store.tables.create(teacher.id, table_options("easy", max_hands=1), 5,
                               options={"strength": "easy"}, class_id=room.id,
                               seats={1: learner.id}, sit=False)
    waiting = table_page(services, store, learner, code=info.code)
    assert waiting.seat == 1 and "thinking" not in waiting.controls._prompt.object
    store.tables.start(teacher.id, info.id)
    arrived = table_page(services, store, late, code=info.code)  # after the start
    assert arrived.seat == 0 and arrived.live.person_holds(0)  # the computer's seat is theirs


def test_a_tables_shared_link_carries_its_language(store, services):
    _teacher, learner, _room = class_with_learner(store)
    info = store.tables.create(learner.id, table_options("easy", max_hands=1), 3,
                               options={"strength": "easy", "turn_seconds": 0})
    host = table_page(services, store, learner, code=info.code)
    host.lang = "zh"
    shown = host._header_html(info.code, 0, "waiting")
    assert f"加入：<code><bdi>?page=table&lang=zh&code={info.code}</bdi></code>" in unescape(
        shown), shown
