"""Glicko-2 numbers per user-and-theme and per puzzle; tutor.puzzle does the maths."""

from __future__ import annotations

from collections.abc import Callable

from tutor.store import validate
from tutor.store.access import now
from tutor.store.db import ConstraintViolation, Cursor, WriteConflict
from tutor.store.errors import InvalidInput
from tutor.store.values import Rating

RatingChange = Callable[[Rating | None], Rating]  # the stored rating (None: none yet) -> new


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
        "INSERT INTO user_ratings VALUES ($1, $2, $3, $4, $5, $6)"
        " ON CONFLICT (user_id, theme) DO UPDATE SET"
        " rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,"
        " updated_at = excluded.updated_at",
        [user_id, theme, rating.rating, rating.rd, rating.volatility, now()],
    )


def upsert_puzzle_rating(cur: Cursor, puzzle_id: str, rating: Rating) -> None:
    """Write one puzzle rating inside the caller's transaction."""
    cur.execute(
        "INSERT INTO puzzle_ratings VALUES ($1, $2, $3, $4, $5)"
        " ON CONFLICT (puzzle_id) DO UPDATE SET"
        " rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,"
        " updated_at = excluded.updated_at",
        [puzzle_id, rating.rating, rating.rd, rating.volatility, now()],
    )


def move_puzzle_rating(cur: Cursor, puzzle_id: str, change: RatingChange, lock: str) -> Rating:
    """Apply `change` to the puzzle's rating as stored now (see `_move`): two learners
    solving it at once both move it."""
    return _move(cur, "puzzle_ratings", ("puzzle_id",), (puzzle_id,), change, lock)


def move_user_rating(cur: Cursor, user_id: int, theme: str, change: RatingChange,
                     lock: str) -> Rating:
    """Apply `change` to a user's rating in a theme as stored now (see `_move`): answers
    from two tabs or devices at once both count."""
    return _move(cur, "user_ratings", ("user_id", "theme"), (user_id, theme), change, lock)


def _move(cur: Cursor, table: str, key_names: tuple[str, ...], key: tuple[object, ...],
          change: RatingChange, lock: str) -> Rating:
    """Apply `change` to the rating stored under `key` in `table`, inside the caller's
    transaction, and return the new rating.

    `lock` is the backend's row lock (`Database.row_lock`): PostgreSQL holds the row until
    commit, so a second writer waits and then reads the first one's result; DuckDB instead
    aborts the later of two conflicting writes, and the transaction is run again.
    """
    where = " AND ".join(f"{name} = ${n}" for n, name in enumerate(key_names, start=1))
    n = len(key_names)
    values = ", ".join(f"${i}" for i in range(1, n + 5))
    targets = ", ".join(key_names)
    while True:
        row = cur.execute(f"SELECT rating, rd, volatility FROM {table} WHERE {where}{lock}",
                          list(key)).fetchone()
        if row is not None:
            new = checked_rating(change(Rating(*row)))
            cur.execute(f"UPDATE {table} SET rating = ${n + 1}, rd = ${n + 2},"
                        f" volatility = ${n + 3}, updated_at = ${n + 4} WHERE {where}",
                        [*key, new.rating, new.rd, new.volatility, now()])
            return new
        new = checked_rating(change(None))
        try:  # a first rating; if another writer's came first, move that one instead
            added = cur.execute(
                f"INSERT INTO {table} VALUES ({values}) ON CONFLICT ({targets}) DO NOTHING"
                f" RETURNING {key_names[0]}",
                [*key, new.rating, new.rd, new.volatility, now()],
            ).fetchone()
        except ConstraintViolation as exc:  # DuckDB: committed after this snapshot began
            raise WriteConflict(str(exc)) from exc
        if added is not None:
            return new
