"""The review panel shows a bid or a pass like any other decision, in both languages."""

from __future__ import annotations

from tutor.review import Budget, HandReview
from tutor.review.jobs import HandRecord, judge_at
from tutor.review.selfplay import heuristic_hand
from tutor.rules import Bid, Pass
from tutor.ui.play.hand_review import HandReviewPanel


def test_a_judged_pass_and_bid_read_as_such():
    hand = heuristic_hand(0)  # seats 0-2 pass with level cards in hand, seat 3 bids
    record = HandRecord.of(hand)
    judged = [judge_at(record, i, Budget(fair_deals=6, hindsight_repeats=2))
              for i, a in enumerate(hand.actions[:9]) if isinstance(a, (Bid, Pass))
              and a.seat in (0, 3)]
    bid_pass = [j for j in judged if j is not None]
    seat0 = [j for j in bid_pass if not j.chosen]
    panel = HandReviewPanel(hand, 0, 1)
    panel.show(HandReview(0, seat0))
    panel.selected = 0
    assert "You chose: pass." in panel._detail.object
    assert next(iter(panel._pick.options)).startswith("Bidding:")
    panel.lang = "zh"
    assert "你的选择：不叫。" in panel._detail.object
    bidder = HandReviewPanel(hand, 3, 1)
    bidder.show(HandReview(3, [j for j in bid_pass if j.chosen]))
    bidder.selected = 0
    assert "You chose: 2♥." in bidder._detail.object
