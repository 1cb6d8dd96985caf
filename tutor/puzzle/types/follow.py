"""Legal-follow puzzles (跟牌): which of the candidate plays may follow this lead?

Candidates are lettered A, B, C…; answer the letters of every legal one, e.g. `A C`
(`none` if none is legal). The explanation gives the rules core's reason for each illegal one.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, ClassVar

from tutor.rules import MixedSuitError, Trump, decompose, follow_error

from ..fields import Fields
from ..model import Puzzle, Solution
from ..text import Text, cards, join, sentence
from .base import PuzzleType, answer_text, bad_answer
from .common import ascii_cards, listing, suit_text, trump_public, trump_text, unit_text

LETTERS = "ABCDEF"


class FollowType(PuzzleType):
    name = "follow"
    questions: ClassVar[dict[str, Text]] = {
        "legal": Text("Which of these plays are legal?", "下面哪些出法合规？"),
    }

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        lead = f.cards("lead", 1, 31)
        try:
            decompose(lead, trump)
        except MixedSuitError:
            raise f.error("lead", "the lead must be all one suit (all trumps count as one suit)",
                          "首家出牌必须是同一门花色（主牌算一门）") from None
        hand = f.cards("hand", len(lead), 31)
        candidates = f.card_lists("candidates", 2, len(LETTERS), len(lead), len(lead))
        held = Counter(hand)
        seen = set()
        for i, c in enumerate(candidates):
            if Counter(c) - held:
                raise f.error(f"candidates[{i + 1}]", "uses cards that are not in the hand",
                              "用了手里没有的牌")
            key = tuple(sorted(c))
            if key in seen:
                raise f.error(f"candidates[{i + 1}]", "repeats an earlier candidate",
                              "与前面的选项重复")
            seen.add(key)
        f.check_copies("hand", hand, lead)
        return {"trump": trump, "lead": lead, "hand": hand, "candidates": candidates}

    def prompt(self, p: Puzzle) -> Text:
        pos = p.position
        trump: Trump = pos["trump"]
        opts = "; ".join(f"{LETTERS[i]}: {cards(c)}" for i, c in enumerate(pos["candidates"]))
        units = listing(unit_text(u) for u in decompose(pos["lead"], trump))
        return join([sentence(trump_text(trump)),
                     Text(f"The lead is {cards(pos['lead'])} (", f"首家出 {cards(pos['lead'])}（")
                     + units + Text(").", "）。"),
                     Text(f"Your hand: {cards(trump.sort(pos['hand']))}.",
                          f"你的手牌：{cards(trump.sort(pos['hand']))}。"),
                     Text(f"Which of these plays are legal? {opts}.",
                          f"下面哪些出法合规？{opts}。")])

    def answer_format(self, p: Puzzle) -> Text:
        return Text("Answer the letters of every legal play, e.g. `A C` (or `none`).",
                    "写出所有合规出法的字母，例如 A C（都不合规写 none）。")

    def parse_answer(self, p: Puzzle, answer: Any) -> tuple[Any, str]:
        n = len(p.position["candidates"])
        text = answer_text(answer, p).upper()
        if text in ("NONE", "无", "都不合规", "没有"):
            return frozenset(), "none"
        letters = re.sub(r"[\s,;、，和]+", "", text)
        if not letters or any(ch not in LETTERS[:n] for ch in letters):
            raise bad_answer(p, f"Use only the letters A to {LETTERS[n - 1]}.",
                             f"只能用字母 A 到 {LETTERS[n - 1]}。")
        value = frozenset(letters)
        return value, " ".join(sorted(value))

    def solve(self, p: Puzzle) -> Solution:
        pos = p.position
        trump: Trump = pos["trump"]
        lead, hand = pos["lead"], pos["hand"]
        suit = suit_text(trump, lead[0])
        have = sum(1 for c in hand if trump.effective_suit(c) == trump.effective_suit(lead[0]))
        kind_en = "trump" if trump.is_trump(lead[0]) else suit.en
        parts = [Text(f"You hold {have} {kind_en} card(s) and {len(lead)} were led.",
                      f"你有{have}张{suit.zh}，首家出了{len(lead)}张。")]
        legal = []
        for i, cand in enumerate(pos["candidates"]):
            err = follow_error(hand, lead, cand, trump)
            label = f"{LETTERS[i]} ({cards(cand)})"
            if err is None:
                legal.append(LETTERS[i])
                parts.append(Text(f"{label}: legal.", f"{label}：合规。"))
            else:
                parts.append(Text(f"{label}: not legal — {err.text('en')}",
                                  f"{label}：不合规——{err.text('zh')}"))
        value = frozenset(legal)
        return Solution(value, " ".join(legal) or "none", join(parts))

    def public_position(self, p: Puzzle) -> dict[str, Any]:
        pos = p.position
        return {"trump": trump_public(pos["trump"]), "lead": ascii_cards(pos["lead"]),
                "hand": ascii_cards(pos["trump"].sort(pos["hand"])),
                "candidates": [{"letter": LETTERS[i], "cards": ascii_cards(c)}
                               for i, c in enumerate(pos["candidates"])]}
