"""What a page showing a position must say of it, from the catalogue's words (not from the
code that draws it): the declarer, the called card and whether it has shown, the learner's
side as they could know it, the points as they could count them; and the earlier tricks,
folded until opened."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tutor.text import t


def _around(key: str, lang: str, **params: Any) -> list[str]:
    """The text of `key` outside its card slot (the card is drawn, not written)."""
    return [part for part in t(key, lang, card="\x00", **params).split("\x00") if part.strip()]


def question_facts(pos: dict[str, Any], lang: str) -> list[str]:
    """The sentences the position view says of a card play (a mined, personal or lesson
    puzzle, the review's decision)."""
    seat = pos["seat"]
    said = []
    if pos["declarer"] is not None and pos["declarer"] != seat:
        said.append(t("better_play.declarer_is", lang,
                      who=t("question.seat_cap", lang, n=pos["declarer"])))
    shown = pos["friend_seat"]
    if shown is None:
        said += _around("better_play.friend_hidden", lang)
    elif shown == "alone":
        said += _around("better_play.friend_alone", lang)
    elif shown == seat:
        said += _around("better_play.friend_you", lang)
    else:
        said += _around("better_play.friend_shown", lang,
                        who=t("question.seat_cap", lang, n=shown))
    said.append(t(f"better_play.role_{pos['role']}", lang))
    key = "points_others" if pos["points_of"] == "others" else "points"
    said.append(t(f"better_play.{key}", lang, n=pos["points"]))
    return said


def shows_facts(scope, facts: list[str]) -> None:
    """Every fact is in the text of `scope` (a locator; its shadow root where it has one)."""
    text = scope.evaluate("e => (e.shadowRoot || e).textContent")
    missing = [fact for fact in facts if fact not in text]
    assert not missing, (missing, text[:2000])


def opens_history(scope, tricks: int) -> None:
    """The earlier tricks under `scope` are folded, and opened show each trick."""
    history = scope.locator("details.zp-history")
    assert history.locator("li").first.is_hidden()
    history.locator("summary").click()
    expect(history.locator("li")).to_have_count(tricks)
    assert history.locator("li").first.is_visible()
