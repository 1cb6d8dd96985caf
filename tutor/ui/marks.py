"""Text with card marks to HTML-in-Markdown: `[[AH KH]]` becomes drawn cards (lessons,
questions and their explanations)."""

from __future__ import annotations

import re
from html import escape

from tutor.question import split_marks
from tutor.rules import Trump, format_cards

from .cards import CARD_CSS, card_html

LEARN_CSS = CARD_CSS + """
.zp-cards { display: inline-flex; flex-wrap: wrap; max-width: 100%; vertical-align: middle;
  margin: 2px 4px 2px 2px; zoom: .8; }
.zp-cards .zp-card { display: inline-block; margin-right: 3px; }
.zp-lesson-text { font-size: 16px; line-height: 1.6; }
.zp-lesson-text table { border-collapse: collapse; margin: 8px 0; }
.zp-lesson-text td, .zp-lesson-text th { border: 1px solid #ccc; padding: 3px 10px; }
.zp-history { margin: 6px 0; }
.zp-history summary { cursor: pointer; color: #0a5a96; font-weight: 600; }
.zp-history ol { margin: 4px 0; padding-left: 2.2em; }
.zp-history li { margin: 2px 0; line-height: 1.3; }
"""


# CommonMark does not close `**` right after punctuation when a letter follows, which is how
# Chinese writes bold (`**发牌。**每人`): bold is turned into <strong> before Markdown sees it
BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.S)
# the same holds for emphasis (`*其他牌桌：*原规则`): made <em> first, within one line
EMPHASIS = re.compile(r"(?<![*A-Za-z0-9\\])\*(?=[^\s*])([^*\n]+?)(?<=[^\s*])\*(?![*A-Za-z0-9])")


def inline_cards(cards, trump: Trump | None, lang: str = "en") -> str:
    """Cards in the given order, drawn inline (spans, so they may sit inside a paragraph),
    named for screen readers in `lang`."""
    inner = "".join(card_html(c, trump, lang=lang).replace("<div", "<span")
                    .replace("</div>", "</span>") for c in cards)
    label = escape(format_cards(cards, unicode=True, lang=lang))
    return f'<span class="zp-cards" role="group" aria-label="{label}">{inner}</span>'


# a source line broken inside Chinese prose: a browser would show the break as a space
CJK_BREAK = re.compile("(?<=[\u3400-\u9fff，、；：（“「。！？）」”*\\]])\n"
                       "(?=[\u3400-\u9fff（“「*]|\\[\\[)")


def render_text(text: str, trump: Trump | None, lang: str = "en") -> str:
    """Markdown written by the content's authors (never by users), with every card mark
    replaced by drawn cards, bold made <strong> and emphasis <em>, and a Chinese sentence
    broken over source lines joined again (no stray space where the line broke)."""
    text = CJK_BREAK.sub("", text)
    return "".join(_emphasis(part) if isinstance(part, str) else inline_cards(part, trump, lang)
                   for part in split_marks(text))


def _emphasis(markdown: str) -> str:
    """Bold and emphasis as HTML, so they render beside Chinese punctuation too."""
    return EMPHASIS.sub(r"<em>\1</em>", BOLD.sub(r"<strong>\1</strong>", markdown))
