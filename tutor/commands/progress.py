"""One progress line on stderr for long commands: done/total, elapsed, and an ETA."""

from __future__ import annotations

import sys
import time


class ProgressLine:
    """`update(done, note)` rewrites the line; the last update ends it with a newline."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total = label, total
        self.start = time.monotonic()

    def update(self, done: int, note: str = "") -> None:
        elapsed = time.monotonic() - self.start
        eta = elapsed / done * (self.total - done) if done else float("nan")
        print(f"\r[{self.label}] {done}/{self.total}  {elapsed:5.0f}s  eta {eta:5.0f}s  {note}",
              end="\n" if done >= self.total else "", file=sys.stderr, flush=True)
