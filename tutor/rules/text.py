"""Bilingual text: one message in English and Chinese, shared by every layer above."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Text:
    """One message in English (`en`) and Chinese (`zh`)."""

    en: str
    zh: str

    def get(self, lang: str = "en") -> str:
        """The message in `lang` (`en` or `zh`; anything else falls back to English)."""
        return self.zh if lang == "zh" else self.en

    def __add__(self, other: Text) -> Text:
        """Plain concatenation (inside a sentence)."""
        return Text(self.en + other.en, self.zh + other.zh)

    def __str__(self) -> str:
        return self.en

    def as_dict(self) -> dict[str, str]:
        """JSON-ready form: {"en": ..., "zh": ...}."""
        return {"en": self.en, "zh": self.zh}
