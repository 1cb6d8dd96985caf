"""The one way text people type reaches a page: `user_text` turns it into inert HTML.

Names, class names, assignment titles, join codes, authored cards, answers, and any message
that may quote them (store and rules errors) go through it before an HTML or Markdown pane
sees them. Markdown is no sanitiser (it passes raw HTML and builds links and images), so
every ASCII punctuation mark becomes a numeric character reference: no HTML tag, entity,
Markdown emphasis, link, image or autolink can form, and the browser still shows exactly
the characters typed. A `<bdi>` keeps right-to-left text from reordering the words around it.
"""

from __future__ import annotations

import logging
import string

log = logging.getLogger("tutor")
_INERT = str.maketrans({ch: f"&#{ord(ch)};" for ch in string.punctuation}
                       | {"\n": "<br>", "\r": ""})


def user_text(value: object, lang: str | None = None) -> str:
    """`value` as HTML showing exactly its text, safe in an HTML pane and a Markdown pane;
    with `lang`, an error that speaks it (`text(lang)`, as a store's errors do) in it."""
    if lang is not None and callable(getattr(value, "text", None)):
        value = said(value, lang)
    return f"<bdi>{str(value).translate(_INERT)}</bdi>"


def said(error: Exception, lang: str) -> str:
    """What a page in `lang` tells a person of `error` (its `text(lang)`); a fault of the
    database says what happened there, and its detail (the file, the server) goes to the
    server's log, once."""
    if getattr(error, "fault", None) and not getattr(error, "logged", False):
        log.warning("%s", error)
        error.logged = True  # type: ignore[attr-defined]
    return error.text(lang)  # type: ignore[attr-defined]
