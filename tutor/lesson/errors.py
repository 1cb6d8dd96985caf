"""Errors of the lesson layer: a lesson file that cannot be used."""

from __future__ import annotations


class LessonFileError(ValueError):
    """A broken lesson file; names the file, the page or step, and the field."""

    def __init__(self, file: str, where: str | None, field: str | None, message: str) -> None:
        self.file = file
        self.where = where
        self.field = field
        self.message = message
        parts = [file]
        if where:
            parts.append(where)
        if field:
            parts.append(f"field '{field}'")
        super().__init__(": ".join([*parts, message]))
