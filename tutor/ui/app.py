"""Builds the whole app for `panel serve` (one fresh app per browser session)."""

from __future__ import annotations

import panel as pn

from .deal_page import DealPage
from .i18n import t


def build_app(lang: str = "en") -> pn.viewable.Viewable:
    """The app's root layout."""
    pn.extension()
    return pn.Column(
        pn.pane.Markdown(f"# {t('app_title', lang)}"),
        DealPage(lang=lang),
        sizing_mode="stretch_width",
        styles={"max-width": "1100px", "margin": "0 auto", "padding": "0 12px"},
    )
