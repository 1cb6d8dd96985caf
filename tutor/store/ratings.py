"""Glicko-2 numbers per user-and-theme and per puzzle; tutor.puzzle does the maths."""

from __future__ import annotations

from tutor.store import validate
from tutor.store.access import now
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
