"""The hand state machine: bidding, kitty, friend call, play, scoring, errors and replay."""

import json
import random

import pytest

from tutor.rules import (
    Bid,
    Bury,
    CallFriend,
    Card,
    EventKind,
    Hand,
    IllegalBid,
    IllegalBury,
    IllegalFriendCall,
    IllegalPlay,
    NotYourTurn,
    Pass,
    Phase,
    Play,
    RuleError,
    RuleSet,
    StandingBid,
    Trump,
    WrongPhase,
    bid_error,
    bid_options,
    kitty_trump_suit,
    parse_cards,
)

from .helpers import random_finished_hand

C = parse_cards
S2 = Trump("2", "S")


def play(hand: Hand, seat: int, text: str):
    return hand.apply(Play(seat, tuple(C(text))))


def _level_cards(hand: Hand, seat: int, rank: str = "2") -> dict[str, int]:
    out: dict[str, int] = {}
    for c in hand.cards_of(seat):
        if c.rank == rank:
            out[c.suit] = out.get(c.suit, 0) + 1
    return out


def _seed_where(pred):
    return next(seed for seed in range(2000) if pred(Hand(seed)))


# ------------------------------------------------------------------------------ deal
def test_deal_gives_31_each_and_7_in_the_kitty():
    h = Hand(1)
    assert [len(h.cards_of(s)) for s in range(5)] == [31] * 5
    assert len(h.kitty) == 7
    every = sorted(c for s in range(5) for c in h.cards_of(s)) + h.kitty
    assert sorted(every) == sorted(Card(k) for k in range(54) for _ in range(3))


def test_rule_set_sizes():
    assert (RuleSet().hand_size, RuleSet().kitty) == (31, 7)
    two_deck = RuleSet(decks=2, players=4)
    assert (two_deck.hand_size, two_deck.kitty, two_deck.step) == (25, 8, 40)
    with pytest.raises(ValueError, match="friend_rule"):
        RuleSet(friend_rule="anyone")


# ------------------------------------------------------------------------------ bidding
def test_first_hand_bidding_sets_declarer_and_trump():
    seed = _seed_where(lambda h: _level_cards(h, 2))
    h = Hand(seed)
    assert h.turn == 0 and h.phase == Phase.BIDDING
    h.apply(Pass(0))
    h.apply(Pass(1))
    suit, n = max(_level_cards(h, 2).items(), key=lambda kv: kv[1])
    h.apply(Bid(2, tuple(C(f"2{suit}")) * n))
    for seat in (3, 4, 0):
        h.apply(Pass(seat))
    assert h.phase == Phase.BIDDING
    h.apply(Pass(1))
    assert h.phase == Phase.BURYING
    assert h.declarer == 2 and h.trump == Trump("2", suit)
    assert len(h.cards_of(2)) == 38 and h.turn == 2


def test_a_bid_must_show_more_cards_and_only_level_cards():
    seed = _seed_where(lambda h: 2 in _level_cards(h, 0).values()
                       and any(_level_cards(h, 1).values()))
    h = Hand(seed)
    suit = next(s for s, n in _level_cards(h, 0).items() if n == 2)
    with pytest.raises(IllegalBid, match="level rank 2"):
        h.apply(Bid(0, (h.cards_of(0)[0],) if h.cards_of(0)[0].rank != "2" else tuple(C("BJ"))))
    h.apply(Bid(0, tuple(C(f"2{suit} 2{suit}"))))
    other = next(iter(_level_cards(h, 1)))
    with pytest.raises(IllegalBid, match="more cards than the standing bid of 2"):
        h.apply(Bid(1, tuple(C(f"2{other}"))))
    assert h.turn == 1  # state unchanged after the refusal


def test_the_standing_bidder_may_only_strengthen_their_own_suit():
    hand = C("2H 2S 2S 2S 5C")
    standing = StandingBid(seat=0, suit="H", count=1)
    err = bid_error(hand, C("2S 2S"), "2", 0, standing, 3)
    assert isinstance(err, IllegalBid) and "strengthen your own suit H" in str(err)
    assert bid_error(C("2H 2H 2S"), C("2H 2H"), "2", 0, standing, 3) is None
    # another player may overbid in any suit
    assert bid_error(hand, C("2S 2S"), "2", 1, standing, 3) is None
    assert "1 to 3" in str(bid_error(hand, C("2S 2S 2S 2S"), "2", 1, None, 3))


def test_bid_options_list_only_stronger_bids():
    hand = C("2H 2S 2S 2S 5C")
    opts = bid_options(hand, "2", 1, StandingBid(0, "H", 1), 3)
    assert [tuple(map(str, o)) for o in opts] == [("2S", "2S"), ("2S", "2S", "2S")]


def test_no_bid_in_the_first_hand_redeals():
    h = Hand(5)
    before = h.cards_of(0)
    events = []
    for seat in range(5):
        events += h.apply(Pass(seat))
    assert any(e.type == EventKind.REDEAL for e in events)
    assert h.phase == Phase.BIDDING and h.turn == 0
    assert h.cards_of(0) != before
    assert Hand.replay(5, h.actions).cards_of(0) == h.cards_of(0)


def test_no_bid_in_a_later_hand_turns_up_the_kitty():
    h = Hand(8, levels=[4, 2, 2, 3, 2], declarer=3)
    assert h.turn == 3 and h.level == "3"
    for seat in (3, 4, 0, 1, 2):
        h.apply(Pass(seat))
    assert h.phase == Phase.BURYING and h.declarer == 3
    shown = next(e for e in h.events if e.type == EventKind.KITTY_TURNED)
    assert h.trump.suit == kitty_trump_suit(shown.cards, "3")
    assert h.observation(0).kitty_shown == shown.cards


def test_kitty_turn_up_rule():
    assert kitty_trump_suit(C("SJ 5C 3H 9D"), "3") == "H"
    assert kitty_trump_suit(C("BJ SJ 5C 9D"), "3") == "C"


# ------------------------------------------------------------------------ bury and call
def _to_burying(seed: int = 3) -> Hand:
    h = Hand(seed, levels=[2] * 5, declarer=1)
    for seat in (1, 2, 3, 4, 0):
        h.apply(Pass(seat))
    return h


def test_bury_needs_exactly_seven_held_cards():
    h = _to_burying()
    cards = h.cards_of(1)
    with pytest.raises(IllegalBury, match="exactly 7"):
        h.apply(Bury(1, tuple(cards[:6])))
    missing = next(Card(k) for k in range(54) if cards.count(Card(k)) == 0)
    with pytest.raises(IllegalBury, match="You do not hold"):  # a bury error, as a bury
        h.apply(Bury(1, (*cards[:6], missing)))
    assert len(h.cards_of(1)) == 38 and h.phase == Phase.BURYING
    points = sorted(cards, key=lambda c: -c.points)[:7]  # burying points is allowed
    h.apply(Bury(1, tuple(points)))
    assert sorted(h.kitty) == sorted(points) and len(h.cards_of(1)) == 31
    assert h.observation(1).buried == tuple(points)
    assert h.observation(2).buried is None and h.observation(2).kitty is None


def test_friend_call_rules():
    h = _to_burying()
    h.apply(Bury(1, tuple(h.cards_of(1)[:7])))
    with pytest.raises(IllegalFriendCall, match="not a joker"):
        h.apply(CallFriend(1, Card("BJ")))
    with pytest.raises(IllegalFriendCall, match="do not name a copy"):
        h.apply(CallFriend(1, Card("AS"), 2))
    h.apply(CallFriend(1, Card("AS")))
    holders = [s for s in (2, 3, 4, 0) if Card("AS") in h.cards_of(s)]
    assert h.friend == (holders[0] if holders else None)
    assert h.phase == Phase.PLAYING and h.turn == 1
    assert all(h.observation(s).friend is None for s in range(5))


def test_actions_out_of_turn_or_phase_are_refused():
    h = Hand(3)
    with pytest.raises(NotYourTurn, match="seat 0's turn"):
        h.apply(Pass(2))
    with pytest.raises(WrongPhase, match="bidding"):
        h.apply(Play(0, (h.cards_of(0)[0],)))
    assert h.actions == []


# ------------------------------------------------------------------------------ play
def _position(hands, **kw):
    return Hand.position(hands, S2, declarer=kw.pop("declarer", 0), **kw)


def test_cards_not_held_are_refused():
    h = _position(["KH KH", "QH QH", "5H 7H", "3C 4C", "5D 6D"])
    play(h, 0, "KH KH")
    with pytest.raises(IllegalPlay, match="You do not hold 5♥"):
        play(h, 1, "QH 5H")
    assert h.turn == 1


def test_illegal_follow_is_refused_with_the_rule_and_state_kept():
    h = _position(["KH KH 3D", "QH QH 5H", "7H 8H 9H", "3C 4C 5C", "5D 6D 7D"])
    play(h, 0, "KH KH")
    before = h.observation(1)
    with pytest.raises(IllegalPlay) as err:
        play(h, 1, "QH 5H")
    assert str(err.value) == "You hold a ♥ pair and must follow the led pair with it."
    assert err.value.text("zh") == "你有♥对子，必须用对子跟首家的对子。"
    after = h.observation(1)
    assert (after.turn, after.hand, after.current, len(after.events)) == (
        before.turn, before.hand, before.current, len(before.events))
    play(h, 1, "QH QH")
    assert h.turn == 2


def test_mixed_lead_is_refused():
    h = _position(["KH 3D", "QH 5H", "7H 8H", "3C 4C", "5D 6D"])
    with pytest.raises(IllegalPlay, match="all one suit"):
        play(h, 0, "KH 3D")


def test_failed_throw_costs_one_jifen_and_plays_the_forced_cards():
    h = _position(["AH AH KH 10H 10H", "KH KH 3C 4C 5C", "3D 4D 5D 6D 7D",
                   "3S 4S 5S 6S 7S", "8C 9C 8D 9D JC"], kitty="6C 7C 8C 9C JD QD KD")
    events = play(h, 0, "AH AH KH 10H 10H")
    failed = next(e for e in events if e.type == EventKind.THROW_FAILED)
    assert failed.info["forced"] == "10H 10H"
    assert failed.info["by"] == [{"seat": 1, "cards": "KH KH"}]
    assert h.observation(3).failed_throws == (1, 0, 0, 0, 0)
    assert sorted(map(str, h.cards_of(0))) == ["AH", "AH", "KH"]


def test_last_trick_kitty_bonus_levels_and_next_declarer():
    # seat 0 declares, calls AS: seat 2 holds it and is the friend. One trick left.
    h = _position(["3H", "4H", "AS", "KH", "5D"], declarer=0, kitty="5S 10D KC 3C 4C 6C 7C",
                  friend_card="AS")
    assert h.friend == 2
    for seat, card in enumerate(["3H", "4H", "AS", "KH", "5D"]):
        play(h, seat, card)
    r = h.result
    assert h.phase == Phase.FINISHED
    # AS is a trump (♠ is trump) and wins; the friend is on the declarer side: no bonus
    assert r.friend == 2 and r.kitty_multiplier is None and r.kitty_bonus == 0
    assert r.trick_points == 0 and r.side == "declarer" and r.levels_up == 3
    assert r.levels_after == (5, 2, 5, 2, 2)
    assert r.next_declarer == 2
    assert any(e.type == EventKind.FRIEND_REVEALED and e.seat == 2 for e in h.events)


def test_defenders_win_the_last_trick_with_a_pair():
    h = _position(["3H 3H", "AH AH", "6H 7H", "8H 9H", "JH QH"], declarer=0,
                  kitty="5S 10D KC 3C 4C 6C 7C", friend_card="JH")
    assert h.friend == 4
    play(h, 0, "3H 3H")
    play(h, 1, "AH AH")
    play(h, 2, "6H 7H")
    play(h, 3, "8H 9H")
    play(h, 4, "JH QH")
    r = h.result
    assert r.kitty_points == 25 and r.kitty_multiplier == 4 and r.kitty_bonus == 100
    assert r.defender_points == 100 and (r.side, r.levels_up) == ("declarer", 1)
    assert r.next_declarer == 4


def test_declarer_alone_when_nobody_else_holds_the_card():
    h = _position(["AS", "3H", "4H", "5H", "6H"], declarer=0, kitty="7C 7C 7C 8C 8C 8C 9C",
                  friend_card="7C")
    play(h, 0, "AS")
    for seat in (1, 2, 3, 4):
        play(h, seat, ["3H", "4H", "5H", "6H"][seat - 1])
    assert h.result.friend is None and h.result.declarer_side == (0,)
    assert h.result.next_declarer == 0


def test_holder_rule_friend_is_the_first_holder_after_the_declarer():
    h = _position(["3H", "AD", "4H", "AD", "5H"], declarer=3, friend_card="AD")
    assert h.friend == 1  # seat 4 and 0 do not hold it; seat 1 does, before seat 3 itself


def test_nth_played_rule():
    rules = RuleSet(friend_rule="nth_played")
    with pytest.raises(IllegalFriendCall, match="which copy"):
        Hand.position(["3H"] * 5, S2, declarer=0, rules=rules, friend_card="KH")
    h = Hand.position(["KH 3D", "KH 4D", "5H 5D", "KH 6D", "9H 7D"], S2, declarer=0,
                      rules=rules, friend_card="KH", friend_nth=2)
    play(h, 0, "KH")
    assert h.friend is None
    play(h, 1, "KH")  # the second KH: seat 1 is the friend
    assert h.friend == 1 and h.observation(4).friend == 1
    for seat, card in ((2, "5H"), (3, "KH"), (4, "9H")):
        play(h, seat, card)
    assert h.friend == 1


def test_nth_played_by_the_declarer_means_alone():
    rules = RuleSet(friend_rule="nth_played")
    h = Hand.position(["KH 3D", "4H 4D", "5H 5D", "6H 6D", "9H 7D"], S2, declarer=0,
                      rules=rules, friend_card="KH", friend_nth=1, kitty="3C 3C 3C 4C 4C 4C 6C")
    for seat, card in enumerate(["KH", "4H", "5H", "6H", "9H"]):
        play(h, seat, card)
    for seat, card in enumerate(["3D", "4D", "5D", "6D", "7D"]):
        play(h, seat, card)
    assert h.result.friend is None


@pytest.mark.parametrize(("rule", "multiplier"), [("first", 6), ("max", 8)])
def test_kitty_rule_option_in_a_hand(rule, multiplier):
    rules = RuleSet(kitty_multiplier=rule)
    throw = "AH AH AH QH QH JH JH"
    hands = ["3H 4H 5H 6H 7H 8H 9H", throw, "3C 4C 5C 6C 7C 8C 9C", "3D 4D 5D 6D 7D 8D 9D",
             "3S 4S 5S 6S 7S 8S 9S"]
    h = Hand.position(hands, S2, declarer=0, leader=1, rules=rules,
                      kitty="5S 10D 3C 3C 4C 4C 6C")
    for seat in (1, 2, 3, 4, 0):
        play(h, seat, hands[seat])
    r = h.result
    # ♠ is trump and seat 4's spades are not a triple + tractor: the defender's throw wins
    assert r.failed_throws == (0,) * 5
    assert r.kitty_multiplier == multiplier and r.kitty_bonus == 15 * multiplier


# ------------------------------------------------------------------------ replay, match


def test_replay_reproduces_a_hand():
    h = random_finished_hand(11)
    again = Hand.replay(11, h.actions)
    assert again.summary() == h.summary()


def test_match_runs_and_passes_the_deal():
    from tutor.rules import Match
    m = Match(seed=4, max_hands=3)
    rng = random.Random(4)
    while not m.finished:
        h = m.new_hand()
        while h.phase != Phase.FINISHED:
            h.apply(h.random_action(rng))
        r = m.record(h)
        assert m.declarer == r.next_declarer
        assert m.levels == list(r.levels_after)
    assert len(m.results) == 3
    assert sum(m.totals) == -sum(sum(r.failed_throws) for r in m.results)
    assert sorted(m.ranking()) == [0, 1, 2, 3, 4]


def test_match_ends_when_a_declarer_wins_at_ace():
    h = Hand.position(["AS", "3H", "4H", "5H", "6H"], Trump("A", "S"), declarer=0,
                      levels=[14, 9, 9, 9, 9], kitty="7C 7C 7C 8C 8C 8C 9C", friend_card="7C")
    for seat, card in enumerate(["AS", "3H", "4H", "5H", "6H"]):
        play(h, seat, card)
    assert h.result.match_won and h.result.levels_after[0] == 14


def test_kitty_multiplier_reads_the_winning_play_in_the_leads_shape():
    # the declarer's pair + single stands (the third A♥ is buried); a defender's trump
    # triple matches it as pair + single, so the multiplier is a pair's 4, not a triple's 6
    hands = ["AH AH KH", "3S 3S 3S", "4C 5C 6C", "7D 8D 9D", "4D 5D 6D"]
    h = Hand.position(hands, S2, declarer=0, kitty="AH 10D 3C 3C 4C 7C 8C")
    for seat in range(5):
        play(h, seat, hands[seat])
    r = h.result
    assert next(t for t in h.tricks).winner == 1
    assert r.kitty_points == 10 and r.kitty_multiplier == 4 and r.kitty_bonus == 40


def test_a_bid_in_a_later_hand_sets_only_the_suit():
    seed = _seed_where(lambda h: _level_cards(h, 1, "5"))
    h = Hand(seed, levels=[2, 2, 2, 5, 2], declarer=3)
    assert h.level == "5" and h.turn == 3
    h.apply(Pass(3))
    h.apply(Pass(4))
    h.apply(Pass(0))
    suit = next(iter(_level_cards(h, 1, "5")))
    h.apply(Bid(1, tuple(C(f"5{suit}"))))
    for seat in (2, 3, 4, 0):
        h.apply(Pass(seat))
    assert h.declarer == 3 and h.trump == Trump("5", suit) and h.turn == 3


def _plays_on_identically(h: Hand, copy: Hand, seed: int) -> None:
    """Random play from here on gives both hands the same choices and the same result."""
    r1, r2 = random.Random(seed), random.Random(seed)
    while h.phase != Phase.FINISHED:
        a = h.random_action(r1)
        assert copy.random_action(r2) == a
        h.apply(a)
        copy.apply(a)
    assert copy.result == h.result


def test_from_observation_rebuilds_what_the_seat_saw_and_plays_on_identically():
    for seed in range(6):
        rng = random.Random(seed)
        h = Hand(seed)
        while h.phase != Phase.PLAYING:
            h.apply(h.random_action(rng))
        for _ in range(rng.randint(0, 90)):
            h.apply(h.random_action(rng))
        seat = h.turn
        obs = h.observation(seat)
        copy = Hand.from_observation(obs, [h.cards_of(s) for s in range(5)], h.kitty)
        again = copy.observation(seat)
        for name in ("bids", "standing_bid", "kitty", "buried", "kitty_shown", "tricks",
                     "current", "captured", "failed_throws", "friend", "hand", "events"):
            assert getattr(again, name) == getattr(obs, name), name
        assert copy.friend == h.friend
        _plays_on_identically(h, copy, 1)


def test_bidding_from_observation_replays_the_bids_and_plays_on_identically():
    """Mid-bidding (a redeal included, for some seeds), the seat's cards and the true hidden
    ones give a hand the seat cannot tell from the real one, and which goes on the same."""
    for seed in range(8):
        rng = random.Random(seed)
        h = Hand(seed)
        for _ in range(rng.randint(0, 7)):
            if h.phase != Phase.BIDDING:
                break
            h.apply(h.random_action(rng))
        if h.phase != Phase.BIDDING:
            continue
        seat = h.turn
        obs = h.observation(seat)
        copy = Hand.bidding_from_observation(obs, [h.cards_of(s) for s in range(5)], h.kitty,
                                             seed)
        again = copy.observation(seat)
        for name in ("bids", "standing_bid", "hand", "hand_sizes", "turn", "declarer"):
            assert getattr(again, name) == getattr(obs, name), name
        r1, r2 = random.Random(2), random.Random(2)
        while h.phase == Phase.BIDDING:  # to the end of the bidding (or a deal again)
            a = h.random_action(r1)
            assert copy.random_action(r2) == a
            if any(e.type == EventKind.REDEAL for e in h.apply(a)):
                break  # dealt from each hand's own seed: not the same cards
            copy.apply(a)
        else:
            assert copy.trump == h.trump and copy.declarer == h.declarer
            assert copy.cards_of(h.declarer) == h.cards_of(h.declarer)  # the kitty taken up


def test_bidding_from_observation_refuses_a_guess_that_cannot_be():
    h = Hand(4)
    seat = h.turn
    obs = h.observation(seat)
    hands = [h.cards_of(s) for s in range(5)]
    with pytest.raises(ValueError, match="own cards"):
        Hand.bidding_from_observation(obs, hands[1:] + hands[:1], h.kitty, 1)
    with pytest.raises(ValueError, match="kitty"):
        Hand.bidding_from_observation(obs, hands, h.kitty[:-1], 1)
    bidder = next((s for s in range(5) if any(c.rank == h.level for c in hands[s])), None)
    level = next(c for c in hands[bidder] if c.rank == h.level)
    while h.turn != bidder:
        h.apply(Pass(h.turn))
    h.apply(Bid(bidder, (level,)))
    obs = h.observation(h.turn)
    # a bid resets the passes: the seat after the bidder, still bidding, is to act (were it the
    # bidder's turn again, everyone else would have passed and nothing be hidden to get wrong)
    assert obs.phase == Phase.BIDDING and h.turn != bidder
    others = [s for s in range(5) if s not in (h.turn, bidder)]
    swap = next(s for s in others if level not in hands[s] and hands[s])
    hands = [list(x) for x in hands]
    while level in hands[bidder]:  # the bidder's shown card handed to another seat
        i, j = hands[bidder].index(level), next(
            k for k, c in enumerate(hands[swap]) if c != level)
        hands[bidder][i], hands[swap][j] = hands[swap][j], hands[bidder][i]
    with pytest.raises(RuleError):
        Hand.bidding_from_observation(obs, hands, h.kitty, 1)
    with pytest.raises(WrongPhase):
        Hand.bidding_from_observation(random_finished_hand(5).observation(0), hands, h.kitty, 1)


def _to_phase(seed: int, phase: Phase) -> Hand:
    """A seeded hand with random bids, stopped when it reaches `phase`."""
    rng = random.Random(seed)
    h = Hand(seed, levels=(2,) * 5, declarer=seed % 5)
    while h.phase != phase:
        h.apply(h.random_action(rng))
    return h


@pytest.mark.parametrize("phase", [Phase.BURYING, Phase.CALLING])
def test_setup_from_observation_is_the_declarers_view_and_plays_on_identically(phase):
    """While burying or calling, the declarer's cards and the true hidden ones give a hand the
    declarer cannot tell from the real one, and which goes on to the same result."""
    for seed in range(4):
        h = _to_phase(seed, phase)
        seat = h.declarer
        obs = h.observation(seat)
        copy = Hand.setup_from_observation(obs, [h.cards_of(s) for s in range(5)])
        assert copy.observation(seat) == obs
        assert copy.phase == phase and copy.turn == seat
        _plays_on_identically(h, copy, seed)


def test_setup_from_observation_validates_the_guess_and_the_next_actions():
    h = _to_phase(6, Phase.BURYING)
    seat = h.declarer
    obs = h.observation(seat)
    hands = [h.cards_of(s) for s in range(5)]
    with pytest.raises(ValueError, match="own cards"):
        Hand.setup_from_observation(obs, hands[1:] + hands[:1])
    short = [list(x) for x in hands]
    short[(seat + 1) % 5].pop()
    with pytest.raises(ValueError, match="cards"):
        Hand.setup_from_observation(obs, short)
    with pytest.raises(ValueError, match="kitty"):
        Hand.setup_from_observation(obs, hands, hands[seat][:7])
    copy = Hand.setup_from_observation(obs, hands)
    with pytest.raises(IllegalBury):
        copy.apply(Bury(seat, tuple(hands[seat][:6])))
    stranger = next(c for c in hands[(seat + 1) % 5] if hands[seat].count(c) == 0)
    with pytest.raises(IllegalBury):
        copy.apply(Bury(seat, (stranger, *hands[seat][:6])))
    assert copy.phase == Phase.BURYING
    h.apply(Bury(seat, tuple(hands[seat][:7])))
    obs = h.observation(seat)
    with pytest.raises(ValueError, match="kitty"):
        Hand.setup_from_observation(obs, [h.cards_of(s) for s in range(5)], h.kitty[:6])
    copy = Hand.setup_from_observation(obs, [h.cards_of(s) for s in range(5)])
    assert copy.kitty == h.kitty
    with pytest.raises(IllegalFriendCall):
        copy.apply(CallFriend(seat, Card(52), None))
    with pytest.raises(WrongPhase):
        Hand.setup_from_observation(random_finished_hand(5).observation(0), hands)


def test_phases_and_event_kinds_keep_their_text():
    """The enums are str-valued: JSON, messages and comparisons see the same words as before."""
    h = Hand(3)
    assert h.phase == "bidding" and json.dumps(h.phase) == '"bidding"'
    assert [str(p) for p in Phase] == ["bidding", "burying", "calling", "playing", "finished"]
    record = h.events[0].to_dict()
    assert record["type"] == "deal" and type(record["type"]) is str
    assert json.loads(json.dumps(record))["type"] == EventKind.DEAL
    with pytest.raises(WrongPhase, match="in the bidding phase"):
        h.apply(Play(0, tuple(h.cards_of(0)[:1])))


@pytest.mark.parametrize("steps", [0, 3, 60, 140])
def test_a_fork_plays_on_as_the_hand_would_and_leaves_it_alone(steps):
    """From any point (bidding included, where a redeal draws cards), a fork gives the same
    choices and result as its hand, and playing the fork changes nothing of the hand."""
    for seed in range(4):
        rng = random.Random(seed)
        h = Hand(seed, declarer=None if seed % 2 else seed)
        for _ in range(steps):
            if h.phase == Phase.FINISHED:
                break
            h.apply(h.random_action(rng))
        before = (h.observation(0), h.actions, h.events, [h.cards_of(s) for s in range(5)])
        fork = h.fork()
        assert fork.actions == [] and fork.events == []
        other = random.Random(99)
        while fork.phase != Phase.FINISHED:
            fork.apply(fork.random_action(other))
        assert (h.observation(0), h.actions, h.events,
                [h.cards_of(s) for s in range(5)]) == before
        if h.phase != Phase.FINISHED:
            quiet, logged = h.fork(log=False), h.fork()
            _plays_on_identically(h, h.fork(), seed)
            other, again = random.Random(7), random.Random(7)
            while logged.phase != Phase.FINISHED:
                action = logged.random_action(other)
                assert quiet.random_action(again) == action
                assert logged.apply(action) and quiet.apply(action) == []
                assert quiet.friend_revealed == logged.friend_revealed
                assert quiet.trick_count == len(logged.tricks)
            assert quiet.result == logged.result and quiet.events == quiet.actions == []
