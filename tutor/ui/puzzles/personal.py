"""Learn from your mistakes: the clear mistakes a learner's stored hand reviews found, as
personal puzzles for the trainer's retry mode (`tutor.review.puzzles` makes each one)."""

from __future__ import annotations

import logging
from collections.abc import Collection

from tutor.games import hands_of_game
from tutor.puzzle import Puzzle, PuzzleFileError
from tutor.puzzle.loader import PERSONAL_TYPES, read_entry
from tutor.review import Judged
from tutor.review.jobs import HandRecord
from tutor.review.puzzles import mistake_entry, puzzle_id, teaches, teaching
from tutor.review.record import review_from_dict
from tutor.rules import Hand
from tutor.store import Store, StoreError

SOURCE = "your reviewed hands"  # where a personal puzzle's errors say it comes from
MOST = 60  # the newest mistakes made into puzzles: a retry list, not an archive
log = logging.getLogger(__name__)


def personal_puzzles(store: Store, user_id: int, known: Collection[str] = ()) -> list[Puzzle]:
    """A puzzle for each of the user's newest clear mistakes (mistakes and blunders in card
    play) but those whose ids are `known`, oldest first. One that no longer rebuilds (a
    damaged game, a review of an older version) is left out and logged; a store that is down
    gives none."""
    try:
        found = [m for m in store.reviews.mistakes(user_id, user_id)
                 if teaching(m.kind, m.grade, m.clear)][-MOST:]
    except StoreError as exc:
        log.warning("personal puzzles of user %s not read: %s", user_id, exc)
        return []
    puzzles: list[Puzzle] = []
    hands: dict[int, list[Hand]] = {}  # by game
    judged: dict[tuple[int, int], dict[int, Judged]] = {}  # by (game, hand), then index
    for m in found:
        pid = puzzle_id(m.game_id, m.hand, m.index)
        if pid in known:
            continue
        try:
            if m.game_id not in hands:
                hands[m.game_id] = hands_of_game(store, user_id, m.game_id)[0]
            if (m.game_id, m.hand) not in judged:
                data = store.reviews.get(user_id, m.game_id, m.hand)
                decisions = [] if data is None else review_from_dict(data).decisions
                judged[m.game_id, m.hand] = {d.index: d for d in decisions}
            decision = judged[m.game_id, m.hand].get(m.index)
            if decision is None or not teaches(decision):
                continue  # a bury or a friend call: not a card to find
            entry = mistake_entry(HandRecord.of(hands[m.game_id][m.hand]), decision, pid)
            puzzles.append(read_entry(entry, SOURCE, types=PERSONAL_TYPES))
        except (StoreError, ValueError, IndexError, PuzzleFileError) as exc:
            hands.setdefault(m.game_id, [])  # a game that does not rebuild is tried once
            judged.setdefault((m.game_id, m.hand), {})
            log.warning("personal puzzle %s left out: %s", pid, exc)
    return puzzles
