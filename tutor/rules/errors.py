"""Exceptions for invalid actions, with messages a learner can read in English or Chinese.

Every message lives in the catalogue's `rules` area (`tutor.text`); an exception keeps its
key and parameters so the UI can show it in the chosen language with `exc.text(lang)`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tutor.text import t

from .cards import format_cards


@dataclass(frozen=True, slots=True)
class Localized:
    """A parameter whose wording depends on the language (e.g. `trumps` / `主牌`)."""

    en: str
    zh: str

    def __str__(self) -> str:
        return self.en


def cards_text(cards: Iterable[int]) -> Localized:
    """Cards as a message parameter: `10♥ big joker` / `10♥ 大王`."""
    cards = list(cards)
    return Localized(format_cards(cards, lang="en"), format_cards(cards, lang="zh"))


class RuleError(Exception):
    """Base class: a message key plus parameters, rendered in English by `str()`."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in `en` or `zh`."""
        values = {k: (getattr(v, lang, v.en) if isinstance(v, Localized) else v)
                  for k, v in self.params.items()}
        return t(f"rules.{self.key}", lang, **values)


class IllegalAction(RuleError):
    """An action the rules do not allow now; the game state is left unchanged."""


class NotYourTurn(IllegalAction):
    """Somebody acted out of turn."""


class WrongPhase(IllegalAction):
    """The action belongs to another phase of the hand."""


class IllegalBid(IllegalAction):
    """A bid that shows the wrong cards or does not beat the standing bid."""


class IllegalBury(IllegalAction):
    """A kitty that is not 7 of the declarer's cards."""


class IllegalFriendCall(IllegalAction):
    """A friend call the rules do not allow."""


class IllegalPlay(IllegalAction):
    """A lead or follow that breaks a rule of play."""
