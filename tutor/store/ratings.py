"""Glicko-2 numbers per user-and-theme and per puzzle; tutor.puzzle does the maths."""

from __future__ import annotations

from collections.abc import Callable

from tutor.store import validate
from tutor.store.access import now
from tutor.store.db import ConstraintViolation, Cursor, WriteConflict
from tutor.store.errors import InvalidInput
from tutor.store.values import Rating

# (the user's stored rating in the theme, the puzzle's; None: none yet) -> (new user's, puzzle's)
RatingMove = Callable[[Rating | None, Rating | None], tuple[Rating, Rating]]


class ChangeFailed(Exception):
    """A rating change raised, or gave something other than two usable ratings; nothing was
    written. `error` is what to tell the caller whose change it was."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error if isinstance(error, InvalidInput) else InvalidInput(
            f"The rating change failed: {type(error).__name__}: {error}")


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


def stored_rating(cur: Cursor, user_id: int, theme: str, lock: str = "") -> Rating | None:
    """The user's rating in a theme as stored now (None: none yet); `lock` as in `move`."""
    return _read(cur, "user_ratings", ("user_id", "theme"), (user_id, theme), lock)


def stored_puzzle_rating(cur: Cursor, puzzle_id: str) -> Rating | None:
    """The puzzle's rating as stored now (None: none yet)."""
    return _read(cur, "puzzle_ratings", ("puzzle_id",), (puzzle_id,), "")


def move(cur: Cursor, user_id: int, theme: str, puzzle_id: str, change: RatingMove,
         lock: str) -> tuple[Rating | None, Rating, Rating]:
    """Apply `change` to the user's rating in `theme` and the puzzle's rating, both as
    stored now, inside the caller's transaction; return the user's old and new ratings and
    the puzzle's new one.

    `lock` is the backend's row lock (`Database.row_lock`): PostgreSQL holds the rows until
    commit, so a second writer waits and then reads the first one's result; DuckDB instead
    aborts the later of two conflicting writes, and the transaction is run again. So two
    learners solving one puzzle at once both move it, and answers from two tabs at once (at
    different puzzles) both count. The user's row is read before the puzzle's, always.
    """
    user_key = ("user_id", "theme"), (user_id, theme)
    puzzle_key = ("puzzle_id",), (puzzle_id,)
    user = _read(cur, "user_ratings", *user_key, lock)
    puzzle = _read(cur, "puzzle_ratings", *puzzle_key, lock)
    try:
        new_user, new_puzzle = change(user, puzzle)
        checked_rating(new_user), checked_rating(new_puzzle)
    except Exception as exc:
        raise ChangeFailed(exc) from exc
    _write(cur, "user_ratings", *user_key, new_user, user is not None)
    _write(cur, "puzzle_ratings", *puzzle_key, new_puzzle, puzzle is not None)
    return user, new_user, new_puzzle


def _read(cur: Cursor, table: str, key_names: tuple[str, ...], key: tuple[object, ...],
          lock: str) -> Rating | None:
    where = " AND ".join(f"{name} = ${n}" for n, name in enumerate(key_names, start=1))
    row = cur.execute(f"SELECT rating, rd, volatility FROM {table} WHERE {where}{lock}",
                      list(key)).fetchone()
    return None if row is None else Rating(*row)


def _write(cur: Cursor, table: str, key_names: tuple[str, ...], key: tuple[object, ...],
           new: Rating, stored: bool) -> None:
    """Update the row read before (`stored`), or add the first one; if another writer's
    first row came in between, the transaction runs again (from that row)."""
    n = len(key_names)
    values = [*key, new.rating, new.rd, new.volatility, now()]
    if stored:
        where = " AND ".join(f"{name} = ${i}" for i, name in enumerate(key_names, start=1))
        cur.execute(f"UPDATE {table} SET rating = ${n + 1}, rd = ${n + 2},"
                    f" volatility = ${n + 3}, updated_at = ${n + 4} WHERE {where}", values)
        return
    try:
        added = cur.execute(
            f"INSERT INTO {table} VALUES ({', '.join(f'${i}' for i in range(1, n + 5))})"
            f" ON CONFLICT ({', '.join(key_names)}) DO NOTHING RETURNING {key_names[0]}",
            values).fetchone()
    except ConstraintViolation as exc:  # DuckDB: committed after this snapshot began
        raise WriteConflict(str(exc)) from exc
    if added is None:  # PostgreSQL: committed while this transaction waited
        raise WriteConflict(f"another writer added the first row of {table} for {key}")
