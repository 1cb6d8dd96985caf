"""`GET /tutor-stats`: this app process's figures as JSON, for load runs and monitoring.

It names no person and carries no page content: the process id, its AI pool (workers,
jobs in flight, decisions and their median playouts) and its open sessions.
"""

from __future__ import annotations

import json
import os

import panel as pn
from tornado.web import RequestHandler

from .ai_pool import stats as ai_stats


def process_stats() -> dict:
    """The figures /tutor-stats reports."""
    sessions = pn.state.session_info.get("live", 0) if pn.state.session_info else 0
    return {"pid": os.getpid(), "sessions": sessions, "ai": ai_stats()}


class StatsHandler(RequestHandler):
    """Answers /tutor-stats with `process_stats()`."""

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.write(json.dumps(process_stats()))
