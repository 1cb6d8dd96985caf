"""After a hand review, the bank's puzzles of its mistakes are a link away: a learner replays
a finished, reviewed game on the Play page, opens the stored review, finds on the decision
shown what they knew at the table (the declarer, the called card not yet shown, their
side, the earlier tricks opened on request), and its practise line opens the Puzzles page
on the strategy theme of the blunder, in a new tab; at a phone's width and a desktop's, in
both languages."""

from __future__ import annotations

import os
import sys

import pytest

from tests.reviewed import SEED, planted
from tests.serving import free_port, served
from tutor.games import RECORD_VERSION
from tutor.puzzle import THEMES
from tutor.question.seen import observed
from tutor.review import HandReview
from tutor.review.jobs import HandRecord
from tutor.rules import RuleSet, action_to_dict
from tutor.store import Store
from tutor.text import t
from tutor.ui.play.persist import GameSaver
from tutor.ui.play.review_store import ReviewKeeper
from tutor.ui.play.session import PlaySession
from tutor.ui.theme_choice import bank_themes, kind_theme

from .conftest import settled_widths, shot, watch_outside
from .position_facts import opens_history, question_facts, shows_facts
from .test_strategy_puzzles import SIZES, _shown

pytestmark = pytest.mark.browser
LEARNER = "revlea"
CENTRE = "el => el.scrollIntoView({block: 'center'})"


def _click(locator) -> None:
    """Click once it is in the middle of the screen: on a phone the hand stays at the
    bottom, over whatever a plain scroll brings just into view."""
    locator.wait_for(timeout=60_000)
    locator.evaluate(CENTRE)
    locator.click()


@pytest.fixture(scope="module")
def reviewed_app(tmp_path_factory):
    """A server whose database holds the learner's finished one-hand game (the planted
    blunder's), its review kept; the URL and the blunder's strategy theme."""
    folder = tmp_path_factory.mktemp("review-themes")
    db = folder / "tutor.duckdb"
    hand, index, judged = planted()
    theme = kind_theme(judged.kind)
    assert theme is not None and theme in bank_themes()
    with Store(db) as store:
        user = store.users.create(LEARNER, "Rev", "learner", "pass-" + LEARNER)
        session = PlaySession.from_record({
            "version": RECORD_VERSION, "seed": SEED, "human": 0, "strength": "easy",
            "max_hands": 1, "rules": RuleSet().to_dict(),
            "hands": [[action_to_dict(a) for a in hand.actions]]})
        saver = GameSaver(store, user.id)
        saver.save(session)
        assert saver.game_id is not None
        ReviewKeeper(store, user.id, saver.game_id).save(0, HandReview(0, [judged]))
        assert store.games.for_user(user.id, user.id, status="finished")
    port = free_port()
    env = dict(os.environ, TUTOR_DB=str(db))
    with served([sys.executable, "-m", "tutor", "serve", "--port", str(port)],
                f"http://localhost:{port}/", folder / "serve.log", env) as url:
        yield url, theme, observed(HandRecord.of(hand).position(index).observation(0),
                                   judged.trick)


@pytest.mark.parametrize(("size", "lang"), [(s, lang) for s in ("390", "1366")
                                            for lang in ("en", "zh")])
def test_the_review_links_its_mistakes_theme_to_the_puzzles_page(browser, reviewed_app,
                                                                  size, lang):
    url, theme, seen = reviewed_app
    context = browser.new_context(**SIZES[size])
    page = watch_outside(context.new_page())
    try:
        page.goto(f"{url}?page=play&lang={lang}")
        page.get_by_role("button", name=t("ui.account", lang), exact=True).click()
        page.get_by_placeholder(t("ui.username", lang)).fill(LEARNER)
        page.get_by_placeholder(t("ui.password", lang)).fill("pass-" + LEARNER)
        page.get_by_role("button", name=t("ui.sign_in", lang), exact=True).click()
        page.get_by_text("Rev", exact=True).first.wait_for(timeout=30_000)
        _click(page.get_by_role("button", name=t("ui.replay", lang), exact=True))
        _click(page.get_by_role("button", name=t("review.button", lang), exact=True))
        line = page.locator(".zp-practise").first
        line.wait_for(timeout=30_000)
        detail = page.locator(".zp-review .zp-position-view").first  # as its puzzle shows it
        detail.wait_for(timeout=30_000)
        shows_facts(detail, question_facts(seen, lang))
        opens_history(detail, len(seen["tricks"]))
        detail.evaluate(CENTRE)
        shot(page, f"review_position_{size}_{lang}")
        assert t("review.practise_themes", lang) in line.inner_text()
        link = line.get_by_role("link", name=THEMES[theme].get(lang), exact=True)
        line.evaluate(CENTRE)
        scroll, inner = settled_widths(page)
        shot(page, f"review_themes_{size}_{lang}")
        assert inner == int(size) and scroll <= inner, f"{max(scroll, inner)} px wide"
        with context.expect_page() as opened:
            _click(link)
        puzzles = watch_outside(opened.value)
        puzzle = _shown(puzzles)
        assert theme in puzzle.themes and puzzle.type == "strategy"
        chosen = puzzles.get_by_label(t("ui.theme", lang)).first
        assert chosen.evaluate("s => s.options[s.selectedIndex].text") == THEMES[theme].get(lang)
        shot(puzzles, f"review_themes_puzzles_{size}_{lang}")
        assert page.outside_requests == [] and puzzles.outside_requests == []
    finally:
        context.close()
