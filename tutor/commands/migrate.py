"""`python -m tutor migrate --from data/tutor.duckdb --to postgresql://...`: copy a
classroom's progress file into the PostgreSQL database several app processes share.

Every table is copied with its ids, the id sequences are set past them, and the row counts
are compared and printed per table. A target that already holds records is refused unless
--replace is given (which empties it first); the copy is all or nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tutor.store import Store, StoreError, is_url
from tutor.store.copy import copy_store


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tutor migrate", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="source", required=True, metavar="FILE",
                        help="the DuckDB progress file to copy (e.g. data/tutor.duckdb)")
    parser.add_argument("--to", dest="target", required=True, metavar="URL",
                        help="the PostgreSQL database: postgresql://user:password@host/name")
    parser.add_argument("--replace", action="store_true",
                        help="empty a target that already holds records, then copy")
    return parser.parse_args(argv)


class _Progress:
    """Prints a line per table copied, and for a big table a line per batch with an ETA."""

    def __init__(self) -> None:
        self._began: dict[str, float] = {}

    def __call__(self, table: str, done: int, rows: int) -> None:
        began = self._began.setdefault(table, time.perf_counter())
        if done >= rows:
            print(f"  {table:<18} {rows:>9} rows", flush=True)
            return
        spent = time.perf_counter() - began
        left = spent / done * (rows - done) if done else 0.0
        print(f"  {table:<18} {done:>9} of {rows} rows, about {left:.0f} s left", flush=True)


def main(argv: list[str]) -> int:
    """Copy the file into the database and print the rows of each table."""
    args = _parse(argv)
    if is_url(args.source):
        print("migrate: --from is a DuckDB file, not a URL", file=sys.stderr)
        return 2
    if not is_url(args.target):
        print("migrate: --to must be a postgresql:// URL", file=sys.stderr)
        return 2
    source_path = Path(args.source).expanduser()
    if not source_path.is_file():
        print(f"migrate: {source_path} does not exist (or is not a file)", file=sys.stderr)
        return 2
    began = time.perf_counter()
    try:
        with Store(source_path) as source, Store(args.target) as target:
            print(f"copying {source.location} into {target.location}", flush=True)
            counts = copy_store(source, target, replace=args.replace, progress=_Progress())
    except StoreError as exc:
        print(f"migrate: {exc}", file=sys.stderr)
        return 1
    print(f"done: {sum(counts.values())} rows in {len(counts)} tables, counts checked, "
          f"in {time.perf_counter() - began:.1f} s")
    return 0
