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
from tutor.store.games import GameRecords
from tutor.store.group_commit import GroupCommit
from tutor.store.lessons import LessonRecords
from tutor.store.ratings import RatingRecords
from tutor.store.users import UserRecords


class Store(UserRecords, ClassRecords, AssignmentRecords, AttemptRecords, RatingRecords,
            LessonRecords, GameRecords, ClassExport):
    """Persistence for the tutor: plain values in, plain values out, access checked here.

    Safe to share between threads; stores opened on the same file in one process share
    one DuckDB connection.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self._db = Database.acquire(path)
        self._attempt_writes = GroupCommit(self._write_attempts)
        self._open = True

    @property
    def path(self) -> Path:
        """The database file."""
        return self._db.path

    def close(self) -> None:
        """Let go of the file (the last store on it closes the connection)."""
        if self._open:
            self._open = False
            self._db.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()
