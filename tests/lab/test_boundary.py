"""`lab` sits beside the product and the product never imports it: every module of `tutor`
(the web app's pages, the AI pool's workers, the review, the command line) and `app.py`'s own
imports load in a fresh interpreter, run from the checkout where `lab` *is* importable, and
no `lab` module comes with them; nor does `tutor.ai` hold the research that moved out."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import ast, importlib, json, pkgutil, sys
import tutor, tutor.ai
ai = sorted(m.name for m in pkgutil.iter_modules(tutor.ai.__path__))
for mod in pkgutil.walk_packages(tutor.__path__, "tutor."):
    importlib.import_module(mod.name)
tree = ast.parse(open("app.py", encoding="utf-8").read())  # app.py builds the app when run:
for node in ast.walk(tree):                                 # its imports are what it loads
    if isinstance(node, ast.ImportFrom) and node.module:
        importlib.import_module(node.module)
    elif isinstance(node, ast.Import):
        for alias in node.names:
            importlib.import_module(alias.name)
import tutor.ui.app
tutor.ui.app.build_app  # the app's entry point is there
print(json.dumps({"modules": sorted(sys.modules), "ai": ai}))
"""

MOVED = {"particles", "inference", "refusals", "setup_search", "bid_search", "arena"}


def test_the_app_and_the_whole_tutor_package_load_without_lab():
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    assert "tutor.ui.app" in loaded["modules"] and "tutor.ai.search" in loaded["modules"]
    assert [m for m in loaded["modules"] if m == "lab" or m.startswith("lab.")] == []
    assert not MOVED & set(loaded["ai"]), "research modules are lab's, not tutor.ai's"
    assert not [m for m in loaded["modules"] if m.startswith("tutor.loadgen")
                or m.rsplit(".", 1)[-1] in {"ai_oracle", "ai_fit", "ai_value", "bench"}]


def test_the_lab_is_importable_here_so_the_probe_would_see_it():
    out = subprocess.run([sys.executable, "-c", "import lab.ai.search, sys; "
                          "print(sorted(m for m in sys.modules if m.startswith('lab')))"],
                         cwd=ROOT, capture_output=True, text=True, check=True, timeout=120)
    assert "lab.ai.search" in out.stdout
