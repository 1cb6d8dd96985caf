"""Saving a play session in the store after every action, and finding it again."""

from __future__ import annotations

from typing import Any

from tutor.store import Store

from .session import RECORD_VERSION, PlaySession

OPTION_KEYS = ("version", "human", "strength", "max_hands", "rules")


NEXT_HAND = "next_hand"  # marks the start of each later hand, even before its first action


def _flat_actions(session: PlaySession) -> list[dict[str, Any]]:
    """Every action of the session, each tagged with the index of its hand."""
    out: list[dict[str, Any]] = []
    for i, actions in enumerate(session.to_record()["hands"]):
        if i:
            out.append({"type": NEXT_HAND, "hand": i})
        out.extend(dict(action, hand=i) for action in actions)
    return out


def record_from_game(options: dict[str, Any], seed: int,
                     actions: list[dict[str, Any]]) -> dict[str, Any]:
    """A `PlaySession` record from what the store keeps (options, seed, tagged actions)."""
    hands: list[list[dict[str, Any]]] = [[]]
    for action in actions:
        index = int(action["hand"])
        while len(hands) <= index:
            hands.append([])
        if action.get("type") != NEXT_HAND:
            hands[index].append({k: v for k, v in action.items() if k != "hand"})
    return {**options, "seed": seed, "hands": hands}


class GameSaver:
    """Keeps one user's session saved: new actions are appended as they happen."""

    def __init__(self, store: Store, user_id: int) -> None:
        self.store = store
        self.user_id = user_id
        self.game_id: int | None = None
        self.saved = 0
        self._session: PlaySession | None = None

    def resume(self) -> PlaySession | None:
        """The user's newest in-progress game, rebuilt, or None."""
        for game in self.store.games.for_user(self.user_id, self.user_id, status="in_progress"):
            if not isinstance(game.rules, dict) or game.rules.get("version") != RECORD_VERSION:
                continue
            session = PlaySession.from_record(
                record_from_game(game.rules, game.seed, list(game.actions)))
            self.game_id, self.saved, self._session = game.id, len(game.actions), session
            return session
        return None

    def save(self, session: PlaySession) -> None:
        """Write what is new in `session` (a different session starts a new saved game)."""
        if session is not self._session:
            record = session.to_record()
            options = {k: record[k] for k in OPTION_KEYS}
            self.game_id = self.store.games.start(self.user_id, options, session.seed).id
            self.saved, self._session = 0, session
        actions = _flat_actions(session)
        if len(actions) > self.saved:
            self.store.games.add_actions(self.user_id, self.game_id, *actions[self.saved:])
            self.saved = len(actions)
        if session.match_over:
            self.store.games.finish(self.user_id, self.game_id, session.summary())
            self._session = None

    def finished(self) -> list[tuple[int, dict[str, Any]]]:
        """The user's finished games as (game id, session record), newest first."""
        out = []
        for game in self.store.games.for_user(self.user_id, self.user_id, status="finished"):
            if isinstance(game.rules, dict) and game.rules.get("version") == RECORD_VERSION:
                out.append((game.id, record_from_game(game.rules, game.seed, list(game.actions))))
        return out
