"""A mined position's themes come from what its wrong plays do against the best one."""

from __future__ import annotations

from tutor.rules import Hand, Play, Trump, parse_cards
from tutor.strategy.themes import phase, play_themes

TRUMP = Trump("2", "H")


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


def test_a_ten_given_to_the_opponents_trick_is_no_gifts_and_the_last_cards_are_the_endgame():
    hand = Hand.position(["AS 3C", "10S 4S", "5D 6D", "7D 8D", "9D JD"], TRUMP, declarer=0,
                         kitty="KD KC 10D 3D 4D 5C 6C")
    hand.apply(Play(0, cards("AS")))
    obs = hand.observation(1)
    themes = play_themes(obs, cards("4S"), [cards("10S")], kitty_points=30)
    assert themes == ["no-gifts", "endgame"]  # a defender cannot know what the kitty holds


def test_the_kitty_in_the_last_tricks_is_a_theme_only_for_the_declarer_who_buried_it():
    """The same trick seen by the declarer (seat 1) and by a defender (seat 2): only the
    declarer knows the kitty's 30 points."""
    hand = Hand.position(["AS 3C", "10S 4S", "5S 6D", "7D 8D", "9D JD"], TRUMP, declarer=1,
                         kitty="KD KC 10D 3D 4D 5C 6C", leader=0)
    hand.apply(Play(0, cards("AS")))
    declarer = hand.observation(1)
    assert "kitty-end" in play_themes(declarer, cards("4S"), [cards("10S")], kitty_points=30)
    assert "kitty-end" not in play_themes(declarer, cards("4S"), [cards("10S")], kitty_points=5)
    hand.apply(Play(1, cards("4S")))
    defender = hand.observation(2)
    assert "kitty-end" not in play_themes(defender, cards("5S"), [cards("6D")], kitty_points=30)


def test_feeding_points_is_a_theme_only_into_a_known_partners_trick():
    """A ten put on an opponent's ace, or one that wins the trick itself, is no feed; a ten
    put on the revealed friend's ace by the declarer is."""
    hand = Hand.position(["3S 10C 4C", "AS AC 6C", "4S 10S 8C", "6S 7C 9C", "7S 3C JC"], TRUMP,
                         declarer=0, friend_card="AS")
    hand.apply(Play(0, cards("3S")))
    hand.apply(Play(1, cards("AS")))  # the friend shows: seats 0 and 1 against the rest
    own = hand.observation(2)
    assert "feed-points" not in play_themes(own, cards("10S"), [cards("4S")], kitty_points=0)
    for seat, text in ((2, "4S"), (3, "6S"), (4, "7S"), (1, "AC"), (2, "8C"), (3, "7C"),
                       (4, "3C")):
        hand.apply(Play(seat, cards(text)))
    fed = hand.observation(0)  # the declarer, last to play to its friend's ace
    assert "feed-points" in play_themes(fed, cards("10C"), [cards("4C")], kitty_points=0)
    lone = Hand.position(["3S 4C", "4S 10S", "6S 7S", "8S 9S", "5C 6C"], TRUMP, declarer=0)
    lone.apply(Play(0, cards("3S")))  # seat 1 takes the trick with either card
    assert "feed-points" not in play_themes(lone.observation(1), cards("10S"), [cards("4S")],
                                            kitty_points=0)


def test_a_lead_of_several_units_is_a_throw_and_all_trumps_is_leading_trumps():
    hand = Hand.position(["AS AS KS 2H 3H 4H", *["5D 6D 7D 8D 9D 10D"] * 4], TRUMP,
                         declarer=0)
    obs = hand.observation(0)
    themes = play_themes(obs, cards("AS AS KS"), [cards("KS")], kitty_points=0)
    assert "lead" in themes and "safe-throw" in themes and "lead-trumps" not in themes
    themes = play_themes(obs, cards("2H"), [cards("KS")], kitty_points=0)
    assert "lead-trumps" in themes and "safe-throw" not in themes
    # a choice among trumps only is not a question of whether to lead trumps
    assert "lead-trumps" not in play_themes(obs, cards("2H"), [cards("3H")], kitty_points=0)
    assert phase(obs) == "opening"


def test_a_king_that_is_top_because_every_ace_was_seen_is_counting():
    hand = Hand.position(["AS KS", "AS 5S", "AS 6S", "7S 8S", "9S 3S"], TRUMP, declarer=0)
    for seat, card in enumerate(("AS", "AS", "AS", "7S", "9S")):
        hand.apply(Play(seat, cards(card)))
    obs = hand.observation(0)  # the first ace won: seat 0 leads again
    assert "counting" in play_themes(obs, cards("KS"), [], kitty_points=0)
    fresh = Hand.position(["AS KS", "QS 5S", "AS 6S", "7S 8S", "9S 3S"], TRUMP, declarer=0)
    fresh.apply(Play(0, cards("KS")))
    fresh.apply(Play(1, cards("5S")))
    # one ace still out somewhere: a king is not top yet
    assert "counting" not in play_themes(fresh.observation(2), cards("6S"), [], kitty_points=0)
