"""The one catalogue of the tutor's user-facing text, in English and Chinese.

`en/` and `zh/` (shipped inside this package) hold the same keys, one TOML file per area:
`ui` (the pages), `learn` (the Learn page), `widgets` (notebook widgets), `hint` (the AI's
reasons), `rules` (why an action is illegal), `question` and one file per question kind.
`t("ui.nav_learn", "zh")` is one string; `both("ui.nav_learn")` is the bilingual `Text`;
`section("ui")` gives a `t` for one area. Any layer may use it: it only reads these files, once.

A counted message has two forms, `key_one` and `key_other` (`"{n} card"`, `"{n} cards"`), and
is asked for by its bare `key`: the form is chosen by the number in its slot `n` (or the slot
`plural_by` names), `_one` for exactly 1 in English. Chinese has no plural, so both of its
forms read the same.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources

LANGS = ("en", "zh")


@dataclass(frozen=True)
class Text:
    """One message in English (`en`) and Chinese (`zh`)."""

    en: str
    zh: str

    def get(self, lang: str = "en") -> str:
        """The message in `lang` (`en` or `zh`; anything else falls back to English)."""
        return self.zh if lang == "zh" else self.en

    def __add__(self, other: Text) -> Text:
        """Plain concatenation (inside a sentence)."""
        return Text(self.en + other.en, self.zh + other.zh)

    def __str__(self) -> str:
        return self.en

    def as_dict(self) -> dict[str, str]:
        """JSON-ready form: {"en": ..., "zh": ...}."""
        return {"en": self.en, "zh": self.zh}


@cache
def catalogue(lang: str) -> dict[str, dict[str, str]]:
    """Every string of `lang` ("en" or "zh"), by area (file name) and key."""
    if lang not in LANGS:
        raise ValueError(f"no text in {lang!r}: the languages are {', '.join(LANGS)}")
    folder = resources.files(__package__).joinpath(lang)
    return {item.name.removesuffix(".toml"): tomllib.loads(item.read_text(encoding="utf-8"))
            for item in folder.iterdir() if item.name.endswith(".toml")}


PLURAL_FORMS = ("_one", "_other")


def plural_form(name: str, count: object, lang: str) -> str:
    """The key of the form of counted message `name` for `count`: `name_one` for 1 in English,
    else `name_other`."""
    one = lang != "zh" and isinstance(count, int) and not isinstance(count, bool) and count == 1
    return name + ("_one" if one else "_other")


def t(key: str, lang: str = "en", plural_by: str = "n", **params: object) -> str:
    """The string `area.key` in `lang` (anything but "zh" is English), with `params` filled in.

    A `Text` parameter is filled in with its own wording in `lang`. A counted message (one
    with `_one`/`_other` forms) takes the form that fits the number in slot `plural_by`."""
    area, _, name = key.partition(".")
    lang = "zh" if lang == "zh" else "en"
    values = {k: v.get(lang) if isinstance(v, Text) else v for k, v in params.items()}
    table = catalogue(lang)[area]
    if name not in table and f"{name}_other" in table:
        if plural_by not in params:
            raise KeyError(f"{key} is counted: give its number as {plural_by}=")
        name = plural_form(name, params[plural_by], lang)
    return table[name].format(**values)


def both(key: str, plural_by: str = "n", **params: object) -> Text:
    """The string `area.key` in both languages, as one `Text`."""
    return Text(t(key, "en", plural_by, **params), t(key, "zh", plural_by, **params))


def section(area: str) -> Callable[..., str]:
    """`t` for the keys of one area: `section("ui")("nav_learn", "zh")`."""

    def text(key: str, lang: str = "en", plural_by: str = "n", **params: object) -> str:
        return t(f"{area}.{key}", lang, plural_by, **params)

    text.__doc__ = f"The string `key` of the {area!r} texts in `lang`, formatted with `params`."
    return text


def has(key: str) -> bool:
    """Whether `area.key` is in the catalogue."""
    area, _, name = key.partition(".")
    table = catalogue("en").get(area, {})
    return name in table or f"{name}_other" in table
