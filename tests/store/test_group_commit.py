"""Group commit: callers that arrive while a write runs are written together afterwards."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import pytest

from tutor.store.group_commit import GroupCommit


def test_waiting_callers_form_one_batch_and_each_gets_its_own_outcome() -> None:
    first_started, release = threading.Event(), threading.Event()
    batches: list[list[int]] = []

    def write(batch: Sequence[int]) -> list[int | Exception]:
        batches.append(list(batch))
        if len(batches) == 1:
            first_started.set()
            release.wait(5)
        return [ValueError(f"odd {n}") if n % 2 else n * 10 for n in batch]

    group: GroupCommit[int, int] = GroupCommit(write)
    outcomes: dict[int, object] = {}

    def call(n: int) -> None:
        try:
            outcomes[n] = group.submit(n)
        except ValueError as exc:
            outcomes[n] = str(exc)

    leader = threading.Thread(target=call, args=(0,))
    leader.start()
    assert first_started.wait(5)
    followers = [threading.Thread(target=call, args=(n,)) for n in range(1, 6)]
    for thread in followers:
        thread.start()
    deadline = time.monotonic() + 5
    try:
        while len(group._queue) < 5:  # all five are queued behind the running write
            assert time.monotonic() < deadline, f"{len(group._queue)} of 5 callers queued"
            time.sleep(0.001)
    finally:
        release.set()
    for thread in [leader, *followers]:
        thread.join(5)

    assert batches[0] == [0] and sorted(batches[1]) == [1, 2, 3, 4, 5]
    assert group.largest_batch == 5
    assert outcomes == {0: 0, 1: "odd 1", 2: 20, 3: "odd 3", 4: 40, 5: "odd 5"}


def test_a_failed_write_fails_every_caller_in_it_and_the_next_write_still_runs() -> None:
    calls = 0

    def write(batch: Sequence[str]) -> list[str | Exception]:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise OSError("disk full")
        return [item.upper() for item in batch]

    group: GroupCommit[str, str] = GroupCommit(write)
    with pytest.raises(OSError, match="disk full"):
        group.submit("a")
    assert group.submit("b") == "B"
