"""Every kind of question, by the name content files use in `type = "..."`.

Each module here defines one kind (`KIND`); lesson steps name a kind's question through
its `steps` table (`STEPS`: step type -> (kind, question))."""

from __future__ import annotations

import importlib
import pkgutil

from ..kind import Kind


def _discover() -> dict[str, Kind]:
    found: dict[str, Kind] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        kind = importlib.import_module(f"{__name__}.{info.name}").KIND
        found[kind.name] = kind
    return found


KINDS: dict[str, Kind] = _discover()
STEPS: dict[str, tuple[str, str]] = {step: (kind.name, question) for kind in KINDS.values()
                                     for step, question in kind.steps.items()}

__all__ = ["KINDS", "STEPS", "Kind"]
