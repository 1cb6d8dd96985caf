"""Guards for the server's own HTTP routes that Bokeh's auth hook does not see: which host
names and clients may reach them, and which modules Panel's component route may read."""

from __future__ import annotations

import asyncio
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
    that refills at `per_second`; past it a page waits for its turn (up to `max_wait`
    seconds), and beyond that it is refused. Each page request builds a whole app session,
    the costly part of a visit, so a script opening pages in a loop gets them at a
    person's pace and cannot fill the event loop, while a class behind one school address
    all opening the app at once gets in within seconds: 3 at once, then one a second (the
    30th after 27 s). At most `addresses` buckets are kept; full ones go first."""

    def __init__(self, burst: float = 3, per_second: float = 1.0, max_wait: float = 30.0,
                 addresses: int = 10_000, clock=time.monotonic) -> None:
        self.burst, self.per_second, self.max_wait = burst, per_second, max_wait
        self.addresses, self._clock = addresses, clock
        self._buckets: dict[str, tuple[float, float]] = {}  # address -> (tokens, at)

    def take(self, address: str) -> float | None:
        """Count a new session for `address`: the seconds it must wait for its turn (0: go
        on now), or None when that would be longer than `max_wait` (refuse it; nothing is
        counted). "" is this machine, never limited."""
        if not address:
            return 0.0
        now = self._clock()
        tokens, at = self._buckets.pop(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.per_second)
        if len(self._buckets) >= self.addresses:
            self._forget(now)
        wait = max(0.0, (1 - tokens) / self.per_second)
        if wait > self.max_wait:
            self._buckets[address] = (tokens, now)
            return None
        self._buckets[address] = (tokens - 1, now)  # below 0: pages waiting their turn
        return wait

    def _forget(self, now: float) -> None:
        """Drop the buckets that have refilled (they limit nobody), else the oldest half."""
        full = [a for a, (tokens, at) in self._buckets.items()
                if tokens + (now - at) * self.per_second >= self.burst]
        for address in full or list(self._buckets)[: len(self._buckets) // 2]:
            del self._buckets[address]


SESSIONS = SessionRate()  # this process's page sessions, per client address


class PageTurns:
    """One page session built at a time for each client address; the others wait their
    turn (at most `queue` of them, beyond which they are refused). Building a session holds
    the event loop for a fraction of a second, so a client sending pages in parallel would
    otherwise put every other visitor's page behind all of its own; this way they wait
    behind one at most."""

    def __init__(self, queue: int = 40) -> None:
        self.queue = queue
        self._locks: dict[str, asyncio.Lock] = {}
        self._waiting: dict[str, int] = {}

    async def wait(self, address: str, handler: RequestHandler) -> bool:
        """Wait for `address`'s turn, held until `handler` finishes; False (no turn taken)
        when too many of its pages wait already. "" (this machine) never waits."""
        if not address:
            return True
        if self._waiting.get(address, 0) >= self.queue:
            return False
        lock = self._locks.setdefault(address, asyncio.Lock())
        self._waiting[address] = self._waiting.get(address, 0) + 1
        try:
            await lock.acquire()
        finally:
            self._waiting[address] -= 1
        done = False

        def release() -> None:
            nonlocal done
            if done:
                return
            done = True
            lock.release()
            if not self._waiting.get(address):
                self._waiting.pop(address, None)
                if not lock.locked():
                    self._locks.pop(address, None)

        if client_gone(handler):  # it gave up waiting: build nothing for nobody
            release()
            return False
        for hook in ("on_finish", "on_connection_close"):  # whichever ends the request
            original = getattr(handler, hook)

            def ended(original=original) -> None:
                release()
                original()

            setattr(handler, hook, ended)
        return True


def client_gone(handler: RequestHandler) -> bool:
    """Whether the client of `handler` has closed its connection (a page it stopped waiting
    for would otherwise be built anyway, and kept until Bokeh ends it unused)."""
    stream = getattr(handler.request.connection, "stream", None)
    return stream is not None and stream.closed()


PAGE_TURNS = PageTurns()  # this process's page builds, per client address


class Tarpit:
    """A refusal to a client that is over its rate waits `seconds` first (at most `held` of
    its requests at a time; more are refused at once). Even a refusal costs the event loop
    a couple of milliseconds, so a client answered at once could keep it busy by asking
    again at once; made to wait, it asks at most `held` times in `seconds`, while a
    waiting request costs an idle coroutine."""

    def __init__(self, seconds: float = 2.0, held: int = 100) -> None:
        self.seconds, self.held = seconds, held
        self._holding: dict[str, int] = {}

    async def hold(self, address: str) -> None:
        if not address or self._holding.get(address, 0) >= self.held:
            return
        self._holding[address] = self._holding.get(address, 0) + 1
        try:
            await asyncio.sleep(self.seconds)
        finally:
            self._holding[address] -= 1
            if not self._holding[address]:
                del self._holding[address]


TARPIT = Tarpit()  # this process's held refusals, per client address
