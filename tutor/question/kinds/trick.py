"""Who wins this trick (§5)? The plays are listed from the lead; answer the winner's seat."""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.rules import trick_winner
from tutor.text import Text, both

from ..answers import answer_seat, ascii_cards, bad_answer
from ..fields import Fields
from ..inputs import Choice, Input
from ..kind import Kind
from ..model import Question, Solution
from ..plays import read_plays, walk_trick
from ..text import join, listing, mark, seat_cap, trump_public, trump_sentence


class TrickKind(Kind):
    name = "trick"
    questions: ClassVar[dict[str, Text]] = {"winner": both("trick.q_winner")}
    steps: ClassVar[dict[str, str]] = {"trick": "winner"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        leader = f.seat("leader", default=0)
        plays = read_plays(f, trump, 2, 5, check_throw=False)
        return {"trump": trump, "leader": leader, "plays": plays}

    def _seats(self, q: Question) -> list[int]:
        return [(q.position["leader"] + i) % 5 for i in range(len(q.position["plays"]))]

    def prompt(self, q: Question) -> Text:
        pos = q.position
        plays = listing(both("trick.play", seat=s, cards=mark(p))
                        for s, p in zip(self._seats(q), pos["plays"], strict=True))
        asks = q.asks() if len(pos["plays"]) == 5 or q.wording else both("trick.q_so_far")
        return join([trump_sentence(pos["trump"]), both("trick.plays", plays=plays), asks])

    def answer_format(self, q: Question) -> Text:
        return both("trick.format")

    def answer_input(self, q: Question) -> Input:
        return Choice(tuple((str(s), seat_cap(s)) for s in self._seats(q)))  # cards: in the prompt

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        value = answer_seat(q, answer)
        if value not in self._seats(q):
            raise bad_answer(q, both("trick.not_in_trick", seat=value))
        return value, str(value)

    def solve(self, q: Question) -> Solution:
        pos = q.position
        seats = self._seats(q)
        idx = trick_winner(pos["plays"], pos["trump"])
        parts = walk_trick(pos["plays"], seats, pos["trump"])
        parts.append(both("trick.wins", seat=seat_cap(seats[idx]), cards=mark(pos["plays"][idx])))
        return Solution(seats[idx], str(seats[idx]), join(parts))

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        return {"trump": trump_public(pos["trump"]),
                "plays": [{"seat": s, "cards": ascii_cards(p)}
                          for s, p in zip(self._seats(q), pos["plays"], strict=True)]}



KIND = TrickKind()
