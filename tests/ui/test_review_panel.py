"""The review panel shows a bid or a pass like any other decision, in both languages."""

from __future__ import annotations

from tutor.ai.bidding import bid_choices
from tutor.review import Budget, HandReview
from tutor.review.bidding import judge_bid
from tutor.review.jobs import HandRecord
from tutor.review.selfplay import heuristic_hand
from tutor.rules import Bid, Pass
from tutor.ui.play.hand_review import HandReviewPanel


def test_a_judged_pass_and_bid_read_as_such():
    hand = heuristic_hand(0)  # seats 0-2 pass with level cards in hand, seat 3 bids
    record = HandRecord.of(hand)
    budget = Budget(fair_deals=6, hindsight_repeats=2)

    def reviewed(seat: int) -> list:
        """`seat`'s bids and passes among the first nine actions, judged as if it had chosen
        otherwise (a bid where it passed, a pass where it bid): the heuristic's own choices
        are the hint's, never judged."""
        found = []
        for i, a in enumerate(hand.actions[:9]):
            if isinstance(a, (Bid, Pass)) and a.seat == seat:
                position = record.position(i)
                other = Pass(seat) if isinstance(a, Bid) else next(
                    (c for c in bid_choices(position.observation(seat)) if isinstance(c, Bid)),
                    None)
                if other is not None:
                    found.append(judge_bid(position, other, i, budget))
        return [j for j in found if j is not None]

    seat0 = reviewed(0)
    panel = HandReviewPanel(hand, 0, 1)
    panel.show(HandReview(0, seat0))
    panel.selected = 0
    assert "You chose: 2" in panel._detail.object
    # one option a decision: seat 0 passed twice with a choice, each its own turn
    labels = list(panel._pick.options)
    assert len(seat0) == 2 and [label.split(":")[0] for label in labels] == [
        "Bidding, turn 1", "Bidding, turn 2"]
    panel.lang = "zh"
    assert "你的选择：2" in panel._detail.object
    bidder = HandReviewPanel(hand, 3, 1)
    bids = reviewed(3)
    bidder.show(HandReview(3, bids))
    bidder.selected = next(k for k, j in enumerate(bids) if not j.chosen)
    assert "You chose: pass." in bidder._detail.object
    bidder.lang = "zh"
    assert "你的选择：不叫。" in bidder._detail.object


def test_a_notebook_review_is_judged_in_a_thread_and_fills_in_as_it_goes(monkeypatch):
    """The loop that awaits it (a notebook kernel's) never runs a judgement itself."""
    import asyncio
    import threading

    import tutor.ui.play.hand_review as hand_review

    hand = heuristic_hand(5)
    panel = HandReviewPanel(hand, 1, 1, Budget(fair_deals=3, hindsight_repeats=1))
    judged_in, counts = set(), []
    real = hand_review.judge_at

    def judge(*args):
        judged_in.add(threading.get_ident())
        return real(*args)

    monkeypatch.setattr(hand_review, "judge_at", judge)
    seen_early = []  # what the page showed at the first decision judged, before the rest

    def on_done(e) -> None:
        counts.append(e.new)
        if panel.review.decisions and not seen_early:
            seen_early.append((panel.finished, len(panel._source.data["trick"]),
                               panel._detail.object))

    panel.param.watch(on_done, "done")
    loop_thread = {}

    async def review() -> None:
        loop_thread["id"] = threading.get_ident()
        await panel.run_threaded()

    # its own thread: a browser test's Playwright may keep a loop running in this one
    runner = threading.Thread(target=lambda: asyncio.run(review()))
    runner.start()
    runner.join(120)
    assert panel.finished and counts == list(range(1, len(panel.indices) + 1))
    assert judged_in and loop_thread["id"] not in judged_in
    assert "accuracy" in panel._status.object
    # the first verdict was on the page (chart point and detail) before the review ended
    finished, points, detail = seen_early[0]
    assert not finished and points >= 1 and "You " in detail


def test_an_unlucky_decision_names_the_play_hindsight_found():
    """"Only hindsight finds a better play" says which play that is, in both languages."""
    from tutor.review import review_hand
    from tutor.rules import format_cards

    hand = heuristic_hand(140)
    review = review_hand(hand, seat=hand.declarer,
                         budget=Budget(fair_deals=3, hindsight_repeats=1))
    unlucky = [d for d in review.decisions if d.unlucky and d.best_hindsight]
    assert unlucky
    panel = HandReviewPanel(hand, hand.declarer, 1)
    panel.show(HandReview(hand.declarer, unlucky[:1]))
    panel.selected = 0
    for lang in ("en", "zh"):
        panel.lang = lang
        named = format_cards(unlucky[0].best_hindsight, lang=lang)
        said = next(p for p in panel._detail.object.replace("&#x27;", "'").split("<p>")
                    if "hindsight" in p or "事后" in p)
        assert named in said, said
