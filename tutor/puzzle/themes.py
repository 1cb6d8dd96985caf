"""Themes learners can choose: every puzzle type is one, plus finer themes across types.

A type's theme names that type only (a level puzzle whose kitty counts is `kitty-counted`,
not `kitty`), so a theme chosen by its type's name serves that type and no other.

Their names are in the catalogue's `themes` area."""

from __future__ import annotations

from tutor.text import Text, both

TYPE_THEMES: dict[str, Text] = {name: both(f"themes.{name}") for name in (
    "throw", "kitty", "trick", "follow", "pattern", "level", "score", "friend",
    "trump_order", "better_play", "strategy")}

FINE_THEMES: dict[str, Text] = {name: both(f"themes.{name}") for name in (
    "pair", "triple", "tractor", "titanic", "trump-chain", "level-skip", "trumping",
    "shape-trap", "forced-choice", "safe-or-risky", "first-vs-max", "declarer-wins-last",
    "alone", "nth-played", "cap-at-A", "failed-throw", "boundary", "kitty-counted",
    "several-units",)}

# what a strategy puzzle teaches (`tutor.strategy.themes` tells them from the judge's verdict)
STRATEGY_THEMES: dict[str, Text] = {name: both(f"themes.{name}") for name in (
    "bidding", "bury", "call-friend", "lead", "lead-trumps", "safe-throw", "no-gifts",
    "feed-points", "keep-units", "save-trumps", "trump-in", "counting", "friend-card", "kitty-end",
    "opening", "middlegame", "endgame")}

THEMES: dict[str, Text] = TYPE_THEMES | FINE_THEMES | STRATEGY_THEMES

TIERS: dict[int, Text] = {n: both(f"themes.tier_{n}") for n in (1, 2, 3)}
TIER_NAMES = {"easy": 1, "medium": 2, "hard": 3, "1": 1, "2": 2, "3": 3}
