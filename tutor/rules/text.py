"""Bilingual text: the catalogue's `Text`, re-exported so the rules' callers find it here."""

from tutor.text import Text

__all__ = ["Text"]
