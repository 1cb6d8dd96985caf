"""Following a lead (跟牌, §5): which plays may follow it?

Questions:
- `legal`: candidates lettered A, B, C…; answer the letters of every legal one, e.g. `A C`
  (`none` if none is legal). The explanation gives the rules core's reason for each illegal one.
- `select` (the lessons' `follow` step): pick a legal follow to `lead` from `hand`; an illegal
  selection is told why (the rules core's reason).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, ClassVar

from tutor.rules import MixedSuitError, Trump, decompose, follow_error, legal_follows
from tutor.text import Text, both

from ..answers import answer_cards, answer_text, ascii_cards, bad_answer, sorted_cards
from ..fields import Fields
from ..inputs import Input, PickCards, Several
from ..kind import Kind
from ..model import Question, Solution
from ..text import (
    join,
    lettered,
    lettered_list,
    listing,
    mark,
    suit_text,
    trump_public,
    trump_sentence,
    unit_text,
)

LETTERS = "ABCDEF"


class FollowKind(Kind):
    name = "follow"
    questions: ClassVar[dict[str, Text]] = {
        "legal": both("follow.q_legal"),
        "select": both("follow.q_select"),
    }
    steps: ClassVar[dict[str, str]] = {"follow": "select"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        lead = f.cards("lead", 1, 31)
        try:
            decompose(lead, trump)
        except MixedSuitError:
            raise f.error("lead", both("plays.err_lead_suit")) from None
        if question == "select":
            hand = f.cards("hand", 1)
            if len(hand) < len(lead):
                raise f.error("hand", both("follow.err_hand_short"))
            return {"trump": trump, "lead": lead, "hand": hand, "candidates": None}
        hand = f.cards("hand", len(lead), 31)
        candidates = f.card_lists("candidates", 2, len(LETTERS), len(lead), len(lead))
        held = Counter(hand)
        seen = set()
        for i, c in enumerate(candidates):
            if Counter(c) - held:
                raise f.error(f"candidates[{i + 1}]", both("follow.err_not_held"))
            key = tuple(sorted(c))
            if key in seen:
                raise f.error(f"candidates[{i + 1}]", both("follow.err_repeat"))
            seen.add(key)
        f.check_copies("hand", hand, lead)
        return {"trump": trump, "lead": lead, "hand": hand, "candidates": candidates}

    def prompt(self, q: Question) -> Text:
        pos = q.position
        trump: Trump = pos["trump"]
        units = listing(unit_text(u) for u in decompose(pos["lead"], trump))
        parts = [trump_sentence(trump), both("follow.lead", lead=mark(pos["lead"]), units=units),
                 both("follow.hand", hand=mark(trump.sort(pos["hand"])))]
        if q.question == "select":
            return join([*parts, q.asks()])
        opts = lettered_list(LETTERS, pos["candidates"])
        return join([*parts, both("follow.candidates", asks=q.asks(), opts=opts)])

    def answer_format(self, q: Question) -> Text:
        if q.question == "select":
            return both("follow.format_select", n=len(q.position["lead"]))
        return both("follow.format_legal")

    def answer_input(self, q: Question) -> Input:
        pos = q.position
        if q.question == "select":
            return PickCards(tuple(pos["trump"].sort(pos["hand"])), most=len(pos["lead"]))
        return Several(tuple((LETTERS[i], lettered(LETTERS[i], c))
                             for i, c in enumerate(pos["candidates"])))

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        pos = q.position
        if q.question == "select":
            cards = answer_cards(q, answer)
            if Counter(cards) - Counter(pos["hand"]):
                raise bad_answer(q, both("follow.answer_not_held"))
            if len(cards) > len(pos["lead"]):
                raise bad_answer(q, both("follow.answer_too_many", n=len(pos["lead"])))
            return sorted_cards(cards), ascii_cards(pos["trump"].sort(cards))
        n = len(pos["candidates"])
        text = answer_text(q, answer).upper()
        if text in ("NONE", "无", "都不合规", "没有"):
            return frozenset(), "none"
        letters = re.sub(r"[\s,;、，和]+", "", text)
        if not letters or any(ch not in LETTERS[:n] for ch in letters):
            raise bad_answer(q, both("follow.answer_letters", last=LETTERS[n - 1]))
        value = frozenset(letters)
        return value, " ".join(sorted(value))

    def is_correct(self, q: Question, given: Any, solution: Solution) -> bool:
        if q.question == "select":
            pos = q.position
            return follow_error(pos["hand"], pos["lead"], list(given), pos["trump"]) is None
        return given == solution.value

    def _held(self, q: Question) -> Text:
        """`You hold 3 ♥ card(s) and 2 were led.`"""
        pos = q.position
        trump: Trump = pos["trump"]
        lead = pos["lead"]
        eff = trump.effective_suit(lead[0])
        have = sum(1 for c in pos["hand"] if trump.effective_suit(c) == eff)
        suit = both("follow.trump_word") if trump.is_trump(lead[0]) else suit_text(trump, lead[0])
        return both("follow.held", plural_by="have", have=have, suit=suit, n=len(lead))

    def solve(self, q: Question) -> Solution:
        pos = q.position
        trump: Trump = pos["trump"]
        lead, hand = pos["lead"], pos["hand"]
        if q.question == "select":
            play = trump.sort(next(legal_follows(hand, lead, trump)))
            return Solution(sorted_cards(play), ascii_cards(play),
                            join([self._held(q), both("follow.example", cards=mark(play))]))
        parts = [self._held(q)]
        legal = []
        for i, cand in enumerate(pos["candidates"]):
            err = follow_error(hand, lead, cand, trump)
            label = both("follow.label", letter=LETTERS[i], cards=mark(cand))
            if err is None:
                legal.append(LETTERS[i])
                parts.append(both("follow.is_legal", label=label))
            else:
                parts.append(both("follow.not_legal", label=label,
                                  why=Text(err.text("en"), err.text("zh"))))
        return Solution(frozenset(legal), " ".join(legal) or "none", join(parts))

    def explain(self, q: Question, given: Any, correct: bool, solution: Solution) -> Text:
        if q.question != "select":
            return solution.explanation
        pos = q.position
        trump: Trump = pos["trump"]
        play = trump.sort(list(given))
        err = follow_error(pos["hand"], pos["lead"], play, trump)
        if err is None:
            return join([both("follow.yours_legal", cards=mark(play)), self._held(q)])
        return join([both("follow.yours_illegal", cards=mark(play),
                          why=Text(err.text("en"), err.text("zh"))), solution.explanation])

    def hint(self, q: Question, given: Any) -> Text:
        """An illegal selection is told the rules core's reason (about the learner's own
        cards, not the answer); anything else gets the rule of following."""
        if q.question == "select":
            pos = q.position
            play = pos["trump"].sort(list(given))
            err = follow_error(pos["hand"], pos["lead"], play, pos["trump"])
            if err is not None:
                return both("follow.hint_illegal", cards=mark(play),
                            why=Text(err.text("en"), err.text("zh")))
        return super().hint(q, given)

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        out: dict[str, Any] = {"trump": trump_public(pos["trump"]),
                               "lead": ascii_cards(pos["lead"]),
                               "hand": ascii_cards(pos["trump"].sort(pos["hand"]))}
        if pos["candidates"] is not None:
            out["candidates"] = [{"letter": LETTERS[i], "cards": ascii_cards(c)}
                                 for i, c in enumerate(pos["candidates"])]
        return out


KIND = FollowKind()
