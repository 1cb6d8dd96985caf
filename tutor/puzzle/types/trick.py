"""Trick-winner puzzles: who wins this trick? Answer the seat number, e.g. `3`."""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.rules import Trump, trick_winner

from ..fields import Fields
from ..model import Puzzle, Solution
from ..text import Text, cards, join, seat_cap, sentence
from .base import PuzzleType, answer_seat
from .common import ascii_cards, trump_public, trump_text
from .plays import read_plays, walk_trick


class TrickType(PuzzleType):
    name = "trick"
    questions: ClassVar[dict[str, Text]] = {
        "winner": Text("Who wins the trick?", "谁赢这一轮？"),
    }

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        leader = f.seat("leader")
        plays = read_plays(f, trump, 2, 5, check_throw=False)
        return {"trump": trump, "leader": leader, "plays": plays}

    def _seats(self, p: Puzzle) -> list[int]:
        return [(p.position["leader"] + i) % 5 for i in range(len(p.position["plays"]))]

    def prompt(self, p: Puzzle) -> Text:
        pos = p.position
        plays = "; ".join(f"{s}: {cards(pl)}" for s, pl in zip(self._seats(p), pos["plays"],
                                                                strict=True))
        return join([sentence(trump_text(pos["trump"])),
                     Text(f"Plays in order from the lead (seat: cards): {plays}.",
                          f"从首家起依次出牌（座位：牌）：{plays}。"),
                     self.questions[p.question] if len(pos["plays"]) == 5 else
                     Text("Who is winning the trick so far?", "目前谁最大？")])

    def answer_format(self, p: Puzzle) -> Text:
        return Text("Answer the winner's seat number, e.g. `3`.", "回答赢家的座位号，例如 3。")

    def parse_answer(self, p: Puzzle, answer: Any) -> tuple[Any, str]:
        value = answer_seat(p, answer)
        if value not in self._seats(p):
            from .base import bad_answer

            raise bad_answer(p, f"Seat {value} did not play in this trick.",
                             f"{value}号位没有参加这一轮。")
        return value, str(value)

    def solve(self, p: Puzzle) -> Solution:
        pos = p.position
        trump: Trump = pos["trump"]
        seats = self._seats(p)
        idx = trick_winner(pos["plays"], trump)
        parts = walk_trick(pos["plays"], seats, trump)
        won = cards(pos["plays"][idx])
        parts.append(seat_cap(seats[idx]) + Text(f" wins the trick with {won}.",
                                                 f"以 {won} 赢得这一轮。"))
        return Solution(seats[idx], str(seats[idx]), join(parts))

    def public_position(self, p: Puzzle) -> dict[str, Any]:
        pos = p.position
        return {"trump": trump_public(pos["trump"]),
                "plays": [{"seat": s, "cards": ascii_cards(pl)}
                          for s, pl in zip(self._seats(p), pos["plays"], strict=True)]}
