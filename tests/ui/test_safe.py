"""`user_text`: what people type is shown as typed, in HTML and in Markdown, and runs nothing."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import panel as pn
import pytest

from tutor.ui.safe import user_text

PAYLOADS = [
    "<img src=x onerror=alert(1)>",
    "<script>alert(9)</script>",
    '"><svg onload=alert(2)>',
    "[click](javascript:alert(4))",
    "![x](javascript:alert(5))",
    "![pixel](http://example.com/p.png)",
    "**bold** _it_ `code` # not a heading",
    "1. not a list -- (c) http://example.com/",
    "&lt;already escaped&gt; &amp;",
    "\u202eevil\u202c and after",
    "小明 <b>王</b>",
]


class _Reader(HTMLParser):
    """The tags and the text a browser would build from an HTML string."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list]] = []
        self.text = ""

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.append((tag, attrs))

    def handle_data(self, data) -> None:
        self.text += data


def _read(markup: str) -> _Reader:
    reader = _Reader()
    reader.feed(markup)
    reader.close()
    return reader


@pytest.mark.parametrize("payload", PAYLOADS)
def test_in_html_the_text_is_exactly_what_was_typed_and_no_tag_forms(payload: str) -> None:
    seen = _read(user_text(payload))
    assert seen.tags == [("bdi", [])]
    assert seen.text == payload


@pytest.mark.parametrize("payload", PAYLOADS)
def test_in_markdown_nothing_is_formatted_linked_or_loaded(payload: str) -> None:
    pane = pn.pane.Markdown(f"**Name:** {user_text(payload)}")
    rendered = html.unescape(pane._transform_object(pane.object)["object"])
    seen = _read(rendered)
    assert [tag for tag, _ in seen.tags] == ["p", "strong", "bdi"]
    assert seen.text.rstrip("\n") == f"Name: {payload}"
    assert not re.search(r"<(a|img|script|svg|code|em|h\d)\b", rendered)


def test_line_breaks_stay_inside_the_isolate() -> None:
    assert user_text("one\ntwo") == "<bdi>one<br>two</bdi>"
    assert _read(user_text("a\r\nb")).text == "ab"
