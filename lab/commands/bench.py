"""`python -m tutor bench <target>`: each target prints its figures (and JSON with --json)."""

from __future__ import annotations

import importlib
import sys

# target -> module under lab.commands that has `main(argv) -> int`
TARGETS: dict[str, str] = {
    "engine": "bench_engine",
    "ai": "bench_ai",
    "store": "bench_store",
    "review": "bench_review",
    "serve": "bench_serve",
}


def main(argv: list[str]) -> int:
    """Run one benchmark target."""
    if not argv or argv[0] not in TARGETS:
        print("usage: python -m tutor bench {" + ",".join(TARGETS) + "} [--json]", file=sys.stderr)
        return 2
    module = importlib.import_module(f"lab.commands.{TARGETS[argv[0]]}")
    return int(module.main(argv[1:]) or 0)
