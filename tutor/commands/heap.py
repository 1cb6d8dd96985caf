"""The serve process's heap: Python's objects on glibc's malloc, trimmed every 20 s, so
memory that ended page sessions freed goes back to the system.

On Python's own small-object heap a page session's objects leave arenas each holding a
few survivors, which no trim returns: 180 cookie-less pages built and ended kept the
process 28% above where it started; on glibc's malloc with the trim it was back within 1%.
`python -m tutor serve` therefore runs itself again with PYTHONMALLOC=malloc (same process,
`os.execv`, before anything is imported), and its AI worker processes, which do the
searching, start on Python's own heap as before.
"""

from __future__ import annotations

import ctypes
import gc
import os
import sys
import threading
import time

MARK = "TUTOR_SYSTEM_MALLOC"  # set while `serve` runs itself again on glibc's malloc


def run_on_system_malloc(argv: list[str]) -> None:
    """Run `python -m tutor <argv>` again in this process on glibc's malloc; nothing when
    PYTHONMALLOC is set already (by whoever runs it) or off Linux."""
    if sys.platform != "linux" or os.environ.get("PYTHONMALLOC"):
        return
    os.environ.update({"PYTHONMALLOC": "malloc", MARK: "1"})
    os.execv(sys.executable, [sys.executable, "-m", "tutor", *argv])


def workers_on_python_heap() -> None:
    """Processes this one starts (the AI's workers) use Python's own allocator again."""
    if os.environ.pop(MARK, None):
        os.environ.pop("PYTHONMALLOC", None)


def return_memory_periodically(every: float = 20.0) -> None:
    """Give freed memory back to the system every `every` seconds (a daemon thread): a
    session Bokeh ends (a page closed, or a page nobody opened: a flood of them) frees its
    objects, but glibc keeps the freed heap unless asked to return it, so the process would
    stay at its peak. `malloc_trim` is glibc's own call for this; elsewhere this does
    nothing."""
    try:
        trim = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return

    def loop() -> None:
        while True:
            time.sleep(every)
            gc.collect()
            trim(0)

    threading.Thread(target=loop, name="return-memory", daemon=True).start()
