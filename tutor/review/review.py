"""One decision judged: a card play valued in hindsight and fairly against the best
candidates, its cost, a grade and a reason (bury and call: `setup`; a whole hand: `jobs`).
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from tutor.ai.explain import play_reason
from tutor.ai.heuristic import context_from_memory
from tutor.ai.memory import Memory, build_memory
from tutor.ai.search import candidate_plays, marked_kinds, play_class
from tutor.ai.tactics import Choice, Context, follow_candidates, score_follow, score_lead
from tutor.rules import TRUMP, Card, Hand, Observation, points_of, trick_winner

from .grades import accuracy, counted, grade, milder
from .kinds import mistake_kind
from .values import Outcomes, Value, fair_deals, play_outcomes, true_deal


@dataclass(frozen=True)
class Budget:
    """How much work one decision gets: candidates, fair deals, playouts of the true deal,
    and who plays the cards out: `"quick"` (the judge the shipped bank and lessons were
    proven by, until they are mined again), `rollout.JUDGE` (playouts that play like players,
    teams as known) or `rollout.REFEREE`; the last two also weigh an expert's candidates
    (`expert_plays`)."""

    candidates: int = 4
    fair_deals: int = 48
    hindsight_repeats: int = 12
    policy: str = "quick"

    @property
    def shipped(self) -> bool:
        """Whether this is the judge the shipped bank and lessons were proven by ("quick":
        the tactics' candidates only, no referee, first hands): the newer rules apply to
        the other policies only, until the bank is mined again."""
        return self.policy == "quick"


DEFAULT_BUDGET = Budget()

@dataclass(frozen=True)
class Candidate:
    """One play considered, with its value in each view."""

    cards: tuple[Card, ...]
    hindsight: Value
    fair: Value
    fair_error: float = 0.0  # standard error of its fair gap to the best fairly valued play


@dataclass(frozen=True)
class Judged:
    """One decision of the learner: what was played, what was best, and what it cost."""

    index: int  # position in the hand's action list
    trick: int  # 1-based
    chosen: tuple[Card, ...]
    candidates: tuple[Candidate, ...]
    best_fair: tuple[Card, ...]
    best_hindsight: tuple[Card, ...]
    cost_fair: float
    cost_hindsight: float
    points_fair: float  # card points of side margin the choice cost, fairly valued
    grade: str | None  # the grade both views agree on (the milder), else the fair one
    clear: bool  # both views condemn it: a mistake to learn from
    unlucky: bool  # only hindsight condemns it: not an error
    reason: tuple[str, str] | None  # why the better play is better (en, zh)
    kind: str | None = None  # what sort of mistake (`kinds.KINDS`), when it cost anything
    decision: str = "play"  # "play", "bury" or "call"

    @property
    def expected(self) -> float:
        """The learner's expected 积分 after this decision, as fairly valued."""
        key = sorted(self.chosen)
        return next(c.fair.score for c in self.candidates if sorted(c.cards) == key)


@dataclass
class HandReview:
    """Every judged decision of `seat` in one hand, with counts and accuracy."""

    seat: int
    decisions: list[Judged] = field(default_factory=list)

    def count(self, name: str) -> int:
        """How many decisions earned grade `name`."""
        return sum(1 for d in self.decisions if d.grade == name)

    @property
    def accuracy(self) -> float | None:
        """Mean accuracy (percent) over the decisions that had a choice."""
        if not self.decisions:
            return None
        return sum(accuracy(d.cost_fair) for d in self.decisions) / len(self.decisions)


def hand_start(hand: Hand) -> Hand:
    """A fresh copy of `hand` as it was dealt, to step through its actions again."""
    return Hand(hand.seed, hand.rules, hand.levels, None if hand.first_hand else hand.declarer)


def judge_play(position: Hand, chosen: tuple[Card, ...], index: int,
               budget: Budget = DEFAULT_BUDGET) -> Judged | None:
    """Judge `chosen`, the play of the seat to act in `position` (None: it had no choice)."""
    seat = position.turn
    assert seat is not None
    obs = position.observation(seat)
    return judge(obs, true_deal(position), chosen, index, budget)


def decision_seed(obs: Observation, decision: str = "play") -> int:
    """The seed of one decision's deals and playouts, read from what its seat sees: the
    hint for a decision and the review of it value the same deals the same way."""
    key = (decision, len(obs.bids), len(obs.tricks), len(obs.current),
           sorted(int(c) for c in obs.hand))
    return zlib.crc32(repr(key).encode())


def considered(obs: Observation, budget: Budget) -> tuple[Memory, Context, list[Choice]]:
    """What the seat that sees `obs` knows, and the plays a hint and a review weigh there:
    the tactics' best, one of each class (`candidate_plays`), and the plays an expert would
    not leave out (`expert_plays`)."""
    mem = build_memory(obs)
    ctx = context_from_memory(obs, mem)
    marked = marked_kinds(obs)
    choices = candidate_plays(ctx, budget.candidates, marked)
    if budget.shipped:  # the shipped bank's judge weighs the tactics' plays only
        return mem, ctx, choices
    return mem, ctx, choices + expert_plays(ctx, choices, marked)


def expert_plays(ctx: Context, choices: list[Choice], marked: frozenset[int]) -> list[Choice]:
    """Plays a strong player would weigh that the tactics' best few may lack: a trump lead
    for the declarer's side long in trumps, and the cheapest follow that wins the trick."""
    table = ctx.trump.table
    eff, pos = table.eff, table.pos
    extra: list[Choice] = []
    if not ctx.current:
        trumps = sorted((c for c in ctx.hand if eff[c] == TRUMP), key=lambda c: pos[c])
        led = any(all(eff[c] == TRUMP for c in ch.cards) for ch in choices)
        if ctx.defending < 0.5 and not led and len(trumps) >= max(4, len(ctx.hand) // 3):
            pairs = [c for c in trumps if trumps.count(c) >= 2]
            extra.append(score_lead(ctx, (pairs[0],) * 2 if pairs else (trumps[0],)))
    else:
        plays = [cards for _, cards in ctx.current]
        wins = [p for p in follow_candidates(ctx)
                if trick_winner([*plays, p], ctx.trump) == len(plays)]
        if wins and not any(trick_winner([*plays, ch.cards], ctx.trump) == len(plays)
                            for ch in choices):
            cheapest = min(wins, key=lambda p: (sum(pos[c] for c in p), -points_of(p)))
            extra.append(score_follow(ctx, cheapest))
    classes = {play_class(ch.cards, ctx.hand, ctx.trump, marked) for ch in choices}
    return [ch for ch in extra if play_class(ch.cards, ctx.hand, ctx.trump, marked) not in classes]


def fair_outcomes(obs: Observation, mem: Memory, plays: Sequence[tuple[Card, ...]],
                  budget: Budget) -> Outcomes:
    """`plays` valued on the fair deals of this decision (`decision_seed`)."""
    seed = decision_seed(obs)
    return play_outcomes(obs, mem, plays, fair_deals(obs, mem, budget.fair_deals, seed), 1,
                         seed, budget.policy)


def judge(obs: Observation, truth, chosen: tuple[Card, ...], index: int,
          budget: Budget) -> Judged | None:
    """Judge `chosen` for the seat that sees `obs`; `truth` is the real deal, used by the
    hindsight view only (the fair view reads `obs` alone)."""
    mem, ctx, choices = considered(obs, budget)
    marked = marked_kinds(obs)
    key = play_class(chosen, ctx.hand, ctx.trump, marked)
    classes = [play_class(c.cards, ctx.hand, ctx.trump, marked) for c in choices]
    if key not in classes:
        choices = [*choices, None]  # the learner's own play, valued beside the others
        classes.append(key)
    if len(choices) < 2:
        return None
    at = classes.index(key)
    plays = [tuple(c.cards) if c is not None else () for c in choices]
    plays[at] = tuple(chosen)  # the learner's own cards, in their order, for its class
    fair = fair_outcomes(obs, mem, plays, budget)
    hind = play_outcomes(obs, mem, plays, [truth], budget.hindsight_repeats, decision_seed(obs),
                         budget.policy)
    best_f = _cost(fair, at)[1]
    better = choices[best_f]
    reason = None if best_f == at or better is None else play_reason(obs, better)
    kind = mistake_kind(obs, tuple(chosen), plays[best_f])
    return verdict(index, len(obs.tricks) + 1, plays, at, fair, hind, reason, kind, "play")


def verdict(index: int, trick: int, plays: list[tuple[Card, ...]], at: int, fair: Outcomes,
            hind: Outcomes, reason: tuple[str, str] | None, kind: str, decision: str) -> Judged:
    """The judgement of candidate `at` among `plays`, valued fairly and in hindsight."""
    cost_f, best_f = _cost(fair, at)
    cost_h, best_h = _cost(hind, at)
    g_fair, g_hind = grade(cost_f), grade(cost_h)
    return Judged(
        index=index, trick=trick, chosen=plays[at],
        candidates=tuple(Candidate(p, hind.value(k), fair.value(k), fair.gap(best_f, k)[1])
                         for k, p in enumerate(plays)),
        best_fair=plays[best_f], best_hindsight=plays[best_h], cost_fair=cost_f,
        cost_hindsight=cost_h, points_fair=fair.value(best_f).margin - fair.value(at).margin,
        grade=milder(g_fair, g_hind) if g_hind is not None else g_fair,
        clear=g_fair is not None and g_hind is not None,
        unlucky=g_hind is not None and g_fair is None,
        reason=reason if cost_f else None, kind=kind if cost_f else None, decision=decision)


def ranking(outcomes: Outcomes) -> list[int]:
    """The candidates from best to worst: by mean 积分, the first of equal ones first. The
    one ranking: the review's best and the hint's play both come from here."""
    means = [outcomes.value(k).score for k in range(len(outcomes.scores))]
    return sorted(range(len(means)), key=lambda k: (-means[k], k))


def best_of(outcomes: Outcomes) -> int:
    """The candidate with the highest mean 积分 (the first of equal ones)."""
    return ranking(outcomes)[0]


def _cost(outcomes: Outcomes, chosen: int) -> tuple[float, int]:
    """What `chosen` cost against the best candidate (`grades.counted`), and which that was."""
    best = best_of(outcomes)
    if best == chosen:
        return 0.0, best
    return counted(*outcomes.gap(best, chosen)), best
