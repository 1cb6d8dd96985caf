"""A learner's saved game whose first hand holds a planted blunder, reviewed and kept: what
the personal-puzzle tests (unit and browser) start from."""

from __future__ import annotations

from tutor.games import RECORD_VERSION
from tutor.review import HandReview, Judged
from tutor.review.jobs import HandRecord, judge_at
from tutor.review.selfplay import planted_blunder
from tutor.rules import Hand, RuleSet, action_to_dict
from tutor.store import Store
from tutor.ui.play.persist import GameSaver
from tutor.ui.play.review_store import ReviewKeeper
from tutor.ui.play.session import PlaySession

SEED = 1  # match 1's first hand: a 10 given to the opponents' trick, a clear blunder


def planted() -> tuple[Hand, int, Judged]:
    """The planted hand, the index of its blunder, and the review's judgement of it."""
    found = planted_blunder(SEED)
    assert found is not None
    hand, index = found
    judged = judge_at(HandRecord.of(hand), index)
    assert judged is not None and judged.clear
    return hand, index, judged


def save_reviewed(store: Store, user_id: int, hand: Hand, judged: Judged) -> int:
    """Save `hand` (match SEED's first) as the user's game, with its review (that one decision)
    kept; the game's id."""
    session = PlaySession.from_record({
        "version": RECORD_VERSION, "seed": SEED, "human": 0, "strength": "easy",
        "max_hands": 2, "rules": RuleSet().to_dict(),
        "hands": [[action_to_dict(a) for a in hand.actions]]})
    saver = GameSaver(store, user_id)
    saver.save(session)
    assert saver.game_id is not None
    ReviewKeeper(store, user_id, saver.game_id).save(0, HandReview(seat=0, decisions=[judged]))
    return saver.game_id
