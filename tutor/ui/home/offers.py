"""What a returning visitor may resume, read from the store: the lesson they were in, an
assignment with puzzles left, a game in progress. Each offer names the page that resumes it
(the page itself picks the same lesson, assignment or game when it opens)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.games import hands_begun, is_playable, is_table_game
from tutor.lesson import Lesson
from tutor.store import Store, User
from tutor.text import Text

from ..learn.progress import ProgressKeeper


@dataclass(frozen=True)
class Offer:
    """One thing to resume: its kind (`lesson`, `assignment`, `game`), the page that opens
    it, and what the offer says about it."""

    kind: str
    page: str
    lesson: Text | None = None  # the lesson's title
    assignment: str = ""  # the assignment's title (typed by a teacher)
    done: int = 0  # puzzles of the assignment solved
    total: int = 0
    hand: int = 0  # the game's hand in progress (1, 2, …)


def offers(store: Store, user: User, lessons: list[Lesson]) -> list[Offer]:
    """What `user` may resume, lesson first; empty on a first visit (StoreError if the store
    fails)."""
    return [o for o in (_lesson(store, user, lessons), _assignment(store, user),
                        _game(store, user)) if o is not None]


def _lesson(store: Store, user: User, lessons: list[Lesson]) -> Offer | None:
    """The lesson the Learn page would open, if any lesson was begun and one is unfinished."""
    keeper = ProgressKeeper()
    keeper.attach(store, user)
    if not keeper.marks:
        return None
    resume = keeper.resume_at([lesson.id for lesson in lessons])
    lesson = next((x for x in lessons if x.id == resume), None)
    return None if lesson is None else Offer("lesson", "learn", lesson=lesson.title)


def _assignment(store: Store, user: User) -> Offer | None:
    """The first assignment with puzzles left (the one the Puzzles page serves first)."""
    solved: dict[int, set[str]] = {}
    for attempt in store.attempts.for_user(user.id, user.id):
        if attempt.correct and attempt.assignment_id is not None:
            solved.setdefault(attempt.assignment_id, set()).add(attempt.puzzle_id)
    for room in store.classes.for_user(user.id):
        for a in store.classes.assignments(user.id, room.id):
            left = [p for p in a.puzzle_ids if p not in solved.get(a.id, set())]
            if left:
                total = len(a.puzzle_ids)
                return Offer("assignment", "puzzles", assignment=a.title,
                             done=total - len(left), total=total)
    return None


def _game(store: Store, user: User) -> Offer | None:
    """The newest game in progress that the Play page can resume."""
    for game in store.games.for_user(user.id, user.id, status="in_progress"):
        if is_playable(game) and not is_table_game(game):
            return Offer("game", "play", hand=hands_begun(game))
    return None
