"""Compile the AI's playout path with Cython (pure-Python mode: the same .py files, unchanged).

`pip install -e .` (what `make` runs) builds each of `tutor.compiled.MODULES` in place; a
module that does not build (no C compiler) is left to the interpreter, which runs the same
source. Cython,
not mypyc: it compiles these files as they are, where mypyc needs every compiled module to
type-check strictly and refuses some of their dynamic parts (the int subclass `Card`, hands
made with `cls.__new__`). Annotations are not read as C types (`annotation_typing=False`),
so compiled and interpreted code behave alike: `tests/ai/test_compiled.py` checks both play
the same moves. `tutor.compiled` keeps a module whose source changed after its build (by
the hashes written here) from being imported compiled.
"""

import json
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

ROOT = Path(__file__).parent
sys.path.insert(0, str(ROOT))
from tutor.compiled import BUILT, MODULES, source_hash  # noqa: E402 (after the path)

# an earlier build of a module that fails to build now must not outlive it
for name in MODULES:
    for built in (ROOT / name.replace(".", "/")).parent.glob(name.rpartition(".")[2] + ".*.so"):
        built.unlink()

# what each build was made from, for `tutor.compiled` to tell a stale build from a fresh one
(ROOT / "tutor" / BUILT).write_text(json.dumps(
    {name: source_hash(str(ROOT / (name.replace(".", "/") + ".py"))) for name in MODULES},
    indent=1))

setup(ext_modules=cythonize(
    [Extension(name, [name.replace(".", "/") + ".py"], optional=True) for name in MODULES],
    compiler_directives={"language_level": 3, "annotation_typing": False},
    quiet=True))
