"""A play's reason is true of its position as the seat can know it: no "cannot win" when a
legal follow wins, no "give the least away" into a known partner's trick, no "nobody can
beat it" when a trump or a higher card still can, and a throw a seat shown void may trump
is not called safe. The positions are built by hand; `claims`' searches are checked
against the rules core's own enumeration of legal follows."""

from __future__ import annotations

from tutor.ai.explain import play_reason, suggest
from tutor.ai.heuristic import heuristic_choice
from tutor.ai.tactics import Choice
from tutor.rules import Hand, Observation, Play, Trump, legal_follows, parse_cards, points_of
from tutor.rules import trick_winner as winner

from .helpers import heuristic_positions

SPADES = Trump("2", "S")
FILLER = "3D 4D 5D 6D 7D 8D 9D 10D 3C 4C"


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


def _played(hand: Hand, plays: list[tuple[int, str]]) -> Hand:
    for seat, text in plays:
        hand.apply(Play(seat, cards(text)))
    return hand


def test_a_follow_is_not_said_to_lose_when_the_small_joker_would_win_it():
    """Seat 1 can win a pointless trump trick with its small joker: ducking with 4♠ may be
    right, but "you cannot win this trick" is not so."""
    hand = _played(Hand.position(["6S 8C 9C", "SJ 4S 7C", "3H 4H 5H", "6H 7H 8H", "9H JH QH"],
                                 SPADES, declarer=0), [(0, "6S")])
    obs = hand.observation(1)
    action, reason, _info = heuristic_choice(obs)
    assert action.cards == cards("4S") and reason == "dump_low"  # the tactics duck
    en, zh = suggest(obs).reasons[0]
    assert "cannot win" not in en and "赢不好" not in zh, en
    assert "winning this trick would cost" in en and "give the least away" in en
    # and when nothing wins, the old words stand
    lost = _played(Hand.position(["SJ 8C 9C", "6S 4S 7C", "3H 4H 5H", "6H 7H 8H", "9H JH QH"],
                                 SPADES, declarer=0), [(0, "SJ")])
    en, _zh = play_reason(lost.observation(1), Choice(cards("4S"), "dump_low", {}))
    assert "cannot win" in en


def _partner_leads_ace() -> Observation:
    """Seat 3's view: the friend (seat 1, A♥) showed in the first trick, so seats 2, 3 and
    4 know each other for defenders; seat 2 won it and leads A♦; seats 0 and 1 play after
    seat 3 and may trump it."""
    hand = Hand.position(["4H 5C 6C", "AH 7C 8C", "3S AD 9C", "6H 10D 3D", "7H 4D JC"],
                         SPADES, declarer=0, friend_card="AH")
    _played(hand, [(0, "4H"), (1, "AH"), (2, "3S"), (3, "6H"), (4, "7H"), (2, "AD")])
    obs = hand.observation(3)
    assert obs.friend == 1 and obs.current_winner == 2
    return obs


def test_no_give_the_least_away_when_the_partner_is_winning_and_points_could_go_in():
    obs = _partner_leads_ace()
    en, zh = play_reason(obs, Choice(cards("3D"), "dump_low", {}))
    assert "give the least away" not in en and "尽量少送分" not in zh, en
    assert "partner's A♦ is winning" in en and "seats 0, 1" in en and "may beat it" in en
    assert "同伴的A♦正大" in zh and "0、1号位" in zh
    en, _zh = play_reason(obs, Choice(cards("10D"), "feed_partner", {"partner_cards": cards("AD")}))
    assert "feed them points" in en


def test_feeding_a_seat_not_known_for_a_partner_says_it_only_may_be_one():
    """No friend called yet: seat 3 cannot know whether seat 2 is on its side."""
    hand = Hand.position(["4H 5C 6C", "5H 7C 8C", "3S AD 9C", "6H 10D 3D", "7H 4D JC"],
                         SPADES, declarer=0)
    _played(hand, [(0, "4H"), (1, "5H"), (2, "3S"), (3, "6H"), (4, "7H"), (2, "AD")])
    en, zh = play_reason(hand.observation(3),
                         Choice(cards("10D"), "feed_partner", {"partner_cards": cards("AD")}))
    assert "your partner's" not in en and "may be your partner" in en, en
    assert "可能是你的同伴" in zh


def test_a_trump_tractor_is_not_top_by_every_higher_card_while_both_jokers_are_out():
    """A♠A♠K♠K♠ with every small joker and trump-suit 2 in hand: no higher tractor can be
    out, but the big jokers (and the other suits' 2s) are not played and not the seat's."""
    hand = Hand.position(["AS AS KS KS SJ SJ SJ 2S 2S 2S", *[FILLER] * 4], SPADES, declarer=1)
    en, zh = play_reason(hand.observation(0), Choice(cards("AS AS KS KS"), "lead_boss", {}))
    assert "every higher card is played or yours" not in en, en
    assert "比它大的都出过了" not in zh
    assert "nobody can beat it" in en  # no higher tractor can be made of the unseen cards


def _void_shown() -> Observation:
    """Seat 0 (a defender) won a heart trick that seat 2 discarded a club to: seat 2 has
    shown it holds no hearts and may still hold trumps."""
    hand = Hand.position(["AH AH KH KH 3D", "3H 4D 5D 6D 7D", "3C 4C 5C 3S 4S",
                          "4H 8D 9D 10D JD", "6H QD KD 5C 6C"], SPADES, declarer=1, leader=0)
    _played(hand, [(0, "AH"), (1, "3H"), (2, "3C"), (3, "4H"), (4, "6H")])
    return hand.observation(0)


def test_a_top_card_a_void_seat_may_trump_is_not_called_unbeatable():
    en, zh = play_reason(_void_shown(), Choice(cards("AH"), "lead_boss", {}))
    assert "nobody can beat it" not in en and "已经是最大的牌" not in zh, en
    assert "seat 2 is out of the suit and may trump it" in en and "2号位" in zh


def test_a_throw_a_void_seat_may_trump_names_the_risk():
    obs = _void_shown()
    action, reason, _info = heuristic_choice(obs)
    assert sorted(action.cards) == sorted(cards("AH KH KH")) and reason == "throw_safe"
    en, zh = suggest(obs).reasons[0]
    assert "the throw is safe" not in en and "甩牌安全" not in zh, en
    assert "seat 2 is out of the suit and may trump it" in en and "可能会毙" in zh


def test_a_trump_throw_nobody_can_match_is_still_safe():
    """Every joker and trump-suit 2 in hand: nothing beats A♠A♠K♠K♠ or a big joker."""
    hand = Hand.position(["BJ BJ BJ SJ SJ SJ 2S 2S 2S AS AS KS KS",
                          *[FILLER + " 5C 6C 7C"] * 4], SPADES, declarer=1)
    en, _zh = play_reason(hand.observation(0), Choice(cards("AS AS KS KS BJ"), "throw_safe", {}))
    assert "the throw is safe" in en


def _wins_by_enumeration(obs: Observation) -> bool:
    plays = [c for _, c in obs.current]
    return any(winner([*plays, play], obs.trump) == len(plays)
               for play in legal_follows(obs.hand, plays[0], obs.trump))


def test_can_win_and_the_most_points_agree_with_every_legal_follow():
    from tutor.ai.claims import can_win, follow_points

    checked = {True: 0, False: 0}
    for _hand, obs in heuristic_positions(range(4), 2, lambda h, o: bool(o.current)):
        if len(obs.hand) > 13:  # keep the enumeration small
            continue
        found = can_win(obs)
        assert found == _wins_by_enumeration(obs), (obs.hand, obs.current)
        checked[found] += 1
        most = max(points_of(p) for p in legal_follows(obs.hand, obs.current[0][1], obs.trump))
        assert follow_points(obs, most=True) == most
    assert checked[True] >= 10 and checked[False] >= 10
