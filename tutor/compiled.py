"""Which of the tutor's modules run compiled, and a guard against running a stale build.

`setup.py` compiles the playout's modules with Cython next to their sources. Python would
import such a build even after its source changed; the finder installed here imports the
source instead (with a warning) when it is newer than the build, and always when
`TUTOR_PURE_PYTHON` is set (how the tests run the interpreted fallback).
"""

from __future__ import annotations

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


class FreshBuildFinder:
    """Finds `tutor.*` modules as Python does, but a compiled one only if it is current."""

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
        if os.environ.get(PURE):
            return spec_from_file_location(name, source)
        if os.stat(source).st_mtime > os.stat(origin).st_mtime:
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
