"""Bokeh's server protocol spoken by hand, as a page's browser speaks it (read from
bokeh/server/views/ws.py, bokeh/protocol/message.py and bokeh/document/events.py):

- the page's HTML embeds a session token; the websocket `/ws` is opened with the
  subprotocols `["bokeh", token]` (and the page's cookies and Origin);
- a message is three text frames — header `{msgid, msgtype[, reqid, num_buffers]}`,
  metadata, content — then a (header, binary) pair of frames per buffer;
- the server says ACK; the client sends PULL-DOC-REQ and gets the document
  (PULL-DOC-REPLY `{"doc": …}`); both sides then send PATCH-DOC `{"events": […]}`.
  A widget change is a `ModelChanged` event; a button click is a `MessageSent` event
  carrying a `bokeh_event` named `button_click`; a drawn page announces `document_ready`.
  The server answers each PATCH-DOC with OK (or ERROR) before Panel has run the callbacks,
  whose changes follow as PATCH-DOCs of one event each.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from .doc import Document

TOKEN = re.compile(r'"token"\s*:\s*"([^"]+)"')
_ids = itertools.count(1)
DOCUMENT_READY = {"kind": "MessageSent", "msg_type": "bokeh_event",
                  "msg_data": {"type": "event", "name": "document_ready",
                               "values": {"type": "map"}}}


class PageError(Exception):
    """The page could not be opened or answered wrongly (a readable message)."""


class Disconnected(PageError):
    """The websocket closed while the learner was using the page."""


def cookie_header(cookies: dict[str, str]) -> str:
    return "; ".join(f"{k}={v}" for k, v in cookies.items())


def take_cookies(headers: Any, into: dict[str, str]) -> None:
    """Keep the cookies a response sets (a cleared one is dropped)."""
    for line in headers.get_list("Set-Cookie"):
        name, _, rest = line.partition("=")
        value = rest.split(";", 1)[0]
        if value and "max-age=0" not in line.lower():
            into[name.strip()] = value
        else:
            into.pop(name.strip(), None)


class PageSession:
    """One open page: its document mirror, kept current by a reader task, and ways to act."""

    def __init__(self, base: str, ws: WebSocketClientConnection, doc: Document,
                 on_error: Callable[[str, str], None]) -> None:
        self.base = base
        self.ws = ws
        self.doc = doc
        self.on_error = on_error
        self.closed: str | None = None  # why the socket closed, once it has
        self.last_patch = time.perf_counter()  # when the last PATCH-DOC arrived
        # called with that time after each PATCH-DOC is applied (a table's people note when
        # each action reached their page, to the patch, however late their task wakes)
        self.on_patch: Callable[[float], None] | None = None
        self._changed = asyncio.Event()
        self._reader = asyncio.ensure_future(self._read())

    # ---------------------------------------------------------------- opening
    @classmethod
    async def open(cls, base: str, query: str, cookies: dict[str, str],
                   on_error: Callable[[str, str], None],
                   timeout: float = 60) -> tuple[PageSession, float]:
        """GET the page, open its websocket, pull the document; the session and the time
        in ms from the GET to a usable document (the first render)."""
        start = time.perf_counter()
        client = AsyncHTTPClient()
        request = HTTPRequest(f"{base}/{query}", headers={"Cookie": cookie_header(cookies)},
                              request_timeout=timeout, follow_redirects=False)
        try:
            response = await client.fetch(request)
        except HTTPClientError as exc:
            raise PageError(f"GET {base}/{query}: HTTP {exc.code}") from None
        except OSError as exc:
            raise PageError(f"GET {base}/{query}: {exc}") from None
        take_cookies(response.headers, cookies)
        found = TOKEN.search(response.body.decode("utf-8", "replace"))
        if found is None:
            raise PageError(f"{base}/{query} is not a Bokeh server page (no session token)")
        parts = urlsplit(base)
        ws_url = ("wss" if parts.scheme == "https" else "ws") + f"://{parts.netloc}/ws"
        ws_request = HTTPRequest(ws_url, headers={"Origin": base,
                                                  "Cookie": cookie_header(cookies)},
                                 connect_timeout=timeout, request_timeout=timeout)
        try:
            ws = await websocket_connect(ws_request, subprotocols=["bokeh", found.group(1)],
                                         max_message_size=512 * 1024 * 1024)
        except (OSError, HTTPClientError) as exc:
            raise PageError(f"websocket {ws_url}: {exc}") from None
        try:
            header, _ = await asyncio.wait_for(read_message(ws), timeout)
            if header.get("msgtype") != "ACK":
                raise PageError(f"websocket {ws_url}: expected ACK, got {header.get('msgtype')}")
            await send_message(ws, "PULL-DOC-REQ", {})
            while True:
                header, content = await asyncio.wait_for(read_message(ws), timeout)
                if header.get("msgtype") == "PULL-DOC-REPLY":
                    break
            doc = Document(content["doc"])
            # bokehjs says so once the page is drawn; Panel holds back the page's periodic
            # callbacks (the AI's pacing) and some updates until it hears it
            await send_message(ws, "PATCH-DOC", {"events": [DOCUMENT_READY]})
        except TimeoutError:
            ws.close()
            raise PageError(f"{base}/{query}: no document within {timeout:.0f} s") from None
        except BaseException:
            ws.close()
            raise
        return cls(base, ws, doc, on_error), (time.perf_counter() - start) * 1000

    # ---------------------------------------------------------------- reading
    async def _read(self) -> None:
        try:
            while True:
                header, content = await read_message(self.ws)
                kind = header.get("msgtype")
                if kind == "PATCH-DOC":
                    self.doc.apply(content.get("events", []))
                    self.last_patch = time.perf_counter()
                    if self.on_patch is not None:
                        self.on_patch(self.last_patch)
                    self._changed.set()
                elif kind == "ERROR":
                    self.on_error("server error", str(content.get("text", content))[:200])
        except Disconnected as exc:
            self.closed = str(exc)
        except Exception as exc:  # a broken message: the page is unusable
            self.closed = f"unreadable message: {exc!r}"[:200]
        self._changed.set()

    async def until(self, test: Callable[[], Any], timeout: float) -> float:
        """Wait until `test()` holds for the document; the perf_counter time of the patch
        that made it hold (now, if it already held). Disconnected if the socket closes,
        TimeoutError after `timeout` seconds."""
        deadline = time.perf_counter() + timeout
        while True:
            if test():
                return self.last_patch
            if self.closed is not None:
                raise Disconnected(self.closed)
            left = deadline - time.perf_counter()
            if left <= 0:
                raise TimeoutError
            self._changed.clear()
            with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

    async def settle(self, quiet: float = 0.2, longest: float = 5.0) -> None:
        """Wait until no patch has come for `quiet` seconds (the server sends the changes of
        one callback as a run of one-event PATCH-DOCs: act on the whole run, not its start)."""
        deadline = time.perf_counter() + longest
        while self.closed is None and time.perf_counter() < deadline:
            self._changed.clear()
            try:
                await asyncio.wait_for(self._changed.wait(), quiet)
            except TimeoutError:
                return

    # ---------------------------------------------------------------- acting
    async def patch(self, events: list[dict[str, Any]]) -> float:
        """Send one PATCH-DOC; the perf_counter time it was sent."""
        if self.closed is not None:
            raise Disconnected(self.closed)
        sent = time.perf_counter()
        try:
            await send_message(self.ws, "PATCH-DOC", {"events": events})
        except Disconnected as exc:
            self.closed = str(exc)
            raise
        return sent

    async def set(self, model_id: str, attr: str, value: Any) -> float:
        """Change a widget's property as the browser does (and in the mirror)."""
        model = self.doc.model(model_id)
        if model is not None:
            model.attrs[attr] = value
            self.doc.touch()
        return await self.patch([{"kind": "ModelChanged", "model": {"id": model_id},
                                  "attr": attr, "new": value}])

    async def click(self, model_id: str) -> float:
        """Click a button (Bokeh's `button_click` event on the model)."""
        return await self.patch([{
            "kind": "MessageSent", "msg_type": "bokeh_event",
            "msg_data": {"type": "event", "name": "button_click",
                         "values": {"type": "map", "entries": [["model", {"id": model_id}]]}},
        }])

    async def close(self) -> None:
        self._reader.cancel()
        self.ws.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._reader


async def send_message(ws: WebSocketClientConnection, msgtype: str,
                       content: dict[str, Any]) -> None:
    """One protocol message: header, metadata and content frames."""
    header = {"msgid": f"load{next(_ids)}", "msgtype": msgtype}
    try:
        for frame in (json.dumps(header), "{}", json.dumps(content)):
            await ws.write_message(frame)
    except Exception as exc:  # tornado raises WebSocketClosedError (an IOError) and kin
        raise Disconnected(f"websocket closed while sending: {exc!r}") from None


async def read_message(ws: WebSocketClientConnection) -> tuple[dict[str, Any], dict[str, Any]]:
    """One protocol message: header and content (buffers are read and dropped)."""
    frames = []
    for _ in range(3):
        frame = await ws.read_message()
        if frame is None:
            raise Disconnected(f"websocket closed (code {ws.close_code}, "
                               f"{ws.close_reason or 'no reason'})")
        frames.append(frame)
    header = json.loads(frames[0])
    content = json.loads(frames[2])
    for _ in range(2 * int(header.get("num_buffers", 0))):
        if await ws.read_message() is None:
            raise Disconnected("websocket closed inside a message")
    return header, content
