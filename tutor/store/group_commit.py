"""Group commit: writers arriving together share one transaction, so they share its cost.

DuckDB spends about the same time on a one-row and a sixteen-row insert (planning, commit,
fsync), so when many sessions save at once, the first caller writes everything queued so
far and the others wait for their own result. A lone caller writes alone, at once.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

GATHER_SECONDS = 0.002  # far below one write; only spent when callers came in groups before
T = TypeVar("T")
R = TypeVar("R")


@dataclass
class _Slot:
    item: Any
    outcome: Any = None
    done: bool = False


class GroupCommit(Generic[T, R]):
    """Run `write(batch)` for items submitted concurrently; each caller gets its own outcome.

    `write` returns one outcome per item, a result or an exception to raise for that item.
    If `write` itself raises, every caller in the batch gets that error.
    """

    def __init__(self, write: Callable[[Sequence[T]], Sequence[R | Exception]]) -> None:
        self._write = write
        self._changed = threading.Condition()
        self._queue: list[_Slot] = []
        self._writing = False
        self._last_batch = 1
        self.largest_batch = 0

    def submit(self, item: T) -> R:
        """Write `item` (with whatever else is waiting) and return its result or raise."""
        slot = _Slot(item)
        with self._changed:
            self._queue.append(slot)
            self._changed.notify_all()
            while self._writing and not slot.done:
                self._changed.wait()
            leader = not slot.done
            if leader:
                self._writing = True
                expected = self._last_batch
                if expected > 1:
                    self._changed.wait_for(lambda: len(self._queue) >= expected, GATHER_SECONDS)
                batch, self._queue = self._queue, []
                self._last_batch = len(batch)
                self.largest_batch = max(self.largest_batch, len(batch))
        if leader:
            self._lead(batch)
        if isinstance(slot.outcome, BaseException):
            raise slot.outcome
        return slot.outcome

    def _lead(self, batch: list[_Slot]) -> None:
        try:
            outcomes: Sequence[Any] = self._write([s.item for s in batch])
            if len(outcomes) != len(batch):
                raise AssertionError("a group write must return one outcome per item")
        except BaseException as exc:
            outcomes = [_copy_of(exc) for _ in batch]  # the leader raises the original
            raise
        finally:
            with self._changed:
                for slot, outcome in zip(batch, outcomes, strict=False):
                    slot.outcome, slot.done = outcome, True
                self._writing = False
                self._changed.notify_all()


def _copy_of(exc: BaseException) -> BaseException:
    """A copy of `exc` for another thread to raise, pointing back at the original."""
    duplicate = copy.copy(exc)
    duplicate.__cause__ = exc
    return duplicate
