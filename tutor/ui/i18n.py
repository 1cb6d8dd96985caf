"""The pages' strings (the `ui` area of the one catalogue, `tutor.text`): `t(key, lang)`."""

from __future__ import annotations

from tutor.text import LANGS, section

__all__ = ["LANGS", "t"]

t = section("ui")
