"""Errors of the puzzle layer: a broken puzzle file (an answer that cannot be read is the
question model's `AnswerError`)."""

from __future__ import annotations

from tutor.question import AnswerError, QuestionFileError
from tutor.text import Text, both


class PuzzleFileError(QuestionFileError):
    """A puzzle file that cannot be used; names the file, the puzzle id and the field."""

    def __init__(self, file: str, puzzle_id: str | None, field: str | None,
                 message: Text | str) -> None:
        self.puzzle_id = puzzle_id
        where = None if puzzle_id is None else both("puzzle.where", id=puzzle_id)
        super().__init__(file, where, field, message)


__all__ = ["AnswerError", "PuzzleFileError"]
