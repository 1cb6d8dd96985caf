"""Guards for the server's own HTTP routes that Bokeh's auth hook does not see: which host
names and clients may reach them, and which modules Panel's component route may read."""

from __future__ import annotations

import ipaddress
import sys
import time

from bokeh.server.util import check_allowlist
from panel.io.server import ComponentResourceHandler
from tornado.web import HTTPError, RequestHandler

# the largest request body the server reads: its only bodies are the account endpoints'
# JSON of a few short fields; Tornado refuses a longer one (400) before reading it, so a
# flood of large bodies costs neither memory nor the event loop's time
MAX_BODY = 8 * 1024
# the only packages whose components' files /components/… serves: Panel's and the app's
COMPONENT_PACKAGES = ("panel", "tutor")


def served_host(handler: RequestHandler, host: str) -> bool:
    """Whether `host` (`name[:port]`) is one the server serves (`serve --allow-origin`)."""
    return bool(host) and check_allowlist(host.lower(),
                                          sorted(handler.application.websocket_origins))


def from_this_machine(handler: RequestHandler) -> bool:
    """Whether the request's client is this machine (behind a proxy: the address the
    proxy forwarded, so a remote visitor through nginx is not taken for a local one)."""
    try:
        return ipaddress.ip_address(handler.request.remote_ip).is_loopback
    except ValueError:
        return False


class ComponentHandler(ComponentResourceHandler):
    """Panel's `/components/<module>/<class>/<attribute>/<path>` route, which imports
    `<module>` by name to find a component's files: here only a module of Panel or of the
    app that is already loaded is looked at, so a request can never import (and run) any
    other installed module."""

    def parse_url_path(self, path: str) -> str:
        module = path.split("/", 1)[0]
        if module.split(".")[0] not in COMPONENT_PACKAGES or module not in sys.modules:
            raise HTTPError(404, "Module not found")
        return super().parse_url_path(path)


class SessionRate:
    """How fast one client address may open page sessions: a bucket of `burst` sessions
    that refills at `per_second`. Each page request builds a whole app session (the costly
    part of a visit), so a script opening pages in a loop is slowed to a person's pace while
    a class behind one school address (30 learners opening the app at once, then a reload
    now and then) never meets it. At most `addresses` buckets are kept; full ones go first."""

    def __init__(self, burst: float = 60, per_second: float = 1.0,
                 addresses: int = 10_000, clock=time.monotonic) -> None:
        self.burst, self.per_second, self.addresses, self._clock = (burst, per_second,
                                                                    addresses, clock)
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, at)

    def take(self, address: str) -> float:
        """Count a new session for `address`: 0 if it may open it now, else the seconds to
        wait ("" is this machine, never limited)."""
        if not address:
            return 0.0
        now = self._clock()
        tokens, at = self._buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.per_second)
        if len(self._buckets) >= self.addresses:
            self._forget(now)
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            return (1 - tokens) / self.per_second
        self._buckets[address] = (tokens - 1, now)
        return 0.0

    def _forget(self, now: float) -> None:
        """Drop the buckets that have refilled (they limit nobody), else the oldest half."""
        full = [a for a, (tokens, at) in self._buckets.items()
                if tokens + (now - at) * self.per_second >= self.burst]
        for address in full or list(self._buckets)[: len(self._buckets) // 2]:
            del self._buckets[address]


SESSIONS = SessionRate()  # this process's page sessions, per client address
