"""`python -m tutor load --mix flood`: one client floods the server with cookie-less pages
and oversized request bodies while a normal visitor loads pages; what the visitor waited,
unloaded and loaded, what the flood was answered, and the server's memory.

The flood names its client address in `X-Forwarded-For` (a documentation address), so the
server must run with `--behind-proxy` for its per-address limits to see one client, as they
would behind nginx; every request still goes to the URL given (this machine). Requests are
bounded in time and number."""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import time
from dataclasses import asdict, dataclass, field
from typing import TextIO
from urllib.parse import urlsplit

from .run import LoadError

FLOOD_ADDRESS = "198.51.100.7"  # TEST-NET-2: a header value only, never a destination
VISITOR_ADDRESS = "198.51.100.8"
BODY_BYTES = 5 * 2**20  # each oversized body offered: 5 MB
MAX_REQUESTS = 200_000  # the flood stops at this many requests, whatever the time


@dataclass
class FloodReport:
    """What `run_flood` measured (times in ms, memory in MB)."""

    seconds: float
    unloaded_ms: dict[str, float] = field(default_factory=dict)
    loaded_ms: dict[str, float] = field(default_factory=dict)
    p95_ratio: float = 0.0
    pages_sent: int = 0
    pages_refused: int = 0  # 429: too many new pages from the flood's address
    pages_held: int = 0  # still waiting for their turn when the flood ended
    bodies_sent: int = 0
    bodies_refused: int = 0  # answered 400/413 or cut off before the body was read
    errors: int = 0
    memory_mb: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict:
        return asdict(self)

    def table(self) -> str:
        u, lo, m = self.unloaded_ms, self.loaded_ms, self.memory_mb
        return "\n".join([
            f"normal page load  unloaded p50 {u['p50']:.0f} ms  p95 {u['p95']:.0f} ms"
            f"  (n={u['n']:.0f})",
            f"                  loaded   p50 {lo['p50']:.0f} ms  p95 {lo['p95']:.0f} ms"
            f"  (n={lo['n']:.0f})  p95 ×{self.p95_ratio:.2f}",
            f"flood ({self.seconds:.0f} s)  pages {self.pages_sent} ({self.pages_refused} "
            f"refused 429, {self.pages_held} still waiting)  bodies of "
            f"{BODY_BYTES >> 20} MB {self.bodies_sent} "
            f"({self.bodies_refused} refused unread)  errors {self.errors}",
            f"server memory  start {m['start']:.0f} MB  peak {m['peak']:.0f} MB  "
            f"end {m['end']:.0f} MB",
        ])


def _ms(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] if ordered else 0
    return {"n": len(ordered), "p50": statistics.median(ordered) if ordered else 0.0,
            "p95": p95}


def process_tree_mb(pid: int) -> float:
    """The resident memory of process `pid` and every process below it (its AI workers)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        todo += children.get(current, [])
        try:
            with open(f"/proc/{current}/statm") as f:
                total += int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            continue
    return total / 2**20


class _Target:
    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme != "http" or not parts.hostname:
            raise LoadError(f"--url {url!r}: give the app's http address on this machine")
        self.host, self.port = parts.hostname, parts.port or 80
        self.netloc = parts.netloc

    async def request(self, head: str, body: bytes | None = None,
                      offer: int = 0) -> tuple[int, dict[str, str], bytes]:
        """Send one request (`offer` bytes of body in pieces, for an oversized one) and read
        the answer; status 0 when the server cut the connection before answering."""
        reader, writer = await asyncio.open_connection(self.host, self.port)
        try:
            writer.write(head.encode() + (body or b""))
            await writer.drain()
            piece = b"x" * 65536
            sent = 0
            while sent < offer:
                writer.write(piece)
                await writer.drain()
                sent += len(piece)
            raw = await asyncio.wait_for(reader.read(), timeout=60)
        except (ConnectionError, OSError):
            return 0, {}, b""
        finally:
            writer.close()
        header, _, rest = raw.partition(b"\r\n\r\n")
        lines = header.decode("latin-1").split("\r\n")
        try:
            status = int(lines[0].split()[1])
        except (IndexError, ValueError):
            return 0, {}, b""
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers.setdefault(name.strip().lower(), value.strip())
            if name.strip().lower() == "set-cookie":
                headers["cookie"] = value.split(";")[0].strip()
        return status, headers, rest

    def page(self, address: str, cookie: str = "") -> str:
        extra = f"Cookie: {cookie}\r\n" if cookie else ""
        return (f"GET /?page=home HTTP/1.1\r\nHost: {self.netloc}\r\n"
                f"X-Forwarded-For: {address}\r\n{extra}Connection: close\r\n\r\n")

    def body(self, address: str) -> str:
        return (f"POST /auth/sign-in HTTP/1.1\r\nHost: {self.netloc}\r\n"
                f"Origin: http://{self.netloc}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {BODY_BYTES}\r\nX-Forwarded-For: {address}\r\n"
                "Connection: close\r\n\r\n")


async def _visit(target: _Target, until: float, times: list[float], report: FloodReport,
                 pause: float) -> None:
    """A normal visitor: its own cookie, one page load after another."""
    cookie = ""
    while time.monotonic() < until:
        start = time.perf_counter()
        status, headers, _ = await target.request(target.page(VISITOR_ADDRESS, cookie))
        if status == 200:
            times.append((time.perf_counter() - start) * 1000)
            cookie = headers.get("cookie", cookie)
        else:
            report.errors += 1
        await asyncio.sleep(pause)


async def _flood_pages(target: _Target, until: float, report: FloodReport) -> None:
    while time.monotonic() < until and report.pages_sent < MAX_REQUESTS:
        report.pages_sent += 1
        try:  # a page held waiting for its turn is given up when the flood ends
            status, _, _ = await asyncio.wait_for(target.request(target.page(FLOOD_ADDRESS)),
                                                  timeout=until - time.monotonic())
        except TimeoutError:
            report.pages_held += 1
            return
        report.pages_refused += status == 429


async def _flood_bodies(target: _Target, until: float, report: FloodReport) -> None:
    while time.monotonic() < until and report.bodies_sent < MAX_REQUESTS:
        report.bodies_sent += 1
        status, _, _ = await target.request(target.body(FLOOD_ADDRESS), offer=BODY_BYTES)
        report.bodies_refused += status in (0, 400, 413)


async def _watch(pid: int, until: float, samples: list[float]) -> None:
    while time.monotonic() < until:
        samples.append(process_tree_mb(pid))
        await asyncio.sleep(0.5)


def _server_pid(target: _Target) -> int:
    """The app's process id, from its /tutor-stats (served only to this machine)."""
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://{target.netloc}/tutor-stats", timeout=10) as r:
            return int(json.loads(r.read())["pid"])
    except (OSError, ValueError, KeyError) as exc:
        raise LoadError(f"cannot read the server's process id from /tutor-stats ({exc}): "
                        "run the flood on the server's own machine") from None


def run_flood(url: str, seconds: float = 30, *, calm: float = 10, settle: float = 35,
              page_clients: int = 12, body_clients: int = 4, pause: float = 0.25,
              progress: TextIO | None = None) -> FloodReport:
    """Measure a normal visitor's page loads for `calm` seconds, then for `seconds` while
    `page_clients` cookie-less page loops and `body_clients` oversized-body loops run from
    one address; the server's memory when the flood starts, at its peak, and `settle`
    seconds after it stops (Bokeh ends a session nobody opened after 15 s, checking every
    17 s)."""
    target = _Target(url)
    pid = _server_pid(target)
    report = FloodReport(seconds=seconds)

    def say(text: str) -> None:
        if progress is not None:
            print(text, file=progress, flush=True)

    async def main() -> None:
        unloaded: list[float] = []
        say(f"unloaded: a visitor loads pages for {calm:.0f} s")
        await _visit(target, time.monotonic() + calm, unloaded, report, pause)
        start_mb = process_tree_mb(pid)  # warm: the pages' modules and caches are loaded
        until = time.monotonic() + seconds
        done = time.strftime("%H:%M:%S", time.localtime(time.time() + seconds))
        say(f"flood: {page_clients} page loops and {body_clients} body loops for "
            f"{seconds:.0f} s (done at {done})")
        loaded: list[float] = []
        memory: list[float] = [start_mb]
        await asyncio.gather(
            _visit(target, until, loaded, report, pause), _watch(pid, until, memory),
            *(_flood_pages(target, until, report) for _ in range(page_clients)),
            *(_flood_bodies(target, until, report) for _ in range(body_clients)))
        say(f"after: {settle:.0f} s for the server to end the sessions nobody opened")
        await asyncio.sleep(settle)
        report.unloaded_ms, report.loaded_ms = _ms(unloaded), _ms(loaded)
        report.p95_ratio = (report.loaded_ms["p95"] / report.unloaded_ms["p95"]
                            if report.unloaded_ms["p95"] else 0.0)
        report.memory_mb = {"start": start_mb, "peak": max(memory),
                            "end": process_tree_mb(pid)}

    asyncio.run(main())
    return report
