"""A hand's review as JSON-ready values and back, to store it once and show it again."""

from __future__ import annotations

from typing import Any

from tutor.rules import Card, format_cards, parse_cards

from .review import Candidate, HandReview, Judged
from .values import Value

VERSION = 1


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def review_to_dict(review: HandReview) -> dict[str, Any]:
    """Everything the review page shows, as plain values."""
    return {"version": VERSION, "seat": review.seat, "decisions": [
        {"index": d.index, "trick": d.trick, "chosen": format_cards(d.chosen),
         "candidates": [[format_cards(c.cards), c.hindsight.score, c.hindsight.margin,
                         c.fair.score, c.fair.margin, c.fair_error] for c in d.candidates],
         "best_fair": format_cards(d.best_fair), "best_hindsight": format_cards(d.best_hindsight),
         "cost_fair": d.cost_fair, "cost_hindsight": d.cost_hindsight,
         "points_fair": d.points_fair, "grade": d.grade, "clear": d.clear,
         "unlucky": d.unlucky, "reason": list(d.reason) if d.reason else None, "kind": d.kind,
         "decision": d.decision}
        for d in review.decisions]}


def review_from_dict(data: dict[str, Any]) -> HandReview:
    """The review `review_to_dict` wrote; ValueError if it is not one."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError("not a stored hand review (or one of another version)")
    try:
        decisions = [Judged(
            index=int(d["index"]), trick=int(d["trick"]), chosen=_cards(d["chosen"]),
            candidates=tuple(Candidate(_cards(c[0]), Value(c[1], c[2]), Value(c[3], c[4]),
                                       float(c[5]) if len(c) > 5 else 0.0)  # older: none
                             for c in d["candidates"]),
            best_fair=_cards(d["best_fair"]), best_hindsight=_cards(d["best_hindsight"]),
            cost_fair=float(d["cost_fair"]), cost_hindsight=float(d["cost_hindsight"]),
            points_fair=float(d["points_fair"]), grade=d["grade"], clear=bool(d["clear"]),
            unlucky=bool(d["unlucky"]), reason=tuple(d["reason"]) if d["reason"] else None,
            kind=d["kind"], decision=d["decision"]) for d in data["decisions"]]
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"broken stored hand review: {exc}") from exc
    return HandReview(int(data["seat"]), decisions)
