"""The language a browser chose, remembered in a cookie (`zp_lang`) so the next visit opens
in it, for a guest as for an account on that browser; a link that names a language wins."""

from __future__ import annotations

from collections.abc import Mapping

import param
from panel.custom import JSComponent

from tutor.text import LANGS

COOKIE = "zp_lang"
KEEP_DAYS = 365


def remembered(cookies: Mapping[str, str] | None) -> str | None:
    """The language this browser chose last, if it is one the tutor speaks."""
    value = (cookies or {}).get(COOKIE)
    return value if value in LANGS else None


class LangMemory(JSComponent):
    """Nothing to see: writes the page's language to the browser's cookie when the person
    changes it (a page opened in a language by its link chooses nothing), where the server
    reads it on the next visit. A page that was never switched sets no cookie."""

    lang = param.Selector(default="en", objects=list(LANGS))

    _esm = f"""
    export function render({{ model }}) {{
      const keep = () => {{
        document.cookie = "{COOKIE}=" + model.lang + "; path=/; max-age={KEEP_DAYS * 86400}"
          + "; SameSite=Lax";
      }};
      model.on("lang", keep);
      const nothing = document.createElement("span");
      nothing.hidden = true;
      return nothing;
    }}
    """
