"""Learn from your mistakes: a clear mistake of a reviewed hand as a personal puzzle, in the
bank's own fields (kind `better_play`), so the trainer serves and grades it like any other.

The position is what the learner saw when they played (their observation); the candidates
and their values are the review's, so the puzzle is graded by the same review.
"""

from __future__ import annotations

import random
from typing import Any

from tutor.ai.memory import build_memory
from tutor.rules import Observation, Phase, format_cards

from .jobs import HandRecord
from .kinds import KINDS, SETUP_KINDS
from .review import Judged

PREFIX = "mine"  # personal puzzle ids: mine-<game>-<hand>-<action index>
TEACHING = ("mistake", "blunder")  # the grades a puzzle is made of
DIFFICULTY = {"blunder": 1, "mistake": 2}


def puzzle_id(game_id: int, hand: int, index: int) -> str:
    """The id of the puzzle made of action `index` of hand `hand` (from 0) of a game."""
    return f"{PREFIX}-{game_id}-{hand}-{index}"


def is_personal(pid: str) -> bool:
    """Whether a puzzle id names a position from a learner's own game."""
    return pid.startswith(PREFIX + "-")


def teaches(judged: Judged) -> bool:
    """Whether a judged decision becomes a puzzle: a card play both views condemn, graded a
    mistake or a blunder."""
    return judged.decision == "play" and teaching(judged.kind or "other", judged.grade or "",
                                                  judged.clear)


def teaching(kind: str, grade: str, clear: bool) -> bool:
    """`teaches`, told from a stored mistake's kind, grade and clearness (a bid, bury or
    call is its own kind: never a card to find)."""
    return clear and grade in TEACHING and kind not in SETUP_KINDS


def role(obs: Observation) -> str:
    """What the seat knew of its side when it played: declarer; the friend (shown, or
    `friend_secret`: it holds the called card and no seat between the declarer and it can
    hold one); a defender (shown, or `defender_secret`: by the holder rule it can tell the
    friend is another seat); `maybe_friend` (it holds the called card, an earlier seat may
    too); else `unknown` (before the call, or a rule that leaves it open)."""
    if obs.seat == obs.declarer:
        return "declarer"
    if obs.friend == obs.seat:
        return "friend"
    side = obs.declarer_side
    if side is not None:
        return "defender" if obs.seat not in side else "friend"
    if (obs.phase != Phase.PLAYING or obs.friend_card is None or obs.trump is None
            or obs.rules.friend_rule != "holder"):
        return "unknown"
    mine = build_memory(obs).my_side_p
    if mine >= 0.999:
        return "friend_secret"
    if mine <= 0.001:
        return "defender_secret"
    return "maybe_friend" if obs.friend_card in obs.hand else "unknown"


def counted_points(obs: Observation, known: str) -> tuple[int, bool]:
    """The defenders' points as the seat can count them (its role `known`), and whether that
    is their total: once the sides are shown, or to a friend who knows itself, it is; else it
    is every point taken by a seat other than the declarer (a hidden friend's among them)."""
    side = obs.declarer_side
    if side is None and known == "friend_secret":
        side = (obs.declarer, obs.seat)
    whole = side is not None
    side = side or (obs.declarer,)
    return sum(p for s, p in enumerate(obs.captured) if s not in side), whole


SHOWN_FIELDS = ("points_of", "leader", "plays", "declarer", "friend", "friend_nth", "friend_seat",
                "tricks", "kitty")  # the fields `position_fields` writes only when they apply


def position_fields(obs: Observation, trick: int) -> dict[str, Any]:
    """The bank fields of a position as the seat that sees `obs` saw it: trump, seat, role,
    trick, hand, the defenders' points and the trick so far; and what the table had shown
    by then: the declarer, the called card and whether (and by whom) it has shown, the
    earlier tricks, and to the declarer its own bury."""
    known = role(obs)
    points, whole = counted_points(obs, known)
    fields: dict[str, Any] = {
        "level": obs.trump.level if obs.trump else obs.level,
        "suit": (obs.trump.suit if obs.trump else None) or "none", "seat": obs.seat,
        "role": known, "trick": trick, "hand": format_cards(obs.hand), "points": points}
    if not whole and obs.phase == Phase.PLAYING:
        fields["points_of"] = "others"  # not yet the defenders' total, as far as it can tell
    if obs.current:
        fields["leader"] = obs.current[0][0]
        fields["plays"] = [format_cards(cards) for _, cards in obs.current]
    if obs.phase == Phase.PLAYING and obs.declarer is not None:
        fields["declarer"] = obs.declarer
        if obs.friend_card is not None:
            fields["friend"] = format_cards([obs.friend_card])
            if obs.friend_nth is not None:
                fields["friend_nth"] = obs.friend_nth
            if obs.friend is not None:
                fields["friend_seat"] = obs.friend
            elif obs.declarer_side == (obs.declarer,):  # shown to be alone
                fields["friend_seat"] = "alone"
        if obs.tricks:
            fields["tricks"] = [[t.leader, [format_cards(cards) for _, cards in t.plays]]
                                for t in obs.tricks]
        if obs.seat == obs.declarer and obs.buried:
            fields["kitty"] = format_cards(obs.buried)
    return fields


def mistake_entry(record: HandRecord, judged: Judged, pid: str) -> dict[str, Any]:
    """The puzzle entry (bank fields) of `judged`, a decision `teaches` accepts, of the hand
    `record` rebuilds."""
    position = record.position(judged.index)
    seat = position.turn
    assert seat is not None and teaches(judged)
    obs = position.observation(seat)
    chosen = sorted(judged.chosen)
    options = list(judged.candidates)
    random.Random(pid).shuffle(options)  # the search's order would put the best first
    entry: dict[str, Any] = {
        "id": pid, "type": "better_play", "themes": ["better_play"],
        "difficulty": DIFFICULTY[judged.grade or "mistake"], "question": "choose",
        **position_fields(obs, judged.trick),
        "candidates": [format_cards(c.cards) for c in options],
        "values": [c.fair.score for c in options],
        "errors": [c.fair_error for c in options],
        "played": 1 + next(k for k, c in enumerate(options) if sorted(c.cards) == chosen),
        "mistake": judged.kind if judged.kind in KINDS else "other"}
    if judged.reason:
        entry["why"] = {"en": judged.reason[0], "zh": judged.reason[1]}
    return entry
