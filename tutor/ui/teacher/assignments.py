"""A new assignment for the class: a title, a due date, and puzzles of the bank, picked one
by one or drawn by theme and difficulty."""

from __future__ import annotations

from datetime import date
from typing import Any

import panel as pn
import param

from tutor.store import Assignment, StoreError

from ..bank import current_bank, distinct
from ..i18n import t
from ..safe import user_text
from ..theme_choice import known_theme, theme_groups
from .due import DueDate
from .part import TeacherPart

MAX_COUNT = 30


class Assignments(TeacherPart):
    """The form; `made` is the assignment it made last."""

    made = param.ClassSelector(class_=Assignment, default=None, allow_None=True,
                               doc="the assignment made last")

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._title = pn.widgets.TextInput(placeholder=self._t("teacher_title"), width=240)
        self._due = DueDate(width=220, label=self._t("teacher_due"), lang=self.param.lang)
        self._theme = pn.widgets.Select(label=self._t("theme"), width=310,
                                        groups=pn.bind(_themes, self.param.lang))
        self._tier = pn.widgets.Select(label=self._t("offset"), width=120,
                                       options=pn.bind(_tiers, self.param.lang))
        self._count = pn.widgets.IntInput(label=self._t("teacher_count"), value=5, start=1,
                                          end=MAX_COUNT, width=90)
        self._picked = pn.widgets.MultiChoice(label=self._t("teacher_pick"), max_width=420,
                                              sizing_mode="stretch_width")
        self._create = pn.widgets.Button(label=self._t("teacher_create_assignment"),
                                         color="primary", width=170)
        self._create.on_click(self._on_create)
        self._layout = pn.Column(
            self._header("teacher_assign"),
            pn.FlexBox(self._title, self._due), pn.FlexBox(self._theme, self._tier, self._count),
            self._picked, self._create, sizing_mode="stretch_width", margin=0)

    @param.depends("store", "user", "lang", watch=True)
    def load_bank(self) -> None:
        """Offer the puzzles of the bank (again: a teacher may have added some) by their
        titles (`Throws · throwing A♥ A♥ K♥, …`; a second of one title is numbered)."""
        if not self._teacher():
            return
        bank = sorted(current_bank(self.store), key=lambda p: p.id)
        labels = distinct([p.title().get(self.lang) for p in bank])
        self._picked.options = {label: p.id for label, p in zip(labels, bank, strict=True)}

    def _chosen_puzzles(self) -> list[str]:
        """The puzzles picked (only ones of the bank), else `count` (1 to 30) of the theme
        and difficulty chosen."""
        bank = current_bank(self.store)
        if self._picked.value:
            known = {p.id for p in bank}
            return [pid for pid in self._picked.value if pid in known]
        theme, tier = known_theme(self._theme.value), self._tier.value or "0"
        tier = int(tier) if tier in ("0", "1", "2", "3") else 0
        count = min(max(1, int(self._count.value or 1)), MAX_COUNT)
        pool = [p for p in bank
                if (not theme or theme in p.themes) and (not tier or p.difficulty == tier)]
        pool.sort(key=lambda p: p.id)
        step = max(1, len(pool) // count)
        return [p.id for p in pool[::step][:count]]

    def _on_create(self, _=None) -> None:
        if not self._teacher():
            return
        if self.classroom is None:
            self._fail(lambda lang: t("teacher_no_class", lang))
            return
        ids = self._chosen_puzzles()
        due = self._due.value if isinstance(self._due.value, date) else None
        try:
            made = self.store.classes.create_assignment(self.user.id, self.classroom.id,
                                                        self._title.value.strip(), ids, due)
        except StoreError as exc:
            self._fail(exc)
            return
        self._ok(lambda lang: t("teacher_assignment_made", lang, title=user_text(made.title),
                                n=len(ids)))
        self._title.value = ""
        self._picked.value = []
        self.made = made

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def _themes(lang: str) -> dict[str, dict[str, str]]:
    """The rules and the strategy themes, grouped as the Puzzles page groups them ("": all)."""
    return theme_groups(lang, "")


def _tiers(lang: str) -> dict[str, str]:
    return {t("tier_any", lang): "0", t("tier_1", lang): "1", t("tier_2", lang): "2",
            t("tier_3", lang): "3"}
