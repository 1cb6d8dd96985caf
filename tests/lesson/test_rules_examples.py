"""Steps built from RULES.md's worked examples grade as RULES.md says (the spec)."""

from __future__ import annotations

from .helpers import one_step

S2 = 'level = "2"\nsuit = "S"\n'


def test_example_6_decomposition(tmp_path):
    step = one_step(tmp_path, S2 + 'type = "decompose"\ncards = "AH AH AH KH KH"\n'
                    'options = ["AH AH AH | KH KH", "AH AH KH KH | AH"]')
    assert step.solve().text == "1"


def test_examples_8_to_10_follows(tmp_path):
    step = one_step(tmp_path, S2 + 'type = "follow"\nlead = "KH KH"\nhand = "QH QH 5H 7H"')
    assert step.grade("QH QH").correct and not step.grade("QH 5H").correct
    step = one_step(tmp_path, S2 + 'type = "follow"\nlead = "KH KH KH"\nhand = "9H 9H 4H 6H"')
    assert step.grade("9H 9H 4H").correct and step.grade("9H 9H 6H").correct
    assert not step.grade("9H 4H 6H").correct
    step = one_step(tmp_path, S2 + 'type = "follow"\nlead = "5H 5H 6H 6H"\n'
                    'hand = "9H 9H JH JH 3H"')
    assert step.grade("9H 9H JH JH").correct and not step.grade("9H 9H JH 3H").correct


def test_examples_11_to_14_tricks(tmp_path):
    cases = [('["KH", "AH", "2C", "2S", "3S"]', "3"),
             ('["AH AH", "3S 3S", "5S 5S", "2C 2D"]', "2"),
             ('["5H 5H 6H 6H", "3S 3S 4S 4S"]', "1"),
             ('["5H 5H 6H 6H", "3S 3S 6S 6S"]', "0"),
             ('["2C", "2D"]', "0")]
    for plays, winner in cases:
        step = one_step(tmp_path, S2 + f'type = "trick"\nplays = {plays}')
        assert step.solve().text == winner, plays


def test_examples_15_to_18_throws(tmp_path):
    cases = [('["KH", "", "", ""]', "ok"), ('["KH KH", "", "", ""]', "10H 10H"),
             ('["AH", "QH QH", "", ""]', "10H 10H"), ('["AH", "", "", ""]', "KH")]
    for others, outcome in cases:
        step = one_step(tmp_path, S2 + f'type = "throw"\nthrow = "AH AH KH 10H 10H"\n'
                        f'others = {others}')
        assert step.solve().text == outcome, others


def test_examples_19_to_21_multiplier_and_bonus(tmp_path):
    for play, value in [("AH", 2), ("AH AH", 4), ("AH AH KH KH", 8), ("AH AH KH KH QH QH", 16),
                        ("AH AH AH", 6), ("AH AH AH KH KH KH", 18)]:
        step = one_step(tmp_path, S2 + f'type = "multiplier"\nplay = "{play}"')
        assert step.solve().value == value, play
    for rule, value in [("first", 6), ("max", 8)]:
        step = one_step(tmp_path, S2 + f'type = "multiplier"\nplay = "AH AH AH QH QH JH JH"\n'
                        f'rule = "{rule}"')
        assert step.solve().value == value
    step = one_step(tmp_path, S2 + 'type = "kitty_bonus"\nkitty = "5S 10D KC"\nplay = "9C 9C"')
    assert step.solve().value == 100


def test_example_22_level_changes(tmp_path):
    for points, result in [(0, "declarer 3"), (55, "declarer 2"), (60, "declarer 1"),
                           (115, "declarer 1"), (120, "none"), (175, "none"),
                           (180, "defenders 1"), (240, "defenders 2")]:
        step = one_step(tmp_path, f'type = "level_change"\npoints = {points}')
        assert step.solve().text == result, points


def test_example_23_score(tmp_path):
    expected = [-1, 14, -6, -1, -6]
    for seat, value in enumerate(expected):
        step = one_step(tmp_path, 'type = "score"\nlevels = ["2", "5", "2", "3", "2"]\n'
                        f'declarer = 0\nfriend = 1\npoints = 60\nask = {seat}')
        assert step.solve().value == value


def test_section_3_tractor_examples(tmp_path):
    cases = [("2", "H", "2H 2H SJ SJ", "yes"), ("2", "H", "2S 2S AH AH", "yes"),
             ("2", "H", "2S 2S 2C 2C", "no"), ("3", "S", "3S 3S 4S 4S", "no"),
             ("3", "S", "2S 2S 4S 4S", "yes"), ("3", "S", "2D 2D 4D 4D", "yes"),
             ("A", "S", "KS KS AH AH", "yes")]
    for level, suit, cards, answer in cases:
        step = one_step(tmp_path, f'type = "is_unit"\nkind = "tractor"\nlevel = "{level}"\n'
                        f'suit = "{suit}"\ncards = "{cards}"')
        assert step.solve().text == answer, cards


def test_a_bid_must_show_more_cards(tmp_path):
    step = one_step(tmp_path, 'type = "bid"\nstanding = "2C"\nhand = "2H 2H 2S"')
    assert step.grade("2H 2H").correct
    verdict = step.grade("2S")
    assert not verdict.correct and "more cards" in verdict.explanation.en
    assert step.solve().text == "2H 2H"
