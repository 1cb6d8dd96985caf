"""Many threads writing at once lose nothing; a killed writer loses nothing it was told was
saved (each answer is committed before `record` returns), and nothing is stored twice; a
second process gets a clear "in use" error."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import duckdb
import pytest

from tutor.store import AccessDenied, Store, StoreInUse

THREADS = 16
PER_THREAD = 500


def test_sixteen_threads_writing_lose_nothing(store: Store) -> None:
    learners = [store.users.create_guest(f"Guest {n}")[0] for n in range(THREADS)]
    ids: list[list[int]] = [[] for _ in range(THREADS)]
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def write(slot: int) -> None:
        try:
            start.wait()
            for n in range(PER_THREAD):
                ids[slot].append(
                    store.attempts.record(learners[slot].id, f"p{n % 40}", {"n": n},
                                         n % 3 == 0, 1.5)
                )
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(slot,)) for slot in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert errors == []
    every_id = [i for chunk in ids for i in chunk]
    assert len(every_id) == len(set(every_id)) == THREADS * PER_THREAD
    for slot, learner in enumerate(learners):
        stored = store.attempts.for_user(learner.id, learner.id)
        assert sorted(a.id for a in stored) == sorted(ids[slot])
        assert sorted(a.answer["n"] for a in stored) == list(range(PER_THREAD))


CHILD = textwrap.dedent("""
    import sys
    from tutor.store import Store
    store = Store(sys.argv[1])
    learner = int(sys.argv[2])
    n = 0
    while True:
        attempt = store.attempts.record(learner, f"p{n % 7}", {"n": n}, True, 2.0)
        print(attempt, flush=True)
        n += 1
""")


def stored_ids(db_path: Path) -> list[int]:
    """Every attempt id in the database file, duplicates kept, without opening a Store."""
    con = duckdb.connect(str(db_path))
    try:
        return [r[0] for r in con.execute("SELECT id FROM attempts").fetchall()]
    finally:
        con.close()


def reopened_ids(db_path: Path, learner_id: int) -> list[int]:
    """Open the file as the app would, then list its attempt ids."""
    with Store(db_path) as store:
        assert len(store.attempts.for_user(learner_id, learner_id)) >= 0
    return stored_ids(db_path)


def test_killed_writer_keeps_every_committed_attempt(db_path: Path) -> None:
    with Store(db_path) as store:
        learner = store.users.create("amy", "Amy", "learner", "1234")
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(db_path), str(learner.id)],
                             stdout=subprocess.PIPE, text=True)
    reported: list[int] = []
    try:
        assert child.stdout is not None
        while len(reported) < 200:
            line = child.stdout.readline()
            assert line, f"writer died early with code {child.poll()}"
            reported.append(int(line))
        os.kill(child.pid, signal.SIGKILL)  # mid-stream
        child.wait()
        reported += [int(line) for line in child.stdout.read().split()]  # still in the pipe
    finally:
        child.kill()
        child.wait()
    assert child.returncode == -signal.SIGKILL

    # each acknowledged attempt is in the file (DuckDB replays its write-ahead log)
    assert set(reported) <= set(stored_ids(db_path))
    stored = reopened_ids(db_path, learner.id)
    assert len(stored) == len(set(stored))  # none twice
    assert set(reported) <= set(stored)
    # only the attempt in flight when killed may have been saved without being reported
    assert len(set(stored) - set(reported)) <= 1


# The writer kills itself at a chosen point, so each crash window is hit every time.
SELF_KILLER = textwrap.dedent("""
    import os, signal, sys
    import tutor.store.attempts
    from tutor.store import Store
    store = Store(sys.argv[1])
    learner, where = int(sys.argv[2]), sys.argv[3]

    def save(n):
        print(store.attempts.record(learner, "p1", {"n": n}, True, 2.0), flush=True)

    for n in range(100):
        save(n)
    if where == "after a checkpoint":  # the first 100 in the file itself, the rest in its log
        store._db.fetch("CHECKPOINT")
    for n in range(100, 150):
        save(n)
    if where == "before a commit":  # the next answer is written, then killed uncommitted
        insert = tutor.store.attempts.insert_rows

        def insert_then_die(cur, rows):
            insert(cur, rows)
            os.kill(os.getpid(), signal.SIGKILL)

        tutor.store.attempts.insert_rows = insert_then_die
        save(150)
    os.kill(os.getpid(), signal.SIGKILL)
""")


@pytest.mark.parametrize("where", ["in the log only", "after a checkpoint", "before a commit"])
def test_a_writer_killed_at_a_crash_point_keeps_each_attempt_exactly_once(
        db_path: Path, where: str) -> None:
    with Store(db_path) as store:
        learner = store.users.create("amy", "Amy", "learner", "1234")
    done = subprocess.run([sys.executable, "-c", SELF_KILLER, str(db_path), str(learner.id),
                           where], capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    reported = [int(line) for line in done.stdout.split()]
    assert len(reported) == 150

    assert sorted(stored_ids(db_path)) == sorted(reported)  # all there, none twice, no more
    stored = reopened_ids(db_path, learner.id)
    assert sorted(stored) == sorted(reported)
    with Store(db_path) as store:  # and new ids go on above them
        assert store.attempts.record(learner.id, "p2", None, True, 1.0) > max(reported)


HOLDER = textwrap.dedent("""
    import sys
    from tutor.store import Store
    store = Store(sys.argv[1])
    print("open", flush=True)
    sys.stdin.read()
""")


def test_second_process_gets_a_clear_in_use_error(db_path: Path) -> None:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(db_path)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        with pytest.raises(StoreInUse) as caught:
            Store(db_path)
        message = str(caught.value)
        assert "in use by another program" in message
        assert f"process {holder.pid}" in message
        assert str(db_path) in message
    finally:
        holder.communicate("")
    with Store(db_path) as store:  # once the other program has gone, the file opens
        assert store.path == db_path.resolve()


def test_concurrent_writers_share_commits_and_keep_their_own_refusals(
        store: Store) -> None:
    teacher = store.users.create("t", "Teacher", "teacher", "teach-pw-1")
    room = store.classes.create(teacher.id, "C")
    homework = store.classes.create_assignment(teacher.id, room.id, "Week 1", ["p1"])
    members = [store.users.create(f"in{n}", f"In {n}", "learner", "1234") for n in range(4)]
    for member in members:
        store.classes.join(member.id, room.join_code)
    outsiders = [store.users.create_guest(f"Out {n}")[0] for n in range(4)]
    landed: dict[int, list[int]] = {u.id: [] for u in members + outsiders}
    refused: dict[int, int] = {u.id: 0 for u in members + outsiders}
    start = threading.Barrier(8)

    def write(user_id: int) -> None:
        start.wait()
        for n in range(100):
            try:
                landed[user_id].append(store.attempts.record(
                    user_id, "p1", n, True, 1.0, assignment_id=homework.id))
            except AccessDenied:
                refused[user_id] += 1

    threads = [threading.Thread(target=write, args=(u.id,)) for u in members + outsiders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert store.attempts._writes.largest_batch > 1  # writers really shared a commit
    for member in members:
        assert refused[member.id] == 0
        stored = store.attempts.for_user(member.id, member.id)
        assert sorted(a.id for a in stored) == sorted(landed[member.id])
        assert sorted(a.answer for a in stored) == list(range(100))
    for outsider in outsiders:
        assert refused[outsider.id] == 100 and landed[outsider.id] == []
        assert store.attempts.for_user(outsider.id, outsider.id) == []
