"""What sort of mistake a play was is told from the cards: trumping where the learner did
not is "trump not played", and no kind's text says "the same kind" of a play in another
suit."""

from __future__ import annotations

from tutor.review.kinds import KINDS, mistake_kind
from tutor.rules import Hand, Play, Trump, parse_cards
from tutor.text import t


def _following(hand: str, lead: str):
    """Seat 1's view when seat 0 has led `lead` (spades trump, level 2)."""
    n = len(hand.split())
    lead_hand = (lead + " " + "8S " * (n - len(lead.split()))).strip()
    pos = Hand.position([lead_hand, hand, "3S " * n, "4S " * n, "6S " * n], Trump("2", "S"),
                        declarer=0)
    pos.apply(Play(0, parse_cards(lead)))
    return pos.observation(1)


def test_a_better_play_that_trumps_is_named_so():
    obs = _following("9S 3C 4C", "AD")  # void in diamonds: a trump or a club
    assert mistake_kind(obs, tuple(parse_cards("3C")), tuple(parse_cards("9S"))) == "trump_missed"
    assert mistake_kind(obs, tuple(parse_cards("9S")), tuple(parse_cards("3C"))) == "trump_spent"


def test_no_kind_of_a_follow_claims_the_same_kind_of_card():
    for kind in KINDS:
        assert "same kind" not in t(f"review.kind_{kind}", "en")
        assert "同类" not in t(f"review.kind_{kind}", "zh")
