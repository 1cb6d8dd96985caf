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
