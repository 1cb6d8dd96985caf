"""The theme choice the Puzzles page and the teacher's assignment form offer: a mix of all
puzzles first, then the rules themes and the strategy themes as two labelled groups, so a
learner sees at once which themes are about the rules and which about playing well."""

from __future__ import annotations

import functools
from html import escape

from tutor.puzzle import THEMES
from tutor.puzzle.themes import STRATEGY_THEMES
from tutor.strategy.themes import DECISION_THEMES, KIND_THEMES

from .bank import shipped_bank
from .i18n import t

PERSONAL = "better_play"  # the theme of the positions from the learner's own games
STRATEGY_GROUP = (PERSONAL, "strategy", *STRATEGY_THEMES)  # playing well, in the bank's order
RULES_GROUP = tuple(k for k in THEMES if k not in STRATEGY_GROUP)  # what the rules say


def theme_groups(lang: str, mix: str, personal: bool = False) -> dict[str, dict[str, str]]:
    """The Select's `groups`: label → theme key in each group, the mix (`mix` its value)
    first; the learner's own positions only when they have some (`personal`)."""
    strategy = [k for k in STRATEGY_GROUP if k != PERSONAL or personal]
    return {t("theme_group_mix", lang): {t("theme_mix", lang): mix},
            t("theme_group_rules", lang): {THEMES[k].get(lang): k for k in RULES_GROUP},
            t("theme_group_strategy", lang): {THEMES[k].get(lang): k for k in strategy}}


def known_theme(value: object) -> str | None:
    """`value` when it is a theme of the bank (from a link or a browser), else None."""
    return value if isinstance(value, str) and value in THEMES else None


def kind_theme(kind: str | None) -> str | None:
    """The strategy theme that practises a review's kind of mistake (`points_given` →
    `no-gifts`) or a setup decision (`bury` → `bury`); None for one with no theme (`other`)."""
    return None if kind is None else DECISION_THEMES.get(kind) or KIND_THEMES.get(kind)


@functools.cache
def bank_themes() -> frozenset[str]:
    """The themes the shipped bank has puzzles of (a link to one it has none of is no help)."""
    return frozenset(theme for p in shipped_bank() for theme in p.themes)


def theme_link(theme: str, lang: str, new_tab: bool = False) -> str:
    """An HTML link opening the Puzzles page on `theme` (one of THEMES), named in `lang`."""
    target = ' target="_blank" rel="noopener"' if new_tab else ""
    return (f'<a href="?page=puzzles&amp;theme={escape(theme, quote=True)}&amp;lang={lang}"'
            f"{target}>{escape(THEMES[theme].get(lang))}</a>")
