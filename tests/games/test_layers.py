"""The layers below the pages import nothing from them: a saved game's hands come from
`tutor.games`, not from the Play page's session (ARCHITECTURE.md: each layer imports only
the layers below it)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.serving import ROOT

BELOW_UI = ("tutor.review", "tutor.puzzle", "tutor.store", "tutor.games", "tutor.question",
            "tutor.lesson", "tutor.commands.review")
UI = ("tutor.ui", "tutor.widgets")


def test_importing_the_lower_layers_loads_no_ui_module():
    code = (f"import importlib, sys\nfor name in {BELOW_UI!r}: importlib.import_module(name)\n"
            f"print(sorted(m for m in sys.modules if m.startswith({UI!r})))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def _imported(path: Path, package: str) -> set[str]:
    """Every module a source file imports, anywhere in it (in a function too), absolute."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the file's package up
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


def test_no_lower_layer_source_imports_the_ui_even_inside_a_function():
    offenders = []
    for name in BELOW_UI:
        target = ROOT / Path(*name.split("."))
        files = sorted(target.rglob("*.py")) if target.is_dir() else [target.with_suffix(".py")]
        for path in files:
            rel = path.relative_to(ROOT).with_suffix("")
            package = ".".join(rel.parts[:-1])  # a module's package, or a package's own
            for module in _imported(path, package):
                if module.startswith(UI):
                    offenders.append(f"{path.relative_to(ROOT)}: {module}")
    assert offenders == []
