"""The strategy lessons: at least 8 of them, each with at least 3 positions the judge proves
and the referee certifies; a position whose stated best play is not the judge's clear best, or
that names a hand or decision the lessons' hands (`lessons/hands.jsonl`) do not have, is
refused with an error naming file, step and field; the shipped verdicts are cached, so loading
the lessons judges nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

import tutor.strategy.lessons as strategy_lessons
from tutor.lesson import LessonFileError, load_lesson_file, load_lessons
from tutor.lesson.loader import HANDS, JUDGED, LESSONS_DIR

from .helpers import write_lesson

STRATEGY = [lesson for lesson in load_lessons() if lesson.part == "strategy"]
# a shipped position (lesson 17): a defender last to play, whose partner's A♣ wins the trick;
# the judge finds feeding the plain 10♦ clearly best, not the trump K♦ (also 10 points)
POSITION = 'type = "best_play"\nhand = "2_163"\naction = 106\n'
STATED, OTHER = "10D", "KD"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A lesson folder holding the shipped lessons' hands, for planted steps."""
    (tmp_path / HANDS).write_bytes((LESSONS_DIR / HANDS).read_bytes())
    return tmp_path


def _step(fields: str) -> str:
    return ('[[page]]\ntext = { en = "x", zh = "x" }\n[page.step]\n' + fields + "\n")


def test_at_least_eight_strategy_lessons_each_with_three_proven_positions():
    assert len(STRATEGY) >= 8
    for lesson in STRATEGY:
        steps = [q for _, q in lesson.steps if q.type == "strategy"]
        assert len(steps) >= 3, lesson.id
        for q in steps:  # the judge's best is the answer, and another candidate is wrong
            best = q.solve().text
            assert q.grade(best).correct
            assert any(not q.grade(k).correct for k, _ in q.answer_input().options)


def test_the_strategy_lessons_come_after_the_rules():
    parts = [lesson.part for lesson in load_lessons()]
    assert parts == sorted(parts, key=("rules", "strategy").index)


def test_a_stated_best_play_the_judge_does_not_find_best_is_refused(folder: Path):
    good = write_lesson(folder, _step(POSITION + f'best = "{STATED}"'), name="01-good.toml")
    step = load_lesson_file(good).pages[0].step
    assert step is not None and step.grade(step.solve().text).correct
    assert (folder / JUDGED).exists()  # the verdict is cached beside the planted lesson

    bad = write_lesson(folder, _step(POSITION + f'best = "{OTHER}"'), name="02-bad.toml")
    with pytest.raises(LessonFileError) as caught:
        load_lesson_file(bad)
    err = caught.value
    assert err.file.endswith("02-bad.toml") and err.field == "best"
    assert "page 1" in err.text("en") and "best_play" in err.text("en")
    assert "10♦" in err.text("en") or "10D" in err.text("en")  # it says what the judge found


def test_a_missing_hand_or_decision_is_refused_clearly(folder: Path):
    no_hand = write_lesson(folder, _step('type = "best_play"\nhand = "9_999"\naction = 3\n'
                                           'best = "AS"'), name="01-no-hand.toml")
    with pytest.raises(LessonFileError) as caught:
        load_lesson_file(no_hand)
    assert caught.value.file.endswith("01-no-hand.toml") and "9_999" in caught.value.text("en")
    assert caught.value.field == "hand" and HANDS in caught.value.text("en")
    assert "page 1" in caught.value.text("en")

    no_action = write_lesson(folder, _step('type = "best_play"\nhand = "2_163"\n'
                                             'action = 99999\nbest = "AS"'),
                             name="02-no-action.toml")
    with pytest.raises(LessonFileError) as caught:
        load_lesson_file(no_action)
    text = caught.value.text("en")
    assert caught.value.file.endswith("02-no-action.toml") and "99999" in text and "2_163" in text
    assert caught.value.field == "action"


def test_a_step_without_a_stated_best_play_is_refused(folder: Path):
    path = write_lesson(folder, _step(POSITION))
    with pytest.raises(LessonFileError) as caught:
        load_lesson_file(path)
    assert caught.value.field == "best"


def test_the_shipped_lessons_load_from_the_cache_without_judging(monkeypatch):
    def no_judging(*_args, **_kwargs):
        raise AssertionError("a shipped position was judged again: lessons/judged.json is stale")

    monkeypatch.setattr(strategy_lessons, "judge_clear", no_judging)
    before = (LESSONS_DIR / JUDGED).read_bytes()
    assert len([lesson for lesson in load_lessons() if lesson.part == "strategy"]) >= 8
    assert (LESSONS_DIR / JUDGED).read_bytes() == before
