"""One voice: the hint gives what the review of that decision calls best, so a learner who
takes every hint is never told by the review that a hinted play was a mistake; its reasons
come from the tactics' reading of that same play."""

from __future__ import annotations

from tutor.review import Budget, hint, review_hand
from tutor.review.jobs import HandRecord, decisions, judge_at
from tutor.review.selfplay import heuristic_hand, hinted_hand
from tutor.rules import Bury, CallFriend, Phase, Play

SMALL = Budget(fair_deals=12, hindsight_repeats=2)


def test_taking_every_hint_is_never_graded_a_mistake():
    judged = 0
    for seed in (3, 4):
        hand = hinted_hand(seed, 0, SMALL)
        review = review_hand(hand, 0, SMALL)
        plays = [d for d in review.decisions if d.decision == "play"]
        judged += len(plays)
        assert all(d.cost_fair == 0.0 and d.grade is None for d in review.decisions), [
            (d.decision, d.trick, d.grade) for d in review.decisions if d.grade]
    assert judged >= 20  # plays with a choice were judged, not skipped


def test_the_hint_is_the_reviews_best_where_the_heuristic_was_not():
    """Where the heuristic's own play is not what the review values best, the hint is not
    the heuristic's play but the review's best, and names it with its reason."""
    differ = 0
    hand = heuristic_hand(5)
    record = HandRecord.of(hand)
    for index in decisions(hand, 1):
        action = hand.actions[index]
        judged = judge_at(record, index, SMALL)
        if not isinstance(action, Play) or judged is None or judged.cost_fair == 0.0:
            continue
        position = record.position(index)
        suggestion = hint(position.observation(1), SMALL)
        assert sorted(suggestion.action.cards) == sorted(judged.best_fair)
        assert suggestion.en and suggestion.zh
        differ += 1
    assert differ >= 1


def test_outside_the_card_play_the_hint_is_the_heuristics_which_the_review_judges_against():
    hand = heuristic_hand(6)
    record = HandRecord.of(hand)
    for index in decisions(hand, hand.declarer):
        position = record.position(index)
        if position.phase == Phase.PLAYING:
            continue
        obs = position.observation(hand.declarer)
        action = hand.actions[index]
        assert hint(obs, SMALL).action == action
        judged = judge_at(record, index, SMALL)
        if isinstance(action, (Bury, CallFriend)):  # the heuristic's, weighed against the
            cards = action.cards if isinstance(action, Bury) else (action.card,)  # others
            assert sorted(judged.chosen) == sorted(cards)  # a player would weigh
            assert sorted(judged.candidates[0].cards) == sorted(cards)
        else:
            assert judged is None  # the heuristic's bid: not judged against itself


def test_the_hint_and_the_review_rank_by_one_ranking_on_whole_hands():
    """Every card play of hands that take every hint is the review's fair best, with each
    judge: the hint asks the review's ranking (`review.ranking`), it never ranks itself."""
    from tutor.ai.rollout import JUDGE

    checked = 0
    for budget, seeds in ((SMALL, (3, 4)), (Budget(fair_deals=8, hindsight_repeats=1,
                                                   policy=JUDGE), (7,))):
        for seed in seeds:
            hand = hinted_hand(seed, 0, budget)
            record = HandRecord.of(hand)
            for index in decisions(hand, 0):
                judged = judge_at(record, index, budget)
                if judged is None or judged.decision != "play":
                    continue
                assert sorted(judged.best_fair) == sorted(judged.chosen), (seed, index)
                checked += 1
    assert checked >= 30
