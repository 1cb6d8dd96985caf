"""A puzzle never asks about something it does not show: every card play of the strategy bank
and every strategy-lesson position is read against its recorded hand. What its reason and
themes rely on must be on the page: a partner named is one the seat can tell is its partner,
counting has the played cards shown, the kitty at the end is the player's own to see; and the
page says the side, the declarer, the called card and the points as the seat knew them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tutor.ai.claims import partner_winning
from tutor.ai.memory import build_memory
from tutor.puzzle.loader import MINED_TYPES, mined_files, read_entry
from tutor.review.jobs import HandRecord
from tutor.review.puzzles import position_fields
from tutor.rules import Observation
from tutor.strategy.mine import record_seat
from tutor.text import both
from tutor.ui.position_view import position_html

ROOT = Path(__file__).resolve().parents[2]


def _bank() -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    for path in mined_files(ROOT / "puzzles"):
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = json.loads(raw)
            for entry in line["puzzles"]:
                yield line["record"], entry


def _lessons() -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    hands = {json.loads(raw)["key"]: json.loads(raw)["record"] for raw in
             (ROOT / "lessons" / "hands.jsonl").read_text(encoding="utf-8").splitlines()}
    judged = json.loads((ROOT / "lessons" / "judged.json").read_text(encoding="utf-8"))
    for key, entry in judged.items():
        if entry is not None:
            yield hands[key.split("/")[0]], entry


def _plays(source) -> list[tuple[Observation, dict[str, Any]]]:
    out: list[tuple[Observation, dict[str, Any]]] = []
    last, record = None, None
    for raw, entry in source:
        if entry["decision"] != "play":
            continue
        if raw is not last:  # the hand's record, rebuilt once for its puzzles
            last, record = raw, HandRecord.from_dict(raw)
        index = entry["source"]["action"]
        out.append((record.position(index).observation(record_seat(record, index)), entry))
    return out


@pytest.fixture(scope="module", params=["bank", "lessons"])
def plays(request):
    found = _plays(_bank() if request.param == "bank" else _lessons())
    assert found
    return found


def _names_a_partner(entry: dict[str, Any]) -> bool:
    reason = entry.get("why", {}).get("en", "").lower()
    return (("partner" in reason and "may be your partner" not in reason)
            or "feed-points" in entry["themes"])


def test_the_page_holds_what_the_seat_knew(plays):
    for obs, entry in plays:
        now = position_fields(obs, entry["trick"])
        assert {k: entry.get(k) for k in now} == now, entry["id"]
        assert all(k in now for k in ("declarer", "friend")), entry["id"]


def test_a_partner_named_is_one_the_seat_can_tell(plays):
    named = 0
    for obs, entry in plays:
        if not _names_a_partner(entry):
            continue
        named += 1
        if obs.current:
            assert partner_winning(obs) is not None, entry["id"]
        else:
            mem = build_memory(obs)
            allies = [s for s in range(obs.rules.players)
                      if s != obs.seat and mem.team(s) == 1]
            assert allies, entry["id"]
    assert named


def test_counting_and_the_kitty_are_on_the_page(plays):
    for _obs, entry in plays:
        if "counting" in entry["themes"]:
            assert entry.get("tricks") or entry.get("plays"), entry["id"]
        if "kitty-end" in entry["themes"]:
            assert entry["role"] == "declarer" and entry.get("kitty"), entry["id"]


def test_the_prompt_and_the_position_view_say_it(plays):
    for _obs, entry in plays:
        puzzle = read_entry({"type": "strategy", **entry}, "bank", types=MINED_TYPES)
        for page in (puzzle.prompt().en, position_html(puzzle.seen(), "en")):
            _says_it(entry, page)


def _says_it(entry: dict[str, Any], page: str) -> None:
    """What the page says holds the side, the points as counted, the called card and the
    earlier tricks."""
    assert both(f"better_play.role_{entry['role']}").en in page, entry["id"]
    points = "points_others" if entry.get("points_of") == "others" else "points"
    assert both(f"better_play.{points}", n=entry["points"]).en in page, entry["id"]
    assert "The declarer called" in page, entry["id"]
    if entry.get("tricks"):
        assert f"Earlier tricks ({len(entry['tricks'])})" in page, entry["id"]
