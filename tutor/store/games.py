"""Games against the computer, saved after every action so a closed tab loses nothing."""

from __future__ import annotations

import json
from typing import Any

from tutor.store import validate
from tutor.store.access import Repository, now
from tutor.store.db import Cursor
from tutor.store.errors import AccessDenied, Conflict, NotFound
from tutor.store.values import GAME_STATUSES, Game

GAME_COLUMNS = "id, user_id, rules, seed, actions, result, status, created_at, updated_at"


def game_from_row(row: tuple[Any, ...]) -> Game:
    """A `Game` from a row selected with `GAME_COLUMNS`, JSON decoded."""
    return Game(id=row[0], user_id=row[1], rules=json.loads(row[2]), seed=row[3],
                actions=tuple(json.loads(row[4])),
                result=None if row[5] is None else json.loads(row[5]),
                status=row[6], created_at=row[7], updated_at=row[8])


def _own_game(cur: Cursor, actor_id: int, game_id: int) -> Game:
    """The actor's own game, for changing it."""
    row = cur.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1", [game_id]).fetchone()
    if row is None:
        raise NotFound(f"There is no game {game_id}.")
    game = game_from_row(row)
    if game.user_id != actor_id:
        raise AccessDenied(f"Game {game_id} belongs to another user.")
    if game.status == "finished":
        raise Conflict(f"Game {game_id} is finished; it cannot change any more.")
    return game


class Games(Repository):
    """Starting, extending, finishing and reading games."""

    def start(self, actor_id: int, rules: Any, seed: int) -> Game:
        """A new in-progress game for the actor with this rule set (JSON) and seed."""
        rules_json = validate.to_json(rules, "rule set")
        validate.integer(seed, "seed")

        def start(cur: Cursor) -> Game:
            self._require_actor(cur, actor_id)
            stamp = now()
            row = cur.execute(
                "INSERT INTO games (user_id, rules, seed, actions, status, created_at,"
                f" updated_at) VALUES ($1, $2, $3, '[]', 'in_progress', $4, $4)"
                f" RETURNING {GAME_COLUMNS}",
                [actor_id, rules_json, seed, stamp],
            ).fetchone()
            return game_from_row(row)

        return self._db.run(start)

    def add_actions(self, actor_id: int, game_id: int, *actions: Any) -> int:
        """Append actions to the actor's in-progress game; return how many it now has."""
        validate.to_json(actions, "game action")  # refuse bad input before opening a transaction

        def append(cur: Cursor) -> int:
            game = _own_game(cur, actor_id, game_id)
            everything = [*game.actions, *actions]
            cur.execute(
                "UPDATE games SET actions = $2, updated_at = $3 WHERE id = $1",
                [game_id, validate.to_json(everything, "game actions"), now()],
            )
            return len(everything)

        return self._db.transaction(append)

    def finish(self, actor_id: int, game_id: int, result: Any) -> Game:
        """Mark the actor's game finished with its result (JSON)."""
        result_json = validate.to_json(result, "game result")

        def finish(cur: Cursor) -> Game:
            _own_game(cur, actor_id, game_id)
            row = cur.execute(
                "UPDATE games SET result = $2, status = 'finished', updated_at = $3"
                f" WHERE id = $1 RETURNING {GAME_COLUMNS}",
                [game_id, result_json, now()],
            ).fetchone()
            return game_from_row(row)

        return self._db.transaction(finish)

    def get(self, actor_id: int, game_id: int) -> Game:
        """One game, for its player and their teachers."""

        def read(cur: Cursor) -> Game:
            row = cur.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1",
                              [game_id]).fetchone()
            if row is None:
                raise NotFound(f"There is no game {game_id}.")
            self._require_reader(cur, actor_id, row[1])
            return game_from_row(row)

        return self._db.run(read)

    def for_user(self, actor_id: int, user_id: int, status: str | None = None) -> list[Game]:
        """A user's games, newest first, optionally only in-progress or finished ones."""
        if status is not None:
            validate.choice(status, "status", GAME_STATUSES)

        def read(cur: Cursor) -> list[Game]:
            self._require_reader(cur, actor_id, user_id)
            rows = cur.execute(
                f"SELECT {GAME_COLUMNS} FROM games WHERE user_id = $1"
                " AND ($2::VARCHAR IS NULL OR status = $2::VARCHAR)"
                " ORDER BY updated_at DESC, id DESC",
                [user_id, status],
            ).fetchall()
            return [game_from_row(r) for r in rows]

        return self._db.run(read)
