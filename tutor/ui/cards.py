"""Cards drawn in HTML: red and black suits, distinct jokers, trumps and point cards marked.

Pure string building (no widgets), so the same markup serves pages, lessons and notebooks.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from tutor.rules import Card, Trump

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = {"H", "D"}

CARD_CSS = """
.zp-hand { display: flex; flex-wrap: wrap; gap: 10px 2px; align-items: flex-end; }
.zp-group { display: flex; padding-right: 10px; }
.zp-card { position: relative; width: 46px; height: 66px; margin-right: -14px;
  border: 1px solid #777; border-radius: 6px; background: #fff; font-family: system-ui,
  sans-serif; box-shadow: 1px 1px 2px rgba(0,0,0,.25); color: #1b1b1b; user-select: none; }
.zp-card:last-child { margin-right: 0; }
.zp-card.red { color: #c62828; }
.zp-card.trump { border: 2px solid #d4a017; background: #fffbea; }
.zp-card .rank { position: absolute; top: 2px; left: 4px; font-size: 15px; font-weight: 700;
  line-height: 1; }
.zp-card .suit { position: absolute; top: 18px; left: 4px; font-size: 15px; line-height: 1; }
.zp-card .pip { position: absolute; bottom: 3px; right: 5px; font-size: 22px; line-height: 1; }
.zp-card .pts { position: absolute; top: 36px; left: 5px; font-size: 10px; color: #1565c0; }
.zp-card.joker .rank { writing-mode: vertical-rl; font-size: 11px; letter-spacing: 1px; }
.zp-card.joker .pts { display: none; }
.zp-tiny .zp-card.joker .zp-j2 { display: none; }
.zp-card.joker.big { color: #c62828; }
.zp-card.joker.small { color: #1b1b1b; }
.zp-card.tagged { outline: 3px solid #8e24aa; outline-offset: -1px; }
.zp-card .tag { position: absolute; top: -7px; right: -4px; font-size: 9px; line-height: 1;
  padding: 1px 3px; border-radius: 6px; background: #8e24aa; color: #fff; z-index: 1; }
@media (max-width: 600px) { .zp-card { width: 38px; height: 56px; margin-right: -12px; }
  .zp-card .pip { font-size: 18px; } }
"""


def card_html(card: Card, trump: Trump | None = None, tag: str = "", lang: str = "en") -> str:
    """One card as an HTML element with a readable label (title) for screen readers, jokers
    named in `lang`; `tag` marks it with a short word (the kitty cards in the declarer's hand)."""
    classes = ["zp-card"]
    if trump is not None and trump.is_trump(card):
        classes.append("trump")
    pts = '<span class="pts">●</span>' if card.points else ""
    if card.is_joker:
        big = card.rank == "BJ"
        classes += ["joker", "big" if big else "small"]
        label = card.name(lang)
        # a mini card has room for one Chinese glyph, not two (小王's overlapped): 王 is
        # dropped there, the star below still tells big from small
        face = (f'{label[0]}<span class="zp-j2">{label[1:]}</span>' if lang == "zh" else
                "JOKER" if big else "joker")
        body = f'<span class="rank">{face}</span>' \
               f'<span class="pip">{"★" if big else "☆"}</span>'
    else:
        if card.suit in RED:
            classes.append("red")
        sym = SUIT_SYMBOL[card.suit]
        label = f"{card.rank}{sym}"
        body = (f'<span class="rank">{escape(card.rank)}</span><span class="suit">{sym}</span>'
                f'<span class="pip">{sym}</span>')
    if tag:
        classes.append("tagged")
        label = f"{label} ({escape(tag)})"
        pts += f'<span class="tag">{escape(tag)}</span>'
    return (f'<div class="{" ".join(classes)}" title="{label}" data-card="{card}" '
            f'role="img" aria-label="{label}">{pts}{body}</div>')


def sorted_groups(cards: Sequence[Card],
                  trump: Trump | None) -> tuple[list[Card], list[list[int]]]:
    """Cards in display order (trump order when there is a trump) and the index groups that
    are drawn together: one per effective suit, or per printed suit (jokers apart)."""
    ordered = trump.sort(list(cards)) if trump is not None else sorted(cards)
    groups: list[list[int]] = []
    last: object = object()  # never equal to a key, not even a joker's suit None
    for i, c in enumerate(ordered):
        key = trump.effective_suit(c) if trump is not None else c.suit
        if key != last:
            groups.append([])
            last = key
        groups[-1].append(i)
    return ordered, groups


def hand_html(cards: Sequence[Card], trump: Trump | None = None, lang: str = "en") -> str:
    """A hand sorted in trump order and grouped by effective suit (trumps first)."""
    ordered, groups = sorted_groups(cards, trump)
    inner = "".join('<div class="zp-group">'
                    + "".join(card_html(ordered[i], trump, lang=lang) for i in g) + "</div>"
                    for g in groups)
    return f'<div class="zp-hand">{inner}</div>'
