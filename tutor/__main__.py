"""The command line: `python -m tutor <command> ...`.

Each command lives in its own module under `tutor.commands`; this file only dispatches,
so the layers stay apart and adding a command touches one line here. These are what a
teacher or operator runs. The development commands (benches, arena, ladder, the AI oracle,
the load generator, …) live in `lab/` beside the package, not in it: from a checkout they
run as typed here too (`python -m tutor bench ai`), forwarded to `lab.commands`; an
installed tutor has no `lab` and says so.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

# command name -> (module under tutor.commands, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "serve": ("serve", "serve the web app (panel) on a local port"),
    "review": ("review", "a saved game's hands reviewed: every decision judged (--json)"),
    "migrate": ("migrate", "copy a DuckDB progress file into a PostgreSQL database"),
    "puzzles": ("puzzles", "the puzzle bank: check, generate"),
    "lessons": ("lessons", "lesson content: check"),
    "mine": ("mine", "mine strategy puzzles from self-play, or verify them (--verify K)"),
}
# what `lab.commands` runs, named here only to answer clearly where there is no `lab`
DEVELOPMENT = ("bench", "arena", "ladder", "ai-oracle", "ai-fit", "ai-value", "load",
               "selfplay")


def lab_commands() -> ModuleType | None:
    """`lab.commands` when this tutor is a checkout's (lab/ beside tutor/), else None."""
    try:
        return importlib.import_module("lab.commands")
    except ModuleNotFoundError as exc:
        if exc.name not in ("lab", "lab.commands"):
            raise
    root = Path(__file__).resolve().parent.parent  # a checkout run from another folder
    if not (root / "lab" / "commands" / "__init__.py").is_file():
        return None
    sys.path.insert(0, str(root))
    return importlib.import_module("lab.commands")


def _usage() -> None:
    print("usage: python -m tutor <command> [options]\n\ncommands:")
    for name, (_, text) in COMMANDS.items():
        print(f"  {name:<10} {text}")


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the named command; print the command list on bad usage."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        _usage()
        return 0
    if argv[0] not in COMMANDS:
        lab = lab_commands()
        if lab is not None and argv[0] in lab.COMMANDS:
            return int(lab.main(argv))
        if argv[0] in DEVELOPMENT:
            print(f"'{argv[0]}' is a development command: it runs from a checkout of the "
                  "source, where lab/ sits beside tutor/ (python -m tutor "
                  f"{argv[0]} or python -m lab {argv[0]}); this tutor is installed without "
                  "it", file=sys.stderr)
            return 2
        print(f"unknown command: {argv[0]}", file=sys.stderr)
        _usage()
        return 2
    module_name, _ = COMMANDS[argv[0]]
    module = importlib.import_module(f"tutor.commands.{module_name}")
    try:
        return int(module.main(argv[1:]) or 0)
    except BrokenPipeError:  # output piped into `head` and the like: stop quietly
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["serve"]:  # the server's memory goes back after a flood
        from tutor.ui.heap import run_on_system_malloc

        run_on_system_malloc(sys.argv[1:])
    sys.exit(main())
