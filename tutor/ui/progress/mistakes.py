"""The mistakes the learner's hand reviews found, by kind over time (Progress page), and a
class's commonest kinds (Teacher page), as small HTML tables."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from datetime import datetime, timedelta
from html import escape

from tutor.puzzle import THEMES
from tutor.review.kinds import KINDS, SETUP_KINDS
from tutor.store.reviews import Mistake
from tutor.text import section

from ..theme_choice import kind_theme, theme_link

t = section("review")
TABLE_STYLE = ("<style>.zp-mistakes td, .zp-mistakes th {padding: 3px 12px;"
               " border-bottom: 1px solid #dde} .zp-mistakes th {white-space: nowrap;"
               " word-break: keep-all}</style>")


class Html(str):
    """A cell made here as HTML (a link): put in the table as it is, not escaped."""


def _table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    cells = "".join("<tr>" + "".join(
        f"<td>{c if isinstance(c, Html) else escape(str(c))}</td>" for c in row) + "</tr>"
        for row in rows)
    heading = "".join(f"<th>{escape(h)}</th>" for h in head)
    return (f'{TABLE_STYLE}<table class="zp-mistakes" style="border-collapse:collapse">'
            f"<tr>{heading}</tr>{cells}</table>")


def kind_name(kind: str, lang: str) -> str:
    """A mistake kind's name in `lang`."""
    return t(f"name_{kind}" if kind in KINDS or kind in SETUP_KINDS else "name_other", lang)


def mistakes_html(mistakes: Sequence[Mistake], lang: str, today: datetime,
                  reviewed: int = 0, offered: Collection[str] = ()) -> str:
    """Mistakes by kind, recent and earlier, each with a link to the bank's puzzles of its
    strategy theme when `offered` holds it; else how many hands were reviewed, or how to."""
    if not mistakes:
        line = t("mistakes_clean", lang, n=reviewed) if reviewed else t("mistakes_none", lang)
        return f"<p>{escape(line)}</p>"
    week = today - timedelta(days=7)
    recent = Counter(m.kind for m in mistakes if m.created_at >= week)
    earlier = Counter(m.kind for m in mistakes if m.created_at < week)
    clear = Counter(m.kind for m in mistakes if m.clear)
    kinds = sorted(set(recent) | set(earlier), key=lambda k: (-(recent[k] + earlier[k]), k))
    themes = {k: kind_theme(k) for k in kinds}
    rows = [(kind_name(k, lang), recent[k], earlier[k], clear[k],
             Html(theme_link(themes[k], lang)) if themes[k] in offered else "") for k in kinds]
    head = [t(key, lang) for key in ("col_kind", "col_week", "col_earlier", "col_clear",
                                     "col_practise")]
    return _table(head, rows)


def class_mistakes_html(rows: Sequence[tuple[str, int, int]], lang: str,
                        reviewed: int = 0, offered: Collection[str] = ()) -> str:
    """A class's clear mistakes by kind, commonest first, each with the strategy theme a
    teacher can assign for it when `offered` holds it; else how many hands were reviewed."""
    if not rows:
        line = (t("class_mistakes_clean", lang, n=reviewed) if reviewed
                else t("class_mistakes_none", lang))
        return f"<p>{escape(line)}</p>"
    head = [t(key, lang) for key in ("col_kind", "col_count", "col_learners", "col_assign")]
    themes = {k: kind_theme(k) for k, _, _ in rows}
    return _table(head, [(kind_name(k, lang), n, u,
                          THEMES[themes[k]].get(lang) if themes[k] in offered else "")
                         for k, n, u in rows])
