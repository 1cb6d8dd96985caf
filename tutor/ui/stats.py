"""`GET /tutor-stats`: this app process's figures as JSON, for load runs and monitoring.

It names no person and carries no page content: the process id, its AI pool (workers,
jobs in flight, decisions and their median playouts) and its open sessions. Still, those
are for whoever runs the server: it answers only under the server's own names and only to
a client on this machine (404 to anyone else, as if it were not there).
"""

from __future__ import annotations

import json
import os
import threading

import panel as pn
from tornado.web import HTTPError, RequestHandler

from .heap import sessions_ended
from .routes import from_this_machine, served_host
from .services import Services

_live = 0  # sessions of this process open now (Panel counts them only with a session history)
_lock = threading.Lock()


def count_session() -> None:
    """Count the session being built as open until Panel destroys it (call once a session)."""
    global _live
    doc = pn.state.curdoc
    if doc is None or doc.session_context is None:
        return
    with _lock:
        _live += 1
    pn.state.on_session_destroyed(_session_closed)


def _session_closed(_context: object) -> None:
    global _live
    with _lock:
        _live = max(0, _live - 1)
    sessions_ended()


def process_stats() -> dict:
    """The figures /tutor-stats reports."""
    return {"pid": os.getpid(), "sessions": _live, "ai": Services.default().pool_stats()}


class StatsHandler(RequestHandler):
    """Answers /tutor-stats with `process_stats()`."""

    def prepare(self) -> None:
        if not (served_host(self, self.request.host) and from_this_machine(self)):
            raise HTTPError(404)

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.write(json.dumps(process_stats()))
