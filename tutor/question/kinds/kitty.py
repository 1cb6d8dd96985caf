"""Kitty questions (扣底, §8): the last trick decides the multiplier and whether the kitty counts.

Questions:
- `bonus` (puzzles): points added to the defenders' P by the kitty, from the whole last trick
  (0 when the declarer side wins it). Answer a whole number, e.g. `200`.
- `multiplier` (puzzles): the multiplier the last trick's winning play earns, e.g. `8`.
- `play_multiplier` (lesson step `multiplier`): a defender wins the last trick with `play`
  (read in the shape of `lead`, the play itself by default); what multiplier does it earn?
- `play_bonus` (lesson step `kitty_bonus`): the same, and the points the `kitty` then adds.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.rules import MixedSuitError, card_points, decompose, trick_winner
from tutor.text import Text, both

from ..answers import ascii_cards
from ..fields import Fields
from ..kind import NumberKind
from ..model import Question, Solution
from ..plays import read_plays, walk_trick
from ..scoring_text import bonus_text, multiplier, no_friend_declarer, trump_rule
from ..text import join, mark, seat_cap, trump_public

MOST = 100000
LESSON = ("play_multiplier", "play_bonus")


class KittyKind(NumberKind):
    name = "kitty"
    most = MOST
    questions: ClassVar[dict[str, Text]] = {
        "bonus": both("kitty.q_bonus"),
        "multiplier": both("kitty.q_multiplier"),
        "play_multiplier": both("kitty.q_play_multiplier"),
        "play_bonus": both("kitty.q_play_bonus"),
    }
    steps: ClassVar[dict[str, str]] = {"multiplier": "play_multiplier",
                                       "kitty_bonus": "play_bonus"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        if question in LESSON:
            return self._read_play(f, question)
        trump = f.trump()
        rule = f.choice("rule", ["first", "max"], default="first")
        declarer = f.seat("declarer")
        friend = f.seat_or_alone("friend")
        no_friend_declarer(f, declarer, friend)
        leader = f.seat("leader")
        plays = read_plays(f, trump, 5, 5, check_throw=True)
        kitty = f.cards("kitty", 1, 8)
        f.check_copies("kitty", *plays, kitty)
        return {"trump": trump, "rule": rule, "declarer": declarer, "friend": friend,
                "leader": leader, "plays": plays, "kitty": kitty}

    def _read_play(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        play = f.cards("play", 1)
        lead = f.cards("lead", 1, default=ascii_cards(play))
        rule = f.choice("rule", ["first", "max"], default="first")
        if len(lead) != len(play):
            raise f.error("lead", both("kitty.err_lead_length"))
        try:
            decompose(lead, trump)
        except MixedSuitError:
            raise f.error("lead", both("kitty.err_lead_suit")) from None
        pos: dict[str, Any] = {"trump": trump, "rule": rule, "play": play, "lead": lead}
        if question == "play_bonus":
            pos["kitty"] = f.cards("kitty", 1)
        return pos

    def _seats(self, q: Question) -> list[int]:
        return [(q.position["leader"] + i) % 5 for i in range(5)]

    def _sides(self, q: Question) -> Text:
        pos = q.position
        if pos["friend"] is None:
            return both("kitty.alone", declarer=pos["declarer"])
        return both("kitty.sides", declarer=pos["declarer"], friend=pos["friend"])

    def prompt(self, q: Question) -> Text:
        pos = q.position
        head = trump_rule(pos["trump"], pos["rule"])
        if q.question in LESSON:
            lead = (both("kitty.lead_was", cards=mark(pos["lead"]))
                    if sorted(pos["lead"]) != sorted(pos["play"]) else Text("", ""))
            parts = [head, both("kitty.defender_wins", cards=mark(pos["play"])), lead]
            if "kitty" in pos:
                parts.append(both("kitty.kitty_is", cards=mark(pos["kitty"])))
            return join([*parts, q.asks()])
        items = [both("kitty.play", seat=s, cards=mark(p))
                 for s, p in zip(self._seats(q), pos["plays"], strict=True)]
        plays = Text("; ".join(t.en for t in items), "; ".join(t.zh for t in items))
        return join([head, self._sides(q), both("kitty.kitty_is", cards=mark(pos["kitty"])),
                     both("kitty.last_trick", plays=plays), q.asks()])

    def answer_format(self, q: Question) -> Text:
        if q.question in ("multiplier", "play_multiplier"):
            return both("kitty.format_multiplier")
        return both("kitty.format_bonus")

    def solve(self, q: Question) -> Solution:
        if q.question in LESSON:
            return self._solve_play(q)
        pos = q.position
        trump = pos["trump"]
        plays, seats = pos["plays"], self._seats(q)
        idx = trick_winner(plays, trump)
        win_seat, winning = seats[idx], plays[idx]
        # a play wins only in the lead's shape, so the rules core reads it in that shape
        mult, how = multiplier(winning, trump, pos["rule"], lead=plays[0])
        kitty_pts = card_points(pos["kitty"])
        declarer_side = {pos["declarer"], pos["friend"]} - {None}
        parts = walk_trick(plays, seats, trump)
        parts.append(both("kitty.wins_last", seat=seat_cap(win_seat), cards=mark(winning)))
        parts.append(how)
        if win_seat not in declarer_side:
            bonus = kitty_pts * mult
            parts.append(bonus_text(kitty_pts, mult, seat_cap(win_seat)))
        else:
            bonus = 0
            key = "kitty.kept_declarer" if win_seat == pos["declarer"] else "kitty.kept_friend"
            parts.append(both(key, seat=seat_cap(win_seat)))
        value = mult if q.question == "multiplier" else bonus
        return Solution(value, str(value), join(parts))

    def _solve_play(self, q: Question) -> Solution:
        pos = q.position
        mult, how = multiplier(pos["play"], pos["trump"], pos["rule"], lead=pos["lead"])
        parts = [both("kitty.read_in_lead"), how]
        value = mult
        if q.question == "play_bonus":
            pts = card_points(pos["kitty"])
            value = pts * mult
            parts.append(bonus_text(pts, mult))
        return Solution(value, str(value), join(parts))

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        if q.question in LESSON:
            out = {"trump": trump_public(pos["trump"]), "rule": pos["rule"],
                   "play": ascii_cards(pos["play"]), "lead": ascii_cards(pos["lead"])}
            if "kitty" in pos:
                out["kitty"] = ascii_cards(pos["kitty"])
            return out
        return {
            "trump": trump_public(pos["trump"]),
            "rule": pos["rule"],
            "declarer": pos["declarer"],
            "friend": pos["friend"],
            "kitty": ascii_cards(pos["kitty"]),
            "plays": [{"seat": s, "cards": ascii_cards(p)}
                      for s, p in zip(self._seats(q), pos["plays"], strict=True)],
        }


KIND = KittyKind()
