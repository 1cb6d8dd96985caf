"""Strategy-lesson positions proven by the judge: a lesson step names a mined hand (kept in
`lessons/hands.jsonl`, so the lessons do not depend on which puzzles the bank keeps), the
decision in it and the play its author says is best; the judge that plays like players
values the position as the mining does, and a step whose stated play is not clearly best
(`criterion.clearly_best`) or that the referee does not certify is refused. Judgements are
cached in a file beside the lessons (`lessons/judged.json`), keyed by the hand, the decision
and the budget, so loading the lessons is quick."""

from __future__ import annotations

import contextlib
import hashlib
import json
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

from tutor.ai.rollout import JUDGE
from tutor.review.jobs import HandRecord
from tutor.review.review import Budget
from tutor.rules import CardError, parse_cards
from tutor.text import Text, both

from .mine import TYPE, judge_clear, kitty_points, puzzle_entry
from .run import read_lines

_writing = threading.Lock()


class NotProven(ValueError):
    """A lesson position the judge does not prove: why (`text`, both languages) and the
    step's field at fault (`hand`, `action` or `best`)."""

    def __init__(self, text: Text, field: str = "best") -> None:
        super().__init__(text.en)
        self.text, self.field = text, field


LESSON_BUDGET = Budget(policy=JUDGE)  # the mining's judge, its positions certified


@lru_cache(maxsize=4)
def mined_hands(path: Path) -> dict[str, dict[str, Any]]:
    """The mined hands of a file (one JSON line each, as the mining writes them) by key
    (`<seed>_<number>`); none if there is no such file."""
    return {line["key"]: line for line in read_lines(path)} if path.is_file() else {}


def proven_entry(hand: str, action: int, best: str, cache: Path, hands: Path,
                 budget: Budget = LESSON_BUDGET) -> dict[str, Any]:
    """The puzzle entry of decision `action` of hand `hand` (of the file `hands`), if the
    judge finds `best` (cards) clearly best there and the referee agrees; NotProven says
    why not."""
    try:
        stated = sorted(parse_cards(best))
    except CardError as exc:
        raise NotProven(both("question.err_card", error=str(exc))) from None
    line = mined_hands(hands).get(hand)
    if line is None:
        raise NotProven(both("strategy.err_no_hand", hand=repr(hand), file=hands.name),
                        "hand")
    actions = line["record"]["actions"]
    if not 0 <= action < len(actions):
        raise NotProven(both("strategy.err_action", hand=hand, last=len(actions) - 1,
                             action=action), "action")
    entry = judged_entry(line, action, budget, cache)
    if entry is None:
        raise NotProven(both("strategy.err_unclear"))
    values = entry["values"]
    top = max(range(len(values)), key=lambda k: (values[k], -k))
    found = entry["candidates"][top]
    if sorted(parse_cards(found)) != stated:
        raise NotProven(both("strategy.err_other_best", found=found, best=best))
    return entry


def judged_entry(line: dict[str, Any], action: int, budget: Budget,
                 cache: Path) -> dict[str, Any] | None:
    """The judge's puzzle entry for one decision (None: not clearly decided), from the cache
    when it holds this hand, decision and budget, else judged now and cached."""
    key = _key(line, action, budget)
    stored = _read(cache)
    if key in stored:
        return stored[key]
    record = HandRecord.from_dict(line["record"])
    judged = judge_clear(record, action, budget)
    kitty = kitty_points(record)
    entry = (None if judged is None else
             puzzle_entry(record, judged, f"{TYPE}-{line['key']}-{action}", kitty))
    with _writing:
        stored = _read(cache)
        stored[key] = entry
        with contextlib.suppress(OSError):  # read-only: judged again next time, nothing lost
            cache.write_text(json.dumps(stored, ensure_ascii=False, indent=1, sort_keys=True)
                             + "\n", encoding="utf-8")
    return entry


def _key(line: dict[str, Any], action: int, budget: Budget) -> str:
    digest = hashlib.sha256(json.dumps(line["record"], sort_keys=True).encode()).hexdigest()
    return f"{line['key']}/{action}/{budget.candidates}-{budget.fair_deals}-" \
           f"{budget.hindsight_repeats}-{budget.policy}/{digest[:16]}"


def _read(cache: Path) -> dict[str, Any]:
    try:
        return json.loads(cache.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
