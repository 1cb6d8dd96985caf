"""Games against the computer, saved after every action so a closed tab loses nothing.

Actions are rows of `game_actions` (game, number, JSON), so saving one appends a row and
bumps the game's count; nothing already saved is rewritten, however long the game.
"""

from __future__ import annotations

import json
from typing import Any

from tutor.store import validate
from tutor.store.access import Repository, now
from tutor.store.db import Cursor
from tutor.store.errors import AccessDenied, Conflict, NotFound
from tutor.store.values import GAME_STATUSES, Game

GAME_COLUMNS = (
    "g.id, g.user_id, g.rules, g.seed, (SELECT array_agg(a.action ORDER BY a.seq)"
    " FROM game_actions a WHERE a.game_id = g.id), g.result, g.status, g.created_at,"
    " g.updated_at"
)


# a shared table's game is each seated person's too: the seat they sat in is theirs
SEAT_OF = ("(SELECT s.seat FROM shared_tables t JOIN table_seats s ON s.table_id = t.id"
           " WHERE t.game_id = g.id AND s.user_id = $1)")


def game_from_row(row: tuple[Any, ...]) -> Game:
    """A `Game` from a row selected with `GAME_COLUMNS` (and, for a shared table's game,
    the reader's seat after them: the game's `human` as that reader sees it)."""
    rules = json.loads(row[2])
    if len(row) > 9 and row[9] is not None and isinstance(rules, dict):
        rules["human"] = int(row[9])
    return Game(id=row[0], user_id=row[1], rules=rules, seed=int(row[3]),
                actions=tuple(json.loads(a) for a in row[4] or ()),
                result=None if row[5] is None else json.loads(row[5]),
                status=row[6], created_at=row[7], updated_at=row[8])


def _read_game(cur: Cursor, game_id: int) -> Game | None:
    row = cur.execute(f"SELECT {GAME_COLUMNS} FROM games g WHERE g.id = $1",
                      [game_id]).fetchone()
    return None if row is None else game_from_row(row)


def _refuse_change(cur: Cursor, actor_id: int, game_id: int) -> None:
    """Raise why the actor cannot change this game (called once a guarded update missed)."""
    row = cur.execute("SELECT user_id, status FROM games WHERE id = $1", [game_id]).fetchone()
    if row is None:
        raise NotFound(f"There is no game {game_id}.")
    if row[0] != actor_id:
        raise AccessDenied(f"Game {game_id} belongs to another user.")
    raise Conflict(f"Game {game_id} is finished; it cannot change any more.")


class Games(Repository):
    """Starting, extending, finishing and reading games."""

    def start(self, actor_id: int, rules: Any, seed: int) -> Game:
        """A new in-progress game for the actor with this rule set (JSON) and seed."""
        rules_json = validate.to_json(rules, "rule set")
        validate.integer(seed, "seed", minimum=0)

        def start(cur: Cursor) -> Game:
            self._require_actor(cur, actor_id)
            stamp = now()
            row = cur.execute(
                "INSERT INTO games (user_id, rules, seed, action_count, status, created_at,"
                " updated_at) VALUES ($1, $2, $3, 0, 'in_progress', $4, $4)"
                " RETURNING id, user_id, rules, seed, NULL, result, status, created_at,"
                " updated_at",
                [actor_id, rules_json, str(seed), stamp],  # seeds of 128 bits and more
            ).fetchone()
            return game_from_row(row)

        return self._db.run(start)

    def add_actions(self, actor_id: int, game_id: int, *actions: Any) -> int:
        """Append actions to the actor's in-progress game; return how many it now has."""
        texts = [validate.to_json(a, "game action") for a in actions]  # before any SQL

        def append(cur: Cursor) -> int:
            row = cur.execute(  # one guarded update: it also locks the game until commit
                "UPDATE games SET action_count = action_count + $4, updated_at = $3"
                " WHERE id = $1 AND user_id = $2 AND status = 'in_progress'"
                " RETURNING action_count",
                [game_id, actor_id, now(), len(texts)],
            ).fetchone()
            if row is None:
                _refuse_change(cur, actor_id, game_id)
            total = int(row[0])
            if texts:
                cur.execute(
                    "INSERT INTO game_actions SELECT $1, unnest($2::INTEGER[]),"
                    " unnest($3::VARCHAR[])",
                    [game_id, list(range(total - len(texts), total)), texts],
                )
            return total

        return self._db.transaction(append)

    def finish(self, actor_id: int, game_id: int, result: Any) -> Game:
        """Mark the actor's game finished with its result (JSON)."""
        result_json = validate.to_json(result, "game result")

        def finish(cur: Cursor) -> Game:
            row = cur.execute(
                "UPDATE games SET result = $3, status = 'finished', updated_at = $4"
                " WHERE id = $1 AND user_id = $2 AND status = 'in_progress' RETURNING id",
                [game_id, actor_id, result_json, now()],
            ).fetchone()
            if row is None:
                _refuse_change(cur, actor_id, game_id)
            return _read_game(cur, game_id)

        return self._db.transaction(finish)

    def get(self, actor_id: int, game_id: int) -> Game:
        """One game, for its player and their teachers."""

        def read(cur: Cursor) -> Game:
            row = cur.execute(f"SELECT {GAME_COLUMNS}, {SEAT_OF} FROM games g WHERE g.id = $2",
                              [actor_id, game_id]).fetchone()
            if row is None:
                raise NotFound(f"There is no game {game_id}.")
            game = game_from_row(row)
            if row[9] is None:  # not a table they sat at: theirs, or a learner's they teach
                self._require_reader(cur, actor_id, game.user_id)
            return game

        return self._db.run(read)

    def owner(self, game_id: int) -> int:
        """Whose game this is (for commands run by whoever holds the database, such as
        `python -m tutor review --game ID`; pages read games through `get`)."""
        rows = self._db.fetch("SELECT user_id FROM games WHERE id = $1", [game_id])
        if not rows:
            raise NotFound(f"There is no game {game_id}.")
        return int(rows[0][0])

    def for_user(self, actor_id: int, user_id: int, status: str | None = None) -> list[Game]:
        """A user's games, newest first, optionally only in-progress or finished ones: their
        own against the computer, and the shared tables' they sat at (each seen from their
        seat; a table they host without sitting there is not one of their games)."""
        if status is not None:
            validate.choice(status, "status", GAME_STATUSES)

        def read(cur: Cursor) -> list[Game]:
            self._require_reader(cur, actor_id, user_id)
            rows = cur.execute(
                f"SELECT {GAME_COLUMNS}, {SEAT_OF} FROM games g"
                " WHERE ((g.user_id = $1 AND NOT EXISTS (SELECT 1 FROM shared_tables t"
                " WHERE t.game_id = g.id)) OR g.id IN (SELECT t.game_id FROM shared_tables t"
                " JOIN table_seats s ON s.table_id = t.id WHERE s.user_id = $1))"
                " AND ($2::VARCHAR IS NULL OR g.status = $2::VARCHAR)"
                " ORDER BY g.updated_at DESC, g.id DESC",
                [user_id, status],
            ).fetchall()
            return [game_from_row(r) for r in rows]

        return self._db.run(read)
