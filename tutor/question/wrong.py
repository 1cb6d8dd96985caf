"""Answers a question's own input could produce, other than the solution: used to check that
a question has something to learn (some answer is graded wrong)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import singledispatch
from itertools import combinations, islice

from .answers import ascii_cards
from .errors import AnswerError
from .inputs import Choice, Input, Number, Numbers, PickCards, Several, SideLevels, ThrowOutcome
from .model import Question


@singledispatch
def candidates(spec: Input, solution: str) -> Iterator[str]:
    """Answers the input `spec` can write, near the solution first."""
    raise TypeError(f"no candidates for {type(spec).__name__}")


@candidates.register
def _(spec: Choice, solution: str) -> Iterator[str]:
    yield from (key for key, _ in spec.options)


@candidates.register
def _(spec: Several, solution: str) -> Iterator[str]:
    keys = [key for key, _ in spec.options]
    yield "none"
    for n in range(1, len(keys) + 1):
        yield from (" ".join(c) for c in combinations(keys, n))


def _selections(cards, solution: str, most: int) -> Iterator[str]:
    size = len(solution.split()) if solution not in ("", "none", "ok") else 1
    for n in (size, 1, size + 1, size - 1):
        if 1 <= n <= len(cards) and (not most or n <= most):
            yield from islice((ascii_cards(c) for c in combinations(cards, n)), 200)


@candidates.register
def _(spec: PickCards, solution: str) -> Iterator[str]:
    if spec.none:
        yield "none"
    yield from _selections(spec.cards, solution, spec.most)


@candidates.register
def _(spec: ThrowOutcome, solution: str) -> Iterator[str]:
    yield "ok"
    yield from _selections(spec.cards, solution, 0)


@candidates.register
def _(spec: Number, solution: str) -> Iterator[str]:
    right = int(solution.lstrip("x×"))
    yield from (str(v) for v in (right + 1, right - 1, right + 5, spec.lo, spec.hi)
                if spec.lo <= v <= spec.hi)


@candidates.register
def _(spec: Numbers, solution: str) -> Iterator[str]:
    values = [int(v) for v in solution.split()]
    for i in range(len(values)):
        for d in (1, -1):
            changed = list(values)
            changed[i] += d
            yield " ".join(str(v) for v in changed)


@candidates.register
def _(spec: SideLevels, solution: str) -> Iterator[str]:
    yield "none"
    for side in ("declarer", "defenders"):
        yield from (f"{side} {n}" for n in range(1, spec.most + 1))


def wrong_answer(q: Question) -> str | None:
    """The first answer the question's input can write that is graded wrong (None: every
    answer is right, so the question teaches nothing)."""
    solution = q.solve().text
    for answer in candidates(q.answer_input(), solution):
        try:
            if not q.grade(answer).correct:
                return answer
        except AnswerError:
            continue
    return None
