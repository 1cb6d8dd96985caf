"""Reviews of finished hands, kept so each is worked out once, and the mistakes they found,
counted by kind for the learner's Progress page and their teacher's class."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tutor.store import validate
from tutor.store.access import Repository, now
from tutor.store.db import Cursor
from tutor.store.errors import AccessDenied, NotFound
from tutor.store.games import SEAT_OF

GRADES = ("inaccuracy", "mistake", "blunder")


@dataclass(frozen=True, slots=True)
class Mistake:
    """One costly decision a stored review found."""

    game_id: int
    hand: int
    index: int
    kind: str
    grade: str
    clear: bool
    created_at: datetime


class Reviews(Repository):
    """Saving a hand's review (by its player), reading it back, and counting mistakes.

    A shared table's game has several players, one per seat: each keeps their own review of
    the same hand, so a review is a (game, hand, player)'s."""

    def save(self, actor_id: int, game_id: int, hand: int, review: Any, accuracy: float | None,
             mistakes: Sequence[tuple[int, str, str, bool]]) -> None:
        """Keep the actor's review (JSON) of hand `hand` of their game (their own, or a shared
        table's where they sit), with its mistakes as (action index, kind, grade, clear); a
        second save of the same hand by the same player changes nothing."""
        review_json = validate.to_json(review, "hand review")
        validate.integer(hand, "hand", minimum=0)
        rows = [(validate.integer(i, "action index", minimum=0), validate.text(k, "kind", 40),
                 validate.choice(g, "grade", GRADES), bool(c)) for i, k, g, c in mistakes]

        def save(cur: Cursor) -> None:
            owner = cur.execute(f"SELECT g.user_id, {SEAT_OF} FROM games g WHERE g.id = $2",
                                [actor_id, game_id]).fetchone()
            if owner is None:
                raise NotFound(f"There is no game {game_id}.")
            if owner[0] != actor_id and owner[1] is None:
                raise AccessDenied(f"Game {game_id} belongs to another user.")
            stamp = now()
            done = cur.execute(
                "INSERT INTO reviews (game_id, hand, user_id, review, accuracy, created_at)"
                " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, hand, user_id) DO NOTHING"
                " RETURNING game_id", [game_id, hand, actor_id, review_json, accuracy, stamp],
            ).fetchone()
            if done is None:
                return  # reviewed already (by another page of theirs, say)
            for index, kind, grade, clear in rows:
                cur.execute(
                    "INSERT INTO review_mistakes (game_id, hand, idx, user_id, kind, grade,"
                    " clear, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                    [game_id, hand, index, actor_id, kind, grade, clear, stamp])

        self._db.transaction(save)

    def get(self, actor_id: int, game_id: int, hand: int,
            player_id: int | None = None) -> Any | None:
        """A player's stored review of a hand (decoded JSON), or None; for the player and
        their teachers. The player is `player_id`, else the actor if they played the game
        (their own, or a seat at its table), else the game's owner."""

        def read(cur: Cursor) -> Any | None:
            player = player_id
            if player is None:
                game = cur.execute(f"SELECT g.user_id, {SEAT_OF} FROM games g WHERE g.id = $2",
                                   [actor_id, game_id]).fetchone()
                if game is None:
                    return None
                player = actor_id if game[0] == actor_id or game[1] is not None else game[0]
            self._require_reader(cur, actor_id, player)
            row = cur.execute("SELECT review FROM reviews WHERE game_id = $1 AND hand = $2"
                              " AND user_id = $3", [game_id, hand, player]).fetchone()
            return None if row is None else json.loads(row[0])

        return self._db.run(read)

    def mistakes(self, actor_id: int, user_id: int) -> list[Mistake]:
        """Every mistake stored reviews found in a user's play, oldest first."""

        def read(cur: Cursor) -> list[Mistake]:
            self._require_reader(cur, actor_id, user_id)
            rows = cur.execute(
                "SELECT game_id, hand, idx, kind, grade, clear, created_at FROM review_mistakes"
                " WHERE user_id = $1 ORDER BY created_at, game_id, hand, idx", [user_id],
            ).fetchall()
            return [Mistake(*row) for row in rows]

        return self._db.run(read)

    def reviewed(self, actor_id: int, user_id: int) -> int:
        """How many of a user's hands have a stored review (one that found no mistake too)."""

        def read(cur: Cursor) -> int:
            self._require_reader(cur, actor_id, user_id)
            return int(cur.execute("SELECT count(*) FROM reviews WHERE user_id = $1",
                                   [user_id]).fetchone()[0])

        return self._db.run(read)

    def class_reviewed(self, actor_id: int, class_id: int) -> int:
        """How many hands the class's learners have had reviewed; for the class's teacher."""

        def read(cur: Cursor) -> int:
            self._require_teacher_of(cur, actor_id, class_id)
            return int(cur.execute(
                "SELECT count(*) FROM reviews r JOIN memberships m ON m.user_id = r.user_id"
                " AND m.class_id = $1", [class_id]).fetchone()[0])

        return self._db.run(read)

    def class_mistakes(self, actor_id: int, class_id: int) -> list[tuple[str, int, int]]:
        """A class's clear mistakes by kind: (kind, how many, how many learners), commonest
        first; for the class's teacher."""

        def read(cur: Cursor) -> list[tuple[str, int, int]]:
            teacher = cur.execute("SELECT teacher_id FROM classes WHERE id = $1",
                                  [class_id]).fetchone()
            if teacher is None:
                raise NotFound(f"There is no class {class_id}.")
            if teacher[0] != actor_id:
                raise AccessDenied(f"Class {class_id} is another teacher's.")
            rows = cur.execute(
                "SELECT r.kind, count(*), count(DISTINCT r.user_id) FROM review_mistakes r"
                " JOIN memberships m ON m.user_id = r.user_id AND m.class_id = $1"
                " WHERE r.clear GROUP BY r.kind ORDER BY count(*) DESC, r.kind", [class_id],
            ).fetchall()
            return [(str(k), int(n), int(u)) for k, n, u in rows]

        return self._db.run(read)
