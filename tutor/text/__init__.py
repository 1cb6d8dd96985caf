"""The one catalogue of the tutor's user-facing text, in English and Chinese.

`en.toml` and `zh.toml` (shipped inside this package) hold the same keys, one table per area:
`ui` (the pages), `learn` (the Learn page), `widgets` (notebook widgets), `hint` (the AI's
reasons) and `rules` (why an action is illegal). `t("ui.nav_learn", "zh")` is one string;
`section("ui")` gives a `t` for one area. Any layer may use it: it only reads these two
files, once.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from functools import cache
from importlib import resources

LANGS = ("en", "zh")


@cache
def catalogue(lang: str) -> dict[str, dict[str, str]]:
    """Every string of `lang` ("en" or "zh"), by area and key."""
    if lang not in LANGS:
        raise ValueError(f"no text in {lang!r}: the languages are {', '.join(LANGS)}")
    return tomllib.loads(resources.files(__package__).joinpath(f"{lang}.toml")
                         .read_text(encoding="utf-8"))


def t(key: str, lang: str = "en", **params: object) -> str:
    """The string `area.key` in `lang` (anything but "zh" is English), with `params` filled in."""
    area, _, name = key.partition(".")
    return catalogue("zh" if lang == "zh" else "en")[area][name].format(**params)


def section(area: str) -> Callable[..., str]:
    """`t` for the keys of one area: `section("ui")("nav_learn", "zh")`."""

    def text(key: str, lang: str = "en", **params: object) -> str:
        return t(f"{area}.{key}", lang, **params)

    text.__doc__ = f"The string `key` of the {area!r} texts in `lang`, formatted with `params`."
    return text


def has(key: str) -> bool:
    """Whether `area.key` is in the catalogue."""
    area, _, name = key.partition(".")
    return name in catalogue("en").get(area, {})
