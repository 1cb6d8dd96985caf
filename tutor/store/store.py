"""`Store`: the one object the app holds, made of one repository per kind of record."""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType

from tutor.store import leftover_journal
from tutor.store.attempt_rows import AttemptIds
from tutor.store.attempts import Attempts
from tutor.store.classes import Classes
from tutor.store.db import Database
from tutor.store.facts import KnownFacts
from tutor.store.games import Games
from tutor.store.lessons import Lessons
from tutor.store.puzzles import AuthoredPuzzles
from tutor.store.reviews import Reviews
from tutor.store.tables import Tables
from tutor.store.users import Users


class Store:
    """Persistence for the tutor, as the repositories it holds: `users` (accounts and
    sign-in sessions), `classes` (classes, members, assignments), `attempts` (attempts,
    ratings, the class CSV), `lessons` (lesson progress), `games`, `puzzles` (authored),
    `reviews` (hand reviews and the mistakes they found) and `tables` (shared tables).
    Plain values in, plain values out; every method that reads or changes someone's
    records names the acting user, and access is checked here.

    `path` is a DuckDB file (the default, data/tutor.duckdb, or $TUTOR_DB) or a
    `postgresql://` URL, which several app processes may share.

    Safe to share between threads; stores opened on the same database in one process
    share one connection (a pool for PostgreSQL) and one memory of checked facts.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self._db = Database.acquire(path)
        try:  # answers an older version left in its journal, before anything reads
            self._db.attachment("leftover journal", leftover_journal.replay)
            ids = self._db.attachment("attempt ids", AttemptIds)
            facts = self._db.attachment("known facts", KnownFacts)
        except BaseException:
            self._db.release()
            raise
        self.users = Users(self._db, facts)
        self.classes = Classes(self._db, facts)
        self.attempts = Attempts(self._db, facts, ids)
        self.lessons = Lessons(self._db, facts)
        self.games = Games(self._db, facts)
        self.puzzles = AuthoredPuzzles(self._db, facts)
        self.reviews = Reviews(self._db, facts)
        self.tables = Tables(self._db, facts)
        self._open = True

    @property
    def path(self) -> Path | None:
        """The database file (None on a PostgreSQL server)."""
        return self._db.path

    @property
    def location(self) -> str:
        """The database as messages should name it: the file, or the URL without password."""
        return self._db.location

    @property
    def backend(self) -> str:
        """"duckdb" or "postgresql"."""
        return self._db.kind

    def close(self) -> None:
        """Let go of the database (the last store on it closes the connection)."""
        if self._open:
            self._open = False
            self._db.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
