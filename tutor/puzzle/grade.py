"""Grading an answer and exposing the solution; both come from the rules core via the kind."""

from __future__ import annotations

from typing import Any

from tutor.question import Grade, Question, Solution


def solve(puzzle: Question) -> Solution:
    """The answer and its explanation (for teacher pages and for grading)."""
    return puzzle.solve()


def grade(puzzle: Question, answer: Any) -> Grade:
    """Grade an answer in the puzzle's answer format; AnswerError if it cannot be read."""
    return puzzle.grade(answer)
