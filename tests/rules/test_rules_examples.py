"""Every numbered example of RULES.md, as a test (the examples are the spec)."""

import pytest

from tutor.rules import (
    Trump,
    decompose,
    is_legal_follow,
    is_titanic,
    is_tractor,
    kitty_multiplier,
    legal_follows,
    level_change,
    parse_cards,
    raise_level,
    score_points,
    throw_check,
    trick_winner,
)

C = parse_cards
H2 = Trump("2", "H")
S2 = Trump("2", "S")


# §3 units and adjacency -------------------------------------------------------------------
def test_example_1_level_card_and_small_jokers_form_a_tractor():
    assert is_tractor(C("2H 2H SJ SJ"), H2)


def test_example_2_trump_chain_tractors():
    assert is_tractor(C("2S 2S 2H 2H"), H2)
    assert is_tractor(C("2S 2S AH AH"), H2)
    assert is_tractor(C("SJ SJ BJ BJ"), H2)


def test_example_3_equal_ranks_are_not_adjacent_and_long_chain():
    assert not is_tractor(C("2S 2S 2C 2C"), H2)
    units = decompose(C("2S 2S 2C 2C"), H2)
    assert [u.kind for u in units] == ["pair", "pair"]
    assert is_tractor(C("AH AH 2S 2S 2H 2H"), H2)
    assert decompose(C("AH AH 2S 2S 2H 2H"), H2)[0].length == 3


def test_example_4_level_rank_is_skipped_in_every_suit():
    t = Trump("3", "S")
    assert not is_tractor(C("3S 3S 4S 4S"), t)
    assert is_tractor(C("2S 2S 4S 4S"), t)
    assert is_tractor(C("2D 2D 4D 4D"), t)
    assert is_titanic(C("2S 2S 2S 4S 4S 4S"), t)


def test_example_5_level_a_trump_k_meets_off_suit_a():
    t = Trump("A", "S")
    assert is_tractor(C("KS KS AH AH"), t)
    assert is_tractor(C("KH KH QH QH"), t)


def test_off_suit_level_cards_are_not_a_pair():
    assert [u.kind for u in decompose(C("2S 2C"), H2)] == ["single", "single"]


def test_non_trump_ace_is_not_adjacent_to_anything_above_it():
    # 2♦ is a trump (level card): A♦ A♦ 2♦ 2♦ spans two suits, so it is no tractor
    assert not is_tractor(C("AD AD 2D 2D"), H2)
    assert is_tractor(C("AD AD KD KD QD QD"), H2)


# §4 decomposition ---------------------------------------------------------------------------
def test_example_6_tractor_plus_single_beats_triple_plus_pair():
    units = decompose(C("AH AH AH KH KH"), S2)
    assert [(u.kind, u.length) for u in units] == [("tractor", 2), ("single", 1)]
    assert sorted(map(str, units[0].cards)) == sorted(["AH", "AH", "KH", "KH"])
    assert [str(c) for c in units[1].cards] == ["AH"]


def test_example_7_two_adjacent_triples_are_one_titanic():
    units = decompose(C("5D 5D 5D 6D 6D 6D"), H2)
    assert [(u.kind, u.length) for u in units] == [("titanic", 2)]


# §5 following -------------------------------------------------------------------------------
def test_example_8_pair_must_be_followed_with_a_pair():
    lead = C("KH KH")
    hand = C("QH QH 5H 7H 3C")
    assert is_legal_follow(hand, lead, C("QH QH"), S2)
    assert not is_legal_follow(hand, lead, C("5H 7H"), S2)
    hand = C("QH QH QH 5H 3C")
    assert is_legal_follow(hand, lead, C("QH QH"), S2)
    assert not is_legal_follow(hand, lead, C("QH 5H"), S2)
    assert {tuple(map(str, p)) for p in legal_follows(hand, lead, S2)} == {("QH", "QH")}


def test_example_9_triple_falls_back_to_pair_plus_one():
    lead = C("KH KH KH")
    hand = C("9H 9H 4H 6H 7C")
    follows = {tuple(sorted(map(str, p))) for p in legal_follows(hand, lead, S2)}
    assert follows == {("4H", "9H", "9H"), ("6H", "9H", "9H")}


def test_example_10_tractor_falls_back_to_both_pairs():
    lead = C("5H 5H 6H 6H")
    hand = C("9H 9H JH JH 3H 4C")
    follows = {tuple(sorted(map(str, p))) for p in legal_follows(hand, lead, S2)}
    assert follows == {("9H", "9H", "JH", "JH")}


def test_example_11_trump_level_card_wins():
    plays = [C("KH"), C("AH"), C("2C"), C("2S"), C("3S")]
    assert trick_winner(plays, S2) == 3


def test_example_12_unmatched_trump_pair_does_not_win():
    plays = [C("AH AH"), C("3S 3S"), C("5S 5S"), C("2C 2D")]
    assert trick_winner(plays, S2) == 2


def test_example_13_trump_tractor_must_be_a_tractor():
    lead = C("5H 5H 6H 6H")
    assert trick_winner([lead, C("3S 3S 4S 4S")], S2) == 1
    assert trick_winner([lead, C("3S 3S 6S 6S")], S2) == 0


def test_example_14_equal_off_suit_level_cards_do_not_beat_each_other():
    assert trick_winner([C("2C"), C("2D")], S2) == 0


def test_must_play_all_of_suit_when_short():
    lead = C("KH KH KH")
    hand = C("9H 4C 5C 6D")
    assert is_legal_follow(hand, lead, C("9H 4C 5C"), S2)
    assert not is_legal_follow(hand, lead, C("4C 5C 6D"), S2)


def test_nobody_is_obliged_to_trump():
    lead = C("KH")
    hand = C("3S 4C")
    assert is_legal_follow(hand, lead, C("4C"), S2)
    assert is_legal_follow(hand, lead, C("3S"), S2)


# §6 throws ---------------------------------------------------------------------------------
THROW = C("AH AH KH 10H 10H")


def test_example_15_throw_succeeds():
    others = [C("KH 3C"), C("4D 5D"), C("QH 9H"), C("6S")]
    r = throw_check(THROW, others, S2)
    assert r.ok
    assert sorted(map(str, r.forced)) == sorted(map(str, THROW))
    assert r.penalty == 0


def test_example_16_a_higher_pair_forces_the_tens():
    others = [C("3C"), C("KH KH"), C("4D"), C("5D")]
    r = throw_check(THROW, others, S2)
    assert not r.ok
    assert [str(c) for c in r.forced] == ["10H", "10H"]
    assert r.penalty == 1
    assert r.beats[0].seat == 1


def test_example_17_two_beaten_components_forces_the_lowest():
    others = [C("AH"), C("QH QH"), C("4D"), C("5D")]
    r = throw_check(THROW, others, S2)
    assert not r.ok
    assert {u.kind for u in r.beaten} == {"single", "pair"}
    assert [str(c) for c in r.forced] == ["10H", "10H"]


def test_example_18_third_ace_forces_the_king():
    others = [C("AH"), C("3C"), C("4D"), C("5D")]
    r = throw_check(THROW, others, S2)
    assert not r.ok
    assert [str(c) for c in r.forced] == ["KH"]


def test_throw_ignores_trumping_and_split_holdings():
    # K♥ and K♥ in two different hands do not make a pair; trumps are not considered
    others = [C("KH 3S 3S"), C("KH"), C("BJ BJ"), C("5D")]
    assert throw_check(THROW, others, S2).ok


def test_single_unit_lead_is_not_a_throw():
    assert throw_check(C("10H 10H"), [C("AH AH")], S2).ok


# §8 scoring --------------------------------------------------------------------------------
@pytest.mark.parametrize(("play", "mult"), [
    ("AH", 2), ("AH AH", 4), ("AH AH KH KH", 8), ("AH AH KH KH QH QH", 16), ("AH AH AH", 6),
    ("AH AH AH KH KH KH", 18),
])
def test_example_19_multipliers(play, mult):
    assert kitty_multiplier(C(play), S2) == mult


def test_example_20_first_versus_max():
    play = C("AH AH AH QH QH JH JH")
    assert kitty_multiplier(play, S2) == 6
    assert kitty_multiplier(play, S2, rule="max") == 8


def test_example_21_kitty_bonus():
    kitty = C("5S 10D KC")
    assert sum(c.points for c in kitty) == 25
    assert sum(c.points for c in kitty) * kitty_multiplier(C("7H 7H"), S2) == 100


@pytest.mark.parametrize(("points", "expected"), [
    (0, ("declarer", 3)), (55, ("declarer", 2)), (60, ("declarer", 1)), (115, ("declarer", 1)),
    (120, ("none", 0)), (175, ("none", 0)), (180, ("defenders", 1)), (240, ("defenders", 2)),
    (300, ("defenders", 3)),
])
def test_example_22_level_changes(points, expected):
    assert level_change(points) == expected


def test_level_change_two_deck_table():
    assert level_change(35, decks=2) == ("declarer", 2)
    assert level_change(80, decks=2) == ("none", 0)
    assert level_change(160, decks=2) == ("defenders", 2)


def test_example_23_jifen():
    before = [2, 5, 2, 3, 2]  # A B C D E; A declarer, B friend, P = 60
    side, up = level_change(60)
    assert (side, up) == ("declarer", 1)
    after = [raise_level(lv, up) if seat in (0, 1) else lv for seat, lv in enumerate(before)]
    assert after == [3, 6, 2, 3, 2]
    assert score_points(after, [0] * 5) == [-1, 14, -6, -1, -6]


def test_jifen_subtracts_failed_throws():
    assert score_points([3, 6, 2, 3, 2], [1, 0, 2, 0, 0]) == [-2, 14, -8, -1, -6]


def test_levels_stop_at_ace():
    assert raise_level(13, 3) == 14
    assert raise_level(14, 1) == 14


# no-trump (suit=None): only jokers and level cards are trump -------------------------------
def test_no_trump_engine_support():
    nt = Trump("2", None)
    assert nt.is_trump(C("2S")[0]) and nt.is_trump(C("SJ")[0])
    assert not nt.is_trump(C("AS")[0])
    assert trick_winner([C("2C"), C("2D"), C("2S")], nt) == 0  # level cards are all equal
    assert trick_winner([C("2C"), C("SJ")], nt) == 1
    assert is_tractor(C("2S 2S SJ SJ"), nt) and not is_tractor(C("2S 2S 2H 2H"), nt)


def test_card_notation_round_trips_and_errors():
    from tutor.rules import CardError
    assert [str(c) for c in C("A♠ 10♥ TH 小王 大王 sj")] == ["AS", "10H", "10H", "SJ", "BJ", "SJ"]
    with pytest.raises(CardError, match="'1X' is not a card"):
        C("AS 1X")
