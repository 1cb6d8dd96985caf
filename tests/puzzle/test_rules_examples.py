"""puzzles/rules_examples.toml holds RULES.md's worked examples as puzzles; the rules core's
answers must be the results RULES.md states (the expected values below are quoted from it)."""

from __future__ import annotations

import pytest

from tutor.puzzle import grade

EXPECTED = {
    # §3 examples 1-5
    "rules-ex01": "yes", "rules-ex02a": "yes", "rules-ex02b": "yes", "rules-ex02c": "yes",
    "rules-ex03a": "no", "rules-ex03b": "yes",
    "rules-ex04a": "no", "rules-ex04b": "yes", "rules-ex04c": "yes", "rules-ex04d": "yes",
    "rules-ex05a": "yes", "rules-ex05b": "yes",
    # §4 examples 6-7
    "rules-ex06": "AH AH KH KH | AH", "rules-ex07": "5D 5D 5D 6D 6D 6D",
    # §5 examples 8-10: the candidates RULES.md names as required are A (and B for ex. 9)
    "rules-ex08a": "A", "rules-ex08b": "A", "rules-ex09": "A B", "rules-ex10": "A",
    # §5 examples 11-14: winner seats (leader is seat 0)
    "rules-ex11": "3", "rules-ex12": "2", "rules-ex13a": "1", "rules-ex13b": "0",
    "rules-ex14": "0",
    # §6 examples 15-18
    "rules-ex15": "ok", "rules-ex16": "10H 10H", "rules-ex17": "10H 10H", "rules-ex18": "KH",
    # §8 examples 20-23
    "rules-ex20a": "6", "rules-ex20b": "8", "rules-ex21": "100",
    "rules-ex22a": "declarer 3", "rules-ex22b": "declarer 2", "rules-ex22c": "declarer 1",
    "rules-ex22d": "declarer 1", "rules-ex22e": "none", "rules-ex22f": "none",
    "rules-ex22g": "defenders 1", "rules-ex22h": "defenders 2",
    "rules-ex23": "-1 14 -6 -1 -6",
}


@pytest.mark.parametrize("pid", sorted(EXPECTED))
def test_rules_example(by_id, pid):
    result = grade(by_id[pid], EXPECTED[pid])
    assert result.correct, (pid, result.expected)


def test_every_example_is_covered(by_id):
    assert {i for i in by_id if i.startswith("rules-")} == set(EXPECTED)
