"""Puzzles (layer 2): questions plus rating metadata, in a bank whose answers the rules core
computes.

`load_bank()` reads `puzzles/*.toml`; `grade(puzzle, answer)` marks an answer and explains it
in English and Chinese; `solve(puzzle)` gives the solution; `puzzle.public()` is the
answer-free form for a browser. Ratings (Glicko-2) and the chooser live in `rating`/`chooser`.
"""

from __future__ import annotations

from tutor.question import AnswerError, Grade, Solution
from tutor.text import Text

from .chooser import choose
from .errors import PuzzleFileError
from .grade import grade, solve
from .loader import BANK_DIR, TYPES, load_bank, load_file
from .model import Puzzle
from .rating import Rating, attempt, puzzle_start
from .themes import THEMES, TIERS

__all__ = [
    "BANK_DIR", "THEMES", "TIERS", "TYPES", "AnswerError", "Grade", "Puzzle", "PuzzleFileError",
    "Rating", "Solution", "Text", "attempt", "choose", "grade", "load_bank", "load_file",
    "puzzle_start", "solve",
]
