"""Saving and reading one learner's lesson progress through the store."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.store import Store, User


@dataclass
class Mark:
    """Where a learner is in one lesson: the page to resume at, and whether it is done."""

    step: int = 0
    completed: bool = False
    order: float = 0.0  # when it was last saved (to pick the lesson to resume)


class ProgressKeeper:
    """The learner's progress by lesson id; `save` writes through to the store if there is one."""

    def __init__(self) -> None:
        self.store: Store | None = None
        self.user: User | None = None
        self.marks: dict[str, Mark] = {}

    def attach(self, store: Store, user: User) -> None:
        """Read this user's saved progress (raises StoreError if the store fails)."""
        self.store, self.user = store, user
        saved = store.lessons.progress(user.id, user.id)
        self.marks = {lid: Mark(p.step, p.completed, p.updated_at.timestamp())
                      for lid, p in saved.items()}

    def get(self, lesson_id: str) -> Mark:
        return self.marks.get(lesson_id, Mark())

    def save(self, lesson_id: str, step: int, completed: bool = False) -> bool:
        """Move the lesson's resume point forward (never back); `completed` stays once set.

        Returns whether anything changed; a failing store raises StoreError (kept in memory).
        """
        mark = self.marks.get(lesson_id)
        if mark is not None and step <= mark.step and (mark.completed or not completed):
            return False
        mark = mark or Mark()
        mark.step = max(mark.step, step)
        mark.completed = mark.completed or completed
        mark.order = max((m.order for m in self.marks.values()), default=0.0) + 1
        self.marks[lesson_id] = mark
        if self.store is not None and self.user is not None:
            self.store.lessons.save_step(self.user.id, lesson_id, mark.step, mark.completed)
        return True

    def resume_at(self, lesson_ids: list[str]) -> str | None:
        """The lesson to open: the last one worked on and not finished, else the first
        unfinished one, else None."""
        open_ = [lid for lid in lesson_ids if not self.get(lid).completed]
        started = [lid for lid in open_ if lid in self.marks]
        if started:
            return max(started, key=lambda lid: self.marks[lid].order)
        return open_[0] if open_ else None
