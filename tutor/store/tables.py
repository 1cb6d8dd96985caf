"""Shared tables: several people (and computer players) at one game.

A table is a game like any other (a `games` row, its host's), plus who sits where. Its
actions are that game's `game_actions` rows, numbered from 0, and an action is saved only
under the number the sender expected: the number is the row's primary key and the game's
count is bumped only from that number, so two plays sent for one turn (two people, a
duplicated message, a stale page, two app processes) can never both be saved; the loser
gets `Conflict`. After each save every app process is told (`notices`), and reads what is
new with `actions_since`. Which seat may play what is the rules' and `tutor.tables`'.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from tutor.store import throttle, validate
from tutor.store.access import Repository, now
from tutor.store.db import ConstraintViolation, Cursor, Database
from tutor.store.errors import AccessDenied, Conflict, InvalidInput, NotFound, Throttled
from tutor.store.facts import KnownFacts
from tutor.store.notices import Notices, PgNotices

# No 0/O, 1/I/L, like class codes; a table's code starts with T. Six characters after it
# (31**6, near 900 million) where four (under a million) fell to guessing in two hours; a
# code of the old length still finds its table.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 7
OLD_CODE_LENGTH = 5
CODE_LENGTHS = (CODE_LENGTH, OLD_CODE_LENGTH)
# What one visitor may open (README, Security): tables of their own not finished, a
# teacher's class tables not finished, and tables opened from one address in an hour
OWN_TABLES = 2
CLASS_TABLES = 12
ADDRESS_TABLES = 30
TABLE_WINDOW = timedelta(hours=1)
# A table closes by itself once nobody has started it for WAITING_LIFE, or nobody has
# played at it for IDLE_LIFE: it neither counts against its host nor fills a lobby
WAITING_LIFE = timedelta(hours=2)
IDLE_LIFE = timedelta(days=1)
TABLE_STATUSES = ("waiting", "playing", "finished")
TABLE_COLUMNS = ("t.id, t.code, t.game_id, t.host_id, t.class_id, t.options, t.status,"
                 " t.created_at, t.updated_at")


def new_table_code() -> str:
    """A random table code like `T4KQ9M2`."""
    return "T" + "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH - 1))


def normalise_table_code(code: object) -> str:
    """A typed code in canonical form: capitals, no spaces or dashes."""
    return "".join(ch for ch in str(code).upper() if ch not in " -\t")


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: who sits there (None: a computer player), whether they are away (the
    computer plays for them until they come back) and whether they are present (a page of
    theirs is open at the table: a person whose turn's time ran out is away but present)."""

    seat: int
    user_id: int | None
    name: str | None
    away: bool
    present: bool = False
    ready: int | None = None  # the hand (from 0) they are ready to leave for the next


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A shared table: its code, its game, who hosts it, its options (hints allowed,
    seconds a person has for a turn) and its seats."""

    id: int
    code: str
    game_id: int
    host_id: int
    class_id: int | None
    options: dict[str, Any]
    status: str
    created_at: datetime
    updated_at: datetime
    seats: tuple[Seat, ...]

    def seat_of(self, user_id: int) -> int | None:
        """The seat `user_id` sits in, if any."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)


def _table(cur: Cursor, where: str, params: list[Any]) -> TableInfo | None:
    row = cur.execute(f"SELECT {TABLE_COLUMNS} FROM shared_tables t WHERE {where}",
                      params).fetchone()
    if row is None:
        return None
    seats = cur.execute(
        "SELECT s.seat, s.user_id, u.display_name, s.away, s.user_id IS NOT NULL AND"
        " s.page IS NOT NULL, s.ready FROM table_seats s"
        " LEFT JOIN users u ON u.id = s.user_id WHERE s.table_id = $1 ORDER BY s.seat",
        [row[0]]).fetchall()
    return TableInfo(id=row[0], code=row[1], game_id=row[2], host_id=row[3], class_id=row[4],
                     options=json.loads(row[5]), status=row[6], created_at=row[7],
                     updated_at=row[8],
                     seats=tuple(Seat(s[0], s[1], s[2], bool(s[3]), bool(s[4]), s[5])
                                 for s in seats))


def _close_stale(cur: Cursor, stamp: datetime, table_id: int | None = None) -> bool:
    """Close the tables nobody started within `WAITING_LIFE` or nobody played at within
    `IDLE_LIFE` (only `table_id`, if given); whether any closed."""
    only = "" if table_id is None else " AND id = $3"
    params: list[Any] = [stamp - WAITING_LIFE, stamp - IDLE_LIFE]
    if table_id is not None:
        params.append(table_id)
    rows = cur.execute(
        "UPDATE shared_tables SET status = 'finished' WHERE (status = 'waiting' AND"
        " updated_at < $1 OR status = 'playing' AND game_id IN (SELECT id FROM games WHERE"
        f" updated_at < $2)){only} RETURNING id", params).fetchall()
    return bool(rows)


def _must(cur: Cursor, table_id: int) -> TableInfo:
    found = _table(cur, "t.id = $1", [table_id])
    if found is None:
        raise NotFound(f"There is no table {table_id}.")
    return found


class Tables(Repository):
    """Opening, joining, playing at and listing shared tables."""

    def __init__(self, db: Database, facts: KnownFacts) -> None:
        super().__init__(db, facts)
        self.notices: Notices = db.attachment(
            "table notices", PgNotices if db.shared else Notices)

    # ------------------------------------------------------------------ opening
    def create(self, actor_id: int, game_options: dict[str, Any], seed: int, *,
               options: dict[str, Any] | None = None, players: int = 5,
               class_id: int | None = None, seats: dict[int, int] | None = None,
               sit: bool = True, address: str = "") -> TableInfo:
        """A new table hosted by the actor: its game (options, seed) and `players` seats.
        `seats` assigns seats to people (a class's teacher assigning its learners);
        with `sit` the actor takes the first free seat. A class table is its teacher's.
        Refused (`Conflict`) past `OWN_TABLES` open tables of the actor's own or
        `CLASS_TABLES` of their classes', and (`Throttled`) past `ADDRESS_TABLES` opened
        from the client `address` within `TABLE_WINDOW`."""
        rules_json = validate.to_json(game_options, "rule set")
        options_json = validate.to_json(options or {}, "table options")
        validate.integer(seed, "seed", minimum=0)
        assigned = dict(seats or {})
        for seat, user in assigned.items():
            if not (isinstance(seat, int) and 0 <= seat < players):
                raise InvalidInput(f"Seats are numbered 0 to {players - 1}, not {seat!r}.")
            validate.integer(user, "seated user")
        if len(set(assigned.values())) != len(assigned):
            raise InvalidInput("One person cannot sit in two seats.")

        def create(cur: Cursor) -> TableInfo | float:
            self._require_actor(cur, actor_id)
            stamp = now()
            throttle.lock(cur, f"tables {actor_id}", stamp)
            if address:
                throttle.lock(cur, "tables from " + address, stamp)
                wait = throttle.window_left(throttle.events(cur, "table", "address", address),
                                            stamp, ADDRESS_TABLES, TABLE_WINDOW)
                if wait:
                    return wait
            _close_stale(cur, stamp)
            mine = cur.execute("SELECT count(*) FROM shared_tables WHERE host_id = $1 AND"
                               " status <> 'finished' AND (class_id IS NULL) = $2",
                               [actor_id, class_id is None]).fetchone()[0]
            if class_id is None and mine >= OWN_TABLES:
                raise Conflict(f"You have {mine} open tables already: finish or close one "
                               "before you open another.", "own_tables", n=mine)
            if class_id is not None and mine >= CLASS_TABLES:
                raise Conflict(f"Your classes have {mine} open tables already: close one "
                               "before you open another.", "class_tables", n=mine)
            if class_id is not None:
                self._require_teacher_of(cur, actor_id, class_id)
                for user in assigned.values():
                    if cur.execute("SELECT 1 FROM memberships WHERE class_id = $1 AND"
                                   " user_id = $2", [class_id, user]).fetchone() is None:
                        raise InvalidInput(f"User {user} is not in this class.")
            elif assigned:
                raise InvalidInput("Only a class's teacher assigns seats.")
            if sit and actor_id not in assigned.values():
                free = next((s for s in range(players) if s not in assigned), None)
                if free is not None:
                    assigned[free] = actor_id
            game_id = cur.execute(
                "INSERT INTO games (user_id, rules, seed, action_count, status, created_at,"
                " updated_at) VALUES ($1, $2, $3, 0, 'in_progress', $4, $4) RETURNING id",
                [actor_id, rules_json, str(seed), stamp]).fetchone()[0]
            table_id = cur.execute("SELECT nextval('table_ids')").fetchone()[0]
            for _ in range(20):
                code = new_table_code()
                if cur.execute("SELECT 1 FROM shared_tables WHERE code = $1",
                               [code]).fetchone() is None:
                    break
            else:
                raise Conflict("Could not find a free table code; try again.", "try_again")
            try:
                cur.execute(
                    "INSERT INTO shared_tables (id, code, game_id, host_id, class_id, options,"
                    " status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6,"
                    " 'waiting', $7, $7)",
                    [table_id, code, game_id, actor_id, class_id, options_json, stamp])
            except ConstraintViolation as exc:  # two tables drew one code at once
                raise Conflict("Could not open the table; try again.", "try_again") from exc
            for seat in range(players):  # a learner given a seat is away until they come
                user = assigned.get(seat)
                cur.execute("INSERT INTO table_seats VALUES ($1, $2, $3, $4, NULL, NULL)",
                            [table_id, seat, user, user is not None and user != actor_id])
            throttle.count_event(cur, "table", str(actor_id), address, stamp)
            return _must(cur, table_id)

        made = self._db.transaction(create)
        if not isinstance(made, TableInfo):
            raise Throttled(made, "tables opened from here")
        return made

    def close(self, actor_id: int, table_id: int) -> None:
        """Close the table for good (its host, or a teacher of its class): nobody plays at
        it or joins it any more; what was played stays in its game."""

        def close(cur: Cursor) -> None:
            table = _must(cur, table_id)
            self._require_host(cur, actor_id, table)
            cur.execute("UPDATE shared_tables SET status = 'finished', updated_at = $2 WHERE"
                        " id = $1", [table_id, now()])

        self._db.transaction(close)
        self.notices.notify(f"{table_id}:finished")

    def find(self, code: object, *, actor_id: int | None = None, address: str = "",
             at: datetime | None = None) -> TableInfo:
        """The table with this code (the code is what lets a person in). A person's try
        (`actor_id`) is throttled as class join codes are, per account and per client
        `address` (`throttle.py`): a wrong code counts, and past the limit `Throttled`
        checks nothing."""
        typed = normalise_table_code(code)
        if len(typed) not in CODE_LENGTHS or not typed.startswith("T"):
            raise InvalidInput(f"A table code has {CODE_LENGTH} letters and digits and starts"
                               " with T, like T4KQ9M2.", "table_code", n=CODE_LENGTH)
        if actor_id is None:
            found = self._db.run(lambda cur: _table(cur, "t.code = $1", [typed]))
        else:
            found = self._db.transaction(
                lambda cur: self._guessed(cur, typed, str(actor_id), address, at or now()))
        if isinstance(found, float):
            raise Throttled(found, "wrong table codes")
        if found is None:
            raise NotFound(f"No table has the code {typed}.")
        return found

    def _guessed(self, cur: Cursor, code: str, who: str, address: str, stamp: datetime
                 ) -> TableInfo | float | None:
        """A person's try of a table code, counted when wrong: the table, the seconds they
        must wait first, or None."""
        throttle.lock(cur, "table code " + who, stamp)
        if address:
            throttle.lock(cur, "table code from " + address, stamp)
        throttle.forget_old(cur, stamp)
        wait = throttle.delay_left(throttle.events(cur, "table code", "subject", who), stamp)
        if not wait and address:
            wait = throttle.window_left(throttle.events(cur, "table code", "address", address),
                                        stamp, throttle.ADDRESS_JOINS, throttle.TRY_WINDOW)
        if wait:
            return wait
        found = _table(cur, "t.code = $1", [code])
        if found is None:
            throttle.count_event(cur, "table code", who, address, stamp)
            return None
        cur.execute("DELETE FROM throttle_events WHERE kind = 'table code' AND subject = $1",
                    [who])
        return found

    def game_setup(self, table_id: int) -> tuple[dict[str, Any], int]:
        """The options and seed of the table's game (what its log is replayed from)."""
        rows = self._db.fetch("SELECT g.rules, g.seed FROM games g JOIN shared_tables t ON"
                              " t.game_id = g.id WHERE t.id = $1", [table_id])
        if not rows:
            raise NotFound(f"There is no table {table_id}.")
        return json.loads(rows[0][0]), int(rows[0][1])

    def get(self, table_id: int) -> TableInfo:
        """The table `table_id` as it is now."""
        return self._db.run(lambda cur: _must(cur, table_id))

    # ------------------------------------------------------------------ seats
    def join(self, actor_id: int, table_id: int, seat: int | None = None, page: str = "") -> int:
        """Sit the actor at the table and return their seat: the one they already have
        (coming back: they take it back from the computer), else `seat` or the first one no
        person holds. `Conflict` when it is taken or the table is full. `page` names the
        page they sit at now (only it may later say they left)."""

        def join(cur: Cursor) -> int:
            self._require_actor(cur, actor_id)
            if _close_stale(cur, now(), table_id):
                raise Conflict("This table waited too long for its players and has closed.",
                               "table_closed")
            table = _must(cur, table_id)
            if table.status == "finished":
                raise Conflict("This table's match is over.", "table_over")
            mine = table.seat_of(actor_id)
            if mine is None and table.class_id is not None:
                if cur.execute("SELECT 1 FROM classes WHERE id = $1 AND teacher_id = $2",
                               [table.class_id, actor_id]).fetchone() is not None:
                    raise Conflict("A class's teacher watches its table and does not sit at it.",
                                   "teacher_watches")
                if cur.execute("SELECT 1 FROM memberships WHERE class_id = $1 AND user_id = $2",
                               [table.class_id, actor_id]).fetchone() is None:
                    raise AccessDenied("This table is for a class you are not in.")
            if mine is None:
                free = [s.seat for s in table.seats if s.user_id is None]
                if seat is not None and seat not in free:
                    raise Conflict(f"Seat {seat} is taken.", "seat_taken", n=seat)
                if not free:
                    raise Conflict("Every seat at this table is taken.", "table_full")
                mine = seat if seat is not None else free[0]
                row = cur.execute("UPDATE table_seats SET user_id = $3, away = false, page = $4"
                                  " WHERE table_id = $1 AND seat = $2 AND user_id IS NULL"
                                  " RETURNING seat", [table_id, mine, actor_id, page]).fetchone()
                if row is None:
                    raise Conflict(f"Seat {mine} was taken just now; try again.",
                                   "seat_taken_now", n=mine)
            else:
                cur.execute("UPDATE table_seats SET away = false, page = $3 WHERE"
                            " table_id = $1 AND seat = $2", [table_id, mine, page])
            return mine

        seat_taken = self._db.transaction(join)
        self.notices.notify(f"{table_id}:seats")
        return seat_taken

    def act_from(self, table_id: int, seat: int, user_id: int, page: str) -> bool:
        """The person in `seat` acted from `page`: they are there (not away), and that page
        is the one whose closing says they left; whether anything changed."""
        return self._seat_changed(
            table_id, "UPDATE table_seats SET away = false, page = $4 WHERE table_id = $1 AND"
            " seat = $2 AND user_id = $3 AND (away OR page IS NULL OR page <> $4) RETURNING seat",
            [table_id, seat, user_id, page])

    def set_away(self, table_id: int, seat: int, away: bool, page: str | None = None) -> bool:
        """Mark the person in `seat` away (the computer plays for them) or back; whether it
        changed. The server decides this (a page closed, a turn's time ran out); with
        `page`, only if that page is still the one they sit at (a reload sat them again
        from a new page before the old one ended)."""
        return self._seat_changed(
            table_id, "UPDATE table_seats SET away = $3 WHERE table_id = $1 AND seat = $2 AND"
            " user_id IS NOT NULL AND away <> $3 AND ($4::VARCHAR IS NULL OR"
            " page = $4::VARCHAR) RETURNING seat", [table_id, seat, away, page])

    def ready(self, table_id: int, seat: int, user_id: int, hand: int) -> bool:
        """The person in `seat` is done with hand `hand` (from 0): ready for the next;
        whether it changed."""
        validate.integer(hand, "hand", minimum=0)
        return self._seat_changed(
            table_id, "UPDATE table_seats SET ready = $4 WHERE table_id = $1 AND seat = $2"
            " AND user_id = $3 AND (ready IS NULL OR ready <> $4) RETURNING seat",
            [table_id, seat, user_id, hand])

    def left(self, table_id: int, seat: int, page: str) -> bool:
        """The person in `seat` closed `page` (if it is still the page they sit at): they
        are away and no longer present; whether it changed."""
        return self._seat_changed(
            table_id, "UPDATE table_seats SET away = true, page = NULL WHERE table_id = $1 AND"
            " seat = $2 AND user_id IS NOT NULL AND page = $3 RETURNING seat",
            [table_id, seat, page])

    def _seat_changed(self, table_id: int, sql: str, params: list[Any]) -> bool:
        """Run a seat's UPDATE … RETURNING; when a row changed, every process is told."""
        if not self._db.fetch(sql, params):
            return False
        self.notices.notify(f"{table_id}:seats")
        return True

    def start(self, actor_id: int, table_id: int) -> None:
        """Start the match (the host, or the class's teacher); computer players take every
        seat no person holds."""

        def start(cur: Cursor) -> None:
            if _close_stale(cur, now(), table_id):
                raise Conflict("This table waited too long for its players and has closed.",
                               "table_closed")
            table = _must(cur, table_id)
            self._require_host(cur, actor_id, table)
            if table.status != "waiting":
                raise Conflict("This table has started already.", "table_started")
            cur.execute("UPDATE shared_tables SET status = 'playing', updated_at = $2 WHERE"
                        " id = $1", [table_id, now()])

        self._db.transaction(start)
        self.notices.notify(f"{table_id}:start")

    def _require_host(self, cur: Cursor, actor_id: int, table: TableInfo) -> None:
        if actor_id == table.host_id:
            return
        if table.class_id is not None:
            self._require_teacher_of(cur, actor_id, table.class_id)
            return
        raise AccessDenied("Only the table's host can do that.")

    # ------------------------------------------------------------------ actions
    def append(self, table_id: int, number: int, *actions: Any) -> int:
        """Save `actions` as the table's actions `number`, `number + 1`, …; the new count.
        `Conflict` when the table already has an action `number` (another one was first)."""
        validate.integer(number, "action number", minimum=0)
        texts = [validate.to_json(a, "table action") for a in actions]

        def append(cur: Cursor) -> int:
            row = cur.execute(
                "UPDATE games SET action_count = $3, updated_at = $4 FROM shared_tables t"
                " WHERE t.id = $1 AND games.id = t.game_id AND games.action_count = $2"
                " AND games.status = 'in_progress' RETURNING games.id",
                [table_id, number, number + len(texts), now()]).fetchone()
            if row is None:
                raise Conflict("Another action was taken at this table first.", "acted_first")
            try:
                cur.execute("INSERT INTO game_actions SELECT $1, unnest($2::INTEGER[]),"
                            " unnest($3::VARCHAR[])",
                            [row[0], list(range(number, number + len(texts))), texts])
            except ConstraintViolation as exc:  # the primary key: the number was taken
                raise Conflict("Another action was taken at this table first.",
                               "acted_first") from exc
            return number + len(texts)

        count = self._db.transaction(append)
        self.notices.notify(f"{table_id}:{count}")
        return count

    def actions_since(self, table_id: int, number: int) -> list[dict[str, Any]]:
        """The table's actions from `number` on, in order."""
        rows = self._db.fetch(
            "SELECT a.action FROM game_actions a JOIN shared_tables t ON t.game_id = a.game_id"
            " WHERE t.id = $1 AND a.seq >= $2 ORDER BY a.seq", [table_id, number])
        return [json.loads(r[0]) for r in rows]

    def finish(self, table_id: int, result: Any) -> None:
        """The match is over: the table and its game are finished."""
        result_json = validate.to_json(result, "game result")

        def finish(cur: Cursor) -> None:
            stamp = now()
            cur.execute("UPDATE shared_tables SET status = 'finished', updated_at = $2"
                        " WHERE id = $1", [table_id, stamp])
            cur.execute("UPDATE games SET status = 'finished', result = $2, updated_at = $3"
                        " FROM shared_tables t WHERE t.id = $1 AND games.id = t.game_id"
                        " AND games.status = 'in_progress'", [table_id, result_json, stamp])

        self._db.transaction(finish)
        self.notices.notify(f"{table_id}:finished")

    # ------------------------------------------------------------------ lists
    def for_user(self, actor_id: int) -> list[TableInfo]:
        """The tables the actor hosts or sits at, not finished, newest first."""
        return self._list("t.status <> 'finished' AND (t.host_id = $1 OR EXISTS (SELECT 1"
                          " FROM table_seats s WHERE s.table_id = t.id AND s.user_id = $1))",
                          [actor_id])

    def for_teacher(self, actor_id: int) -> list[TableInfo]:
        """The tables of the classes the actor teaches, and those where a learner of theirs
        sits, not finished, newest first."""
        return self._list(
            "t.status <> 'finished' AND (t.class_id IN (SELECT id FROM classes WHERE"
            " teacher_id = $1) OR EXISTS (SELECT 1 FROM table_seats s JOIN memberships m ON"
            " m.user_id = s.user_id JOIN classes c ON c.id = m.class_id WHERE"
            " s.table_id = t.id AND c.teacher_id = $1))", [actor_id])

    def may_watch(self, actor_id: int, table: TableInfo) -> bool:
        """Whether the actor may see every hand at `table`: they teach its class, or they
        teach a class of everyone seated there (and at least one person is seated); never
        while they sit at it themselves (a player sees their own cards only)."""

        def check(cur: Cursor) -> bool:
            if self._require_actor(cur, actor_id, saving=False) != "teacher":
                return False
            if table.seat_of(actor_id) is not None:
                return False
            people = [s.user_id for s in table.seats if s.user_id is not None]
            if table.class_id is not None:  # their class's table, everyone seated theirs
                row = cur.execute("SELECT teacher_id FROM classes WHERE id = $1",
                                  [table.class_id]).fetchone()
                if row is None or row[0] != actor_id:
                    return False
                return all(cur.execute("SELECT 1 FROM memberships WHERE class_id = $1 AND"
                                       " user_id = $2", [table.class_id, user]).fetchone()
                           is not None for user in people)
            for user in people:
                try:
                    self._require_reader(cur, actor_id, user)
                except (AccessDenied, NotFound):
                    return False
            return bool(people)

        return self._db.run(check)

    def _list(self, where: str, params: list[Any]) -> list[TableInfo]:
        def read(cur: Cursor) -> list[TableInfo]:
            _close_stale(cur, now())
            ids = cur.execute(f"SELECT t.id FROM shared_tables t WHERE {where}"
                              " ORDER BY t.updated_at DESC, t.id DESC", params).fetchall()
            return [_must(cur, i) for (i,) in ids]

        return self._db.transaction(read)
