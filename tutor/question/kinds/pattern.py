"""Units (牌型, §3–4): is it a tractor / titanic / one unit, how does a throw split, find one.

Questions:
- `tractor`, `titanic`: answer `yes` or `no`.
- `decompose`: the units of the play, separated by `|`, e.g. `AH AH KH KH | AH`.
- `is_unit` (the lessons' `is_unit` step): are `cards` exactly one unit of `kind`? yes / no.
- `find` (the lessons' `unit` step): select cards from `hand` that make one unit of `kind`.
- `split` (the lessons' `decompose` step): which of the listed `options` is the rules' split?
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from tutor.rules import Card, MixedSuitError, Trump, Unit, decompose
from tutor.text import Text, both

from ..answers import (
    answer_cards,
    answer_choice,
    answer_text,
    answer_yes_no,
    ascii_cards,
    bad_answer,
    sorted_cards,
)
from ..fields import Fields
from ..inputs import Choice, Input, PickCards
from ..kind import Kind
from ..model import Question, Solution
from ..text import join, listing, mark, same, trump_public, trump_sentence, unit_name, unit_text
from ..throws import read_throw

KINDS = ("pair", "triple", "tractor", "titanic")
WIDTH = {"pair": 2, "triple": 3, "tractor": 2, "titanic": 3}


def units_of(cards: Sequence[int], trump: Trump) -> list[Unit] | None:
    """The rules core's decomposition, or None for cards of several suits."""
    try:
        return decompose(cards, trump)
    except MixedSuitError:
        return None


def is_kind(cards: Sequence[int], trump: Trump, kind: str) -> bool:
    """Are the cards exactly one unit of `kind` (pair, triple, tractor, titanic)?"""
    units = units_of(cards, trump)
    return units is not None and len(units) == 1 and units[0].kind == kind


def order_text(cs: Sequence[int], trump: Trump) -> Text:
    """How the distinct ranks lie in the suit's order: `K♥ – A♥` adjacent, `2♠ = 2♣` equal."""
    kinds = sorted(set(cs), key=lambda c: -trump.position(c))
    chain = [mark([kinds[0]])]
    for hi, lo in itertools.pairwise(kinds):
        gap = trump.position(hi) - trump.position(lo)
        chain.append((" = " if gap == 0 else " – " if gap == 1 else " … ") + mark([lo]))
    return both("pattern.order", chain="".join(chain))


def explain_unit(cs: Sequence[int], trump: Trump, kind: str) -> Text:
    """Why the cards are, or are not, exactly one unit of `kind`."""
    name = unit_name(kind)
    units = units_of(cs, trump)
    if units is None:
        return both("pattern.mixed", name=name)
    if is_kind(cs, trump, kind):
        u = units[0]
        if u.length > 1:
            many = both("pattern.many_pairs" if u.width == 2 else "pattern.many_triples")
            yes = both("pattern.yes_run", n=u.length, many=many, name=name)
        else:
            yes = both("pattern.yes_one", cards=mark(u.cards), name=name)
        return join([yes, order_text(cs, trump)])
    return join([both("pattern.no", units=listing(unit_text(u) for u in units), name=name),
                 order_text(cs, trump)])


def explain_split(cs: Sequence[int], trump: Trump) -> Text:
    """How the rules split a play into units: the largest unit sizes first."""
    units = decompose(cs, trump)
    sizes = [u.width * u.length for u in units]
    return join([both("pattern.splits", units=listing(unit_text(u) for u in units)),
                 both("pattern.sizes", sizes=str(sizes)), order_text(cs, trump)])


def _key(unit: Unit) -> tuple[int, int, int]:
    """Units compare by size, width and top rank: equal keys are equally good answers."""
    return (unit.width * unit.length, unit.width, unit.top)


def _split_key(groups: Sequence[Sequence[int]]) -> list[list[Card]]:
    return sorted(sorted(Card(c) for c in g) for g in groups)


class PatternKind(Kind):
    name = "pattern"
    questions: ClassVar[dict[str, Text]] = {
        "tractor": both("pattern.q_tractor"),
        "titanic": both("pattern.q_titanic"),
        "decompose": both("pattern.q_decompose"),
        "is_unit": both("pattern.q_is_unit"),
        "find": both("pattern.q_find"),
        "split": both("pattern.q_split"),
    }
    steps: ClassVar[dict[str, str]] = {"is_unit": "is_unit", "unit": "find", "decompose": "split"}

    def read(self, f: Fields, question: str) -> dict[str, Any]:
        trump = f.trump()
        pos: dict[str, Any] = {"trump": trump}
        if question in ("is_unit", "find"):
            pos["kind"] = f.choice("kind", KINDS)
        if question == "find":
            pos["hand"] = f.cards("hand", 2)
            if self._find(pos["hand"], trump, pos["kind"]) is None:
                raise f.error("hand", both("pattern.err_none", name=unit_name(pos["kind"])))
            return pos
        if question == "is_unit":
            pos["cards"] = f.cards("cards", 2)
            return pos
        if question in ("decompose", "split"):
            pos["cards"], _ = read_throw(f, "cards", trump, 2, 31, several=False)
        else:
            pos["cards"] = f.cards("cards", 2, 31)
        if question == "split":
            pos["splits"] = self._read_splits(f, pos["cards"], trump)
        return pos

    def _read_splits(self, f: Fields, cs: list[Card], trump: Trump) -> list[list[list[Card]]]:
        raw = f.required("options")
        if not isinstance(raw, list) or len(raw) < 2:
            raise f.error("options", both("pattern.err_options"))
        splits = []
        for i, text in enumerate(raw):
            name = f"options[{i + 1}]"
            if not isinstance(text, str):
                raise f.error(name, both("pattern.err_option_text"))
            parts = [f._cards(name, part, 1, 31) for part in text.split("|")]
            if Counter(c for p in parts for c in p) != Counter(cs):
                raise f.error(name, both("pattern.err_option_cards"))
            splits.append(parts)
        want = _split_key([u.cards for u in decompose(cs, trump)])
        if sum(_split_key(s) == want for s in splits) != 1:
            units = listing(unit_text(u) for u in decompose(cs, trump))
            raise f.error("options", both("pattern.err_option_right", units=units))
        return splits

    @staticmethod
    def _find(hand: Sequence[int], trump: Trump, kind: str) -> list[Card] | None:
        """Cards of the hand that make one unit of `kind`, the highest first found."""
        width = WIDTH[kind]
        counts = Counter(hand)
        ranks = sorted((c for c, n in counts.items() if n >= width), key=trump.position,
                       reverse=True)
        lengths = [1] if kind in ("pair", "triple") else range(2, len(ranks) + 1)
        for length in lengths:
            for combo in itertools.combinations(ranks, length):
                cards = [Card(c) for c in combo for _ in range(width)]
                if is_kind(cards, trump, kind):
                    return cards
        return None

    def _splits(self, q: Question) -> list[list[list[Card]]]:
        """The rules' split first, then other groupings of the same cards that grade wrong:
        each rank's copies together, each unit cut into its pairs or triples, all singles, all
        the cards as one unit."""
        trump: Trump = q.position["trump"]
        cs = trump.sort(q.position["cards"])
        units = decompose(cs, trump)
        by_rank = [[c] * n for c, n in Counter(cs).items()]
        cut = [list(u.cards[i:i + u.width]) for u in units for i in range(0, len(u.cards), u.width)]
        out = [[list(u.cards) for u in units]]
        for split in (by_rank, cut, [[c] for c in cs], [cs]):
            split = [trump.sort(g) for g in split]
            if split not in out and not self.grade_split(q, split):
                out.append(split)
        return out

    def grade_split(self, q: Question, groups: Sequence[Sequence[int]]) -> bool:
        """Is this grouping of the cards an answer as good as the rules' split?"""
        return self.is_correct(q, [sorted_cards(g) for g in groups], self.solve(q))

    def prompt(self, q: Question) -> Text:
        pos = q.position
        head = trump_sentence(pos["trump"])
        asks = q.asks()
        if q.question in ("is_unit", "find") and q.wording is None:
            key = "pattern.q_find_kind" if q.question == "find" else "pattern.q_is_unit_kind"
            asks = both(key, name=unit_name(pos["kind"]))
        if q.question == "find":
            return join([head, both("pattern.hand", cards=mark(pos["trump"].sort(pos["hand"]))),
                         asks])
        return join([head, both("pattern.cards", cards=mark(pos["cards"])), asks])

    def answer_format(self, q: Question) -> Text:
        if q.question == "decompose":
            return both("pattern.format_decompose")
        if q.question == "find":
            return both("pattern.format_find")
        if q.question == "split":
            return both("pattern.format_split", n=len(q.position["splits"]))
        return both("pattern.format_yes_no")

    def answer_input(self, q: Question) -> Input:
        pos = q.position
        if q.question == "find":
            return PickCards(tuple(pos["trump"].sort(pos["hand"])))
        if q.question == "split":
            return Choice(tuple((str(i), same(" + ".join(mark(p) for p in parts)))
                                for i, parts in enumerate(pos["splits"])))
        if q.question == "decompose":
            # no typed input is declared: a choice among the rules' split and other ways of
            # grouping the same cards (any of them may still be typed as `AH AH | KH`)
            return Choice(tuple((" | ".join(ascii_cards(g) for g in split),
                                 same(" + ".join(mark(g) for g in split)))
                                for split in self._splits(q)))
        return Choice((("yes", both("pattern.opt_yes")), ("no", both("pattern.opt_no"))))

    def parse_answer(self, q: Question, answer: Any) -> tuple[Any, str]:
        pos = q.position
        trump: Trump = pos["trump"]
        if q.question == "find":
            cards = answer_cards(q, answer)
            if Counter(cards) - Counter(pos["hand"]):
                raise bad_answer(q, both("pattern.answer_not_held"))
            return sorted_cards(cards), ascii_cards(trump.sort(cards))
        if q.question == "split":
            key = answer_choice(q, answer, (str(i) for i in range(len(pos["splits"]))))
            return int(key), key
        if q.question != "decompose":
            value = answer_yes_no(q, answer)
            return value, "yes" if value else "no"
        if isinstance(answer, list | tuple) and all(isinstance(g, list | tuple) for g in answer):
            groups = [answer_cards(q, g) for g in answer]
        else:
            text = answer_text(q, answer)
            groups = [answer_cards(q, g) for g in re.split(r"[|/;\n]+", text) if g.strip()]
        if not groups:
            raise bad_answer(q)
        flat = sorted_cards([c for g in groups for c in g])
        if flat != sorted_cards(pos["cards"]):
            raise bad_answer(q, both("pattern.answer_exact"))
        text = " | ".join(ascii_cards(trump.sort(g)) for g in groups)
        return [sorted_cards(g) for g in groups], text

    def is_correct(self, q: Question, given: Any, solution: Solution) -> bool:
        trump: Trump = q.position["trump"]
        if q.question == "find":
            return is_kind(list(given), trump, q.position["kind"])
        if q.question != "decompose":
            return given == solution.value
        keys = []
        for g in given:
            units = decompose(g, trump)
            if len(units) != 1:
                return False
            keys.append(_key(units[0]))
        return sorted(keys, reverse=True) == solution.value

    def solve(self, q: Question) -> Solution:
        pos = q.position
        trump: Trump = pos["trump"]
        if q.question == "find":
            found = self._find(pos["hand"], trump, pos["kind"])
            assert found is not None
            return Solution(sorted_cards(found), ascii_cards(found),
                            explain_unit(found, trump, pos["kind"]))
        cs = pos["cards"]
        if q.question == "split":
            want = _split_key([u.cards for u in decompose(cs, trump)])
            i = next(i for i, s in enumerate(pos["splits"]) if _split_key(s) == want)
            return Solution(i, str(i), explain_split(cs, trump))
        if q.question == "decompose":
            units = decompose(cs, trump)
            text = " | ".join(ascii_cards(u.cards) for u in units)
            return Solution(sorted((_key(u) for u in units), reverse=True), text,
                            explain_split(cs, trump))
        kind = pos.get("kind", q.question)
        value = is_kind(cs, trump, kind)
        return Solution(value, "yes" if value else "no", explain_unit(cs, trump, kind))

    def explain(self, q: Question, given: Any, correct: bool, solution: Solution) -> Text:
        if q.question == "find":
            pos = q.position
            return explain_unit(pos["trump"].sort(list(given)), pos["trump"], pos["kind"])
        return solution.explanation

    def public_position(self, q: Question) -> dict[str, Any]:
        pos = q.position
        out: dict[str, Any] = {"trump": trump_public(pos["trump"])}
        if "kind" in pos:
            out["kind"] = pos["kind"]
        if q.question == "find":
            out["hand"] = ascii_cards(pos["trump"].sort(pos["hand"]))
            return out
        out["cards"] = ascii_cards(pos["cards"])
        if q.question == "split":
            out["options"] = [" | ".join(ascii_cards(p) for p in parts)
                              for parts in pos["splits"]]
        return out


KIND = PatternKind()
