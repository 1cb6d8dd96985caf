"""The serve process's heap: Python's objects on glibc's malloc, trimmed when page sessions
end, so the memory they freed goes back to the system.

On Python's own small-object heap a page session's objects leave arenas each holding a
few survivors, which no trim returns: 180 cookie-less pages built and ended kept the
process 28% above where it started; on glibc's malloc, trimmed after sessions end, it was
back within 1%.
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


_freed = threading.Event()  # set when sessions end: their memory can go back soon
BATCH_SECONDS = 2.0  # Bokeh ends unused sessions in batches: one trim for a batch


def sessions_ended() -> None:
    """Page sessions ended: give their memory back within `BATCH_SECONDS`."""
    _freed.set()


def return_memory_periodically(every: float = 60.0) -> None:
    """Give freed memory back to the system (a daemon thread) soon after page sessions end
    (`sessions_ended`), and every `every` seconds anyway: a session Bokeh ends (a page
    closed, or a page nobody opened: a flood of them) frees its objects, but glibc keeps
    the freed heap unless asked to return it, so the process would stay at its peak.
    `malloc_trim` is glibc's own call for this; elsewhere this does nothing."""
    try:
        trim = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return

    def loop() -> None:
        while True:
            if _freed.wait(every):
                time.sleep(BATCH_SECONDS)
            _freed.clear()
            gc.collect()
            trim(0)

    threading.Thread(target=loop, name="return-memory", daemon=True).start()
