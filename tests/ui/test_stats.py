"""/tutor-stats counts the sessions open in this process: one while a page is built and up,
none once Panel destroys it."""

from __future__ import annotations

import weakref

from bokeh.document import Document
from panel.io.state import set_curdoc

from tutor.ui.stats import count_session, process_stats


class _Context:
    id = "a-session"


def test_a_session_counts_until_it_is_destroyed():
    before = process_stats()["sessions"]
    doc = Document()
    context = _Context()
    doc._session_context = weakref.ref(context)
    with set_curdoc(doc):
        count_session()
    assert process_stats()["sessions"] == before + 1
    for callback in doc.session_destroyed_callbacks:
        callback(context)
    assert process_stats()["sessions"] == before


def test_outside_a_served_session_nothing_is_counted():
    before = process_stats()["sessions"]
    with set_curdoc(Document()):  # a notebook's or a test's document: no session
        count_session()
    assert process_stats()["sessions"] == before
