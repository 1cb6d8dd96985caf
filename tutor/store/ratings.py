"""Glicko-2 numbers per user-and-theme and per puzzle; tutor.puzzle does the maths."""

from __future__ import annotations

from collections.abc import Iterable

from tutor.store import validate
from tutor.store.access import StoreBase, now
from tutor.store.db import Cursor
from tutor.store.errors import InvalidInput
from tutor.store.values import Rating


def checked_rating(rating: Rating) -> Rating:
    """`rating` if its numbers are finite and rd, volatility positive; else `InvalidInput`."""
    if not isinstance(rating, Rating):
        raise InvalidInput(f"Expected a Rating, not {type(rating).__name__}.")
    validate.number(rating.rating, "rating")
    if validate.number(rating.rd, "rating deviation") <= 0:
        raise InvalidInput("The rating deviation must be positive.")
    if validate.number(rating.volatility, "volatility") <= 0:
        raise InvalidInput("The volatility must be positive.")
    return rating


def upsert_user_rating(cur: Cursor, user_id: int, theme: str, rating: Rating) -> None:
    """Write one user-and-theme rating inside the caller's transaction."""
    cur.execute(
        "INSERT INTO user_ratings VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO UPDATE SET"
        " rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,"
        " updated_at = excluded.updated_at",
        [user_id, theme, rating.rating, rating.rd, rating.volatility, now()],
    )


def upsert_puzzle_rating(cur: Cursor, puzzle_id: str, rating: Rating) -> None:
    """Write one puzzle rating inside the caller's transaction."""
    cur.execute(
        "INSERT INTO puzzle_ratings VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO UPDATE SET"
        " rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,"
        " updated_at = excluded.updated_at",
        [puzzle_id, rating.rating, rating.rd, rating.volatility, now()],
    )


class RatingRecords(StoreBase):
    """Reading and writing ratings (record_attempt can also write them with the attempt)."""

    def save_user_rating(self, actor_id: int, theme: str, rating: Rating) -> None:
        """Set the actor's own rating for one puzzle theme."""
        key = validate.text(theme, "theme", 80)
        checked_rating(rating)

        def save(cur: Cursor) -> None:
            self._require_actor(cur, actor_id)
            upsert_user_rating(cur, actor_id, key, rating)

        self._db.transaction(save)

    def user_ratings(self, actor_id: int, user_id: int) -> dict[str, Rating]:
        """A user's ratings by theme (missing themes are simply absent)."""

        def read(cur: Cursor) -> dict[str, Rating]:
            self._require_reader(cur, actor_id, user_id)
            rows = cur.execute(
                "SELECT theme, rating, rd, volatility FROM user_ratings WHERE user_id = $1",
                [user_id],
            ).fetchall()
            return {theme: Rating(r, rd, vol) for theme, r, rd, vol in rows}

        return self._db.run(read)

    def save_puzzle_rating(self, actor_id: int, puzzle_id: str, rating: Rating) -> None:
        """Set a puzzle's rating; any known user's solving moves it, so any may write it."""
        key = validate.text(puzzle_id, "puzzle id", 200)
        checked_rating(rating)

        def save(cur: Cursor) -> None:
            self._require_actor(cur, actor_id)
            upsert_puzzle_rating(cur, key, rating)

        self._db.transaction(save)

    def puzzle_ratings(self, puzzle_ids: Iterable[str]) -> dict[str, Rating]:
        """Stored ratings of these puzzles (public: puzzle difficulty is nobody's record)."""
        ids = list(puzzle_ids)
        if not ids:
            return {}
        rows = self._db.fetch(
            "SELECT puzzle_id, rating, rd, volatility FROM puzzle_ratings"
            " WHERE list_contains($1, puzzle_id)",
            [ids],
        )
        return {pid: Rating(r, rd, vol) for pid, r, rd, vol in rows}

