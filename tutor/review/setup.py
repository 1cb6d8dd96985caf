"""Judging the declarer's bury and friend call: each candidate (the learner's, the
heuristic's) is set up on a deal — the hands after the bury, the call's friend — and the
whole hand played out from the first lead, in hindsight and fairly.

The other of the two decisions is held as the learner made it: a bury is valued with the
learner's own call, a call with the learner's own bury. Calls are judged under the holder
rule only (under `nth_played` the copy number would be a third choice).
"""

from __future__ import annotations

import zlib
from dataclasses import replace

from tutor.ai.explain import setup_reason
from tutor.ai.memory import build_memory
from tutor.ai.preplay import bury_options, call_options, choose_call, lonely_call
from tutor.ai.rollout import Playout
from tutor.ai.sampler import Sample
from tutor.rules import Bury, CallFriend, Card, Hand, Observation

from .review import DEFAULT_BUDGET, Budget, Judged, verdict
from .values import fair_deals, outcomes


def _start(obs: Observation, bury: tuple[Card, ...], call: CallFriend, deal: Sample
           ) -> Playout | None:
    """The deal set up for play: the declarer's hand less `bury`, the kitty `bury`, the
    friend as `call` makes it (None if those cards are not in the declarer's hand)."""
    seat = obs.seat
    hands = [list(h) for h in deal.hands]
    if obs.buried:  # calling: the bury has left the declarer's hand already; put it back
        hands[seat] += obs.buried  # to be taken out as every candidate's setup says
    for card in bury:
        if card not in hands[seat]:
            return None
        hands[seat].remove(card)
    assert obs.trump is not None and obs.declarer is not None
    hand = Hand.position(hands, obs.trump, obs.declarer, kitty=list(bury), leader=obs.declarer,
                         levels=obs.levels, rules=obs.rules, friend_card=call.card,
                         friend_nth=call.nth)
    return Playout(hand, [], [set() for _ in range(obs.rules.players)])


def _truth(position: Hand) -> Sample:
    """Every seat's real cards at this moment (the declarer's include the kitty it holds)."""
    return Sample([list(position.cards_of(s)) for s in range(position.rules.players)], [],
                  1.0, None)


def judge_bury(position: Hand, bury: Bury, call: CallFriend, index: int,
               budget: Budget = DEFAULT_BUDGET) -> Judged | None:
    """Judge the learner's `bury` against the heuristic's, with the learner's `call` after
    either; when the two are the same, among the other buries a player would weigh
    (`judge_options`), so the review lists every decision (None only when there is no
    other)."""
    obs = position.observation(bury.seat)
    heuristic, reason = setup_reason(obs)
    assert isinstance(heuristic, Bury)
    mine = tuple(bury.cards)
    if sorted(heuristic.cards) == sorted(mine):
        return _as_the_hints(judge_options(position, index, call, budget))
    plays = [mine, tuple(heuristic.cards)]
    return _judged(obs, position, plays, lambda k: (plays[k], call), index, reason, "bury",
                   budget)


def judge_call(position: Hand, call: CallFriend, index: int,
               budget: Budget = DEFAULT_BUDGET) -> Judged | None:
    """Judge the learner's friend `call` against the heuristic's, with the learner's bury;
    when they are the same, among the calls a player would weigh (`judge_options`). None
    under the `nth_played` rule."""
    obs = position.observation(call.seat)
    if obs.rules.friend_rule != "holder":
        return None
    heuristic, reason = setup_reason(obs)
    assert isinstance(heuristic, CallFriend)
    if heuristic.card == call.card:
        return _as_the_hints(judge_options(position, index, None, budget))
    calls = [call, heuristic]
    buried = tuple(obs.buried or ())
    plays = [(c.card,) for c in calls]
    return _judged(obs, position, plays, lambda k: (buried, calls[k]), index, reason, "call",
                   budget)


def _as_the_hints(judged: Judged | None) -> Judged | None:
    """The hint's own bury or call weighed among the others: the hint's reason is said only
    where it is best (else "Better: X" would be followed by the reason for the other)."""
    if judged is None or sorted(judged.best_fair) == sorted(judged.chosen):
        return judged
    return replace(judged, reason=None)


def judge_options(position: Hand, index: int, call: CallFriend | None,
                  budget: Budget = DEFAULT_BUDGET) -> Judged | None:
    """The declarer's bury (given the `call` that followed it) or, with `call` None, its
    friend call, judged among the choices a player would weigh (`preplay.bury_options`,
    `call_options`), the heuristic's first: what a mined bury or call puzzle asks, whatever
    the seat that played the hand chose. A call is asked against a card nobody else holds
    when there is one (`preplay.lonely_call`): among a player's own calls the judge and the
    referee find none clearly best, so that is the call a learner can be taught. None when
    there is only one choice."""
    seat = position.turn
    assert seat is not None
    obs = position.observation(seat)
    reason = setup_reason(obs)[1]
    if call is not None:
        plays = bury_options(obs)
        setup = lambda k: (plays[k], call)  # noqa: E731
        decision = "bury"
    else:
        if obs.rules.friend_rule != "holder":
            return None
        lonely = lonely_call(obs)  # a call that leaves the declarer alone, when there is one:
        cards = call_options(obs) if lonely is None else [choose_call(obs)[0].card, lonely]
        calls = [CallFriend(seat, card) for card in cards]
        plays = [(c.card,) for c in calls]
        buried = tuple(obs.buried or ())
        setup = lambda k: (buried, calls[k])  # noqa: E731
        decision = "call"
    if len(plays) < 2:
        return None
    return _judged(obs, position, plays, setup, index, reason, decision, budget)


def _judged(obs: Observation, position: Hand, plays: list[tuple[Card, ...]], setup,
            index: int, reason: tuple[str, str], decision: str, budget: Budget) -> Judged:
    """Candidate 0 (the learner's) judged against the others, set up by `setup(k)`."""
    seed = zlib.crc32(repr((decision, index, sorted(int(c) for c in obs.hand))).encode())

    def start(deal: Sample, k: int) -> Playout | None:
        bury, call = setup(k)
        return _start(obs, bury, call, deal)

    mem = build_memory(obs)
    fair = outcomes(obs.seat, len(plays), start, fair_deals(obs, mem, budget.fair_deals, seed),
                    1, seed, budget.policy)
    hind = outcomes(obs.seat, len(plays), start, [_truth(position)], budget.hindsight_repeats,
                    seed, budget.policy)
    return verdict(index, 0, plays, 0, fair, hind, reason, decision, decision)
