"""PostgreSQL as the store: chosen by URL, clear errors for a bad one, and the guarantees
the app relies on with several app processes writing at once (real processes)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from tests.postgres import PASSWORD, database_url, running_server
from tests.serving import ROOT, free_port
from tutor.store import Rating, Store, StoreUnavailable, is_url, resolve_target
from tutor.store.migrations import LATEST, upgrade
from tutor.store.pg import POOL_SIZE, PgCursor, _to_psycopg, redact


def rows(url: str, sql: str) -> list[tuple]:
    """Rows read straight from the server, not through the store."""
    with psycopg.connect(url) as con:
        return con.execute(sql).fetchall()


def child(code: str, *args: str) -> subprocess.Popen[str]:
    """An app process running `code` (a script) with `args`, printing lines we read."""
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(proc: subprocess.Popen[str], timeout: float = 120) -> str:
    out, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, err
    return out


def test_a_url_selects_postgresql_and_anything_else_a_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pg_database: Callable[..., str]) -> None:
    url = pg_database()
    assert is_url(url) and is_url("postgres://x@h/db") and not is_url(str(tmp_path / "a"))
    assert resolve_target(url) == url
    assert resolve_target(tmp_path / "a.duckdb") == tmp_path / "a.duckdb"
    monkeypatch.setenv("TUTOR_DB", url)
    with Store() as store:
        assert store.backend == "postgresql" and store.path is None
        assert store.location == url.replace(PASSWORD, "***")
        amy = store.users.create("amy", "Amy", "learner", "1234")
    assert rows(url, "SELECT username FROM users") == [("amy",)]
    assert rows(url, "SELECT max(version) FROM schema_version") == [(LATEST,)]
    assert amy.id == 1


def test_placeholders_become_psycopg_ones_and_a_literal_percent_stays() -> None:
    assert _to_psycopg("SELECT $2, '100%', $1, $2") == ("SELECT %s, '100%%', %s, %s", (1, 0, 1))


def test_repeated_placeholders_and_percent_signs_reach_the_server(
        pg_database: Callable[..., str]) -> None:
    with Store(pg_database()) as store:
        assert store._db.fetch("SELECT $1::TEXT || '%' || $1::TEXT, $2::INT", ["a", 3]) == [
            ("a%a", 3)]


def test_passwords_never_appear_in_what_is_shown() -> None:
    assert redact("postgresql://u:s3cret@db.example:5433/t") == "postgresql://u:***@db.example:5433/t"
    assert redact("postgresql://u@h/t") == "postgresql://u@h/t"


def test_a_server_that_is_down_is_a_clear_error() -> None:
    url = f"postgresql://tutor:hunter2@127.0.0.1:{free_port()}/tutor"
    with pytest.raises(StoreUnavailable) as caught:
        Store(url)
    message = str(caught.value)
    assert "Cannot reach" in message and "Is the server running" in message
    assert "hunter2" not in message and "***" in message


def test_a_wrong_password_is_a_clear_error(pg_url: str) -> None:
    url = pg_url.replace(PASSWORD, "not-the-password")
    with pytest.raises(StoreUnavailable, match="refused the user name or password") as caught:
        Store(url)
    assert "not-the-password" not in str(caught.value)


def test_a_missing_database_is_a_clear_error(pg_url: str) -> None:
    with pytest.raises(StoreUnavailable, match=r"does not exist on that server.*createdb"):
        Store(database_url(pg_url, "no_such_db"))


def test_a_database_of_another_program_is_not_taken_over(
        pg_url: str, pg_database: Callable[..., str]) -> None:
    url = blank(pg_database())
    with psycopg.connect(url, autocommit=True) as con:
        con.execute("CREATE TABLE sales (amount INT)")
    with pytest.raises(Exception, match="made by something else"):
        Store(url)
    assert rows(url, "SELECT table_name FROM information_schema.tables"
                     " WHERE table_schema = 'public'") == [("sales",)]


MIGRATE = """
    import sys
    from tutor.store import Store
    Store(sys.argv[1]).close()
    print("done")
"""


def test_two_processes_migrating_a_new_database_at_once_both_succeed(
        pg_database: Callable[..., str], pg_url: str) -> None:
    url = blank(pg_database())  # as no app has opened it yet
    procs = [child(MIGRATE, url) for _ in range(3)]
    assert [finish(p) for p in procs] == ["done\n"] * 3
    assert rows(url, "SELECT version FROM schema_version ORDER BY version") == [
        (n,) for n in range(1, LATEST + 1)]


WRITER = """
    import sys, threading
    from tutor.store import Store
    store = Store(sys.argv[1])
    learners = [int(x) for x in sys.argv[2].split(",")]
    per_thread = int(sys.argv[3])
    ids = {learner: [] for learner in learners}
    start = threading.Barrier(len(learners))

    def write(learner):
        start.wait()
        for n in range(per_thread):
            ids[learner].append(store.attempts.record(learner, f"p{n % 40}", {"n": n},
                                                      n % 3 == 0, 1.5))

    threads = [threading.Thread(target=write, args=(u,)) for u in learners]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store.close()
    for learner, saved in ids.items():
        print(learner, ",".join(map(str, saved)))
"""


def test_two_app_processes_of_eight_threads_lose_no_attempt(
        pg_database: Callable[..., str]) -> None:
    url, per_thread = pg_database(), 500
    with Store(url) as store:
        learners = [store.users.create_guest(f"Guest {n}")[0].id for n in range(16)]
    procs = [child(WRITER, url, ",".join(map(str, learners[k::2])), str(per_thread))
             for k in range(2)]
    acknowledged: dict[int, list[int]] = {}
    for proc in procs:
        for line in finish(proc, timeout=300).splitlines():
            learner, saved = line.split()
            acknowledged[int(learner)] = [int(i) for i in saved.split(",")]
    assert sorted(acknowledged) == sorted(learners)
    every_id = [i for saved in acknowledged.values() for i in saved]
    assert len(every_id) == len(set(every_id)) == 16 * per_thread
    stored = rows(url, "SELECT user_id, id, answer FROM attempts")
    assert len(stored) == 16 * per_thread
    assert sorted(i for _, i, _ in stored) == sorted(every_id)
    for learner in learners:
        assert sorted(i for u, i, _ in stored if u == learner) == sorted(acknowledged[learner])
        assert len({a for u, _, a in stored if u == learner}) == per_thread


KILLED = """
    import sys
    from tutor.store import Store
    store = Store(sys.argv[1])
    learner = int(sys.argv[2])
    n = 0
    while True:
        print(store.attempts.record(learner, f"p{n % 7}", {"n": n}, True, 2.0), flush=True)
        n += 1
"""


def test_a_killed_app_process_loses_nothing_it_acknowledged(
        pg_database: Callable[..., str]) -> None:
    url = pg_database()
    with Store(url) as store:
        learner = store.users.create("amy", "Amy", "learner", "1234")
    writers = [child(KILLED, url, str(learner.id)) for _ in range(2)]  # both write at once
    reported: list[int] = []
    try:
        for writer in writers:
            assert writer.stdout is not None
            for _ in range(150):
                line = writer.stdout.readline()
                assert line, f"writer died early with code {writer.poll()}"
                reported.append(int(line))
        for writer in writers:
            os.kill(writer.pid, signal.SIGKILL)
        for writer in writers:
            writer.wait()
            reported += [int(x) for x in writer.stdout.read().split()]  # still in the pipe
    finally:
        for writer in writers:
            writer.kill()
            writer.wait()
    assert all(w.returncode == -signal.SIGKILL for w in writers)
    stored = [i for (i,) in rows(url, "SELECT id FROM attempts")]
    assert len(stored) == len(set(stored))
    assert set(reported) <= set(stored)
    assert len(set(stored) - set(reported)) <= 2  # at most the one in flight in each
    with Store(url) as store:  # and the next id is above every one of them
        assert store.attempts.record(learner.id, "p1", None, True, 1.0) > max(stored)


def _nudge(user: Rating | None, puzzle: Rating | None) -> tuple[Rating, Rating]:
    """Both ratings after one more first solve: 1 point lower (each one must count)."""
    return tuple(Rating(base.rating - 1.0, base.rd, base.volatility)  # type: ignore[return-value]
                 for base in (user or Rating(1500.0, 200.0, 0.06),
                              puzzle or Rating(1500.0, 200.0, 0.06)))


SOLVER = """
    import sys, threading
    from tutor.store import Rating, Store
    store = Store(sys.argv[1])
    learners = [int(x) for x in sys.argv[2].split(",")]
    solves = int(sys.argv[3])

    def nudge(user, puzzle):
        return tuple(Rating(b.rating - 1.0, b.rd, b.volatility) for b in (
            user or Rating(1500.0, 200.0, 0.06), puzzle or Rating(1500.0, 200.0, 0.06)))

    start = threading.Barrier(len(learners))

    def solve(learner):
        start.wait()
        for n in range(solves):
            store.attempts.record_rated(learner, "shared-puzzle", n, True, 3.0,
                                        theme="follow", change=nudge)

    threads = [threading.Thread(target=solve, args=(u,)) for u in learners]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store.close()
    print("done")
"""


def test_learners_in_two_processes_solving_one_puzzle_each_move_its_rating_once(
        pg_database: Callable[..., str]) -> None:
    url, solves = pg_database(), 30
    with Store(url) as store:
        learners = [store.users.create_guest(f"G{n}")[0].id for n in range(8)]
    # every learner answers from both processes at once (two devices): one first between them
    procs = [child(SOLVER, url, ",".join(map(str, learners)), str(solves)) for _ in range(2)]
    assert [finish(p) for p in procs] == ["done\n"] * 2
    assert rows(url, "SELECT rating FROM puzzle_ratings WHERE puzzle_id = 'shared-puzzle'") == [
        (1500.0 - 8,)]
    assert rows(url, "SELECT DISTINCT rating FROM user_ratings") == [(1499.0,)]
    assert rows(url, "SELECT count(*), count(DISTINCT user_id) FROM first_attempts") == [(8, 8)]
    assert rows(url, "SELECT count(*) FROM attempts") == [(2 * 8 * solves,)]


@pytest.mark.backends("duckdb")
def test_threads_solving_one_puzzle_at_once_each_move_its_rating_once(store: Store) -> None:
    other = Store(store.path)  # a second store on the file: its own group of writers
    try:
        learners = [store.users.create_guest(f"G{n}")[0].id for n in range(8)]
        start = threading.Barrier(8)

        def solve(slot: int) -> None:
            start.wait()
            opened = store if slot % 2 else other
            for n in range(40):
                opened.attempts.record_rated(learners[slot], "shared-puzzle", n, True, 3.0,
                                             theme="follow", change=_nudge)

        threads = [threading.Thread(target=solve, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert store.attempts.puzzle_ratings(["shared-puzzle"])["shared-puzzle"].rating == (
            1500.0 - 8)
    finally:
        other.close()


def blank(url: str) -> str:
    """Empty the database at `url` of every table (a database no app has opened yet)."""
    with psycopg.connect(url, autocommit=True) as con:
        con.execute("DROP SCHEMA public CASCADE")
        con.execute("CREATE SCHEMA public")
    return url


def upgrade_to(url: str, version: int) -> None:
    with psycopg.connect(url, autocommit=True) as con:
        assert upgrade(PgCursor(con.cursor()), url, "postgresql", target=version) == version


def test_each_migration_applies_on_top_of_the_one_before(
        pg_database: Callable[..., str]) -> None:
    url = blank(pg_database())
    for stop in range(1, LATEST + 1):
        upgrade_to(url, stop)
        assert rows(url, "SELECT max(version) FROM schema_version") == [(stop,)]
    with Store(url) as store:
        amy = store.users.create("amy", "Amy", "learner", "1234")
        store.attempts.record(amy.id, "p1", 1, True, 1.0)


def test_games_saved_as_json_arrays_keep_their_actions_as_rows(
        pg_database: Callable[..., str]) -> None:
    url = blank(pg_database())
    upgrade_to(url, 8)
    actions = [{"seat": 0, "bid": "2S"}, {"seat": 1, "pass": True}, {"play": ["AS", "AS"]}]
    with psycopg.connect(url, autocommit=True) as con:
        con.execute("INSERT INTO users (username, display_name, role, created_at)"
                    " VALUES ('amy', 'Amy', 'learner', now())")
        con.execute("INSERT INTO games (user_id, rules, seed, actions, status, created_at,"
                    " updated_at) VALUES (1, '{}', 7, %s, 'in_progress', now(), now()),"
                    " (1, '{}', 8, '[]', 'in_progress', now(), now())", [json.dumps(actions)])
    with Store(url) as store:
        first, second = sorted(store.games.for_user(1, 1), key=lambda g: g.id)
        assert first.actions == tuple(actions) and second.actions == ()
        assert store.games.add_actions(1, first.id, {"play": ["KS"]}) == 4
        assert store.games.get(1, first.id).actions == (*actions, {"play": ["KS"]})


def test_a_malformed_url_is_a_clear_error() -> None:
    with pytest.raises(StoreUnavailable, match="not a usable PostgreSQL URL") as caught:
        Store("postgresql://tutor:hunter2@127.0.0.1:notaport/tutor")
    assert "hunter2" not in str(caught.value)


def test_a_server_restart_is_a_clear_error_then_the_app_carries_on(tmp_path: Path) -> None:
    with running_server(tmp_path) as server, Store(server.url) as store:
        amy = store.users.create("amy", "Amy", "learner", "1234")
        readers = [threading.Thread(target=lambda: [store.users.get(amy.id, amy.id)
                                                    for _ in range(30)]) for _ in range(6)]
        for reader in readers:  # several pooled connections, all broken by the restart
            reader.start()
        for reader in readers:
            reader.join()
        server.stop()
        with pytest.raises(StoreUnavailable, match="Cannot reach") as caught:
            store.attempts.record(amy.id, "p2", 2, True, 1.0)
        assert PASSWORD not in str(caught.value)
        server.start()
        failed = 0
        for n in range(POOL_SIZE):  # at most the first call meets a broken connection
            try:
                store.attempts.record(amy.id, "p3", n, True, 1.0)
            except StoreUnavailable:
                failed += 1
        assert failed <= 1
        assert len(store.attempts.for_user(amy.id, amy.id)) == POOL_SIZE - failed


def test_missing_server_binaries_fail_the_tests_with_what_to_do(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import tests.postgres as starter

    monkeypatch.setattr(starter.glob, "glob", lambda pattern: [])
    monkeypatch.setattr(starter.shutil, "which", lambda name: None)
    with pytest.raises(starter.PostgresMissing, match=r"make test.*apt-get install -y postgresql"):
        starter.binaries()


def test_one_learner_answering_in_two_tabs_at_once_moves_the_rating_once_a_puzzle(
        store: Store, target: str | Path) -> None:
    other = Store(target)  # a second store: its own group of writers
    try:
        amy = store.users.create_guest("Amy")[0].id
        start = threading.Barrier(2)

        def answer(opened: Store) -> None:
            start.wait()
            for n in range(40):
                opened.attempts.record_rated(amy, f"p{n}", n, True, 3.0, theme="follow",
                                             change=_nudge)

        tabs = [threading.Thread(target=answer, args=(s,)) for s in (store, other)]
        for tab in tabs:
            tab.start()
        for tab in tabs:
            tab.join()
        # both tabs answered p0..p39: one first attempt, one rating move, per puzzle
        assert store.attempts.user_ratings(amy, amy)["follow"].rating == 1500.0 - 40
        assert len(store.attempts.for_user(amy, amy)) == 80
    finally:
        other.close()
