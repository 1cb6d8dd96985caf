"""The Table page without a server: the lobby opens a table, a second person joins it by its
code, each page shows only its own seat's cards and acts only for it, and a teacher watching
sees every hand while anyone else asking to is shown the table's view without them."""

from __future__ import annotations

from tutor.ai import PlayerSpec
from tutor.review import Budget
from tutor.rules import Pass

from .conftest import class_with_learner, table_page


def test_two_people_at_a_table_each_see_and_act_for_their_own_seat(store, services) -> None:
    _teacher, learner, _room = class_with_learner(store)
    other = store.users.create("oli", "Oli", "learner", "secret-3")
    host = table_page(services, store, learner)
    host.lobby._strength.value = "easy"
    host.lobby.open_table()
    assert host.live is not None and host.seat == 0
    guest = table_page(services, store, other, code=host.code)
    assert guest.seat == 1 and guest.live is host.live  # one copy of the table per process
    assert "Oli" in host._seats.object  # the host's page heard who sat down
    host.start()
    live = host.live
    assert live.playing and live.game.hand.turn is not None
    for page in (host, guest):
        assert sorted(page.hand.observation.hand) == sorted(
            live.game.hand.cards_of(page.seat))
    while live.game.hand.turn not in (0, 1):  # no loop here plays the computers: pass for them
        assert live.computer_acts(live.game.hand.turn, live.game.count,
                                  Pass(live.game.hand.turn))
    services.tables().changed(live)
    turn = live.game.hand.turn
    acting, waiting = (host, guest) if turn == 0 else (guest, host)
    assert acting.controls.to_act and not waiting.controls.to_act
    # each page names the other person where solo play says "Seat 1", and itself "You"
    name = "Lea" if turn == 0 else "Oli"
    assert f"<bdi>{name}</bdi> is thinking" in waiting.controls._prompt.object
    mine, theirs = (f'data-seat="{seat}"><div class="who">{who}'
                    for seat, who in ((waiting.seat, "You"), (turn, f"<bdi>{name}</bdi>")))
    assert mine in waiting.table._table.object and theirs in waiting.table._table.object
    before = live.game.count
    waiting.act(Pass(turn))  # a forged click for the other seat: refused, nothing saved
    assert live.game.count == before and waiting.controls._message.visible
    acting.act(Pass(turn))
    assert live.game.count == before + 1
    assert waiting._turn_seen[0] == before + 1  # the other page drew the pass
    acting.act(Pass(turn))  # the same click again (a duplicated message): too late
    assert live.game.count == before + 1


def test_after_a_hand_each_person_reviews_their_seat_and_a_spectator_sees_the_result(
        store, services) -> None:
    _teacher, learner, _room = class_with_learner(store)
    other = store.users.create("oli", "Oli", "learner", "secret-3")
    host = table_page(services, store, learner)
    host.lobby._strength.value = "easy"
    host.lobby.open_table()
    guest = table_page(services, store, other, code=host.code)
    watcher = table_page(services, store, store.users.create("wu", "Wu", "learner", "secret-4"),
                    code=host.code, watch="table")
    assert watcher.seat is None
    host.start()
    live, pages = host.live, {0: host, 1: guest}
    while not live.game.hand_over:  # the heuristic plays every seat; people through pages
        turn = live.game.hand.turn
        action = PlayerSpec("heuristic", turn).build().act(live.game.hand.observation(turn))
        if turn in pages:
            pages[turn].act(action)
        else:
            assert live.computer_acts(turn, live.game.count, action)
        services.tables().changed(live)
    started = []

    def run_here(panel) -> None:  # in this process, with little work a decision
        started.append(panel)
        panel.start()

    game_id = live.info.game_id
    for page in (host, guest):
        page.ending.param.update(review_budget=Budget(fair_deals=4, hindsight_repeats=1))
        page.ending._start_review = run_here
        assert page.ending.offers_review and "zp-summary" in page.ending._summary.object
        page.ending.open_review()
        review = started[-1]
        assert page.ending.review is review and review.seat == page.seat and review.finished
        # kept as the seated person's own: their Progress counts it, a reopening reads it
        assert store.reviews.get(page.user.id, game_id, 0)["seat"] == page.seat
        assert store.reviews.reviewed(page.user.id, page.user.id) == 1
    page.ending.open_review()  # once a hand: the same review again, not a second run
    assert len(started) == 2
    # a spectator is told the hand's result, names and all, and is offered no review
    summary = watcher.ending._summary.object
    assert watcher.ending._summary.visible and "<bdi>Oli</bdi>" in summary
    assert "You" not in summary and not watcher.ending.offers_review
    watcher.ending._start_review = started.append
    watcher.ending.open_review()
    assert len(started) == 2 and watcher.ending.review is None
    # the hand's end waits: Oli is ready, Lea (the host) still reads her review
    guest.next_hand()
    assert live.game.hand_over and host.ending.review is not None
    assert "Waiting for <bdi>Lea</bdi>" in guest._note.object and guest._note.visible
    assert "Waiting for" in watcher._note.object
    host.next_hand()  # the host deals it
    assert not live.game.hand_over and live.game.hand_index == 1
    for page in (host, guest):  # each review stays open until its reader closes it
        assert page.ending._area.objects and page.ending._close.visible
    guest.ending.close_review()
    assert not guest.ending._area.objects and host.ending._area.objects


def test_every_hand_is_shown_only_to_a_teacher_of_the_players(store, services) -> None:
    teacher, learner, _room = class_with_learner(store)
    stranger = store.users.create("sam", "Sam", "learner", "secret-4")
    host = table_page(services, store, learner)
    host.lobby.open_table()
    code = host.code
    watcher = table_page(services, store, teacher, code=code, watch="all")
    assert watcher.seat is None and watcher.all_hands
    assert watcher._hands in watcher._at_table.objects
    assert "data-seat=\"4\"" in watcher._hands.object
    nosy = table_page(services, store, stranger, code=code, watch="all")
    assert nosy.seat is None and not nosy.all_hands
    assert nosy._hands not in nosy._at_table.objects
    assert nosy.hand not in nosy._at_table.objects  # no seat: no cards at all
    nosy.act(Pass(0))  # a spectator's forged click acts for nobody
    assert host.live.game.count == 0
