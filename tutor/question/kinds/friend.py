"""Friend questions (找朋友, §7): who is the friend, under either friend rule?

Questions:
- `holder` (the default rule; also the lesson step `friend`): the copies of the called card
  each seat holds at the call are shown; the friend is the first holder after the declarer
  in play order.
- `nth_played`: the plays that contained the called card are listed in order; whoever plays
  the Nth copy is the friend (the declarer is alone if that is the declarer or it never comes).
Answer a seat number (`3`) or `alone`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tutor.rules import holder_friend, nth_played_friend
from tutor.text import Text, both

from ..answers import answer_seat, ascii_cards
from ..fields import Fields
from ..inputs import Choice, Input
from ..kind import Kind
from ..model import Question, Solution
from ..scoring_text import page_trump
from ..text import join, mark, seat_cap

DECKS = 3


def _ordinal(n: int) -> Text:
    return both(f"friend.ordinal_{n}")


class FriendKind(Kind):
    name = "friend"
    questions: ClassVar[dict[str, Text]] = {"holder": both("friend.q_who"),
                                            "nth_played": both("friend.q_who")}
    steps: ClassVar[dict[str, str]] = {"friend": "holder"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        page_trump(f)  # a lesson step may name a trump; the friend does not depend on it
        declarer = f.seat("declarer")
        card = f.card("card")
        if card.is_joker:
            raise f.error("card", both("friend.err_joker"))
        pos: dict[str, Any] = {"declarer": declarer, "card": card}
        if question == "holder":
            copies = f.int_list("copies", 5, 0, DECKS)
            if sum(copies) > DECKS:
                raise f.error("copies", both("friend.err_three"))
            pos["copies"] = copies
        else:
            pos["nth"] = f.integer("nth", 1, DECKS)
            played = f.required("played")
            ok = isinstance(played, list) and all(
                isinstance(x, list) and len(x) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in x)
                and 0 <= x[0] <= 4 and 1 <= x[1] <= DECKS for x in played)
            if not ok:
                raise f.error("played", both("friend.err_played"))
            if sum(x[1] for x in played) > DECKS:
                raise f.error("played", both("friend.err_three"))
            pos["played"] = [tuple(x) for x in played]
        return pos

    def prompt(self, q: Question) -> Text:
        pos = q.position
        c = mark([pos["card"]])
        head = both("friend.calls", declarer=pos["declarer"], card=c)
        if q.question == "holder":
            held = ", ".join(f"{i}: {n}" for i, n in enumerate(pos["copies"]))
            body = both("friend.held", card=c, held=held)
        else:
            items = [both("friend.played_item", seat=s, n=n) for s, n in pos["played"]]
            seq = (Text(", ".join(t.en for t in items), "，".join(t.zh for t in items))
                   if items else both("friend.played_none"))
            body = both("friend.rule_nth", nth=_ordinal(pos["nth"]), card=c, plays=seq)
        return join([head, body, q.asks()])

    def answer_format(self, q: Question) -> Text:
        return both("friend.format")

    def answer_input(self, q: Question) -> Input:
        d = q.position["declarer"]
        seats = tuple((str(s), seat_cap(s)) for s in range(5) if s != d)
        return Choice((*seats, ("alone", both("friend.alone_option"))))

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        value = answer_seat(q, answer, alone=True)
        return value, "alone" if value is None else str(value)

    def solve(self, q: Question) -> Solution:
        pos = q.position
        d, c = pos["declarer"], mark([pos["card"]])
        parts = []
        friend = None
        if q.question == "holder":
            copies = pos["copies"]
            friend = holder_friend([[pos["card"]] * n for n in copies], d, pos["card"])
            for step in range(1, 5):
                s = (d + step) % 5
                if copies[s]:
                    key = "friend.first_holder_1" if copies[s] == 1 else "friend.first_holder_n"
                    parts.append(both(key, seat=seat_cap(s), card=c, n=copies[s]))
                    break
                parts.append(both("friend.holds_none", seat=seat_cap(s), card=c))
            if friend is None:
                parts.append(both("friend.nobody_else", card=c, declarer=copies[d],
                                  kitty=DECKS - sum(copies)))
        else:
            nth, before = pos["nth"], 0
            found = False
            for s, n in pos["played"]:
                if nth_played_friend(before, n, nth):
                    found = True
                    span = f"{before + 1}" if n == 1 else f"{before + 1}–{before + n}"
                    key = "friend.plays_copy" if n == 1 else "friend.plays_copies"
                    parts.append(both(key, seat=seat_cap(s), span=span, card=c,
                                      nth=_ordinal(nth)))
                    if s == d:
                        parts.append(both("friend.is_declarer"))
                    else:
                        friend = s
                        parts.append(both("friend.is_friend", seat=seat_cap(s)))
                    break
                before += n
            if not found:
                key = "friend.only_1" if before == 1 else "friend.only_n"
                parts.append(both(key, n=before, card=c, nth=_ordinal(nth)))
        return Solution(friend, "alone" if friend is None else str(friend), join(parts))

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        out: dict[str, Any] = {"declarer": pos["declarer"], "card": ascii_cards([pos["card"]])}
        if q.question == "holder":
            out["copies"] = list(pos["copies"])
        else:
            out |= {"nth": pos["nth"], "played": [list(x) for x in pos["played"]]}
        return out


KIND = FriendKind()
