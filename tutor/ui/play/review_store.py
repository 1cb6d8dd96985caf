"""Where one saved game's hand reviews are kept: the store, for the game's player, so each
hand is reviewed once and its mistakes count on the Progress and Teacher pages."""

from __future__ import annotations

import logging

from tutor.review import HandReview
from tutor.review.record import review_from_dict, review_to_dict
from tutor.store import Store, StoreError

log = logging.getLogger(__name__)


class ReviewKeeper:
    """Loads and saves the reviews of game `game_id`'s hands (numbered from 0)."""

    def __init__(self, store: Store, user_id: int, game_id: int) -> None:
        self.store, self.user_id, self.game_id = store, user_id, game_id

    def load(self, hand: int) -> HandReview | None:
        """The stored review of `hand`, or None (none yet, the store is down, or it was
        written by another version)."""
        try:
            data = self.store.reviews.get(self.user_id, self.game_id, hand)
            return None if data is None else review_from_dict(data)
        except (StoreError, ValueError) as exc:
            log.warning("a stored review of game %s was not read: %s", self.game_id, exc)
            return None

    def save(self, hand: int, review: HandReview) -> None:
        """Keep `review` and the mistakes it found (a failure is logged: the review is still
        on the page, and a later visit works it out again)."""
        mistakes = [(d.index, d.kind or "other", d.grade, d.clear)
                    for d in review.decisions if d.grade is not None]
        try:
            self.store.reviews.save(self.user_id, self.game_id, hand, review_to_dict(review),
                                    review.accuracy, mistakes)
        except StoreError as exc:
            log.warning("the review of game %s was not saved: %s", self.game_id, exc)
