"""Which of the tutor's modules run compiled, and a guard against running a stale build.

`setup.py` compiles the playout's modules with Cython next to their sources and records
each source's hash. Python would import such a build even after its source changed; the
finder installed here imports the source instead (with a warning) when it is not the one
the build recorded, and always when `TUTOR_PURE_PYTHON=1` (how the tests run the
interpreted fallback).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import warnings
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from types import ModuleType

PURE = "TUTOR_PURE_PYTHON"
# the modules a playout runs through (by profile: the rules' play, the policies, the sampler)
MODULES = (
    "tutor.rules.cards", "tutor.rules.follow", "tutor.rules.friend", "tutor.rules.hand",
    "tutor.rules.moves", "tutor.rules.throw", "tutor.rules.trick", "tutor.rules.trump",
    "tutor.rules.units", "tutor.ai.memory", "tutor.ai.quick", "tutor.ai.rollout",
    "tutor.ai.sampler", "tutor.ai.search", "tutor.ai.state_value", "tutor.ai.tactics",
    "tutor.ai.team",
)


BUILT = "compiled.json"  # next to this file: each compiled module's source hash at its build


def source_hash(path: str) -> str:
    """The hash a build records of a module's source (`setup.py`) and the finder checks."""
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


@functools.cache
def _built() -> dict[str, str]:
    """The source hashes the last build recorded (none if there was no build)."""
    try:
        with open(os.path.join(os.path.dirname(__file__), BUILT), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


class FreshBuildFinder:
    """Finds `tutor.*` modules as Python does, but a compiled one only if it was built from
    the source beside it (the hash its build recorded: times of files copied or checked
    out say nothing)."""

    @classmethod
    def find_spec(cls, name: str, path=None, target=None) -> ModuleSpec | None:
        if not name.startswith("tutor."):
            return None
        spec = PathFinder.find_spec(name, path)
        origin = spec.origin if spec is not None else None
        if origin is None or not origin.endswith(tuple(EXTENSION_SUFFIXES)):
            return spec
        source = os.path.join(os.path.dirname(origin), name.rpartition(".")[2] + ".py")
        if not os.path.exists(source):
            return spec
        if os.environ.get(PURE) == "1":
            return spec_from_file_location(name, source)
        if _built().get(name) != source_hash(source):
            warnings.warn(f"{name} changed after it was compiled: running its source "
                          "(`make` compiles it again)", stacklevel=2)
            return spec_from_file_location(name, source)
        return spec


def install() -> None:
    """Put the finder first on `sys.meta_path` (once)."""
    if FreshBuildFinder not in sys.meta_path:
        sys.meta_path.insert(0, FreshBuildFinder)  # type: ignore[arg-type]


def is_compiled(module: ModuleType) -> bool:
    """Whether `module` was imported from a compiled build."""
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))
