"""One shared table as this process knows it: its seats, its match, and what each seat may do.

Every action is checked here, on the server, against the seat of the person who sent it
(seated, their turn, the rules allow it), then saved under the number this process expected;
if another process saved that number first, the store refuses it and this copy is rebuilt
from the log. A seat no person holds, or whose person is away, is played by the computer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.rules import Action, Event, Observation
from tutor.store import Conflict, Store
from tutor.store.tables import TableInfo

from .game import TableGame


class TableRefused(Exception):
    """An action the table does not take from this person now; `key` names the text that
    says why (in `tutor/text/*/tables.toml`)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


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

    def computer_to_act(self) -> int | None:
        """The seat the computer must play now, if any."""
        if not self.playing or self.game.hand_over:
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
    def act(self, user_id: int, action: Action, seen: int | None = None,
            page: str = "") -> list[Event]:
        """A person's action: refused (`TableRefused`, or the rules' `IllegalAction`) unless
        they sit at the seat it is for and it is that seat's turn. `seen`: how many actions
        the table had on the person's screen; if more were taken since (the computer played
        for them, a duplicated or stale message), the action is refused as too late. `page`:
        the page it came from, the seat's page from now on (its closing says they left)."""
        self.catch_up()
        if seen is not None and seen != self.game.count:
            raise TableRefused("table_someone_first")
        seat = self.info.seat_of(user_id)
        if seat is None:
            raise TableRefused("table_not_seated")
        if not self.playing:
            raise TableRefused("table_not_started" if self.info.status == "waiting"
                               else "table_over")
        if action.seat != seat:
            raise TableRefused("table_not_your_seat")
        if self.game.hand_over or self.game.hand.turn != seat:
            raise TableRefused("table_not_your_turn")
        if page:  # they act from this page: they are here, and it is theirs
            if self.store.tables.act_from(self.id, seat, user_id, page):
                self.reload()
        elif self.info.seats[seat].away:  # they act: they are back
            self.store.tables.set_away(self.id, seat, False)
            self.reload()
        return self._save(self.game.entry(action))

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

    def next_hand(self, user_id: int | None) -> bool:
        """Deal the next hand (anyone seated; None: the server, for a table of computers);
        False when it has begun already or cannot."""
        self.catch_up()
        if user_id is not None and self.info.seat_of(user_id) is None:
            raise TableRefused("table_not_seated")
        try:
            entry = self.game.next_hand_entry()
        except ValueError:
            return False
        try:
            self._save(entry)
        except TableRefused:
            return False
        return True

    def _save(self, entry: dict[str, Any]) -> list[Event]:
        """Apply `entry` (the rules check it: `IllegalAction` changes nothing), then save it
        under its number; refused if that number was taken meanwhile."""
        number = self.game.count
        events = self.game.extend([entry])
        try:
            self.store.tables.append(self.id, number, entry)
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
