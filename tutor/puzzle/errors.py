"""Errors of the puzzle layer: a broken puzzle file, and an answer that cannot be read."""

from __future__ import annotations

from .text import Text


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be used; names the file, the puzzle id and the field."""

    def __init__(self, file: str, puzzle_id: str | None, field: str | None, message: Text | str):
        self.file = file
        self.puzzle_id = puzzle_id
        self.field = field
        self.message = message if isinstance(message, Text) else Text(message, message)
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """`puzzles/throw.toml: puzzle throw-1-003: field 'others': ...`."""
        where = [self.file]
        if lang == "zh":
            if self.puzzle_id is not None:
                where.append(f"题目 {self.puzzle_id}")
            if self.field is not None:
                where.append(f"字段 '{self.field}'")
        else:
            if self.puzzle_id is not None:
                where.append(f"puzzle {self.puzzle_id}")
            if self.field is not None:
                where.append(f"field '{self.field}'")
        return ": ".join([*where, self.message.get(lang)])


class AnswerError(ValueError):
    """An answer in the wrong format for its puzzle; says what format is expected."""

    def __init__(self, message: Text):
        self.message = message
        super().__init__(message.en)

    def text(self, lang: str = "en") -> str:
        return self.message.get(lang)
