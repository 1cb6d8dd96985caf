"""Throw puzzles from dealt hands: the thrower throws some of its best units in one suit;
the other hands are thinned as if part of the hand had been played. About 40% succeed; a
failure is aimed at one of: one opponent's pair (or bigger) decides alone, beaters in several
hands (the lowest-component rule), one single beaten.

Difficulty score (tier: 0–1 easy, 2–3 medium, 4+ hard), one point each for: three or more
components; a throw in trumps; a triple/tractor/titanic in the throw; a decoy (higher cards
that do not form a beating unit: copies split between players, or a pair against a tractor);
several beaten components (the lowest-one rule); a failure decided by a pair or bigger; the
`safe` question (reasoning over unseen hands).
"""

from __future__ import annotations

import random
from collections import Counter

from tutor.rules import TRUMP, Card, Trump, decompose, throw_check

from .common import Candidate, deal, in_suit, random_trump, text, tier, unit_themes, weighted_pick


def _decoy(throw_units, others: list[list[Card]], trump: Trump) -> bool:
    """Higher cards are out that look dangerous but form no beating unit in one hand."""
    for u in throw_units:
        if u.width == 1:
            continue
        higher = Counter(c for o in others for c in o if trump.position(c) > u.top)
        if any(n >= u.width for n in higher.values()):
            return True  # enough copies exist, but (the throw stands or not) split or short
    return False


def generate(rng: random.Random) -> Candidate | None:
    """A throw that succeeds about 45% of the time (successful throws are the rarer deal)."""
    question = "safe" if rng.random() < 0.25 else "outcome"
    want_ok = rng.random() < 0.4
    # how a failure should look: one opponent's pair (or bigger) decides, one single is
    # beaten, or beaters sit in several hands
    goal = "ok" if want_ok else rng.choices(["one_multi", "several", "single"], [5, 3, 2])[0]
    for _ in range(60):
        found = _attempt(rng, question, want_ok, goal)
        if found is not None and (question == "safe" or found.features["goal"] == goal):
            return found
    return None


def _goal(result) -> str:
    """`ok`; `one_multi`: one opponent alone decides, with a pair or bigger; else `several`
    (beaters in several hands) or `single` (one single beaten)."""
    if result.ok:
        return "ok"
    if len({b.seat for b in result.beats}) == 1 and any(b.unit.width > 1 for b in result.beats):
        return "one_multi"
    return "several" if len(result.beats) > 1 else "single"


def _one_pair_decides(throw: list[Card], others: list[list[Card]], trump: Trump
                      ) -> list[list[Card]] | None:
    """Thin the other hands (those cards were played earlier) until exactly one opponent's
    pair or bigger beats the throw: other components' beaters go, the deciding unit stays."""
    result = throw_check(throw, others, trump)
    multi = [b for b in result.beats if b.unit.width > 1]
    if result.ok or not multi:
        return None
    keep = set(multi[0].by)
    rest = [b.unit for b in result.beats if b is not multi[0]]
    low = min((u.top for u in rest), default=None)
    thinned = [[c for c in o if c in keep or low is None or trump.position(c) <= low]
               for o in others]
    again = throw_check(throw, thinned, trump)
    if _goal(again) != "one_multi":
        return None
    return thinned


def _attempt(rng: random.Random, question: str, want_ok: bool,
             goal: str = "") -> Candidate | None:
    hands, kitty = deal(rng)
    trump = random_trump(rng)
    thrower = rng.randrange(5)
    suits = [TRUMP, TRUMP, *(e for e in (0, 1, 2, 3) if any(
        trump.effective_suit(c) == e for c in hands[thrower]))]
    led = rng.choice(suits)
    holding = in_suit(hands[thrower], trump, led)
    if len(holding) < 3:
        return None
    units = sorted(decompose(holding, trump), key=lambda u: -u.top)
    if len(units) < 2 or all(u.width == 1 for u in units):
        return None
    k = rng.choice([2, 2, 3, 3, 4])
    chosen = weighted_pick(rng, units, 0.3 if want_ok else 0.55)[:k]
    throw = [c for u in chosen for c in u.cards]
    throw_units = decompose(throw, trump)
    if len(throw_units) < 2 or all(u.width == 1 for u in throw_units):
        return None
    keep = rng.uniform(0.1, 0.5) if want_ok else rng.uniform(0.2, 0.8)  # late or early
    seats = [(thrower + i) % 5 for i in range(1, 5)]
    others = [[c for c in in_suit(hands[s], trump, led) if rng.random() < keep] for s in seats]
    if goal == "one_multi" and question == "outcome":
        thinned = _one_pair_decides(throw, others, trump)
        if thinned is None:
            return None
        others = thinned
    kitty_cards = in_suit(kitty, trump, led) if question == "safe" else []
    actual = throw_check(throw, others, trump)
    if question == "safe":
        pool = [c for o in others for c in o] + kitty_cards
        ok = throw_check(throw, [pool], trump).ok
    else:
        ok = actual.ok
    if ok != want_ok:
        return None
    decoy = _decoy(throw_units, others, trump)
    multi_decider = not actual.ok and any(b.unit.width > 1 for b in actual.beats)
    score = (len(throw_units) >= 3) + (led == TRUMP) + any(
        u.width == 3 or u.length > 1 for u in throw_units) + decoy + (len(actual.beats) >= 2) \
        + multi_decider + (question == "safe")
    themes = {"throw"} | unit_themes(throw, trump)
    for b in actual.beats:
        themes |= unit_themes(b.by, trump)
    if decoy:
        themes.add("shape-trap")
    if len(actual.beats) >= 2:
        themes.add("forced-choice")
    if question == "safe":
        themes.add("safe-or-risky")
    fields = {"level": trump.level, "suit": trump.suit, "thrower": thrower,
              "hand": text(trump.sort(holding)), "throw": text(trump.sort(throw)),
              "others": [text(trump.sort(o)) for o in others]}
    if kitty_cards:
        fields["kitty"] = text(trump.sort(kitty_cards))
    return Candidate(question, fields, sorted(themes, key=_theme_order), tier(score),
                     {"ok": ok, "score": score, "goal": _goal(actual)})


def _theme_order(t: str) -> tuple[int, str]:
    return (0 if t == "throw" else 1, t)


__all__ = ["Card", "generate"]
