"""`python -m tutor bench store`: attempt inserts per second and dashboard query latency.

Inserts go one at a time through `Store.attempts.record`, as the app saves an answer to a
position of the learner's own, then through `record_rated`, as it saves a bank puzzle's
(with both ratings moved): each call returns once its transaction has committed, on disk in
DuckDB's write-ahead log. Then the same from many threads at once, as a busy server would
(answers arriving together share one transaction). Because one `fdatasync` bounds a single
thread's rate, the cost of one on this disk is measured too (`fsync_ms`).

The queries are the dashboard's calls (access checks included) on a file holding 100 000
attempts. A temporary file is used unless --db names a new one.

With `--db postgresql://...` (an empty database) the same figures come from PostgreSQL,
where each save returns once its transaction has committed on the server.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tutor.store import Rating, Store, StoreError, is_url
from tutor.store.copy import row_counts
from tutor.store.synthetic import count_attempts, fill


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tutor bench store", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--db", help="a new file, or an empty postgresql:// database, to "
                        "benchmark in (default: a temporary file)")
    parser.add_argument("--attempts", type=int, default=100_000,
                        help="attempts in the file when queries are timed (default 100000)")
    parser.add_argument("--inserts", type=int, default=2000,
                        help="attempts saved one by one from one thread (default 2000)")
    parser.add_argument("--threads", type=int, default=16,
                        help="threads saving the same number at once (default 16)")
    parser.add_argument("--classes", type=int, default=8, help="classes (default 8)")
    parser.add_argument("--class-size", type=int, default=25, help="learners per class")
    parser.add_argument("--repeat", type=int, default=30, help="runs of each query (default 30)")
    parser.add_argument("--game-actions", type=int, default=1400,
                        help="actions saved one by one into one game, about an 8-hand match "
                        "(default 1400)")
    return parser.parse_args(argv)


def _timings_ms(call: Callable[[int], object], runs: int) -> list[float]:
    times = []
    for n in range(runs):
        start = time.perf_counter()
        call(n)
        times.append((time.perf_counter() - start) * 1000)
    return times


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def _fsync_ms(folder: Path, runs: int = 200) -> float:
    """Median time to append a line to a file and fdatasync it: a commit's floor."""
    scratch = folder / "fsync-probe.tmp"
    fd = os.open(scratch, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        line = b'{"probe":"' + b"x" * 180 + b'"}\n'
        return statistics.median(_timings_ms(lambda _: (os.write(fd, line), os.fdatasync(fd)),
                                             runs))
    finally:
        os.close(fd)
        scratch.unlink()


def _concurrent_rate(save: Callable[[int], object], threads: int, total: int) -> float:
    """Attempts per second when `threads` threads save `total` attempts between them."""
    share = max(total // threads, 1)
    start = threading.Barrier(threads + 1)

    def work(offset: int) -> None:
        start.wait()
        for n in range(offset, offset + share):
            save(n)

    workers = [threading.Thread(target=work, args=(t * share,)) for t in range(threads)]
    for worker in workers:
        worker.start()
    start.wait()
    began = time.perf_counter()
    for worker in workers:
        worker.join()
    return share * threads / (time.perf_counter() - began)


def run(path: Path | str, args: argparse.Namespace,
        scratch: Path | None = None) -> dict[str, float | int | str]:
    """Fill `path` (a file or URL), time inserts and queries, and return the figures;
    `scratch` is a folder for the fsync probe (default: the file's)."""
    rated = max(args.inserts // 4, 1)
    inserted = args.inserts + rated + max(args.inserts // args.threads, 1) * args.threads
    with Store(path) as store:
        if store.backend == "postgresql" and any(row_counts(store).values()):
            raise StoreError(f"{store.location} already holds records; give an empty database "
                             "so no saved progress is mixed with made-up data.")
        school = fill(store, classes=args.classes, learners_per_class=args.class_size,
                      attempts=max(args.attempts - inserted, 0))
        learners = school.learner_ids

        def save(n: int) -> None:
            store.attempts.record(learners[n % len(learners)], f"puzzle-{n % 500}",
                                 {"cards": ["AS", "AS"], "seat": 2}, n % 3 != 0, 12.5)

        def save_with_ratings(n: int) -> None:  # as the trainer saves a bank puzzle's answer
            store.attempts.record_rated(
                learners[n % len(learners)], f"rated-{n}", {"cards": ["AS"], "seat": 2},
                n % 3 != 0, 12.5, theme="follow", change=lambda user, puzzle: (
                    Rating(1508.5, 180.0, 0.06), Rating(1491.5, 120.0, 0.06)))

        probe = scratch or (store.path.parent if store.path else Path(tempfile.gettempdir()))
        fsync_ms = _fsync_ms(probe, max(20, args.inserts // 10))
        backend = store.backend
        began = time.perf_counter()
        insert_ms = _timings_ms(save, args.inserts)
        ended = time.perf_counter()
        rated_ms = _timings_ms(save_with_ratings, rated)
        concurrent = _concurrent_rate(save, args.threads, args.inserts)
        history_ms = _timings_ms(
            lambda n: store.attempts.for_user(learners[n % len(learners)],
                                              learners[n % len(learners)]),
            args.repeat)
        class_ms = _timings_ms(
            lambda n: store.attempts.class_results(school.teacher_id,
                                          school.class_ids[n % len(school.class_ids)]),
            args.repeat)
        game = store.games.start(learners[0], {"decks": 3}, seed=1)
        action_ms = _timings_ms(
            lambda n: store.games.add_actions(learners[0], game.id,
                                              {"seat": n % 5, "play": ["AS", "AS", "KH"]}),
            args.game_actions)
        read_game_ms = _timings_ms(lambda n: store.games.get(learners[0], game.id),
                                   min(args.repeat, 10))
        edge = max(min(100, len(action_ms) // 4), 1)
        rows = len(store.attempts.for_user(learners[0], learners[0]))
        total = count_attempts(store)
    return {
        "backend": backend,
        "inserts_per_second": round(len(insert_ms) / (ended - began), 1),
        "insert_ms_p50": round(statistics.median(insert_ms), 3),
        "insert_ms_p95": round(_p95(insert_ms), 3),
        "fsync_ms": round(fsync_ms, 3),
        "inserts_with_ratings_per_second": round(1000 * len(rated_ms) / sum(rated_ms), 1),
        "concurrent_inserts_per_second": round(concurrent, 1),
        "threads": args.threads,
        "history_query_ms": round(statistics.median(history_ms), 3),
        "history_query_ms_p95": round(_p95(history_ms), 3),
        "history_rows": rows,
        "class_query_ms": round(statistics.median(class_ms), 3),
        "class_query_ms_p95": round(_p95(class_ms), 3),
        "class_learners": args.class_size,
        "game_actions": len(action_ms),
        "game_action_ms_first": round(statistics.median(action_ms[:edge]), 3),
        "game_action_ms_last": round(statistics.median(action_ms[-edge:]), 3),
        "game_action_ms_p95": round(_p95(action_ms), 3),
        "game_read_ms": round(statistics.median(read_game_ms), 3),
        "attempts": total,
    }


def main(argv: list[str]) -> int:
    """Run the store benchmark and print its figures."""
    args = _parse(argv)
    if min(args.attempts, args.inserts, args.threads, args.classes, args.class_size,
           args.repeat, args.game_actions) < 1:
        print("bench store: every count must be at least 1")
        return 2
    try:
        if args.db is not None and is_url(args.db):
            figures = run(args.db, args)
        elif args.db is not None:
            args.db = Path(args.db)
            if args.db.exists():
                print(f"bench store: {args.db} exists; give a new file so no saved progress "
                      "is mixed with made-up data")
                return 2
            figures = run(args.db, args)
        else:
            with tempfile.TemporaryDirectory(prefix="tutor-bench-") as folder:
                figures = run(Path(folder) / "bench.duckdb", args)
    except StoreError as exc:
        print(f"bench store: {exc}")
        return 1
    if args.json:
        print(json.dumps(figures))
        return 0
    duck = figures["backend"] == "duckdb"
    print(f"attempt inserts from one thread, each committed on {figures['backend']} before "
          f"the call returns: {figures['inserts_per_second']:.0f}/s")
    print(f"  per call p50 {figures['insert_ms_p50']:.2f} ms, p95 {figures['insert_ms_p95']:.2f} "
          + (f"ms; one fdatasync on this disk {figures['fsync_ms']:.2f} ms" if duck else "ms"))
    print(f"  with user and puzzle rating in one {figures['backend']} transaction: "
          f"{figures['inserts_with_ratings_per_second']:.0f}/s")
    print(f"  {figures['threads']} threads at once (commits shared): "
          f"{figures['concurrent_inserts_per_second']:.0f}/s")
    print(f"at {figures['attempts']} attempts:")
    print(f"  learner history ({figures['history_rows']} rows): "
          f"{figures['history_query_ms']:.2f} ms median, "
          f"{figures['history_query_ms_p95']:.2f} ms p95")
    print(f"  class results ({figures['class_learners']} learners): "
          f"{figures['class_query_ms']:.2f} ms median, {figures['class_query_ms_p95']:.2f} ms p95")
    print(f"a game saved action by action ({figures['game_actions']} actions): "
          f"{figures['game_action_ms_first']:.2f} ms each at the start, "
          f"{figures['game_action_ms_last']:.2f} ms at the end, "
          f"p95 {figures['game_action_ms_p95']:.2f} ms; reading it back "
          f"{figures['game_read_ms']:.2f} ms")
    return 0
