"""The judge's playouts play like players (`rollout.JUDGE`): each blind spot the quick rules
had, shown on a small position where a player would not miss it."""

from __future__ import annotations

import random

from tutor.ai.rollout import JUDGE, REFEREE, Playout
from tutor.review.values import outcomes
from tutor.rules import Hand, Play, Trump, parse_cards, trick_winner

SPADES = Trump("2", "S")
HEARTS = 1  # the effective suit of hearts under SPADES (as the table numbers it)


def _playout(hands: list[str], declarer: int = 0, leader: int | None = None,
             friend_card: str | None = None) -> Playout:
    hand = Hand.position(hands, SPADES, declarer, leader=leader, friend_card=friend_card)
    return Playout(hand, [], [set() for _ in range(5)])


def _after(playout: Playout, *plays: tuple[int, str]) -> Playout:
    for seat, cards in plays:
        playout.apply(Play(seat, tuple(parse_cards(cards))))
    return playout


def test_a_throw_into_a_void_is_trumped_in_the_judges_playouts():
    # the declarer throws A♥ K♥ K♥ (20 points); seat 1, a defender, has no hearts and
    # holds a trump pair and a single: the shape of the throw, so it can take the trick
    playout = _after(_playout(["AH KH KH 3C", "3S 3S 4S 5C", "5H 6H 7H 8C", "5H 6H 8H 9C",
                               "5H 7H 9H 10C"]), (0, "AH KH KH"))
    assert len(playout.hand.current[0][1]) == 3  # the throw stood (nobody could beat it)
    for seed in range(5):
        cards = playout.choose(1, random.Random(seed), JUDGE)
        assert trick_winner([parse_cards("AH KH KH"), cards], SPADES) == 1, cards


def test_the_judges_leader_does_not_throw_into_a_suit_an_opponent_has_shown_void_in():
    hands = ["AH KH KH 3C", "3S 3S 4S 5C", "5H 6H 7H 8C", "5H 6H 8H 9C", "5H 7H 9H 10C"]
    free = _playout(hands)
    assert sorted(free.choose(0, random.Random(0), JUDGE)) == sorted(parse_cards("AH KH KH"))
    shown = _playout(hands)
    shown.voids[1].add(HEARTS)  # seat 1 has shown it has no hearts
    assert len(shown.choose(0, random.Random(0), JUDGE)) < 3


def test_a_partner_that_has_won_the_trick_gets_the_points():
    # seat 0 (declarer) leads a tractor nobody can beat; seat 4 is the revealed friend, last
    # to play, with three pairs of hearts (no tractor): it puts 10♥ 10♥ 5♥ 5♥ (30 points)
    # into the trick, not the first pairs the rules would take (5♥ 5♥ 7♥ 7♥)
    playout = _after(_playout(["AH AH KH KH 3C 4C", "3S 4S 6D 7D 5C 6C", "5D 6D 7C 8C 9C 10C",
                               "5C 6C 8D 9D 9S JC", "10H 10H 7H 7H 5H 5H"], friend_card="5H"),
                     (0, "AH AH KH KH"))
    assert playout.hand.friend == 4
    playout.revealed = True  # the friend has shown
    for seat, cards in ((1, "6D 7D 5C 6C"), (2, "5D 6D 7C 8C"), (3, "5C 6C 8D 9D")):
        _after(playout, (seat, cards))
    for seed in range(8):
        cards = playout.choose(4, random.Random(seed), JUDGE)
        assert sorted(cards) == sorted(parse_cards("10H 10H 5H 5H")), cards


def test_the_friend_is_unknown_to_the_others_until_it_shows():
    # the declarer (seat 0) calls A♣: seat 2 holds it and is the friend, not yet shown
    playout = _playout(["3H 4H 5D", "6H 7H 8D", "AC 9H 9D", "10H JH QD", "KD 4D 5H"],
                       friend_card="AC")
    assert playout.hand.friend == 2 and not playout.hand.friend_revealed
    defender, declarer, friend = (playout.context(s, as_known=True) for s in (3, 0, 2))
    assert defender.ally[0] == 0.0 and 0.0 < defender.ally[2] < 1.0  # maybe my partner
    assert defender.ally[2] == defender.ally[1]  # no different from another defender
    assert all(0.0 < declarer.ally[s] < 0.5 for s in range(1, 5))  # any one of them
    assert friend.ally == [1.0, 0.0, 1.0, 0.0, 0.0]  # the friend knows itself
    playout.revealed = True
    assert playout.context(3, as_known=True).ally[2] == 0.0


def test_the_judges_leader_leads_a_tractor_nobody_can_beat():
    playout = _playout(["AH AH KH KH 3C", "3S 4S 6D 7D 5C", "5D 6D 7C 8C 9C",
                        "5C 6C 8D 9D 9S", "QH QH 10H 10H 3H"])
    cards = playout.choose(0, random.Random(0), JUDGE)
    assert sorted(cards) == sorted(parse_cards("AH AH KH KH"))


def test_the_referee_plays_every_seat_with_the_tactics_and_the_judge_runs_to_the_end():
    playout = _playout(["AH KH KH 3C", "3S 3S 4S 5C", "5H 6H 7H 8C", "5H 6H 8H 9C",
                        "5H 7H 9H 10C"])
    for policy in (JUDGE, REFEREE):
        result = outcomes(0, 1, lambda deal, k: playout.fork(), [_Deal()], 2, 1, policy)
        assert len(result.scores[0]) == 2


class _Deal:
    weight = 1.0


def test_a_throw_of_singles_already_trumped_is_over_trumped_with_one_high_trump():
    # A♥ K♥ thrown, seat 1 (the declarer) trumps with 5♠ 6♠; seat 2 (no hearts) tops it
    # with 3♠ and the big joker: its two lowest trumps would not win
    playout = _after(_playout(["AH KH 3C", "5S 6S 4C", "3S 4S BJ", "5H 6H 9C", "7H 8H 10C"],
                              declarer=1, leader=0), (0, "AH KH"), (1, "5S 6S"))
    cards = playout.choose(2, random.Random(0), JUDGE)
    assert trick_winner([parse_cards("AH KH"), parse_cards("5S 6S"), cards], SPADES) == 2, cards


def test_points_go_into_a_partners_trick_only_when_it_will_hold():
    # the declarer's 7♥ 7♥ 8♥ 8♥ leads, its friend (seat 1, shown) plays next: seat 3 could
    # still beat the tractor with J♥ J♥ Q♥ Q♥, so the friend keeps K♥ K♥ back
    playout = _after(_playout(["7H 7H 8H 8H 3C 4C", "KH KH 10H 10H 4H 4H", "5D 6D 7C 8C 9C 10C",
                               "JH JH QH QH 5C 6C", "5S 6S 8D 9D 9S JC"], friend_card="KH"),
                     (0, "7H 7H 8H 8H"))
    playout.revealed = True
    assert playout.hand.friend == 1
    cards = playout.choose(1, random.Random(0), JUDGE)
    assert sorted(cards) == sorted(parse_cards("10H 10H 4H 4H")), cards


def test_only_the_declarer_knows_what_was_buried():
    hand = Hand.position(["AH KH", "3S 4S", "5H 6H", "7H 8H", "9H 10H"], SPADES, 0,
                         kitty="QH QH JH 3C 4C 5C 6C")
    playout = Playout(hand, [], [set() for _ in range(5)])
    queen = parse_cards("QH")[0]
    assert playout.context(0, as_known=True).pool[queen] == 0  # the declarer buried them
    assert playout.context(2, as_known=True).pool[queen] == 2  # to a defender, still out
