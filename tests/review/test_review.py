"""The review judges real decisions: a planted gift to the opponents is a blunder, the
heuristic's own play is rarely condemned, and the fair view reads nothing but the learner's
observation."""

from __future__ import annotations

import random

import pytest

from tutor.ai.memory import build_memory
from tutor.ai.sampler import Sampler
from tutor.review import THRESHOLDS, accuracy, grade, judge_play, review_hand
from tutor.review.grades import milder
from tutor.review.jobs import decisions
from tutor.review.review import Budget, hand_start, judge
from tutor.review.selfplay import heuristic_hand, planted_blunder
from tutor.review.setup import judge_bury, judge_call
from tutor.review.values import true_deal
from tutor.rules import Bury, CallFriend, Card, Hand, Phase, Play


def _position(hand: Hand, index: int) -> Hand:
    """`hand` as it stood before its action `index`."""
    replay = hand_start(hand)
    for action in hand.actions[:index]:
        replay.apply(action)
    return replay


def test_grades_follow_the_stated_thresholds():
    assert grade(0.0) is None and grade(THRESHOLDS["inaccuracy"] - 0.01) is None
    assert grade(THRESHOLDS["inaccuracy"]) == "inaccuracy"
    assert grade(THRESHOLDS["mistake"]) == "mistake"
    assert grade(THRESHOLDS["blunder"] + 1) == "blunder"
    assert milder("blunder", "inaccuracy") == "inaccuracy" and milder("mistake", None) is None
    assert accuracy(0) == 100 and 60 < accuracy(0.10) < 70 and accuracy(0.4) < accuracy(0.2)


def test_a_planted_gift_to_the_opponents_is_a_blunder():
    cases = []
    for seed in range(200, 300):
        found = planted_blunder(seed)
        if found is not None:
            cases.append(found)
        if len(cases) == 8:
            break
    judged = []
    for hand, index in cases:
        action = hand.actions[index]
        judged.append(judge_play(_position(hand, index), action.cards, index))
    blunders = [j for j in judged if j.grade == "blunder"]
    assert len(blunders) >= 6, [(j.grade, round(j.cost_fair, 2)) for j in judged]
    for j in blunders:  # the better play kept the points, and the reason says why
        assert j.best_fair != j.chosen and j.points_fair > 0 and j.reason is not None
        assert j.kind == "points_given"


def test_the_heuristics_own_play_is_rarely_a_clear_mistake():
    decisions = []
    for seed in (100, 101):
        review = review_hand(heuristic_hand(seed), seat=0, budget=Budget(fair_deals=32))
        decisions += review.decisions
    clear = [d for d in decisions if d.clear]
    assert decisions and len(clear) <= 0.1 * len(decisions)


def test_the_fair_view_reads_only_the_observation():
    """Two deals the learner cannot tell apart get the same fair judgement; hindsight, which
    sees the cards, may differ."""
    hand = heuristic_hand(120)
    index = next(i for i, a in enumerate(hand.actions)
                 if a.seat == 0 and isinstance(a, Play) and i > 60)
    before = _position(hand, index)
    obs = before.observation(0)
    other = Sampler(obs, build_memory(obs)).draw(random.Random(5))
    assert other.hands != true_deal(before).hands  # really another deal
    chosen = hand.actions[index].cards
    budget = Budget(fair_deals=12, hindsight_repeats=4)
    real = judge(obs, true_deal(before), chosen, index, budget)
    imagined = judge(obs, other, chosen, index, budget)
    assert real is not None and imagined is not None
    assert [c.fair for c in real.candidates] == [c.fair for c in imagined.candidates]
    assert [c.hindsight for c in real.candidates] != [c.hindsight for c in imagined.candidates]


def _twin_before_setup(position: Hand, seat: int) -> Hand:
    """`position` (burying or calling) with the hands of two other seats that showed no
    cards in a bid traded whole: a deal the declarer at `seat` cannot tell from the real one."""
    obs = position.observation(seat)
    shown = {s for s, _ in obs.bids}
    a, b = [s for s in range(5) if s != seat and s not in shown][:2]
    hands = [position.cards_of(s) for s in range(5)]
    hands[a], hands[b] = hands[b], hands[a]
    twin = Hand.setup_from_observation(obs, hands)
    assert twin.observation(seat) == obs
    assert twin.cards_of(a) != position.cards_of(a)  # really another deal
    return twin


@pytest.mark.parametrize("decision", ["bury", "call"])
def test_the_fair_view_of_the_bury_and_the_call_reads_only_the_observation(decision):
    """As for a card play: two deals the declarer cannot tell apart get the same fair
    judgement of its bury and of its friend call; hindsight, which sees the cards, differs."""
    budget = Budget(fair_deals=12, hindsight_repeats=4)
    hindsight_differs = 0
    for seed in (100, 103):
        hand = heuristic_hand(seed)
        index = next(i for i, a in enumerate(hand.actions) if isinstance(a, Bury))
        bury, call = hand.actions[index], hand.actions[index + 1]
        if decision == "bury":
            before = _position(hand, index)
            rich = tuple(sorted(before.cards_of(bury.seat),
                                key=lambda c: -c.points)[:len(bury.cards)])
            mine = Bury(bury.seat, rich)  # not the heuristic's, so there is a choice

            def judged(position, mine=mine, call=call, index=index):
                return judge_bury(position, mine, call, index, budget)
        else:
            before = _position(hand, index + 1)
            other = next(c for c in ("AH", "AS", "AC") if Card(c) != call.card)
            mine = CallFriend(call.seat, Card(other))

            def judged(position, mine=mine, index=index):
                return judge_call(position, mine, index + 1, budget)
        real, imagined = judged(before), judged(_twin_before_setup(before, bury.seat))
        assert real is not None and imagined is not None
        assert real.decision == imagined.decision == decision
        assert len({c.fair for c in real.candidates}) > 1, "every candidate valued alike"
        assert [c.fair for c in real.candidates] == [c.fair for c in imagined.candidates]
        assert real.cost_fair == imagined.cost_fair
        hindsight_differs += ([c.hindsight for c in real.candidates]
                              != [c.hindsight for c in imagined.candidates])
    assert hindsight_differs  # the twin deals do differ where the cards are seen


def test_a_review_covers_every_play_with_a_choice_and_reports_progress():
    hand = heuristic_hand(130)
    seen = []
    review = review_hand(hand, seat=2, budget=Budget(fair_deals=4, hindsight_repeats=2),
                         progress=lambda done, total: seen.append((done, total)))
    plays = [a for a in hand.actions if a.seat == 2 and isinstance(a, Play)]
    asked = decisions(hand, 2)
    assert seen[-1] == (len(asked), len(asked)) and len(seen) == len(asked) >= len(plays)
    assert 0 < len(review.decisions) <= len(asked)
    assert all(d.chosen == hand.actions[d.index].cards for d in review.decisions
               if d.decision == "play")
    assert hand.phase == Phase.FINISHED
    assert 0 <= review.accuracy <= 100


def test_every_judged_play_has_its_expected_outcome():
    """The chart's point for a decision is the chosen play's value, whatever order its cards
    were listed in."""
    review = review_hand(heuristic_hand(140), seat=1, budget=Budget(fair_deals=3,
                                                                    hindsight_repeats=1))
    for d in review.decisions:
        reordered = type(d)(**{**d.__dict__, "chosen": tuple(reversed(d.chosen))})
        assert reordered.expected == d.expected


def test_a_review_survives_its_json():
    import json

    from tutor.review.record import review_from_dict, review_to_dict

    review = review_hand(heuristic_hand(150), seat=3, budget=Budget(fair_deals=3,
                                                                    hindsight_repeats=1))
    again = review_from_dict(json.loads(json.dumps(review_to_dict(review))))
    assert again.decisions == review.decisions and again.seat == 3
    assert again.accuracy == review.accuracy
    with pytest.raises(ValueError, match="not a stored hand review"):
        review_from_dict({"version": 99})


def test_burying_the_points_is_a_blunder_and_the_heuristics_bury_is_weighed_against_others():
    found = []
    for seed in (100, 101, 103, 104):
        hand = heuristic_hand(seed)
        index = next(i for i, a in enumerate(hand.actions) if isinstance(a, Bury))
        bury, call = hand.actions[index], hand.actions[index + 1]
        assert isinstance(call, CallFriend)
        before = _position(hand, index)
        budget = Budget(fair_deals=24, hindsight_repeats=4)
        own = judge_bury(before, bury, call, index, budget)  # its own bury, among others
        assert sorted(own.chosen) == sorted(bury.cards) and len(own.candidates) >= 2
        assert sorted(own.candidates[0].cards) == sorted(bury.cards)
        rich = tuple(sorted(before.cards_of(bury.seat), key=lambda c: -c.points)[:len(bury.cards)])
        judged = judge_bury(before, Bury(bury.seat, rich), call, index, budget)
        assert judged.decision == "bury" and judged.chosen == rich
        found.append(judged)
    assert sum(j.grade == "blunder" for j in found) >= 3
    assert all(j.reason is not None and j.kind == "bury" for j in found if j.grade)


def test_hindsight_and_fair_agree_where_the_hidden_cards_cannot_matter():
    """Late in a hand, some positions end the same on every deal the learner cannot tell from
    the real one (each candidate's outcome is one number on all of them); there the true
    deal must value each candidate exactly as the fair view does."""
    from tutor.ai.heuristic import context_from_memory
    from tutor.ai.search import candidate_plays, marked_kinds
    from tutor.review.jobs import HandRecord
    from tutor.review.values import fair_deals, play_outcomes

    agreed = 0
    for seed in range(300, 325):
        hand = heuristic_hand(seed)
        record = HandRecord.of(hand)
        for index in range(len(hand.actions) - 12, len(hand.actions)):
            action = hand.actions[index]
            if not isinstance(action, Play):
                continue
            position = record.position(index)
            obs = position.observation(action.seat)
            mem = build_memory(obs)
            plays = [tuple(c.cards) for c in candidate_plays(context_from_memory(obs, mem), 4,
                                                                  marked_kinds(obs))]
            fair = play_outcomes(obs, mem, plays, fair_deals(obs, mem, 12, seed), 1, seed)
            settled = all(len(set(row)) == 1 for row in fair.scores)
            if len(plays) < 2 or not settled or len({row[0] for row in fair.scores}) < 2:
                continue
            hind = play_outcomes(obs, mem, plays, [true_deal(position)], 2, seed)
            for k in range(len(plays)):
                assert hind.value(k).score == pytest.approx(fair.value(k).score)
                assert hind.value(k).margin == pytest.approx(fair.value(k).margin)
            agreed += 1
    assert agreed >= 2


def test_a_play_equivalent_to_a_candidate_is_judged_as_that_candidate():
    """Spending one off-suit level card or another is one play: the review values the
    learner's own card in that candidate's place, never the two side by side."""
    from tutor.ai.heuristic import context_from_memory
    from tutor.ai.search import candidate_plays, marked_kinds, play_class

    budget = Budget(candidates=4, fair_deals=4, hindsight_repeats=2)
    for seed in range(400, 440):
        hand = heuristic_hand(seed)
        for index, action in enumerate(hand.actions):
            if not isinstance(action, Play):
                continue
            position = _position(hand, index)
            obs = position.observation(action.seat)
            ctx = context_from_memory(obs, build_memory(obs))
            marked = marked_kinds(obs)
            choices = candidate_plays(ctx, budget.candidates, marked)
            for choice in choices:
                if len(choice.cards) != 1:
                    continue
                key = play_class(choice.cards, ctx.hand, ctx.trump, marked)
                twin = next((c for c in set(ctx.hand) if c != choice.cards[0]
                             and play_class((c,), ctx.hand, ctx.trump, marked) == key), None)
                if twin is None or position.why_illegal(Play(action.seat, (twin,))):
                    continue
                judged = judge_play(position, (twin,), index, budget)
                assert judged is not None and judged.chosen == (twin,)
                assert len(judged.candidates) == len(choices)
                assert [c.cards for c in judged.candidates].count((twin,)) == 1
                assert not any(c.cards == choice.cards for c in judged.candidates)
                return
    raise AssertionError("no position with two off-suit level cards to choose between")


def test_the_review_lists_every_decision_even_a_bury_and_call_the_hint_would_make():
    """A declarer who buried and called as the hint does sees both in the review, weighed
    against the other buries and calls a player would weigh."""
    hand = heuristic_hand(140)
    declarer = hand.declarer
    review = review_hand(hand, seat=declarer, budget=Budget(fair_deals=3, hindsight_repeats=1))
    kinds = [d.decision for d in review.decisions]
    assert kinds.count("bury") == 1 and kinds.count("call") == 1, kinds


def test_the_hints_own_bury_says_the_hints_reason_only_where_it_is_best():
    """Weighed against the other buries, the hint's bury never gives its reason ("bury your
    least useful cards") where another bury is better: the page would say "Better bury: X"
    and then argue for the learner's."""
    others_better = 0
    for seed in (100, 103, 104, 106):
        hand = heuristic_hand(seed)
        index = next(i for i, a in enumerate(hand.actions) if isinstance(a, Bury))
        bury, call = hand.actions[index], hand.actions[index + 1]
        judged = judge_bury(_position(hand, index), bury, call, index,
                            Budget(fair_deals=8, hindsight_repeats=2))
        if sorted(judged.best_fair) != sorted(judged.chosen):
            others_better += 1
            assert judged.reason is None, seed
    assert others_better
