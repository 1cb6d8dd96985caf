"""Grading an answer and exposing the solution; both come from the rules core via the type."""

from __future__ import annotations

from typing import Any

from .model import Grade, Puzzle, Solution


def solve(puzzle: Puzzle) -> Solution:
    """The answer and its explanation (for teacher pages and for grading)."""
    return puzzle.kind.solve(puzzle)


def grade(puzzle: Puzzle, answer: Any) -> Grade:
    """Grade an answer in the puzzle's answer format; AnswerError if it cannot be read."""
    kind = puzzle.kind
    given, given_text = kind.parse_answer(puzzle, answer)
    solution = kind.solve(puzzle)
    correct = kind.is_correct(puzzle, given, solution)
    return Grade(correct, given_text, solution.text, solution.explanation)
