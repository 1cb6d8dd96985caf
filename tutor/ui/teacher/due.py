"""The assignment's due date as one dropdown of the coming days, written in the page's
language (the calendar pop-up of Bokeh's date picker speaks only English)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import panel as pn
import param

from ..i18n import t

DAYS_AHEAD = 120


def date_label(day: date, lang: str) -> str:
    """`Tue 1 Dec 2026` / `2026年12月1日（周二）`."""
    weekdays = t("weekdays", lang).replace("、", " ").split()  # 一、二、… reads as a list
    return t("due_format", lang, weekday=weekdays[day.weekday()],
             day=day.day, month=t("months", lang).split()[day.month - 1], year=day.year)


class DueDate(pn.viewable.Viewer):
    """`value`: the date chosen among the next DAYS_AHEAD days, or None (no due date)."""

    value = param.Date(default=None, allow_None=True)
    label = param.String(default="", allow_refs=True)
    lang = param.Selector(default="en", objects=["en", "zh"], allow_refs=True)

    def __init__(self, today: date | None = None, **params: Any) -> None:
        width = params.pop("width", 220)
        super().__init__(**params)
        self._today = today or date.today()
        self._select = pn.widgets.Select(width=width)
        self._select.param.watch(self._chosen, "value")
        self._label()

    def _options(self) -> dict[str, str]:
        days = [self._today + timedelta(days=i) for i in range(DAYS_AHEAD + 1)]
        return {t("due_none", self.lang): ""} | {date_label(d, self.lang): d.isoformat()
                                                 for d in days}

    @param.depends("lang", "label", watch=True)
    def _label(self) -> None:
        current = self.value.isoformat() if self.value else ""
        self._select.param.update(options=self._options(), name=self.label)
        self._select.value = current if current in self._select.options.values() else ""

    def _chosen(self, event) -> None:
        self.value = date.fromisoformat(event.new) if event.new else None

    @param.depends("value", watch=True)
    def _show(self) -> None:
        wanted = self.value.isoformat() if self.value else ""
        if self._select.value != wanted and wanted in self._select.options.values():
            self._select.value = wanted

    def __panel__(self) -> pn.viewable.Viewable:
        return self._select
