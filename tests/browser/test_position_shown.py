"""A mined card play from late in a hand, on the Puzzles page, shows what the player knew:
the declarer, the called card and that it has not shown, the player's side as they alone
know it (the hidden friend) and the defenders' points as they can count them, and the
earlier tricks, opened on request; on a phone and a desktop, in English and Chinese."""

from __future__ import annotations

import pytest

from tutor.puzzle import load_bank

from .conftest import settled_widths, shot, watch_outside
from .position_facts import opens_history, question_facts, shows_facts

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}
# the latest-in-its-hand card play of the shipped bank whose player is the hidden friend
PUZZLE = max((p for p in load_bank() if p.type == "strategy"
              and p.position["decision"] == "play" and p.position["role"] == "friend_secret"),
             key=lambda p: (p.position["trick"], p.id))


@pytest.mark.parametrize(("size", "lang"), [(s, lang) for s in ("390", "1366")
                                            for lang in ("en", "zh")])
def test_a_late_card_play_shows_what_the_player_knew(browser, app_url, size, lang):
    pos = PUZZLE.position
    assert pos["trick"] >= 8 and pos["tricks"]
    context = browser.new_context(**(PHONE if size == "390" else DESKTOP))
    page = watch_outside(context.new_page())
    try:
        page.goto(f"{app_url}?page=puzzles&lang={lang}&puzzle={PUZZLE.id}")
        page.locator(f'em.zp-puzzle-meta[data-puzzle="{PUZZLE.id}"]').wait_for(timeout=30_000)
        prompt = page.locator(".zp-position-view").first  # the one position view
        prompt.wait_for(timeout=30_000)
        shows_facts(prompt, question_facts(pos, lang))
        opens_history(prompt, len(pos["tricks"]))
        history = prompt.locator("details.zp-history")
        history.scroll_into_view_if_needed()
        scroll, _inner = settled_widths(page)
        assert scroll <= int(size) + 1
        shot(page, f"position_shown_{size}_{lang}")
        assert page.outside_requests == []
    finally:
        context.close()
