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
from tutor.rules import follow_error
from tutor.text import Text, both

from .. import seen
from ..answers import answer_choice, ascii_cards
from ..errors import QuestionFileError
from ..fields import Fields
from ..inputs import Choice, Input
from ..kind import Kind
from ..model import Question, Solution
from ..text import (
    history,
    join,
    lettered,
    lettered_list,
    listing,
    mark,
    trump_public,
)

LETTERS = "ABCDEF"
ROLES = ("declarer", "friend", "friend_secret", "defender", "defender_secret", "maybe_friend",
         "unknown")  # the seat's side as it knew it (`review.puzzles.role`)
POINTS_OF = ("defenders", "others")  # whose points `points` counts, as the seat could tell
MISTAKES = ("points_given", "points_not_fed", "unit_broken", "trump_spent", "lead", "other")
SEATS = 5
KITTY = 7


class BetterPlayKind(Kind):
    name = "better_play"
    questions: ClassVar[dict[str, Text]] = {"choose": both("better_play.q_choose")}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        pos = self.read_seat(f, first_trick=1)
        candidates = f.card_lists("candidates", 2, len(LETTERS), 1, 31)
        values, errors = self.read_values(f, len(candidates), errors_required=False)
        played = f.integer("played", 1, len(candidates))
        mistake = f.choice("mistake", MISTAKES)
        why = f.text("why", required=False)
        self.check_candidates(f, pos, candidates)
        return {**pos, "candidates": candidates, "values": values, "errors": errors,
                "played": played - 1, "mistake": mistake, "why": why}

    @staticmethod
    def read_seat(f: Fields, first_trick: int) -> dict[str, Any]:
        """The position's seat fields: trump, seat, role, trick, the plays so far and their
        leader, the hand and the defenders' points."""
        trump = f.trump()
        seat = f.seat("seat")
        role = f.choice("role", ROLES)
        trick = f.integer("trick", first_trick, 40)
        plays = f.card_lists("plays", 0, SEATS - 1, 1, 31) if f.has("plays") else []
        leader = f.seat("leader") if plays else seat
        if plays and (leader + len(plays)) % SEATS != seat:
            raise f.error("leader", both("better_play.err_order"))
        hand = f.cards("hand", 1, 40)
        points = f.integer("points", 0, 300)
        points_of = f.choice("points_of", POINTS_OF) if f.has("points_of") else "defenders"
        shown = BetterPlayKind.read_shown(f)
        f.check_copies("hand", hand, *plays, *(c for _, t in shown["tricks"] for c in t),
                       shown["kitty"])
        return {"trump": trump, "seat": seat, "role": role, "trick": trick, "leader": leader,
                "plays": plays, "hand": hand, "points": points, "points_of": points_of, **shown}

    @staticmethod
    def read_shown(f: Fields) -> dict[str, Any]:
        """What the table had shown (each optional, as a position mined before them lacks
        them): the declarer, the called card (and copy), its holder once shown or "alone",
        the earlier tricks as [leader, plays], and the declarer's own bury."""
        declarer = f.seat("declarer") if f.has("declarer") else None
        friend = f.cards("friend", 1, 1)[0] if f.has("friend") else None
        friend_nth = f.integer("friend_nth", 1, 3) if f.has("friend_nth") else None
        friend_seat = f.get("friend_seat")
        if friend_seat is not None and friend_seat != "alone":
            friend_seat = f.seat("friend_seat")
        raw = f.get("tricks", [])
        tricks = []
        if not isinstance(raw, list):
            raise f.error("tricks", both("better_play.err_tricks"))
        for i, item in enumerate(raw, 1):
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)
                    and not isinstance(item[0], bool) and 0 <= item[0] < SEATS
                    and isinstance(item[1], list) and len(item[1]) == SEATS):
                raise f.error(f"tricks[{i}]", both("better_play.err_tricks"))
            sub = Fields({"plays": item[1]}, f.file, f.where)
            try:
                tricks.append((item[0], sub.card_lists("plays", SEATS, SEATS, 1, 31)))
            except QuestionFileError:
                raise f.error(f"tricks[{i}]", both("better_play.err_tricks")) from None
        kitty = f.cards("kitty", KITTY, KITTY) if f.has("kitty") else []
        return {"declarer": declarer, "friend": friend, "friend_nth": friend_nth,
                "friend_seat": friend_seat, "tricks": tricks, "kitty": kitty}

    @staticmethod
    def read_values(f: Fields, n: int, errors_required: bool) -> tuple[list[float], list[float]]:
        """The judge's value of each of `n` candidates and the standard error of its gap to
        the best (0 each when not required and not given)."""
        def numbers(name: str, default: Any, nonneg: bool) -> list[float]:
            value = f.get(name, default)
            if (not isinstance(value, list) or len(value) != n
                    or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                               and (v >= 0 or not nonneg) for v in value)):
                raise f.error(name, both(f"better_play.err_{name}", n=n))
            return [float(v) for v in value]
        return (numbers("values", None, False),
                numbers("errors", None if errors_required else [0.0] * n, True))

    @staticmethod
    def check_candidates(f: Fields, pos: dict[str, Any], candidates: list,
                         decision: str = "play") -> None:
        """Each candidate is held (a friend call names one card, no joker), a legal follow
        to the trick so far, a bury of `KITTY` cards, and no two are the same."""
        held = Counter(pos["hand"])
        plays = pos["plays"]
        seen = set()
        for i, c in enumerate(candidates, 1):
            where = f"candidates[{i}]"
            if decision == "call":
                if len(c) != 1 or c[0].is_joker:
                    raise f.error(where, both("strategy.err_call"))
            elif Counter(c) - held:
                raise f.error(where, both("better_play.err_not_held"))
            if decision == "bury" and len(c) != KITTY:
                raise f.error(where, both("strategy.err_bury", n=KITTY))
            if plays and (len(c) != len(plays[0])
                          or follow_error(pos["hand"], plays[0], c, pos["trump"]) is not None):
                raise f.error(where, both("better_play.err_illegal"))
            key = tuple(sorted(c))
            if key in seen:
                raise f.error(where, both("better_play.err_repeat"))
            seen.add(key)

    # ------------------------------------------------------------------ showing
    def _who(self, q: Question, s: int) -> Text:
        return seen.who(q.position, s)

    def play_position(self, q: Question, source: Text) -> list[Text]:
        """A card play's position in sentences: where it comes from (`source`), what the
        seat knew (`seen.facts`) and the trick so far."""
        return [*seen.facts(q.position, source), seen.so_far(q.position)]

    def history(self, q: Question) -> Text:
        """The earlier tricks as the seat saw them (`text.history`), or nothing."""
        pos = q.position
        return history(pos.get("tricks") or [], pos["trump"], pos["seat"])

    def source(self, q: Question) -> Text:
        """Where the position comes from: `From a hand you played, trick 5.`"""
        return both("better_play.from_game", trick=q.position["trick"])

    def seen(self, q: Question) -> dict[str, Any] | None:
        """The card play's position, drawn by a page's position view."""
        return {**q.position, "source": self.source(q)}

    def ask(self, q: Question) -> Text:
        """What is asked of the position the view shows: the options by their letters."""
        return both("better_play.candidates", asks=q.asks(),
                    opts=lettered_list(LETTERS, q.position["candidates"]))

    def prompt(self, q: Question) -> Text:
        parts = self.play_position(q, self.source(q))
        return join([*parts, seen.hand(q.position), self.ask(q)]) + self.history(q)

    def answer_format(self, q: Question) -> Text:
        return both("better_play.format")

    def answer_input(self, q: Question) -> Input:
        return Choice(tuple((LETTERS[i], lettered(LETTERS[i], c))  # as explained
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
                "points_of": pos["points_of"],
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
