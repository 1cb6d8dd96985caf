"""Grading every type: right answers (in several spellings), wrong answers, explanations in
both languages, and clear errors for answers that cannot be read."""

from __future__ import annotations

import pytest

from tutor.puzzle import TYPES, AnswerError, grade, load_file, solve
from tutor.puzzle.loader import read_entry
from tutor.question import answer_words, plain


def test_every_shipped_solution_grades_as_correct(bank):
    # solver and grader agree with each other, in both languages; whether they agree with the
    # rules is tested against RULES.md (test_rules_examples.py) and against answers computed
    # without the solver (test_independent.py)
    for p in bank:
        s = solve(p)
        g = grade(p, s.text)
        assert g.correct, p.id
        assert g.expected == s.text
        assert s.explanation.en and s.explanation.zh, p.id
        assert s.explanation.en != s.explanation.zh


def _wrong(p, s):
    """A well-formed answer that differs from the solution, built from the solution itself."""
    t = p.type
    if t == "throw":
        if p.question == "safe":
            return "risky" if s.text == "safe" else "safe"
        return " ".join(str(c) for c in p.position["throw"]) if s.text == "ok" else "ok"
    if t == "kitty":
        return str(s.value + 10)
    if t in ("trick",):
        seats = [(p.position["leader"] + i) % 5 for i in range(len(p.position["plays"]))]
        return str(next(x for x in seats if x != s.value))
    if t == "follow":
        return "none" if s.value else "A"
    if t == "pattern":
        if p.question == "decompose":
            return " ".join(str(c) for c in p.position["cards"])  # one group: not a unit
        return "no" if s.value else "yes"
    if t == "level":
        return "none" if s.text != "none" else "declarer 1"
    if t == "score":
        return " ".join(str(v + 1) for v in s.value)
    if t == "friend":
        return "alone" if s.value is not None else str((p.position["declarer"] + 1) % 5)
    if t == "trump_order":
        if p.question == "order":
            return " ".join(str(c) for c in reversed(s.value))
        return "none" if s.value else " ".join(str(c) for c in p.position["cards"])
    raise AssertionError(t)


@pytest.mark.parametrize("kind", sorted(TYPES))
def test_wrong_answers_are_marked_wrong_and_explained(bank, kind):
    puzzles = [p for p in bank if p.type == kind][:12]
    assert puzzles
    all_equal = 0
    for p in puzzles:
        s = solve(p)
        wrong = _wrong(p, s)
        g = grade(p, wrong)
        if p.type == "trump_order" and p.question == "order" and len(set(s.value)) == 1:
            # identical cards: the reversed order is the same order, and right
            assert g.correct and list(reversed(p.position["cards"])) == list(s.value), p.id
            all_equal += 1
            continue
        assert not g.correct, (p.id, wrong)
        assert s.explanation.en in g.explanation.en and s.explanation.zh in g.explanation.zh
        # the verdict says the answer in words, never its code (`ok`, `1`, `10H`)
        assert f"the answer is {answer_words(p, s.text, 'en')}." in plain(g.text("en"))
        assert answer_words(p, s.text, "zh") in plain(g.text("zh")) and "不对" in g.text("zh")
    assert all_equal < len(puzzles) / 2, "most puzzles must have a wrong answer to test"


def test_throw_explanation_names_the_beating_cards_and_the_cost(by_id):
    p = by_id["rules-ex16"]  # RULES.md example 16: one player holds KH KH
    g = grade(p, "10H 10H")
    assert g.correct
    en, zh = plain(g.text("en")), plain(g.text("zh"))
    assert "Seat 1 holds K♥ K♥, which beats the thrown pair 10♥ 10♥" in en
    assert "10♥ 10♥ is played" in en and "loses 1 积分" in en
    assert "1号位有 K♥ K♥，大过甩出的对子 10♥ 10♥" in zh and "扣1积分" in zh
    assert grade(p, "fails: 10♥ 10♥").correct  # unicode and a "fails:" prefix are fine
    assert not grade(p, "ok").correct
    assert not grade(p, "KH").correct


def test_throw_lowest_beaten_component_explained(by_id):
    g = grade(by_id["rules-ex17"], "10H 10H")  # RULES.md example 17: two components beaten
    assert g.correct and "lowest beaten component" in plain(g.text("en"))


def test_kitty_explanation(by_id):
    p = by_id["rules-ex21"]  # kitty of 25 points lost to a pair: +100 (RULES.md example 21)
    g = grade(p, 100)
    assert g.correct
    assert "25 points × 4 = 100" in plain(g.text("en"))
    assert "25分 × 4 = 100分" in plain(g.text("zh"))
    assert grade(by_id["rules-ex20a"], "×6").correct
    assert "first in the rule's order" in plain(grade(by_id["rules-ex20a"], "6").text("en"))
    assert "largest" in plain(grade(by_id["rules-ex20b"], "8").text("en"))


def test_kitty_declarer_side_wins_gives_zero(bank):
    zero = [p for p in bank if p.type == "kitty" and p.question == "bonus"
            and solve(p).value == 0]
    assert zero
    g = grade(zero[0], "0")
    assert g.correct and "the defenders get 0" in plain(g.text("en"))


def test_follow_explains_each_illegal_candidate(by_id):
    p = by_id["rules-ex10"]
    g = grade(p, "a")
    assert g.correct
    assert "B (9♥ 9♥ J♥ 3♥): not legal" in plain(g.text("en"))
    assert "不合规" in plain(g.text("zh"))
    assert grade(p, "A, B").correct is False
    assert grade(by_id["rules-ex09"], "B A").correct  # order and spacing do not matter
    assert grade(by_id["rules-ex09"], "AB").correct


def test_pattern_answers(by_id):
    assert grade(by_id["rules-ex04b"], "是").correct
    assert grade(by_id["rules-ex04a"], False).correct
    g = grade(by_id["rules-ex06"], "AH / AH AH KH KH")  # any order, `/` also separates
    assert g.correct and "tractor A♥ A♥ K♥ K♥" in plain(g.text("en"))
    assert not grade(by_id["rules-ex06"], "AH AH AH | KH KH").correct  # [3,2] is not the best


def test_decompose_accepts_every_equally_good_split(tmp_path):
    path = tmp_path / "tie.toml"
    path.write_text('[[puzzle]]\nid = "tie"\ntype = "pattern"\nthemes = ["pattern"]\n'
                    'difficulty = 2\nquestion = "decompose"\nlevel = "2"\nsuit = "H"\n'
                    'cards = "AH AH 2C 2C 2D 2D"\n', encoding="utf-8")
    p = load_file(path)[0]
    # 2C and 2D are equal in rank: either may join AH AH in the tractor
    assert grade(p, "AH AH 2C 2C | 2D 2D").correct
    assert grade(p, "AH AH 2D 2D | 2C 2C").correct
    assert not grade(p, "AH AH | 2C 2C | 2D 2D").correct


def test_trump_order_equal_cards_in_any_order():
    p = read_entry({"id": "o", "type": "trump_order", "themes": ["trump_order"],
                    "difficulty": 1, "question": "order", "level": "2", "suit": "H",
                    "cards": "AH 2C BJ 2S 2H"}, "inline")
    assert grade(p, "BJ 2H 2S 2C AH").correct
    assert grade(p, "BJ 2H 2C 2S AH").correct  # 2♠ and 2♣ are equal
    assert not grade(p, "BJ 2S 2H 2C AH").correct
    assert " = " in solve(p).explanation.en


def test_level_score_friend_answers(by_id, bank):
    assert grade(by_id["rules-ex22a"], "庄家 3").correct
    assert grade(by_id["rules-ex22h"], "defenders +2").correct
    assert grade(by_id["rules-ex22e"], "无").correct
    g = grade(by_id["rules-ex23"], [-1, 14, -6, -1, -6])
    assert g.correct and "5×6 − 16 = 14" in plain(g.text("en"))
    friend = [p for p in bank if p.type == "friend" and solve(p).value is None]
    assert friend and grade(friend[0], "一打四").correct
    seat = next(p for p in bank if p.type == "friend" and solve(p).value is not None)
    assert grade(seat, f"seat {solve(seat).value}").correct


MALFORMED = {
    "throw": ["banana", "", "10H XX"],
    "kitty": ["lots", "1.5", "-5"],
    "trick": ["seat 9", "north", "7"],
    "follow": ["Z", "A Q", "1 2"],
    "pattern": ["maybe"],
    "level": ["up", "declarer", "defenders 99"],
    "score": ["1 2 3", "a b c d e"],
    "friend": ["nobody knows", "5"],
    "trump_order": ["BJ", "XX"],
}


@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_malformed_answers_raise_a_clear_bilingual_error(bank, kind):
    p = next(q for q in bank if q.type == kind and q.question != "decompose")
    for answer in MALFORMED[kind]:
        with pytest.raises(AnswerError) as info:
            grade(p, answer)
        en, zh = info.value.text("en"), info.value.text("zh")
        assert p.answer_format().en in en, answer
        assert p.answer_format().zh in zh, answer
    with pytest.raises(AnswerError):
        grade(p, object())


def test_answer_errors_say_what_is_wrong(by_id):
    with pytest.raises(AnswerError, match="'XX' is not a card"):
        grade(by_id["rules-ex16"], "10H XX")
    with pytest.raises(AnswerError, match="exactly the cards"):
        grade(by_id["rules-ex06"], "AH AH | KH")
    with pytest.raises(AnswerError, match="did not play"):
        grade(by_id["rules-ex13a"], "4")  # only seats 0 and 1 played
    with pytest.raises(AnswerError, match="exactly 5 numbers"):
        grade(by_id["rules-ex23"], "1 2 3")
