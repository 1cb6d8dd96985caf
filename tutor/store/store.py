"""`Store`: the one object the app holds; every method names the acting user it serves."""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType

from tutor.store.assignments import AssignmentRecords
from tutor.store.attempts import AttemptRecords
from tutor.store.classes import ClassRecords
from tutor.store.db import Database
from tutor.store.export import ClassExport
from tutor.store.facts import KnownFacts
from tutor.store.games import GameRecords
from tutor.store.group_commit import GroupCommit
from tutor.store.lessons import LessonRecords
from tutor.store.ratings import RatingRecords
from tutor.store.users import UserRecords
from tutor.store.writeahead import AttemptLog


class Store(UserRecords, ClassRecords, AssignmentRecords, AttemptRecords, RatingRecords,
            LessonRecords, GameRecords, ClassExport):
    """Persistence for the tutor: plain values in, plain values out, access checked here.

    Safe to share between threads; stores opened on the same file in one process share
    one DuckDB connection, one attempt journal and one memory of checked facts.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self._db = Database.acquire(path)
        try:  # the journal first: what a killed process left is copied before any read
            self._log = self._db.attachment("attempt log", AttemptLog)
            self._facts = self._db.attachment("known facts", KnownFacts)
        except BaseException:
            self._db.release()
            raise
        self._rated_writes = GroupCommit(self._write_rated)
        self._open = True

    @property
    def path(self) -> Path:
        """The database file."""
        return self._db.path

    def close(self) -> None:
        """Copy journaled attempts into the database and let go of the file (the last store
        on it stops the journal's copier and closes the connection)."""
        if self._open:
            self._open = False
            try:
                self._log.flush()
            finally:
                self._db.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
