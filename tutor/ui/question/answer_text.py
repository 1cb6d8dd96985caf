"""A question's canonical answer (`none`, `declarer 2`, `SJ 10H`) in the words of the page's
language, for the verdict line: the canonical form is for grading, not for reading."""

from __future__ import annotations

import re

from tutor.rules import CardError, format_cards, parse_cards
from tutor.text import section

t = section("card")

_SIDE = re.compile(r"^(declarer|defenders) (\d+)$")


def answer_text(answer: str, lang: str) -> str:
    """`none` → `none` / `没有`; `declarer 2` → `Declarer side goes up 2` / `庄家方升级 2`;
    cards → `10♥ big joker` / `10♥ 大王`; anything else as it is."""
    text = answer.strip()
    if text == "none":
        return t("answer_none", lang)
    side = _SIDE.match(text)
    if side:
        return f"{t(side.group(1) + '_up', lang)} {side.group(2)}"
    if any(ch.isdigit() or ch in "JQKA" for ch in text):  # letters alone (A C) are choices
        try:
            return format_cards(parse_cards(text), lang=lang)
        except CardError:
            return text
    return text
