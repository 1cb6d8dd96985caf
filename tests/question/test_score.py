"""The score kind (积分, §8): RULES.md example 23, checked also against the definition
Σ_{j≠i}(L_i − L_j) − failed throws computed here; answers and content errors."""

from __future__ import annotations

import pytest

from tutor.question import KINDS, AnswerError, Fields, Number, Numbers, Question, QuestionFileError
from tutor.rules import Trump

HEARTS = Trump("2", "H")
EXAMPLE_23 = {"levels": ["2", "5", "2", "3", "2"], "declarer": 0, "friend": 1, "points": 60}


def make(question: str, raw: dict, trump: Trump | None = None) -> Question:
    f = Fields(raw, "test.toml", "here", default_trump=trump)
    return KINDS["score"].question(f, question)


def by_definition(after: list[int], failed: list[int]) -> list[int]:
    return [sum(li - lj for j, lj in enumerate(after) if j != i) - failed[i]
            for i, li in enumerate(after)]


def test_example_23() -> None:
    q = make("score", EXAMPLE_23)
    assert q.grade("-1 14 -6 -1 -6").correct
    assert q.grade([-1, 14, -6, -1, -6]).correct
    assert q.grade("-1, 14, -6, -1, -6").correct
    assert not q.grade("-1 14 -6 -6 -1").correct
    assert q.solve().value == tuple(by_definition([3, 6, 2, 3, 2], [0] * 5))
    for seat, want in enumerate((-1, 14, -6, -1, -6)):
        one = make("seat", {**EXAMPLE_23, "ask": seat}, HEARTS)
        assert one.grade(str(want)).correct
        assert not one.grade(str(want + 1)).correct


def test_alone_failed_throws_and_the_cap_at_a() -> None:
    # declarer 2 alone at P = 0 goes up 3 from K: stops at A; a failed throw costs 1
    raw = {"levels": ["4", "4", "K", "2", "3"], "declarer": 2, "friend": "alone", "points": 0,
           "failed": [0, 0, 1, 0, 2]}
    q = make("score", raw)
    assert q.solve().value == tuple(by_definition([4, 4, 14, 2, 3], [0, 0, 1, 0, 2]))
    assert "A" in q.solve().explanation.en
    # defenders go up at P = 240
    d = make("score", {**EXAMPLE_23, "points": 240})
    assert d.solve().value == tuple(by_definition([2, 5, 4, 5, 4], [0] * 5))
    # a lesson step may leave out the friend: the declarer is alone
    lesson = make("seat", {**{k: v for k, v in raw.items() if k != "friend"}, "ask": 2}, HEARTS)
    assert lesson.solve().value == by_definition([4, 4, 14, 2, 3], [0, 0, 1, 0, 2])[2]


def test_answers_that_cannot_be_read() -> None:
    q = make("score", EXAMPLE_23)
    with pytest.raises(AnswerError) as exc:
        q.grade("-1 14 -6 -1")
    assert "exactly 5" in exc.value.text("en") and "5个" in exc.value.text("zh")
    for bad in ("a b c d e", "", "1 2 3 4 x"):
        with pytest.raises(AnswerError):
            q.grade(bad)
    one = make("seat", {**EXAMPLE_23, "ask": 1}, HEARTS)
    for bad in ("fourteen", "1000"):
        with pytest.raises(AnswerError):
            one.grade(bad)
    assert isinstance(q.answer_input(), Numbers) and isinstance(one.answer_input(), Number)
    assert len(q.answer_input().labels) == 5


@pytest.mark.parametrize(("question", "raw", "field"), [
    ("score", {**EXAMPLE_23, "levels": ["2", "5", "2", "3"]}, "levels"),
    ("score", {**EXAMPLE_23, "levels": ["2", "5", "2", "3", "1"]}, "levels"),
    ("score", {**EXAMPLE_23, "friend": 0}, "friend"),
    ("seat", {**EXAMPLE_23, "friend": 0, "ask": 1}, "friend"),
    ("score", {**EXAMPLE_23, "points": 57}, "points"),
    ("seat", {**EXAMPLE_23, "points": 305, "ask": 1}, "points"),
    ("score", {**EXAMPLE_23, "failed": [0, 0, -1, 0, 0]}, "failed"),
    ("seat", EXAMPLE_23, "ask"),
    ("seat", {**EXAMPLE_23, "ask": 5}, "ask"),
])
def test_content_errors_name_the_field(question: str, raw: dict, field: str) -> None:
    with pytest.raises(QuestionFileError) as exc:
        make(question, raw, HEARTS if question == "seat" else None)
    assert exc.value.field == field


def test_both_languages_render() -> None:
    q = make("seat", {**EXAMPLE_23, "ask": 1, "failed": [0, 1, 0, 0, 0]}, HEARTS)
    for text in (q.prompt(), q.solve().explanation, q.answer_format()):
        assert text.en and text.zh and text.en != text.zh
    assert "seat 1" in q.prompt().en and "1号位" in q.prompt().zh
    p = make("score", EXAMPLE_23)
    assert p.prompt().en.endswith(p.asks().en)
