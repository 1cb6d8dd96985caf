"""The command line: `python -m tutor <command> ...`.

Each command lives in its own module under `tutor.commands`; this file only dispatches,
so the layers stay apart and adding a command touches one line here.
"""

from __future__ import annotations

import importlib
import sys

# command name -> (module under tutor.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "serve": ("serve", "serve the web app (panel) on a local port"),
    "selfplay": ("selfplay", "random legal players play a match; --json prints every hand"),
    "bench": ("bench", "benchmarks: engine, ai, store, review, serve"),
    "arena": ("arena", "duplicate-deal match between two AI players (--log resumes)"),
    "ladder": ("ladder", "the strength ladder from arena logs, each step with its interval"),
    "ai-oracle": ("ai_oracle", "AI variants screened per decision against a clairvoyant oracle"),
    "ai-fit": ("ai_fit", "fit play inference (--team: the friend evidence) to self-play"),
    "ai-value": ("ai_value", "the search's learned value of a deal: self-play data, training"),
    "puzzles": ("puzzles", "the puzzle bank: check, generate"),
    "lessons": ("lessons", "lesson content: check"),
    "migrate": ("migrate", "copy a DuckDB progress file into a PostgreSQL database"),
    "review": ("review", "a saved game's hands reviewed: every decision judged (--json)"),
    "load": ("load", "simulated learners against a running app: latencies, errors, attempts"),
}


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the named command; print the command list on bad usage."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in COMMANDS:
        if argv and argv[0] not in ("-h", "--help"):
            print(f"unknown command: {argv[0]}", file=sys.stderr)
        print("usage: python -m tutor <command> [options]\n\ncommands:")
        for name, (_, text) in COMMANDS.items():
            print(f"  {name:<10} {text}")
        return 0 if not argv or argv[0] in ("-h", "--help") else 2
    module_name, _ = COMMANDS[argv[0]]
    try:
        module = importlib.import_module(f"tutor.commands.{module_name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"tutor.commands.{module_name}":
            print(f"command '{argv[0]}' is not available yet", file=sys.stderr)
            return 2
        raise
    try:
        return int(module.main(argv[1:]) or 0)
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
