"""How the pages and widgets show a question: one `QuestionCard` (layer 3)."""

from .card import QuestionCard, Refused

__all__ = ["QuestionCard", "Refused"]
