"""One view of a card play's position as its seat knew it, wherever a position is shown: a
strategy lesson's step, a mined or personal puzzle, the review's decision. It draws from its
parameters (`position`, `lang`): the facts a sentence each (the seat and its side, the
trump, the declarer, the called card and whether it has shown, the declarer's own bury, the
points as the seat could count them), the trick so far, the hand, and the earlier tricks
with the voids they showed, folded until opened."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from tutor.question import seen
from tutor.text import LANGS, Text

from .marks import LEARN_CSS, render_text

POSITION_VIEW_CSS = LEARN_CSS + """
.zp-position { font-size: 16px; line-height: 1.6; }
.zp-facts { margin: 0 0 6px; padding-left: 1.2em; }
.zp-facts li { margin: 1px 0; }
.zp-so-far, .zp-seen-hand { margin: 4px 0; }
"""


def position_html(position: dict[str, Any] | None, lang: str) -> str:
    """The view's HTML for `position` in `lang` ('' for none); its `source`, if any, says
    where it comes from (a hand you played, self-play) as the first fact."""
    if position is None:
        return ""
    trump = position["trump"]

    def drawn(text: Text) -> str:
        return render_text(text.get(lang), trump, lang)

    facts = seen.facts(position, position.get("source") or Text("", ""))
    items = "".join(f"<li>{drawn(fact)}</li>" for fact in facts if fact.get(lang))
    # the hand's full stop would sit alone on a line under a hand that wraps (a phone)
    hand = render_text(seen.hand(position).get(lang).rstrip(".。"), trump, lang)
    earlier = seen.earlier(position)
    folded = "" if earlier is None else (
        f'<details class="zp-history"><summary>{earlier[0].get(lang)}</summary>'
        f"{drawn(earlier[1])}</details>")
    # which trick and how many cards in hand, for scripts and tests that look at the page
    return (f'<div class="zp-position" data-trick="{position["trick"]}" '
            f'data-cards="{len(position["hand"])}"><ul class="zp-facts">{items}</ul>'
            f'<p class="zp-so-far">{drawn(seen.so_far(position))}</p>'
            f'<p class="zp-seen-hand">{hand}</p>{folded}</div>')


class PositionView(pn.viewable.Viewer):
    """A card play's position (`tutor.question.seen`'s fields) as its seat knew it."""

    position = param.Dict(default=None, allow_None=True,
                          doc="the position as `better_play` reads it; None shows nothing")
    lang = param.Selector(default="en", objects=list(LANGS))

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        self._pane = pn.pane.HTML(
            pn.bind(position_html, self.param.position, self.param.lang),
            visible=self.param.position.rx.is_not(None),
            stylesheets=[POSITION_VIEW_CSS], sizing_mode="stretch_width",
            css_classes=["zp-position-view"])

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane
