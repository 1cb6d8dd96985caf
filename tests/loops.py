"""Running a coroutine from a test whatever else runs in the test's worker."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_alone(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` in a thread of its own: once a worker has run a browser test, Playwright
    keeps an event loop running in its main thread for the rest of the session, and
    `asyncio.run` there fails ("cannot be called from a running event loop")."""
    with concurrent.futures.ThreadPoolExecutor(1) as one:
        return one.submit(asyncio.run, coroutine).result()
