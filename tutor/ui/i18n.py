"""Every UI string in one place, in English and Chinese: `t(key, lang, **params)`."""

from __future__ import annotations

LANGS = ("en", "zh")

STRINGS: dict[str, tuple[str, str]] = {
    "app_title": ("找朋友 Tutor — Finding Friends", "找朋友 Tutor — 学打找朋友"),
    "deal_again": ("Deal again", "重新发牌"),
    "your_hand": ("Seat {seat}: your {n} cards, sorted in trump order",
                  "{seat}号位：你的{n}张牌，按主牌顺序排列"),
    "trump_info": ("This deal: {trump}. Trumps are marked with a gold edge; ● marks point cards.",
                   "本副牌：{trump}。主牌有金色边框；● 表示分牌。"),
    "deal_number": ("Deal #{n}", "第{n}副"),
    "points_in_hand": ("{points} points in this hand", "手中共{points}分"),
    "trumps_count": ("{n} trumps", "{n}张主牌"),
}


def t(key: str, lang: str = "en", **params: object) -> str:
    """The string `key` in `lang` (`en` or `zh`), formatted with `params`."""
    en, zh = STRINGS[key]
    return (zh if lang == "zh" else en).format(**params)
