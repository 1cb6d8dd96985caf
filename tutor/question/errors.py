"""Errors of questions: a broken content file, and an answer that cannot be read."""

from __future__ import annotations

from tutor.text import Text, both


class QuestionFileError(ValueError):
    """A lesson or puzzle file that cannot be used; names the file, the place and the field."""

    def __init__(self, file: str, where: Text | str | None, field: str | None,
                 message: Text | str) -> None:
        self.file = file
        self.where = where if isinstance(where, Text | None) else Text(where, where)
        self.field = field
        self.message = message if isinstance(message, Text) else Text(message, message)
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """`puzzles/throw.toml: puzzle throw-1-003: field 'others': ...`."""
        parts = [self.file]
        if self.where is not None:
            parts.append(self.where.get(lang))
        if self.field is not None:
            parts.append(both("question.error_field", name=self.field).get(lang))
        return ": ".join([*parts, self.message.get(lang)])


class AnswerError(ValueError):
    """An answer in the wrong format for its question; says what format is expected."""

    def __init__(self, message: Text) -> None:
        self.message = message
        super().__init__(message.en)

    def text(self, lang: str = "en") -> str:
        return self.message.get(lang)
