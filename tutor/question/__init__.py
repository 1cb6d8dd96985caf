"""Questions (layer 2): one model for lesson steps and puzzles.

A `Question` names a kind (`type`), what is asked (`question`) and a position. Its kind
(`tutor.question.kinds`) reads the position from a content table, solves it with
`tutor.rules`, explains, reads and checks an answer, and declares the input a page draws.
Lessons are text plus questions; puzzles are questions plus rating metadata.
"""

from __future__ import annotations

from .answers import ascii_cards
from .errors import AnswerError, QuestionFileError
from .fields import Fields
from .inputs import Choice, Input, Number, Numbers, PickCards, Several, SideLevels, ThrowOutcome
from .kind import Kind
from .kinds import KINDS, STEPS
from .model import Grade, Question, Solution
from .text import CARD_MARK, history, join, mark, plain, split_marks
from .words import answer_words

__all__ = [
    "CARD_MARK", "KINDS", "STEPS", "AnswerError", "Choice", "Fields", "Grade", "Input", "Kind",
    "Number", "Numbers", "PickCards", "Question", "QuestionFileError", "Several", "SideLevels",
    "Solution", "ThrowOutcome", "answer_words", "ascii_cards", "history", "join", "mark",
    "plain", "split_marks",
]
