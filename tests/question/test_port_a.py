"""Transition check (to be deleted with the old code): the throw, follow, pattern, trump_order
and points kinds answer every shipped puzzle and lesson step of their types as the old puzzle
types and lesson steps do."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tutor.lesson import load_lessons
from tutor.lesson.loader import DEFAULT_TRUMP
from tutor.puzzle import load_bank
from tutor.puzzle.grade import grade as old_grade
from tutor.question import (
    KINDS,
    STEPS,
    Choice,
    Fields,
    Number,
    PickCards,
    Question,
    Several,
    ThrowOutcome,
    plain,
)
from tutor.text import Text

ROOT = Path(__file__).resolve().parents[2]
TYPES = ("throw", "follow", "pattern", "trump_order")
META = ("id", "type", "themes", "difficulty", "question")
PUZZLE_INPUTS = {("throw", "outcome"): ThrowOutcome, ("throw", "safe"): Choice,
                 ("follow", "legal"): Several, ("pattern", "tractor"): Choice,
                 ("pattern", "titanic"): Choice, ("pattern", "decompose"): Choice,
                 ("trump_order", "order"): PickCards, ("trump_order", "trumps"): PickCards}
STEP_INPUTS = {"throw": Choice, "follow": PickCards, "is_unit": Choice, "unit": PickCards,
               "decompose": Choice, "trumps": PickCards, "highest": PickCards,
               "points": Number}

PUZZLES = [p for p in load_bank() if p.type in TYPES]


def _new(p) -> Question:
    f = Fields({k: v for k, v in p.raw.items() if k not in META}, p.file, p.id)
    pos = KINDS[p.type].read(f, p.question)
    f.finish()
    return Question(type=p.type, question=p.question, position=pos)


def _wrong_answers(q: Question, solution) -> list:
    """Answers that should be wrong, built from the solution without asking the grader."""
    pos = q.position
    if q.type == "throw":
        if q.question == "safe":
            return ["risky" if solution.text == "safe" else "safe"]
        return ["ok"] if solution.text != "ok" else [" ".join(str(c) for c in pos["throw"][:1])]
    if q.type == "follow":
        letters = set(solution.value) ^ {"A"}
        return [" ".join(sorted(letters)) or "none"]
    if q.type == "pattern":
        if q.question == "decompose":
            return [key for key, _ in q.answer_input().options[1:]]
        return ["no" if solution.value else "yes"]
    if q.question == "order":
        high, low = solution.value[0], solution.value[-1]
        return [" ".join(reversed(solution.text.split()))] if pos["trump"].beats(high, low) \
            else []
    trumps = solution.text.split() if solution.text != "none" else []
    plain_cards = [str(c) for c in pos["cards"] if not pos["trump"].is_trump(c)]
    return [" ".join(trumps[1:]) or "none", " ".join(trumps + plain_cards[:1]) or "none"]


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_puzzles_agree(p) -> None:
    q = _new(p)
    new, old = q.solve(), p.solve()
    assert new.text == old.text
    for lang in ("en", "zh"):
        assert plain(new.explanation.get(lang)) == old.explanation.get(lang)
        assert plain(q.prompt().get(lang)) == p.prompt(lang)
        assert q.answer_format().get(lang) == p.answer_format(lang)
    assert q.grade(new.text).correct and old_grade(p, old.text).correct
    for wrong in _wrong_answers(q, new):
        if wrong == new.text:
            continue
        assert not q.grade(wrong).correct, wrong
        assert not old_grade(p, wrong).correct, wrong
    box = q.answer_input()
    assert isinstance(box, PUZZLE_INPUTS[(p.type, p.question)])
    if isinstance(box, Choice):
        assert len(box.options) >= 2
        assert [k for k, _ in box.options if q.grade(k).correct] == [new.text]
    if isinstance(box, PickCards | ThrowOutcome) and new.text != "none" and new.text != "ok":
        shown = list(box.cards)
        for c in q.kind.parse_answer(q, new.text)[0]:
            shown.remove(c)  # the answer can be clicked from what is shown
    assert q.public()["position"] == p.public()["position"]


def _lesson_steps() -> list:
    out = []
    for lesson in load_lessons():
        raw = tomllib.loads((ROOT / lesson.file).read_text(encoding="utf-8"))
        for i, (page, praw) in enumerate(zip(lesson.pages, raw["page"], strict=True)):
            if page.step is not None and STEPS.get(page.step.type, ("",))[0] in (
                    *TYPES, "points"):
                out.append(pytest.param(lesson.file, i, page, praw["step"],
                                        id=f"{lesson.id}-p{i + 1}-{page.step.type}"))
    return out


STEP_CASES = _lesson_steps()


def test_every_step_type_of_ours_is_covered() -> None:
    assert {case.values[2].step.type for case in STEP_CASES} == set(STEP_INPUTS)


@pytest.mark.parametrize(("file", "index", "page", "raw"), STEP_CASES)
def test_lesson_steps_agree(file, index, page, raw) -> None:
    step = page.step
    kind, question = STEPS[step.type]
    f = Fields({k: v for k, v in raw.items() if k not in ("type", "question")}, file,
               f"page {index + 1}: step", default_trump=page.trump or DEFAULT_TRUMP)
    pos = KINDS[kind].read(f, question)
    f.finish()
    wording = Text(**raw["question"]) if "question" in raw else None
    q = Question(type=kind, question=question, position=pos, wording=wording)
    assert q.grade(step.solution()).correct
    assert q.grade(q.solve().text).correct and step.check(q.solve().text).correct
    wrong = step.wrong_answer()
    assert not q.grade(wrong).correct and not step.check(wrong).correct
    box = q.answer_input()
    assert isinstance(box, STEP_INPUTS[step.type])
    if isinstance(box, Choice):
        assert [k for k, _ in box.options] == [k for k, _ in step.options()]
        verdicts = [q.grade(k).correct for k, _ in box.options]
        assert verdicts == [step.check(k).correct for k, _ in box.options]
        assert verdicts.count(True) == 1
    if isinstance(box, PickCards):
        assert sorted(box.cards) == sorted(step.pick_from)
        assert box.most == step.max_select
    if wording is not None:
        assert q.prompt().en.endswith(wording.en)
    public = str(q.public())
    assert "solution" not in public and "answer'" not in public
