"""Find the better play (learn from your mistakes): a position from the learner's own hand
where their review found a clear mistake, and the plays that review weighed.

Question `choose`: candidates lettered A, B, C…; answer the letter of a best one. The values
are the review's (`tutor.review`): each candidate's expected 积分 for the learner over the
deals they could not tell apart from the real one, and the standard error of its gap to the
best. A pick is right when its cost, counted as the review counts it, is below an inaccuracy.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from tutor.review.grades import THRESHOLDS, counted
from tutor.rules import Trump, follow_error
from tutor.text import Text, both

from ..answers import answer_choice, ascii_cards
from ..fields import Fields
from ..inputs import Choice, Input
from ..kind import Kind
from ..model import Question, Solution
from ..text import join, listing, mark, same, seat_cap, trump_public, trump_sentence

LETTERS = "ABCDEF"
ROLES = ("declarer", "friend", "defender", "unknown")
MISTAKES = ("points_given", "points_not_fed", "unit_broken", "trump_spent", "lead", "other")
SEATS = 5


class BetterPlayKind(Kind):
    name = "better_play"
    questions: ClassVar[dict[str, Text]] = {"choose": both("better_play.q_choose")}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        seat = f.seat("seat")
        role = f.choice("role", ROLES)
        trick = f.integer("trick", 1, 40)
        plays = f.card_lists("plays", 0, SEATS - 1, 1, 31) if f.has("plays") else []
        leader = f.seat("leader") if plays else seat
        if plays and (leader + len(plays)) % SEATS != seat:
            raise f.error("leader", both("better_play.err_order"))
        hand = f.cards("hand", 1, 40)
        points = f.integer("points", 0, 300)
        candidates = f.card_lists("candidates", 2, len(LETTERS), 1, 31)
        values = f.get("values")
        if (not isinstance(values, list) or len(values) != len(candidates)
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                           for v in values)):
            raise f.error("values", both("better_play.err_values", n=len(candidates)))
        errors = f.get("errors", [0.0] * len(candidates))
        if (not isinstance(errors, list) or len(errors) != len(candidates)
                or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0
                           for v in errors)):
            raise f.error("errors", both("better_play.err_errors", n=len(candidates)))
        played = f.integer("played", 1, len(candidates))
        mistake = f.choice("mistake", MISTAKES)
        why = f.text("why", required=False)
        held = Counter(hand)
        seen = set()
        for i, c in enumerate(candidates, 1):
            if Counter(c) - held:
                raise f.error(f"candidates[{i}]", both("better_play.err_not_held"))
            if plays and (len(c) != len(plays[0])
                          or follow_error(hand, plays[0], c, trump) is not None):
                raise f.error(f"candidates[{i}]", both("better_play.err_illegal"))
            key = tuple(sorted(c))
            if key in seen:
                raise f.error(f"candidates[{i}]", both("better_play.err_repeat"))
            seen.add(key)
        f.check_copies("hand", hand, *plays)
        return {"trump": trump, "seat": seat, "role": role, "trick": trick, "leader": leader,
                "plays": plays, "hand": hand, "points": points, "candidates": candidates,
                "values": [float(v) for v in values],
                "errors": [float(v) for v in errors], "played": played - 1,
                "mistake": mistake, "why": why}

    # ------------------------------------------------------------------ showing
    def _who(self, q: Question, s: int) -> Text:
        return both("better_play.you") if s == q.position["seat"] else seat_cap(s)

    def prompt(self, q: Question) -> Text:
        pos = q.position
        trump: Trump = pos["trump"]
        parts = [both("better_play.from_game", trick=pos["trick"]), trump_sentence(trump),
                 both(f"better_play.role_{pos['role']}"),
                 both("better_play.points", n=pos["points"])]
        if pos["plays"]:
            seats = [(pos["leader"] + i) % SEATS for i in range(len(pos["plays"]))]
            plays = listing(both("better_play.play", who=self._who(q, s), cards=mark(p))
                            for s, p in zip(seats, pos["plays"], strict=True))
            parts.append(both("better_play.so_far", plays=plays))
        else:
            parts.append(both("better_play.you_lead"))
        parts.append(both("better_play.hand", hand=mark(trump.sort(pos["hand"]))))
        opts = "; ".join(f"{LETTERS[i]}: {mark(c)}" for i, c in enumerate(pos["candidates"]))
        parts.append(both("better_play.candidates", asks=q.asks(), opts=opts))
        return join(parts)

    def answer_format(self, q: Question) -> Text:
        return both("better_play.format")

    def answer_input(self, q: Question) -> Input:
        return Choice(tuple((LETTERS[i], same(f"{LETTERS[i]}: {mark(c)}"))  # as explained
                            for i, c in enumerate(q.position["candidates"])))

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        keys = LETTERS[:len(q.position["candidates"])]
        letter = answer_choice(q, str(answer).strip().upper(), keys)
        return keys.index(letter), letter

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        return {"trump": trump_public(pos["trump"]), "seat": pos["seat"], "role": pos["role"],
                "trick": pos["trick"], "leader": pos["leader"],
                "plays": [ascii_cards(p) for p in pos["plays"]],
                "hand": ascii_cards(pos["hand"]), "points": pos["points"],
                "candidates": [ascii_cards(c) for c in pos["candidates"]]}

    # ------------------------------------------------------------------ solving
    def solve(self, q: Question) -> Solution:
        """The best candidate by the review's values; every one within an inaccuracy of it
        is accepted too (`is_correct`)."""
        pos = q.position
        values = pos["values"]
        best = max(range(len(values)), key=lambda k: (values[k], -k))
        lines = [both("better_play.value", letter=LETTERS[k], cards=mark(c),
                      value=f"{values[k]:+.2f}", cost=f"{values[best] - values[k]:.2f}")
                 for k, c in enumerate(pos["candidates"])]
        parts = [both("better_play.values", values=listing(lines)),
                 both("better_play.best", letter=LETTERS[best],
                      cards=mark(pos["candidates"][best])),
                 both("better_play.in_game", letter=LETTERS[pos["played"]],
                      cards=mark(pos["candidates"][pos["played"]]))]
        if pos["why"] is not None:
            parts.append(pos["why"])
        return Solution(best, LETTERS[best], join(parts))

    def accepted(self, q: Question) -> list[int]:
        """The candidates whose cost against the best, counted as the review counts it (a gap
        within twice its standard error is none), is less than an inaccuracy."""
        values, errors = q.position["values"], q.position["errors"]
        top = max(values)
        return [k for k, v in enumerate(values)
                if counted(top - v, errors[k]) < THRESHOLDS["inaccuracy"]]

    def is_correct(self, q: Question, given: Any, solution: Solution) -> bool:
        return given in self.accepted(q)

    def hint(self, q: Question, given: Any) -> Text:
        return both(f"better_play.hint_{q.position['mistake']}")


KIND = BetterPlayKind()
