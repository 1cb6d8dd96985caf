"""`python -m tutor serve [--port 5006] [--db FILE|URL] [--address A --allow-origin HOST[:PORT]]
[--behind-proxy] [--teacher-code CODE]`: serve the app, offline, on this machine or to a
school network; run it several times on one PostgreSQL database behind nginx
(deploy/nginx.conf) for more processes."""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys
import threading
import time
from typing import Any
from urllib.parse import urlsplit

import panel as pn

from tutor.store import ENV_VAR, Store, StoreError
from tutor.store.db import close_all
from tutor.ui.ai_pool import ENV_VAR as AI_WORKERS
from tutor.ui.app import build_app
from tutor.ui.auth import COOKIES, TEACHER_CODE_VAR, TutorAuth
from tutor.ui.heap import return_memory_periodically, workers_on_python_heap
from tutor.ui.routes import MAX_BODY, SESSIONS, ComponentHandler
from tutor.ui.services import Services
from tutor.ui.stats import StatsHandler

LOOPBACK = ("localhost", "127.0.0.1")
MIN_TEACHER_CODE = 8


def origins(address: str, port: int, allowed: list[str]) -> list[str]:
    """The `host:port` origins whose pages may open the app's websocket and post to its
    account endpoints: this machine's own names, plus each `--allow-origin`. A bare host is
    allowed on the server's port and on the default one (a proxy in front; Bokeh counts an
    origin without a port, http or https, as port 80)."""
    hosts = [f"{name}:{port}" for name in ("localhost", "127.0.0.1")]
    if address not in ("", "0.0.0.0", "::", *LOOPBACK):
        hosts.append(f"{address}:{port}")
    for origin in allowed:
        host, given_port = origin_host(origin)
        hosts += [f"{host}:{given_port}"] if given_port else [f"{host}:{port}", f"{host}:80"]
    return list(dict.fromkeys(hosts))


def origin_host(text: str) -> tuple[str, int | None]:
    """`HOST[:PORT]` (or a URL like `http://HOST:PORT/`) as host and port; ValueError if it
    is neither."""
    parsed = urlsplit(text if "://" in text else f"//{text}")
    if (parsed.path not in ("", "/") or parsed.query or not parsed.hostname
            or not re.fullmatch(r"[a-z0-9.-]+", parsed.hostname.lower())):
        raise ValueError(f"--allow-origin {text!r}: give a host name or address, "
                         "and a port if it is not the server's (like school.example:5006)")
    return parsed.hostname.lower(), parsed.port


def purge_guests_daily(store: Store) -> None:
    """Delete the guests that saved nothing (`Users.purge_empty_guests`) now and once a day
    after, in a daemon thread: every browser without a cookie, a script's too, makes one."""
    def purge() -> None:
        while True:
            try:
                count = store.users.purge_empty_guests()
            except StoreError as exc:
                print(f"warning: could not purge empty guests: {exc}", file=sys.stderr,
                      flush=True)
            else:
                if count:
                    print(f"purged {count} guests that saved nothing", flush=True)
            time.sleep(24 * 3600)

    threading.Thread(target=purge, name="purge-guests", daemon=True).start()


def main(argv: list[str]) -> int:
    workers_on_python_heap()
    parser = argparse.ArgumentParser(prog="python -m tutor serve")
    parser.add_argument("--port", type=int, default=5006)
    parser.add_argument("--address", default="localhost",
                        help="the address to listen on (0.0.0.0: every network of this machine)")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="HOST[:PORT]",
                        help="a host name or address learners type to reach this server "
                             "(repeatable); pages from any other origin are refused")
    parser.add_argument("--behind-proxy", action="store_true",
                        help="trust the X-Forwarded-* headers of a reverse proxy in front "
                             "(which serves https: cookies are then marked Secure)")
    parser.add_argument("--session-burst", type=int, default=SESSIONS.burst, metavar="N",
                        help="new page sessions one client address may open at once; "
                             "more wait for their turn, up to 30 s, then are refused "
                             f"(default {SESSIONS.burst:g}; this machine is not limited)")
    parser.add_argument("--session-rate", type=float, default=SESSIONS.per_second,
                        metavar="R", help="new page sessions a second one address may open "
                        f"after the burst (default {SESSIONS.per_second:g})")
    parser.add_argument("--show", action="store_true", help="open a browser tab")
    parser.add_argument("--ai-workers", type=int, default=None, metavar="N",
                        help="processes that think for the computer players (default: the "
                             "number of cores)")
    parser.add_argument("--db", metavar="FILE|URL",
                        help=f"the progress database: a DuckDB file (one process), or a "
                             f"postgresql://… URL several serve processes share (default: "
                             f"${ENV_VAR}, else data/tutor.duckdb); passed on as given")
    parser.add_argument("--teacher-code", metavar="CODE", default=None,
                        help="the invitation code a new teacher account must give (at least "
                             f"{MIN_TEACHER_CODE} characters; default: ${TEACHER_CODE_VAR}); "
                             "without one, no teacher accounts can be created")
    parser.add_argument("--unused-session-ms", type=int, default=None, metavar="MS",
                        help="how long a page's session lives with no connection: after its "
                             "tab closes (a shared table's seat is then marked away, the "
                             "computer plays it), and before a new page connects (keep it well "
                             "above a slow page's load); default Bokeh's: 15000, looked for "
                             "every 17000")
    args = parser.parse_args(argv)
    if args.teacher_code is not None:
        if len(args.teacher_code.strip()) < MIN_TEACHER_CODE:
            parser.error(f"--teacher-code must have at least {MIN_TEACHER_CODE} characters: "
                         "it is all that stands between a visitor and a teacher's account")
        os.environ[TEACHER_CODE_VAR] = args.teacher_code.strip()
    for origin in args.allow_origin:
        try:
            origin_host(origin)
        except ValueError as exc:
            parser.error(str(exc))
    if args.address not in LOOPBACK and not args.allow_origin:
        parser.error(f"--address {args.address} serves other machines: name the address "
                     "learners will type with --allow-origin HOST[:PORT] (the browser's "
                     "connection is refused from any origin not named)")
    if args.session_burst < 1 or args.session_rate <= 0:
        parser.error("--session-burst must be at least 1 and --session-rate above 0")
    SESSIONS.burst, SESSIONS.per_second = args.session_burst, args.session_rate
    sessions: dict[str, int] = {}
    if args.unused_session_ms is not None:
        if args.unused_session_ms < 100:
            parser.error("--unused-session-ms must be at least 100")
        sessions = {"unused_session_lifetime_milliseconds": args.unused_session_ms,
                    "check_unused_sessions_milliseconds": max(100, args.unused_session_ms // 4)}
    if args.ai_workers is not None:
        if args.ai_workers < 1:
            parser.error("--ai-workers must be at least 1")
        os.environ[AI_WORKERS] = str(args.ai_workers)
    if args.db:
        os.environ[ENV_VAR] = args.db
    services = Services.default()  # this process's: its pages share them
    if services.store() is None:  # say why at once; the app still serves, without saving
        error: StoreError | None = services.store_error()
        print(f"warning: progress will not be saved: {error}", file=sys.stderr, flush=True)
    import tutor.ui.play.page  # noqa: F401  (import the pages now, not in the first visit)
    from tutor.ui.bank import shipped_bank

    shipped_bank()  # read the puzzle bank once, before anyone waits for it
    services.pool.start()  # the AI's worker processes, ready before the first game
    if services.store() is not None:
        purge_guests_daily(services.store())
    return_memory_periodically()
    allowed = origins(args.address, args.port, args.allow_origin)
    shown = args.allow_origin[0] if args.allow_origin else args.address
    print(f"找朋友 Tutor: http://{shown if ':' in shown else f'{shown}:{args.port}'}/",
          flush=True)
    print(f"  served under: {', '.join(allowed)}", flush=True)
    server = pn.serve({"/": build_app}, port=args.port, address=args.address, show=args.show,
                      title="找朋友 Tutor", websocket_origin=allowed, auth_provider=TutorAuth(),
                      # the sign-in cookies stay on the server: Bokeh copies the request's cookies
                      # and headers into the session token every page embeds, so leave them out
                      exclude_cookies=list(COOKIES), exclude_headers=["Cookie"],
                      use_xheaders=args.behind_proxy,
                      http_server_kwargs={"max_body_size": MAX_BODY}, **sessions,
                      # first match wins: the guarded component route stands before Panel's own
                      extra_patterns=[(r"/tutor-stats", StatsHandler),
                                      (r"/components/(.*)", ComponentHandler, {})],
                      start=False)
    stop_on_signals(server)
    try:
        server.start()
        server.io_loop.start()
    finally:
        stop_cleanly(services)
    return 0


def stop_on_signals(server: Any) -> None:
    """SIGTERM (a supervisor's stop, `kill`) and SIGINT (Ctrl-C) end the server's loop, so
    `main` goes on to `stop_cleanly` instead of the process dying where it stands."""
    def stop(*_: object) -> None:
        server.io_loop.asyncio_loop.call_soon_threadsafe(server.io_loop.stop)

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, stop)


def stop_cleanly(services: Services) -> None:
    """The end of an orderly stop: the AI's workers stopped, and every database closed (a
    DuckDB file checkpointed, so the file alone is a complete backup)."""
    services.pool.close()
    close_all()
    print("stopped: everything saved is in the progress database", flush=True)
