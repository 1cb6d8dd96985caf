"""The Table page: a shared table (`?page=table&code=T4KQ9M2`), or the lobby to open or join one.

At a table the page shows what its seat may see, through the Play page's own components
(`TableView`, `HandView`, `DecisionControls`, `HandEnd`), and sends the person's clicks to
the table (`tutor.tables.LiveTable`), which checks them against that seat. The page is
told of every change by this process's `TableHub` and redraws on its own document. A
teacher may watch (`&watch=all`: every hand, for them only; `&watch=table`: the players'
public view). Closing the page marks its seat away: the computer plays it until the person
comes back, and opening the table again takes the seat back.
"""

from __future__ import annotations

import contextlib
import secrets
import time
from typing import Any

import panel as pn
import param

from tutor.rules import Action, IllegalAction
from tutor.store import Store, StoreError, User
from tutor.store.signed_in import client_address
from tutor.store.tables import CODE_LENGTHS, normalise_table_code
from tutor.tables import LiveTable, Person, TableHub, TableRefused, enter

from ..page import AppPage
from ..play.controls import DecisionControls
from ..play.hand_end import HandEnd
from ..play.review_store import ReviewKeeper
from ..play.table_html import TABLE_CSS
from ..play.table_view import HandView, TableView
from ..safe import user_text
from .lobby import Lobby
from .seats import SEATS_CSS, hands_html, seat_names, seats_html, t

SPECTATOR = -5  # a seat number no seat has, laid out as seat 0's table (never "you")
TIMER_MS = 1000
GONE_MS = 2000  # a page whose websocket has been closed this long has left the table


class SeatAtTable:
    """One seat's view of a live table, with the attributes `HandEnd` reads of a match."""

    def __init__(self, live: LiveTable, seat: int) -> None:
        self.live, self.human = live, seat

    @property
    def hand(self):
        return self.live.game.hand

    @property
    def match(self):
        return self.live.game.match

    @property
    def results(self):
        return list(self.live.game.match.results)

    @property
    def hand_number(self) -> int:
        return self.live.game.hand_index + 1

    @property
    def hand_over(self) -> bool:
        return self.live.game.hand_over

    @property
    def names(self) -> list[str]:
        return seat_names(self.live.info)


def requested_table() -> tuple[str, str]:
    """The table code and watch mode the page's URL asks for ("" when none or malformed)."""
    query = pn.state.location.query_params if pn.state.location else {}
    code = normalise_table_code(query.get("code", ""))
    watch = query.get("watch", "")
    return (code if len(code) in CODE_LENGTHS else ""), (watch if watch in ("all", "table")
                                                           else "")


class TablePage(AppPage):
    """A shared table for the signed-in person (or a teacher watching), else the lobby."""

    code = param.String(default="", doc="the table shown ('' : the lobby)")
    watch = param.Selector(default="", objects=["", "all", "table"],
                           doc="a teacher watching: every hand, or the table's view")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self.page_id = secrets.token_hex(8)
        self.live: LiveTable | None = None
        self.seat: int | None = None
        self.all_hands = False
        self._hub: TableHub | None = None
        self._turn_seen: tuple[int, float] = (-1, 0.0)  # (log entry, when this page saw it)
        self._hinting: int | None = None
        self._connected = False  # whether the browser's websocket was ever open
        self._gone = False  # the browser's websocket closed: the page has left
        self._acted_at = -1  # the table's entries when this page's person last acted
        self._watched_seats: tuple | None = None  # the seats every hand was allowed for
        self.lobby = Lobby(enter=self.enter, lang=self.lang)
        self._header = pn.pane.HTML("", sizing_mode="stretch_width", stylesheets=[SEATS_CSS])
        self._seats = pn.pane.HTML("", sizing_mode="stretch_width", stylesheets=[SEATS_CSS])
        self._note = pn.pane.Alert("", alert_type="info", visible=False,
                                   sizing_mode="stretch_width")
        self._start = pn.widgets.Button(color="primary", visible=False, width=170)
        self._start.on_click(lambda _e: self.start())
        self._back_in = pn.widgets.Button(color="success", visible=False, width=190)
        self._back_in.on_click(lambda _e: self.take_seat_back())
        self._back = pn.widgets.Button(color="default", width=130)
        self._back.on_click(lambda _e: self.leave_view())
        self._close = pn.widgets.Button(color="danger", variant="outline", visible=False,
                                        width=150)
        self._close.on_click(lambda _e: self.close_table())
        self._deal = pn.widgets.Button(color="primary", visible=False, width=170)
        self._deal.on_click(lambda _e: self.next_hand())
        self.table = TableView(lang=self.lang)
        self.hand = HandView(lang=self.lang)
        self.hand.picker.param.watch(lambda _e: self.controls.clear_error(), "selected")
        self.controls = DecisionControls(self.hand, act=self.act, ask_hint=self.hint,
                                         next_hand=self.next_hand, lang=self.lang)
        self.ending = HandEnd(keeper=self._review_keeper, start_review=self._start_review,
                              lang=self.lang, keep_review=True)
        self._hands = pn.pane.HTML("", visible=False, sizing_mode="stretch_width",
                                   stylesheets=[TABLE_CSS, SEATS_CSS])
        self._top = [self._header, self._seats,
                     pn.FlexBox(self._start, self._deal, self._back_in, self._back,
                                self._close),
                     self._note, self.table]
        self._at_table = pn.Column(sizing_mode="stretch_width")
        self._layout = pn.Column(self.lobby, sizing_mode="stretch_width")
        self._label()
        doc = pn.state.curdoc
        served = doc is not None and doc.session_context is not None
        self._own_doc = doc if served else None  # where the hub's news is drawn
        if served:
            pn.state.on_session_destroyed(lambda _ctx: self.closed())
            pn.state.add_periodic_callback(self._tick, period=TIMER_MS)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout

    def url_query(self) -> str:
        """What the page adds to the URL, so a reload comes back to the same table."""
        if not self.code:
            return ""
        return f"&code={self.code}" + (f"&watch={self.watch}" if self.watch else "")

    @param.depends("lang", watch=True)
    def _label(self) -> None:
        lang = self.lang
        with pn.io.hold():
            self._start.name = t("start", lang)
            self._back_in.name = t("take_seat_back", lang)
            self._back.name = t("back_to_lobby", lang)
            self._close.name = t("close_table", lang)
            self._deal.name = t("deal_next", lang)
            for part in (self.lobby, self.table, self.hand, self.controls, self.ending):
                part.lang = lang
            if self.live is not None:
                self.refresh()

    # ----------------------------------------------------------------- entering
    def attach_user(self, store: Store | None, user: User) -> None:
        super().attach_user(store, user)
        self.lobby.attach(store, user)
        if self.code and self.live is None:
            self.enter(self.code, self.watch)

    def on_hide(self) -> None:
        """Another page of the app: the seat is theirs still, the computer plays it meanwhile
        (the others do not wait on a page nobody looks at)."""
        if self.live is not None:
            self.leave_view(keep_url=True)

    def on_show(self) -> None:
        """Back from another page: the table they were at, their seat taken back."""
        if self.code and self.live is None and self.user is not None:
            self.enter(self.code, self.watch)

    def person(self) -> Person | None:
        """Who acts from this page: its account through its own sign-in's store."""
        if self.store is None or self.user is None:
            return None
        return Person(self.user.id, self.store, self.page_id, client_address(self.store))

    def enter(self, code: str, watch: str = "") -> None:
        """Sit at (or watch) the table with `code`; the lobby says why not."""
        person, hub = self.person(), self.shared.tables()
        if person is None or hub is None:
            self.lobby.say(t("no_account", self.lang), "warning")
            return
        try:
            seating = enter(person, code, watch)
            self.leave_view(keep_url=True)
            live = hub.open(seating.info.id, self._changed)
        except StoreError as exc:
            self.lobby.say(user_text(exc, self.lang), "danger")
            return
        info, seat, all_hands = seating.info, seating.seat, seating.all_hands
        self.code, self.watch = info.code, seating.watch
        self.seat, self.all_hands = seat, all_hands
        self._watched_seats = info.seats if all_hands else None
        self._acted_at = -1
        self.live, self._hub = live, hub
        hub.changed(self.live)  # everyone sees who sat down
        self._layout.objects = [self._at_table]
        self.ending.param.update(session=SeatAtTable(self.live, SPECTATOR if seat is None
                                                     else seat), reviewable=seat is not None)
        # a seat's page has its cards and controls; a spectator's has neither (a teacher
        # watching every hand gets them drawn as rows instead), and the hand's result alone
        self._at_table.objects = self._top + (
            [self.ending, self.controls, self.hand] if seat is not None
            else [self.ending, self._hands] if all_hands else [self.ending])
        self._sync_url()
        self.refresh()

    def _sync_url(self) -> None:
        if pn.state.location is not None:
            pn.state.location.search = f"?page=table&lang={self.lang}{self.url_query()}"

    def leave_view(self, keep_url: bool = False) -> None:
        """Back to the lobby (the seat is kept: the computer plays it meanwhile)."""
        if self.live is not None and self._hub is not None:
            self._hub.close(self.live.id, self._changed)
            self._mark_away()
        self.live = None
        self._layout.objects = [self.lobby]
        if not keep_url:
            self.code, self.watch = "", ""
            self._sync_url()
            self.lobby.reload()

    def closed(self) -> None:
        """The page ended (its tab closed): the computer takes the seat until they are back."""
        self._gone = True
        if self.live is not None and self._hub is not None:
            self._hub.close(self.live.id, self._changed)
            self._mark_away()

    def _mark_away(self) -> None:
        live, person = self.live, self.person()
        if live is not None and person is not None and self.seat is not None:
            # if the store fails, their turn's time limit hands the seat to the computer
            with contextlib.suppress(StoreError):
                live.left(person)

    # ----------------------------------------------------------------- drawing
    def _changed(self) -> None:
        """The hub's news of the table: redraw on this page's own document (the news may
        come while another page's document is the current one)."""
        if self._own_doc is not None:
            self._own_doc.add_next_tick_callback(self.refresh)
        else:
            self.refresh()

    def refresh(self) -> None:
        """Hand every component what this seat sees now, as one change to the browser."""
        live = self.live
        if live is None:
            return
        lang, seat = self.lang, self.seat
        state = live.state(seat)
        info = state.info
        self._check_watch(info)
        if state.count != self._turn_seen[0]:
            self._turn_seen = (state.count, time.monotonic())
        human = seat if seat is not None else SPECTATOR
        with pn.io.hold():
            self._header.object = self._header_html(info.code, state.count, info.status)
            self._seats.object = seats_html(info, seat, lang)
            host = self.user is not None and self.user.id == info.host_id
            self._start.visible = info.status == "waiting" and host
            self._close.visible = info.status != "finished" and host
            # a host who does not sit (a class's teacher) deals the next hand from here
            self._deal.visible = host and seat is None and state.hand_over \
                and not state.match_over and info.status == "playing"
            self._back_in.visible = seat is not None and info.status == "playing" \
                and info.seats[seat].away
            self._note.object, shown = self._note_text(state)
            self._note.visible = shown
            names = seat_names(info)
            failed = live.game.failed_throw  # anyone's, until this page's person acts
            self.table.param.update(observation=state.observation, human=human,
                                    hand_number=state.hand_number, names=names,
                                    failed_throw=failed[1] if failed is not None
                                    and failed[0] > self._acted_at else None)
            if seat is not None:
                self.hand.observation = state.observation
            # before the match starts nobody is thinking: no prompt, no buttons
            shown = None if info.status == "waiting" else state.observation
            self.controls.param.update(observation=shown, human=human, names=names,
                                       to_act=state.to_act, hand_over=state.hand_over,
                                       match_over=state.match_over,
                                       hints=bool(info.options.get("hints", True)))
            self.ending.param.update(hand_over=state.hand_over,
                                     hand_number=state.hand_number)
            self._hands.visible = self.all_hands
            if self.all_hands:
                self._hands.object = hands_html(live.game.hand, lang, names)

    def _header_html(self, code: str, count: int, status: str) -> str:
        """The table's code and link; `data-count` (the actions the table has) and
        `data-status` say where the table is to a test or load generator."""
        lang = self.lang
        link = f"?page=table&lang={lang}&code={code}"  # the link carries the language
        location = pn.state.location
        if location is not None and location.href:
            link = location.href.split("?")[0] + link
        said = t("share", lang, code=code, link="\x00")  # the link goes in as HTML
        share = "<p>" + said.replace("\x00", f"<code>{user_text(link)}</code>") + "</p>"
        if status != "waiting":  # inviting is done: folded away, so the game comes first
            share = f"<details><summary>{t('invite', lang)}</summary>{share}</details>"
        return (f'<div class="zp-table-head" data-code="{code}" data-count="{count}" '
                f'data-status="{status}"><h3>{t("header", lang, code=code)}</h3>{share}</div>')

    def _note_text(self, state) -> tuple[str, bool]:
        lang, info = self.lang, state.info
        if self.seat is None:
            waiting = self._waiting_text(state)
            if waiting:
                return waiting, True
            key = "watching_all" if self.all_hands else ("watching_table" if self.watch
                                                         else "table_over"
                                                         if info.status == "finished"
                                                         else "full")
            return t(key, lang), True
        if info.status == "waiting":
            host = self.user is not None and self.user.id == info.host_id
            return t("start_hint" if host else "waiting_host", lang), True
        if info.seats[self.seat].away:
            return t("computer_took", lang), True
        waiting = self._waiting_text(state)
        if waiting:
            return waiting, True
        if state.to_act:
            limit = info.options.get("turn_seconds")
            if limit:
                left = max(0, int(limit - (time.monotonic() - self._turn_seen[1])))
                return t("your_turn_timer", lang, n=left), True
        return "", False

    def _waiting_text(self, state) -> str:
        """At a hand's end, once this person is ready (or to a watcher): who the next hand
        waits for, their names as data."""
        live = self.live
        if live is None or not state.hand_over or state.match_over:
            return ""
        waiting = live.waiting_for()
        mine = None if self.seat is None else state.info.seats[self.seat]
        if not waiting or (mine is not None and mine.ready != live.game.hand_index):
            return ""
        names = seat_names(state.info)
        return t("waiting_ready", self.lang,
                 names=", ".join(user_text(names[s]) for s in waiting))

    def _connection_lost(self) -> bool:
        """Whether the browser's websocket closed `GONE_MS` ago or more (a closed tab): known
        in seconds, where the session itself ends only after Bokeh's unused-session time."""
        doc = self._own_doc
        session = doc.session_context.session if doc is not None else None
        if session is None:
            return False
        if session.connection_count > 0:
            self._connected = True
            return False
        return self._connected and session.milliseconds_since_last_unsubscribe >= GONE_MS

    def _tick(self) -> None:
        """Count a person's turn down, once a second; a closed tab leaves the table."""
        if not self._gone and self._connection_lost():
            self.closed()
            return
        live = self.live
        if live is None or self.seat is None or not live.info.options.get("turn_seconds"):
            return
        if live.game.hand.turn == self.seat and not live.game.hand_over:
            text, shown = self._note_text(live.state(self.seat))
            self._note.param.update(object=text, visible=shown)

    # ----------------------------------------------------------------- the person
    def act(self, action: Action) -> None:
        """Send the person's action to the table, which checks it against their seat."""
        live, person = self.live, self.person()
        if live is None or person is None:
            return
        self.controls.clear_messages()
        before = self._turn_seen[0]  # the entry this action becomes (else it is refused)
        try:
            live.act(person, action, seen=before)
        except TableRefused as refused:
            self.controls.show_error(t(refused.key, self.lang))
            self._hub.changed(live)
            return
        except IllegalAction as err:
            self.controls.show_error(user_text(err.text(self.lang)))
            return
        except StoreError as exc:
            self.controls.show_error(user_text(exc, self.lang))
            return
        self._acted_at = before  # a failed throw told before it is told no more
        self._hub.changed(live)

    def next_hand(self) -> None:
        """Done with the hand: the host deals the next, anyone else seated is ready for it
        (the table decides which)."""
        live, person = self.live, self.person()
        if live is None or person is None:
            return
        try:
            live.next_hand(person)
        except TableRefused:
            pass  # the table shows where it is
        except StoreError as exc:
            self.controls.show_error(user_text(exc, self.lang))
        self._hub.changed(live)

    def take_seat_back(self) -> None:
        """An away person's seat is theirs again at this page: the computer stops playing it
        (a turn whose time ran out stays the computer's)."""
        self._table_action(lambda live, person: live.take_back(person))

    def start(self) -> None:
        """Start the match (the host, or a teacher of the class; the table checks)."""
        self._table_action(lambda live, person: live.start(person))

    def close_table(self) -> None:
        """Close the table for good (its host, or a teacher of the class)."""
        self._table_action(lambda live, person: live.close(person))

    def _table_action(self, action) -> None:
        """Run `action(live, person)`; a refusal is said in the table's note."""
        live, person = self.live, self.person()
        if live is None or person is None:
            return
        try:
            action(live, person)
        except TableRefused as refused:
            self._note.param.update(object=t(refused.key, self.lang), visible=True)
            return
        except StoreError as exc:
            self._note.param.update(object=user_text(exc, self.lang), visible=True)
            return
        self._hub.changed(live)

    def _check_watch(self, info) -> None:
        """Every hand is drawn only while the store allows it: a person the teacher does not
        teach may have sat down since, or the teacher in a seat of their own."""
        if not self.all_hands or info.seats == self._watched_seats:
            return
        self._watched_seats = info.seats
        store, user = self.store, self.user
        try:
            allowed = store is not None and user is not None and store.tables.may_watch(
                user.id, info)
        except StoreError:
            allowed = False
        if not allowed:
            self.all_hands, self.watch = False, "table"
            self._hands.object = ""
            self._at_table.objects = [*self._top, self.ending]
            self._sync_url()

    def hint(self) -> None:
        """The hint for this seat's decision, for the asker only (if the table allows it)."""
        live, person = self.live, self.person()
        if live is None or person is None:
            return
        try:
            observation = live.hint_for(person)
        except TableRefused as refused:
            self.controls.show_error(t(refused.key, self.lang))
            return
        except StoreError as exc:
            self.controls.show_error(user_text(exc, self.lang))
            return
        number = live.game.count
        if self._hinting == number:
            return
        self._hinting = number
        pool = self.shared.pool

        async def run() -> None:
            try:
                suggestion = await pool.hint(observation)
            except Exception:
                if self._hinting == number:  # it may be asked for again
                    self._hinting = None
                    self.controls.show_error(t("hint_failed", self.lang))
                raise
            if self.live is live and live.game.count == number:
                self.controls.show_hint(suggestion)

        pn.state.execute(run)

    def _review_keeper(self) -> ReviewKeeper | None:
        """Where this seat's reviews are kept: the store, as the seated person's own (each
        hand reviewed once, its mistakes on their Progress page and their teacher's)."""
        if self.store is None or self.user is None or self.seat is None or self.live is None:
            return None
        return ReviewKeeper(self.store, self.user.id, self.live.info.game_id)

    def _start_review(self, panel) -> None:
        panel.start(pool=self.shared.pool)
