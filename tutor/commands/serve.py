"""`python -m tutor serve [--port 5006] [--db FILE]`: serve the app on this machine, offline."""

from __future__ import annotations

import argparse
import os
import sys

import panel as pn

from tutor.store import ENV_VAR, StoreError
from tutor.ui.app import build_app
from tutor.ui.services import get_store, store_error


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor serve")
    parser.add_argument("--port", type=int, default=5006)
    parser.add_argument("--address", default="localhost")
    parser.add_argument("--show", action="store_true", help="open a browser tab")
    parser.add_argument("--db", help=f"progress database file (default: ${ENV_VAR}, else "
                                     "data/tutor.duckdb)")
    args = parser.parse_args(argv)
    if args.db:
        os.environ[ENV_VAR] = args.db
    if get_store() is None:  # say why at once; the app still serves, without saving
        error: StoreError | None = store_error()
        print(f"warning: progress will not be saved: {error}", file=sys.stderr, flush=True)
    import tutor.ui.play.page  # noqa: F401  (import the pages now, not in the first visit)
    from tutor.ui.bank import shipped_bank

    shipped_bank()  # read the puzzle bank once, before anyone waits for it
    print(f"找朋友 Tutor: http://{args.address}:{args.port}/", flush=True)
    pn.serve({"/": build_app}, port=args.port, address=args.address, show=args.show,
             title="找朋友 Tutor", websocket_origin=[f"{args.address}:{args.port}",
                                                   f"localhost:{args.port}",
                                                   f"127.0.0.1:{args.port}"])
    return 0
