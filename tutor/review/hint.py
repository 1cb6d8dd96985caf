"""The hint a learner is given, in the review's own voice: a card play is the one the
review's fair view values best among the plays it weighs (the same candidates, deals and
playouts as the review of that decision), so following a hint is never what the review
calls a mistake. Bids, the bury and the call are the heuristic's, which is what the review
judges those against."""

from __future__ import annotations

from tutor.ai.explain import Suggestion, ranked_suggestion, suggest
from tutor.rules import Observation, Phase

from .review import DEFAULT_BUDGET, Budget, considered, fair_outcomes, ranking


def hint(obs: Observation, budget: Budget = DEFAULT_BUDGET) -> Suggestion:
    """The recommended action for the seat that sees `obs`, with its reasons."""
    if obs.phase != Phase.PLAYING:
        return suggest(obs)
    mem, _ctx, choices = considered(obs, budget)
    if len(choices) < 2:
        return suggest(obs)
    fair = fair_outcomes(obs, mem, [tuple(c.cards) for c in choices], budget)
    return ranked_suggestion(obs, [(choices[k], fair.value(k).score) for k in ranking(fair)],
                             budget.fair_deals)
