"""The review's "What you saw": the table, and the person's hand then, drawn in trump order
as the personal puzzle of the same position draws it."""

from __future__ import annotations

import re

from tutor.ai import suggest
from tutor.rules import Hand, RuleSet
from tutor.ui.play.position import position_html


def _third_trick_at_seat_0(seed: int) -> Hand:
    hand = Hand(seed, RuleSet(), (2,) * 5, seed % 5)
    while not (len(hand.observation(0).tricks) == 2 and hand.turn == 0):
        hand.apply(suggest(hand.observation(hand.turn)).action)
    return hand


def test_what_you_saw_has_the_hand_then_in_both_languages():
    obs = _third_trick_at_seat_0(3).observation(0)
    for lang, words in (("en", "Your hand:"), ("zh", "你的手牌：")):
        html = position_html(obs, 0, lang, 1)
        table, hand = html.split('class="zp-seen-hand"')
        assert 'class="zp-table"' in table and words in hand
        shown = re.findall(r'data-card="([^"]+)"', hand)
        assert shown == [str(c) for c in obs.trump.sort(list(obs.hand))]
        assert len(shown) == obs.hand_sizes[0]


def test_what_you_saw_has_the_earlier_tricks_folded():
    from tutor.rules import format_cards
    from tutor.text import t

    obs = _third_trick_at_seat_0(3).observation(0)
    assert len(obs.tricks) == 2
    for lang, summary, you in (("en", "Earlier tricks (2)", "You "), ("zh", "之前的2轮", "你 ")):
        html = position_html(obs, 0, lang, 1)
        folded = html[html.index('<details class="zp-history">'):]
        assert f"<summary>{summary}</summary>" in folded and "open" not in folded.split(">")[0]
        items = re.findall(r"<li>(.*?)</li>", folded)
        assert len(items) == 2
        for item, trick in zip(items, obs.tricks, strict=True):
            for seat, cards in trick.plays:  # every play, by its seat (seat 0 saw it), as text
                who = you if seat == 0 else t("question.seat_cap", lang, n=seat) + " "
                assert who + format_cards(cards, lang=lang) in item
