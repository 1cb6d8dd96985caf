"""The development commands: `python -m tutor <command>` from a checkout, or `python -m lab`.

Each lives in its own module here with `main(argv) -> int`; `main` dispatches by name.
"""

from __future__ import annotations

import importlib
import sys

# command name -> (module under lab.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "bench": ("bench", "benchmarks: engine, ai, store, review, serve"),
    "arena": ("arena", "duplicate-deal match between two AI players (--log resumes)"),
    "ladder": ("ladder", "the strength ladder from arena logs, each step with its interval"),
    "ai-oracle": ("ai_oracle", "AI variants screened per decision against a clairvoyant oracle"),
    "ai-fit": ("ai_fit", "fit play inference (--team: the friend evidence) to self-play"),
    "ai-value": ("ai_value", "the search's learned value of a deal: self-play data, training"),
    "load": ("load", "simulated learners against a running app: latencies, errors, attempts"),
    "selfplay": ("selfplay", "random legal players play a match; --json prints every hand"),
}


def usage(out=sys.stdout) -> None:
    """The list of development commands."""
    print("development commands (from a checkout: python -m tutor <command> or "
          "python -m lab <command>):", file=out)
    for name, (_, text) in COMMANDS.items():
        print(f"  {name:<10} {text}", file=out)


def main(argv: list[str]) -> int:
    """Run the development command `argv[0]` with the rest of `argv`."""
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in COMMANDS:
        if argv and argv[0] not in ("-h", "--help"):
            print(f"unknown command: {argv[0]}", file=sys.stderr)
        usage()
        return 0 if not argv or argv[0] in ("-h", "--help") else 2
    module = importlib.import_module(f"lab.commands.{COMMANDS[argv[0]][0]}")
    try:
        return int(module.main(argv[1:]) or 0)
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        sys.stderr.close()
        return 0
