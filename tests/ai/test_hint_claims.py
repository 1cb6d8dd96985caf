"""Hints say only what holds on the position: a bury that claims voids leaves those suits
empty, and friend reasoning counts the hinted seat's own copies of the friend card. The hands
are self-played by the hints themselves; the full Hand checks what each hint claims."""

from __future__ import annotations

import pytest

from tutor.ai import suggest
from tutor.rules import SUITS, CallFriend, Card, Hand, Phase, RuleSet, format_cards

from .helpers import deal


def _check(hand: Hand, seen: dict) -> None:
    seat = hand.turn
    obs = hand.observation(seat)
    hint = suggest(obs)
    assert hand.why_illegal(hint.action) is None
    claims = hint.claims
    if obs.phase == Phase.BURYING:
        seen["bury"] += 1
        left = list(obs.hand)
        for c in hint.action.cards:
            left.remove(c)
        eff = obs.trump.table.eff
        for suit in claims["voids"]:
            assert not any(eff[c] == SUITS.index(suit) for c in left), (suit, left)
        assert ("void" in hint.en[0]) == bool(claims["voids"]), hint.en[0]
        emptied = {SUITS[eff[c]] for c in obs.hand if eff[c] < 4} - {SUITS[eff[c]] for c in left
                                                                       if eff[c] < 4}
        assert set(claims["voids"]) == emptied
        seen["void"] += bool(claims["voids"])
    if "friend_candidates" in claims:
        seen["friend"] += 1
        named = claims["friend_candidates"]
        assert seat not in named, "the hinted seat is told it 'may hold' its own cards"
        mine = obs.hand.count(obs.friend_card)
        out = obs.rules.decks - obs.copies_played - mine
        if seat == obs.declarer:
            out -= (obs.buried or ()).count(obs.friend_card)
        if mine and out == 0 and seat != obs.declarer:
            assert claims["friend_is_me"], hint.en  # holding every copy left: it is you
        if obs.rules.friend_rule == "holder":
            friend = hand.friend  # the full state knows the holder from the call
            if friend == seat:
                assert seat not in named and ("you" in hint.en[-1]), hint.en
                seen["me"] += 1
            elif friend is not None and friend != obs.declarer:
                assert friend in named, (friend, named, hint.en)
                assert not claims["friend_is_me"]


@pytest.mark.parametrize("rule", ["holder", "nth_played"])
def test_hint_claims_hold_over_self_played_hands(rule: str) -> None:
    seen = {"bury": 0, "void": 0, "friend": 0, "me": 0}
    for seed in range(12):
        hand = deal(seed, RuleSet(friend_rule=rule))
        while hand.phase != Phase.FINISHED:
            _check(hand, seen)
            hand.apply(suggest(hand.observation(hand.turn)).action)
    assert seen["bury"] >= 10 and seen["friend"] > 100
    if rule == "holder":
        assert seen["me"] > 0  # the friend itself got hints


def test_holding_every_called_copy_the_hint_says_you_are_the_friend() -> None:
    found = 0
    for seed in range(40):
        hand = deal(seed)
        while hand.phase != Phase.CALLING:
            hand.apply(suggest(hand.observation(hand.turn)).action)
        d = hand.turn
        hands = {s: hand.observation(s).hand for s in range(5)}
        pick = next(((s, Card(k)) for k in range(52) for s in range(5)
                     if s != d and hands[s].count(Card(k)) == 3
                     and not hand.observation(d).trump.is_trump(Card(k))), None)
        if pick is None:
            continue
        holder, card = pick
        hand.apply(CallFriend(d, card, None))
        while hand.phase == Phase.PLAYING and hand.turn != holder:
            hand.apply(suggest(hand.observation(hand.turn)).action)
        hint = suggest(hand.observation(holder))
        assert hint.claims["friend_is_me"] and hint.claims["friend_candidates"] == []
        assert "you are the declarer's friend" in hint.en[-1], hint.en
        assert "may hold" not in hint.en[-1]
        found += 1
        if found == 3:
            break
    assert found == 3


@pytest.mark.parametrize("seed", [64, 88])
def test_a_bury_that_empties_a_suit_names_it(seed: int) -> None:
    hand = deal(seed)
    while hand.phase != Phase.BURYING:
        hand.apply(suggest(hand.observation(hand.turn)).action)
    seen = {"bury": 0, "void": 0, "friend": 0, "me": 0}
    _check(hand, seen)
    assert seen["void"] == 1
    hint = suggest(hand.observation(hand.turn))
    assert "void in" in hint.en[0] and "没有" in hint.zh[0]


@pytest.mark.parametrize("seed", [64, 88, 7])
def test_a_bury_reason_lists_its_cards_as_the_hand_shows_them(seed: int) -> None:
    hand = deal(seed)
    while hand.phase != Phase.BURYING:
        hand.apply(suggest(hand.observation(hand.turn)).action)
    obs = hand.observation(hand.turn)
    hint = suggest(obs)
    shown = obs.trump.sort(list(hint.action.cards))
    for lang, said in (("en", hint.en[0]), ("zh", hint.zh[0])):
        assert format_cards(shown, lang=lang) in said, said
