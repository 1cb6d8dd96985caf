"""When a judged decision is a puzzle: one play clearly best, every other clearly worse."""

from __future__ import annotations

from tutor.review.review import Candidate, Judged
from tutor.review.values import Value
from tutor.rules import parse_cards
from tutor.strategy.criterion import clearly_best, leads_by


def judged(fair: list[float], errors: list[float], hindsight_best: int = 0) -> Judged:
    """A decision among len(fair) single-card plays (AS, KS, QS, …) with these fair values
    and gap errors, hindsight finding candidate `hindsight_best` best."""
    cards = [tuple(parse_cards(c)) for c in ("AS", "KS", "QS", "JS", "10S")[:len(fair)]]
    cands = tuple(Candidate(c, Value(1.0 if k == hindsight_best else 0.0, 0.0), Value(v, 0.0), e)
                  for k, (c, v, e) in enumerate(zip(cards, fair, errors, strict=True)))
    return Judged(index=0, trick=1, chosen=cards[0], candidates=cands, best_fair=cards[0],
                  best_hindsight=cards[hindsight_best], cost_fair=0.0, cost_hindsight=0.0,
                  points_fair=0.0, grade=None, clear=False, unlucky=False, reason=None)


def test_the_best_must_beat_every_other_by_a_mistake_and_errors_to_spare_beyond_twice_its_error():
    assert clearly_best(judged([1.0, 0.7, 0.5], [0, 0.05, 0.05])) == 0
    assert clearly_best(judged([1.0, 0.75, 0.5], [0, 0.06, 0.05])) is None  # 0.25 - 0.09
    assert clearly_best(judged([1.0, 0.7], [0, 0.07])) is None  # 0.30 - 1.5 × 0.07 < 0.20
    assert clearly_best(judged([1.0, 0.85, 0.5], [0, 0.01, 0.01])) is None  # one within 0.20
    assert clearly_best(judged([1.0, 0.7, 0.5], [0, 0.16, 0.05])) is None  # 0.30 < 2 × 0.16
    assert clearly_best(judged([0.4, 0.7, 1.0], [0.05, 0.05, 0], hindsight_best=2)) == 2


def test_hindsight_must_agree_and_one_choice_is_no_puzzle():
    assert clearly_best(judged([1.0, 0.2], [0, 0.01], hindsight_best=1)) is None
    assert clearly_best(judged([1.0], [0])) is None


def test_the_cheap_screen_asks_a_lead_beyond_its_error_and_hindsights_agreement():
    assert leads_by(judged([1.0, 0.85], [0, 0.05]))  # a mistake's margin is not its question
    assert not leads_by(judged([1.0, 0.85], [0, 0.11]))  # 0.15 - 0.11 < 0.05
    assert not leads_by(judged([1.0, 0.95], [0, 0]))
    assert not leads_by(judged([1.0, 0.5], [0, 0], hindsight_best=1))
    assert not leads_by(judged([1.0], [0]))
