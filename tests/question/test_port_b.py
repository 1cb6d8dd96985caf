"""Transition check (delete with the old code): the kitty, level, score and friend puzzles of
the shipped bank and the lesson steps multiplier, kitty_bonus, level_change, score, friend,
deal, bid and kitty_suit give the same answers, explanations and wording through the new
question kinds as through the old puzzle types and lesson steps."""

from __future__ import annotations

import json
import tomllib
from typing import Any

import pytest

from tutor.lesson import load_lessons
from tutor.lesson.loader import DEFAULT_TRUMP, LESSONS_DIR
from tutor.puzzle import grade as old_grade
from tutor.puzzle import load_bank
from tutor.question import (
    KINDS,
    STEPS,
    AnswerError,
    Choice,
    Fields,
    Number,
    Numbers,
    PickCards,
    Question,
    SideLevels,
    plain,
)

PUZZLE_TYPES = ("kitty", "level", "score", "friend")
STEP_TYPES = ("multiplier", "kitty_bonus", "level_change", "score", "friend", "deal", "bid",
              "kitty_suit")
META = {"id", "type", "themes", "difficulty", "question"}
INPUTS: dict[tuple[str, str], type] = {
    ("kitty", "bonus"): Number, ("kitty", "multiplier"): Number,
    ("kitty", "play_multiplier"): Number, ("kitty", "play_bonus"): Number,
    ("level", "change"): SideLevels, ("level", "choose"): Choice,
    ("score", "score"): Numbers, ("score", "seat"): Number,
    ("friend", "holder"): Choice, ("friend", "nth_played"): Choice,
    ("deal", "count"): Number, ("bid", "bid"): PickCards, ("kitty_suit", "suit"): Choice,
}

PUZZLES = [p for p in load_bank() if p.type in PUZZLE_TYPES]


def _puzzle_question(p: Any) -> Question:
    raw = {k: v for k, v in p.raw.items() if k not in META}
    f = Fields(raw, p.file, p.id)
    position = KINDS[p.type].read(f, p.question)
    f.finish()
    return Question(type=p.type, question=p.question, position=position)


def _steps() -> list[tuple[str, Any, Question]]:
    out = []
    for lesson in load_lessons():
        raw = tomllib.loads((LESSONS_DIR.parent / lesson.file).read_text(encoding="utf-8"))
        for i, page in enumerate(lesson.pages):
            table = raw["page"][i].get("step")
            if not table or table["type"] not in STEP_TYPES:
                continue
            kind, key = STEPS[table["type"]]
            rest = {k: v for k, v in table.items() if k not in ("type", "question")}
            f = Fields(rest, lesson.file, f"page {i + 1}",
                       default_trump=page.trump or DEFAULT_TRUMP)
            position = KINDS[kind].read(f, key)
            f.finish()
            wording = Fields(table, lesson.file).text("question", required=False)
            q = Question(type=kind, question=key, position=position, wording=wording)
            out.append((f"{lesson.id} page {i + 1}", page.step, q))
    return out


STEPS_FOUND = _steps()


def test_every_type_and_step_is_covered() -> None:
    assert {p.type for p in PUZZLES} == set(PUZZLE_TYPES)
    assert {step.type for _, step, _ in STEPS_FOUND} == set(STEP_TYPES)


def _wrong_answers(p: Any, text: str) -> list[Any]:
    if p.type == "kitty":
        return [str(int(text) + 1), str(int(text) * 2 + 2)]
    if p.type == "level":
        return [a for a in ("none", "declarer 1", "declarer 3", "defenders 2") if a != text]
    if p.type == "score":
        values = [int(v) for v in text.split()]
        return [" ".join(str(v + (i == 0)) for i, v in enumerate(values)),
                " ".join(str(v) for v in reversed(values))] if values != values[::-1] else [
                " ".join(str(v + 1) for v in values)]
    return [a for a in ("alone", "0", "1", "2", "3", "4") if a != text]


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.id)
def test_puzzles_agree(p: Any) -> None:
    q = _puzzle_question(p)
    old, new = p.solve(), q.solve()
    assert new.text == old.text
    for lang in ("en", "zh"):
        assert plain(new.explanation.get(lang)) == old.explanation.get(lang)
        assert plain(q.prompt().get(lang)) == p.prompt(lang)
        assert q.answer_format().get(lang) == p.answer_format(lang)
    assert q.grade(old.text).correct
    for wrong in _wrong_answers(p, old.text):
        assert not old_grade(p, wrong).correct
        assert not q.grade(wrong).correct, wrong
    for bad in ("", "what?"):
        with pytest.raises(AnswerError):
            q.grade(bad)
    _check_input(q)
    json.dumps(q.public())


def _check_input(q: Question) -> None:
    declared = q.answer_input()
    assert isinstance(declared, INPUTS[(q.type, q.question)])
    if isinstance(declared, Choice):
        right = [key for key, _ in declared.options if q.grade(key).correct]
        assert right == [q.solve().text]


@pytest.mark.parametrize(("where", "step", "q"), STEPS_FOUND, ids=[s[0] for s in STEPS_FOUND])
def test_lesson_steps_agree(where: str, step: Any, q: Question) -> None:
    solution = step.solution()
    assert q.grade(solution).correct
    wrong = step.wrong_answer()
    assert not step.check(wrong).correct
    assert not q.grade(wrong).correct
    if step.input == "choice":
        for key, _ in step.options():
            assert q.grade(key).correct == step.check(key).correct, key
    if step.input == "number":
        assert q.solve().value == solution
    _check_input(q)
    if q.wording is not None:  # the lesson's own wording ends the prompt, as it did
        assert q.wording == step.question
        assert q.prompt().en.endswith(step.question.en)
        assert q.prompt().zh.endswith(step.question.zh)
    position = q.public()["position"]
    json.dumps(position)
    assert not {"answer", "solution", "expected", "correct", "value"} & set(position)
    if step.type in ("kitty_suit", "bid"):  # a page trump's suit is not shown: bids set it
        assert "trump" not in position and "suit" not in position
