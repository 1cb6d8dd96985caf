"""Mining many hands: each hand is one task (`mine_line`), run on a local process pool or,
given a scheduler address, on a Dask distributed cluster (the same tasks, so the same
results for the same seed). Each finished hand is appended to the output file at once, so
an interrupted run resumes where it stopped (`resume`); at the end the file is rewritten in
hand order, so a run's output depends on its seed and size alone."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tutor.review.jobs import HandRecord
from tutor.review.review import DEFAULT_BUDGET, Budget

from .mine import MinedHand, mine_hand, rejudge_hand


def budget_of(deals: int, policy: str = DEFAULT_BUDGET.policy) -> Budget:
    """The judge's work for `deals` fair deals a decision (hindsight: a quarter as many
    playouts of the true deal), as the review's default budget has it (48 and 12), its
    cards played out by `policy`."""
    return Budget(DEFAULT_BUDGET.candidates, deals, max(1, deals // 4), policy)


def mine_line(seed: int, number: int, deals: int = DEFAULT_BUDGET.fair_deals,
              policy: str = DEFAULT_BUDGET.policy, setup: bool = False) -> dict[str, Any]:
    """Hand `number` of run `seed` mined (with `setup`, only its bids, bury and call), as
    one JSON-ready line of the output file."""
    return _line(number, mine_hand(seed, number, budget_of(deals, policy), setup))


def rejudge_line(line: dict[str, Any], deals: int = DEFAULT_BUDGET.fair_deals,
                 policy: str = DEFAULT_BUDGET.policy) -> dict[str, Any]:
    """A mined file's `line` with the positions of its puzzles judged again by `policy`'s
    judge (`mine.rejudge_hand`), as one line of the output file."""
    indices = [entry["source"]["action"] for entry in line["puzzles"]]
    record = HandRecord.from_dict(line["record"])
    return _line(line["number"], rejudge_hand(line["key"], record, indices,
                                              budget_of(deals, policy)))


def _line(number: int, mined: MinedHand) -> dict[str, Any]:
    return {"number": number, "key": mined.key, "record": asdict(mined.record),
            "puzzles": list(mined.puzzles)}


@dataclass(frozen=True)
class Summary:
    """What a run did: hands mined now and in all, puzzles kept, seconds spent."""

    hands: int
    new_hands: int
    puzzles: int
    seconds: float


def read_lines(path: Path) -> list[dict[str, Any]]:
    """The mined hands of an output file (a last line cut short by an interruption is
    dropped: that hand is mined again)."""
    if not path.exists():
        return []
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            found.append(json.loads(line))
        except json.JSONDecodeError:
            break
    return found


def mine(seed: int, hands: int, out: Path, *, workers: int | None = None,
         scheduler: str | None = None, resume: bool = False,
         deals: int = DEFAULT_BUDGET.fair_deals, policy: str = DEFAULT_BUDGET.policy,
         progress: Callable[[str], None] = print, source: Path | None = None,
         setup: bool = False) -> Summary:
    """Mine hands 0..`hands`-1 of run `seed` into `out` (one JSON line per hand), judging
    with `deals` fair deals a decision. An `out` that holds hands already is an error
    unless `resume`, which keeps them and mines the rest (of the same seed). With `source`
    (a mined file of run `seed`), its hands' puzzle positions are judged again instead of
    new hands played (`rejudge_line`); with `setup`, only the bids, bury and call of each
    hand are judged (`mine.mine_hand`)."""
    done = read_lines(out)
    if done and not resume:
        raise FileExistsError(f"{out} holds {len(done)} mined hands: pass --resume to go on, "
                              "or choose another --out")
    if any(not line["key"].startswith(f"{seed}_") for line in done):
        raise ValueError(f"{out} was mined with another seed than {seed}")
    have = {line["number"] for line in done}
    if source is None:
        fn, tasks = mine_line, [(seed, n, deals, policy, setup) for n in range(hands)
                               if n not in have]
    else:
        given = [x for x in read_lines(source) if x["number"] < hands]
        if any(not line["key"].startswith(f"{seed}_") for line in given):
            raise ValueError(f"{source} was mined with another seed than {seed}")
        fn, tasks = rejudge_line, [(x, deals, policy) for x in given if x["number"] not in have]
    out.parent.mkdir(parents=True, exist_ok=True)
    _rewrite(out, done)  # drop a line cut short
    start = time.monotonic()
    lines = done
    with out.open("a", encoding="utf-8") as sink:
        for count, line in enumerate(run_tasks(fn, tasks, workers, scheduler), 1):
            sink.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
            sink.flush()
            lines.append(line)
            progress(_progress_line(count, len(tasks), time.monotonic() - start,
                                    sum(len(x["puzzles"]) for x in lines)))
    lines = sorted((x for x in lines if x["number"] < hands), key=lambda x: x["number"])
    _rewrite(out, lines)
    return Summary(len(lines), len(tasks), sum(len(x["puzzles"]) for x in lines),
                   time.monotonic() - start)


def _rewrite(out: Path, lines: Iterable[dict[str, Any]]) -> None:
    tmp = out.with_suffix(out.suffix + ".tmp")
    tmp.write_text("".join(json.dumps(x, ensure_ascii=False, sort_keys=True) + "\n"
                           for x in lines), encoding="utf-8")
    tmp.replace(out)


def _progress_line(done: int, total: int, seconds: float, puzzles: int) -> str:
    width = 30
    filled = width * done // max(total, 1)
    eta = seconds / done * (total - done) if done else 0.0
    return (f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} hands, {puzzles} "
            f"puzzles, {seconds:.0f} s, ETA {eta:.0f} s")


def run_tasks(fn: Callable[..., Any], args: list[tuple], workers: int | None = None,
              scheduler: str | None = None) -> Iterator[Any]:
    """`fn(*a)` for each `a` of `args`, as each finishes: on local processes, or on the Dask
    cluster at `scheduler` when one is given."""
    if not args:
        return
    if scheduler:
        from distributed import Client  # only a cluster needs Dask
        from distributed import as_completed as finished

        with Client(scheduler) as client:
            futures = client.map(fn, *zip(*args, strict=True), pure=False)
            for future in finished(futures):
                yield future.result()
        return
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
        for future in as_completed([pool.submit(fn, *a) for a in args]):
            yield future.result()
