"""One shared table as this process knows it: its seats, its match, and what each seat may do.

This is the one place a table's rules live: every action a person takes at a table (sit
down, start, play, go away, take their seat back, deal on, ask a hint, close) is decided
here, on the server, for a `Person` (who, through their own sign-in's store, from which
page); pages only call it. A person's action is checked against their seat (seated, their
turn, the rules allow it) and saved through their store, so a page whose sign-in has ended
saves nothing; it is saved under the number this process expected; if another process saved
that number first, the store refuses it and this copy is rebuilt from the log. A seat no
person holds, or whose person is away, is played by the computer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.rules import Action, Event, Observation
from tutor.store import AccessDenied, Conflict, Store
from tutor.store.tables import TableInfo

from .game import TableGame


class TableRefused(Exception):
    """An action the table does not take from this person now; `key` names the text that
    says why (in `tutor/text/*/tables.toml`)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class Person:
    """Who acts at a table: their account, the store as their sign-in sees it (a page's
    `SignedInStore`: it refuses everything once that sign-in has ended), the page they act
    from and the client address it came from."""

    user_id: int
    store: Store
    page: str = ""
    address: str = ""


@dataclass(frozen=True)
class Seating:
    """Where a person is at a table they entered: their seat (None: they watch), how they
    watch ("all", "table", or "": a seat, or a full table's spectator) and whether they see
    every hand (a teacher of everyone seated)."""

    info: TableInfo
    seat: int | None
    watch: str
    all_hands: bool


def enter(person: Person, code: str, watch: str = "") -> Seating:
    """Find the table with `code` (the person's tries throttled) and seat them, or let them
    watch: `watch` "all" (every hand, for a teacher of everyone seated) or "table" (the
    players' public view). A class's teacher watches their class's table; a full or
    finished table is watched; a class table refuses anyone outside the class
    (`AccessDenied`, with the reason)."""
    tables = person.store.tables
    info = tables.find(code, actor_id=person.user_id, address=person.address)
    if not watch and info.class_id is not None and info.host_id == person.user_id \
            and info.seat_of(person.user_id) is None:
        watch = "all"
    seat = None
    may_watch = bool(watch) and tables.may_watch(person.user_id, info)
    all_hands = watch == "all" and may_watch
    if not watch:
        try:
            seat = tables.join(person.user_id, info.id, page=person.page)
        except Conflict:  # full, or over: they watch the table's view
            seat = info.seat_of(person.user_id)
    elif info.class_id is not None and not may_watch and info.seat_of(person.user_id) is None:
        raise AccessDenied("This table is for a class you are not in.")
    return Seating(tables.get(info.id), seat, watch if seat is None else "", all_hands)


@dataclass(frozen=True)
class SeatState:
    """What a page shows of the table for one seat (None: a spectator)."""

    info: TableInfo
    count: int
    observation: Observation
    hand_number: int
    hand_over: bool
    match_over: bool
    to_act: bool


class LiveTable:
    """This process's copy of table `table_id`, kept up with the store's log."""

    def __init__(self, store: Store, table_id: int) -> None:
        self.store = store
        self.id = table_id
        self.info = store.tables.get(table_id)
        self.options, self.seed = store.tables.game_setup(table_id)
        self.game = TableGame.from_log(self.options, self.seed,
                                       store.tables.actions_since(table_id, 0))
        self.wrote_last = False  # whether this process saved the newest entry

    # ------------------------------------------------------------------ reading
    def catch_up(self) -> bool:
        """Apply what other processes saved since; whether anything was new."""
        new = self.store.tables.actions_since(self.id, self.game.count)
        if new:
            self.game.extend(new)
            self.wrote_last = False
        return bool(new)

    def reload(self) -> None:
        """Read the seats and status again (someone joined, left or started the match)."""
        self.info = self.store.tables.get(self.id)

    def rebuild(self) -> None:
        """Start again from the whole log (after a refused save left this copy ahead)."""
        self.game = TableGame.from_log(self.options, self.seed,
                                       self.store.tables.actions_since(self.id, 0))

    @property
    def playing(self) -> bool:
        return self.info.status == "playing"

    def person_holds(self, seat: int) -> bool:
        """Whether a person plays `seat` now (seated and not away)."""
        s = self.info.seats[seat]
        return s.user_id is not None and not s.away

    @property
    def anyone_present(self) -> bool:
        """Whether a seated person has a page open at the table: with nobody here, the
        table waits instead of playing itself (a watcher is nobody)."""
        return any(s.present for s in self.info.seats)

    def computer_to_act(self) -> int | None:
        """The seat the computer must play now, if any (none while nobody is present)."""
        if not self.playing or self.game.hand_over or not self.anyone_present:
            return None
        turn = self.game.hand.turn
        return turn if turn is not None and not self.person_holds(turn) else None

    def person_to_act(self) -> int | None:
        """The seat whose person must act now, if any."""
        if not self.playing or self.game.hand_over:
            return None
        turn = self.game.hand.turn
        return turn if turn is not None and self.person_holds(turn) else None

    def state(self, seat: int | None) -> SeatState:
        """What seat `seat` sees (None: the table's public view, as seat 0's neighbours
        would: a spectator's page never gets a hand from it)."""
        game = self.game
        seen = seat if seat is not None else 0
        return SeatState(self.info, game.count, game.hand.observation(seen),
                         game.hand_index + 1, game.hand_over, game.match_over,
                         seat is not None and self.playing and game.hand.turn == seat
                         and not game.hand_over)

    # ------------------------------------------------------------------ acting
    def act(self, person: Person, action: Action, seen: int | None = None) -> list[Event]:
        """A person's action: refused (`TableRefused`, or the rules' `IllegalAction`) unless
        they sit at the seat it is for and it is that seat's turn. `seen`: how many actions
        the table had on the person's screen; if more were taken since (the computer played
        for them, a duplicated or stale message), the action is refused as too late. Their
        page (`person.page`) is the seat's page from now on (its closing says they left).
        Saved through the person's store: a page whose sign-in ended saves nothing."""
        self.catch_up()
        if seen is not None and seen != self.game.count:
            raise TableRefused("table_someone_first")
        seat = self._turn_of(person)
        if action.seat != seat:
            raise TableRefused("table_not_your_seat")
        tables = person.store.tables
        if person.page:  # they act from this page: they are here, and it is theirs
            if tables.act_from(self.id, seat, person.user_id, person.page):
                self.reload()
        elif self.info.seats[seat].away:  # they act: they are back
            tables.set_away(self.id, seat, False)
            self.reload()
        return self._save(self.game.entry(action), person.store)

    def _turn_of(self, person: Person) -> int:
        """The person's seat, if it is their turn now; else why not (`TableRefused`)."""
        seat = self.info.seat_of(person.user_id)
        if seat is None:
            raise TableRefused("table_not_seated")
        if not self.playing:
            raise TableRefused("table_not_started" if self.info.status == "waiting"
                               else "table_over")
        if self.game.hand_over or self.game.hand.turn != seat:
            raise TableRefused("table_not_your_turn")
        return seat

    def hint_for(self, person: Person) -> Observation:
        """What a hint is worked out from, for the person whose turn it is, if the table
        allows hints (`TableRefused` "hint_off" when its host turned them off); asked
        through their store, so a page whose sign-in ended gets none."""
        self.info = person.store.tables.get(self.id)
        if not self.info.options.get("hints", True):
            raise TableRefused("hint_off")
        self.catch_up()
        return self.game.hand.observation(self._turn_of(person))

    def start(self, person: Person) -> None:
        """Start the match (the host, or a teacher of the class; the store checks)."""
        person.store.tables.start(person.user_id, self.id)
        self.reload()

    def take_back(self, person: Person) -> None:
        """An away person's seat is theirs again at their page: the computer stops playing
        it (a turn whose time ran out stays the computer's: `TableHub`). Only a seat they
        hold: nobody takes a free seat this way (that is sitting down, `enter`)."""
        if self.info.seat_of(person.user_id) is None:
            raise TableRefused("table_not_seated")
        person.store.tables.join(person.user_id, self.id, page=person.page)
        self.reload()

    def left(self, person: Person) -> None:
        """The person's page at the table ended or went elsewhere: they are away, and no
        longer present. The server says so, even for a page whose sign-in has ended."""
        seat = self.info.seat_of(person.user_id)
        if seat is not None and person.page:
            self.store.tables.left(self.id, seat, person.page)

    def close(self, person: Person) -> None:
        """Close the table for good (its host, or a teacher of its class)."""
        person.store.tables.close(person.user_id, self.id)
        self.reload()

    def computer_acts(self, seat: int, number: int, action: Action) -> bool:
        """Save the computer's `action` for `seat`, chosen at entry `number`; False if the
        table moved on meanwhile (a person came back, another process was first)."""
        self.catch_up()
        if self.game.count != number or self.computer_to_act() != seat or action.seat != seat:
            return False
        try:
            self._save(self.game.entry(action))
        except TableRefused:
            return False
        return True

    def waiting_for(self) -> list[int]:
        """At a hand's end, the seats whose person (here and holding the seat) is not yet
        ready for the next hand: the next is dealt when none is left, or when the host deals
        it, or when the host's time for a hand's end has run out (`TableHub`)."""
        if not (self.playing and self.game.hand_over) or self.game.match_over:
            return []
        hand = self.game.hand_index
        return [s.seat for s in self.info.seats
                if s.present and self.person_holds(s.seat) and s.ready != hand]

    def next_hand(self, person: Person | None) -> bool:
        """A person is done with the hand: the host (a class table's teacher) deals the
        next at once; anyone else seated is marked ready, and the next is dealt once
        everyone here is (`waiting_for`). None: the server deals it. Saved through the
        person's store; False when nothing was dealt (not yet, or it has begun already)."""
        self.catch_up()
        if person is not None and person.user_id != self.info.host_id:
            seat = self.info.seat_of(person.user_id)
            if seat is None:
                raise TableRefused("table_not_seated")
            if not self.game.hand_over or self.game.match_over:
                return False
            if person.store.tables.ready(self.id, seat, person.user_id, self.game.hand_index):
                self.reload()
            if self.waiting_for():
                return False
        try:
            entry = self.game.next_hand_entry()
        except ValueError:
            return False
        try:
            self._save(entry, None if person is None else person.store)
        except TableRefused:
            return False
        return True

    def _save(self, entry: dict[str, Any], store: Store | None = None) -> list[Event]:
        """Apply `entry` (the rules check it: `IllegalAction` changes nothing), then save it
        under its number through `store` (a person's; None: the server's); refused if that
        number was taken meanwhile."""
        number = self.game.count
        events = self.game.extend([entry])
        try:
            (store or self.store).tables.append(self.id, number, entry)
        except Conflict:
            self.rebuild()
            raise TableRefused("table_someone_first") from None
        except BaseException:
            self.rebuild()
            raise
        self.wrote_last = True
        if self.game.match_over:
            self.store.tables.finish(self.id, self.game.summary())
            self.reload()
        return events
