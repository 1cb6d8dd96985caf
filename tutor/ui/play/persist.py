"""Saving a play session in the store as it is played, and finding it again.

Saving has two halves so a page's event loop never waits for the database: `collect` notes
what is new in the session (cheap, on the loop: only actions since the last call), and
`flush` writes what was collected, in order, from any thread. A write that fails keeps its
work queued for the next flush, so nothing collected is lost while the store is down. What a
saved game is, and how it is replayed, is `tutor.games`'.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor.games import NEXT_HAND, OPTION_KEYS, is_playable, is_table_game, record_of
from tutor.rules import action_to_dict
from tutor.store import Store

from .session import PlaySession

OnSave = Callable[[PlaySession], None]


@dataclass(frozen=True)
class SaveHooks:
    """What a page calls after each change to its session: its own saving first (`saver`,
    set when a user is attached), then the callback its constructor was `given`, if any."""

    saver: OnSave
    given: OnSave | None = None

    def __call__(self, session: PlaySession) -> None:
        self.saver(session)
        if self.given is not None:
            self.given(session)


def with_saver(current: OnSave | None, saver: OnSave) -> SaveHooks:
    """The callback a page keeps once it saves through `saver`: `saver`, then the callback the
    page had (`current`: the one its constructor was given). Attaching again replaces the
    saver, never stacks it, and never drops the given callback."""
    given = current.given if isinstance(current, SaveHooks) else current
    return SaveHooks(saver, given)


@dataclass
class _Op:
    """One write: start a game (`options`, `seed`), add `actions`, or `finish` with a result."""

    kind: str
    options: dict[str, Any] | None = None
    seed: int = 0
    actions: tuple[dict[str, Any], ...] = ()
    result: dict[str, Any] | None = None


class GameSaver:
    """Keeps one user's session saved: new actions are appended as they happen."""

    def __init__(self, store: Store, user_id: int) -> None:
        self.store = store
        self.user_id = user_id
        self.game_id: int | None = None
        self._session: PlaySession | None = None
        self._done: PlaySession | None = None  # the match last finished (nothing more to save)
        self._hand = 0  # the hand `collect` reached, and how many of its entries it took
        self._taken = 0
        self._ops: deque[_Op] = deque()
        self._write_lock = threading.Lock()

    def resume(self) -> PlaySession | None:
        """The user's newest in-progress game, rebuilt, or None."""
        for game in self.store.games.for_user(self.user_id, self.user_id, status="in_progress"):
            if not is_playable(game) or is_table_game(game):
                continue
            session = PlaySession.from_record(record_of(game))
            self.game_id, self._session = game.id, session
            self._hand = len(session.history)
            self._taken = (1 if self._hand else 0) + len(session.hand.actions)
            return session
        return None

    @property
    def pending(self) -> int:
        """Writes collected but not yet in the store."""
        return len(self._ops)

    def save(self, session: PlaySession) -> None:
        """Collect what is new in `session` and write it now."""
        self.collect(session)
        self.flush()

    def collect(self, session: PlaySession) -> None:
        """Queue what is new in `session` since the last call (a different session starts a
        new saved game); `flush` writes it. A finished match has nothing more to save."""
        if session is self._done:
            return
        if session is not self._session:
            record = session.to_record()
            self._ops.append(_Op("start", {k: record[k] for k in OPTION_KEYS}, session.seed))
            self._session, self._hand, self._taken = session, 0, 0
        new: list[dict[str, Any]] = []
        while True:
            current = self._hand == len(session.history)
            actions = (session.hand.actions if current else session.history[self._hand])
            first = 1 if self._hand else 0  # later hands begin with their marker
            if self._hand and self._taken == 0:
                new.append({"type": NEXT_HAND, "hand": self._hand})
                self._taken = 1
            for item in actions[self._taken - first:]:
                entry = action_to_dict(item) if current else item
                new.append(dict(entry, hand=self._hand))
            self._taken = first + len(actions)
            if current:
                break
            self._hand, self._taken = self._hand + 1, 0
        if new:
            self._ops.append(_Op("add", actions=tuple(new)))
        if session.match_over:
            self._ops.append(_Op("finish", result=session.summary()))
            self._session, self._done = None, session

    def flush(self) -> None:
        """Write every queued change in order; a `StoreError` leaves the rest queued."""
        with self._write_lock:
            while self._ops:
                op = self._ops[0]
                if op.kind == "start":
                    self.game_id = self.store.games.start(self.user_id, op.options, op.seed).id
                elif op.kind == "add":
                    self.store.games.add_actions(self.user_id, self.game_id, *op.actions)
                else:
                    self.store.games.finish(self.user_id, self.game_id, op.result)
                self._ops.popleft()

    def finished(self) -> list[tuple[int, dict[str, Any]]]:
        """The user's finished games as (game id, session record), newest first."""
        out = []
        for game in self.store.games.for_user(self.user_id, self.user_id, status="finished"):
            if is_playable(game) and not is_table_game(game):
                out.append((game.id, record_of(game)))
        return out
