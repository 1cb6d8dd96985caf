"""The order `make test` runs the tests in: the long ones first, shared evenly among the
workers, so no worker is left running a long one alone at the end.

xdist's work-stealing scheduler hands each worker one contiguous quarter of the collection,
and an idle worker then takes half of the longest queue's tail. In collection order the
browser tests (a third of the suite's time) sat in one quarter and the others took them in
halves late, so a 2-minute test could start in the last minutes. Here the modules are dealt
to the quarters by the time their tests took in an earlier run (`durations.json`), longest
first, each to the quarter with the least time so far, and the longest head each quarter.

Refresh the figures with `python -m tests.order LOG`, LOG being the output of
`pytest -n 4 --durations=0` (seconds a test took with the others running); a test missing
from them counts as quick.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

DURATIONS = Path(__file__).with_name("durations.json")
LONG = 2.0  # seconds from which a test's time is kept


def deal(ids: list[str], workers: int, seconds: dict[str, float]) -> list[int]:
    """The order (indices into `ids`) whose `workers` contiguous parts, sized as xdist's
    work-stealing scheduler cuts them, share the time evenly: whole modules, longest first,
    each to the part with the least time so far that has room for it (a module's tests stay
    together on one worker, where its module fixtures are set up once); a module with no
    room anywhere is cut across the parts with the most room."""
    sizes, left = [], len(ids)
    for k in range(workers):
        sizes.append(left // (workers - k))
        left -= sizes[-1]
    modules: dict[str, list[int]] = {}
    for i, x in enumerate(ids):
        modules.setdefault(x.split("::")[0], []).append(i)
    took = {m: sum(seconds.get(ids[i], 0.0) for i in members) for m, members in modules.items()}
    parts: list[list[tuple[float, list[int]]]] = [[] for _ in range(workers)]
    load, room = [0.0] * workers, list(sizes)
    for module in sorted(modules, key=lambda m: -took[m]):  # stable: collection order next
        members = modules[module]
        fits = [k for k in range(workers) if room[k] >= len(members)]
        if fits:
            k = min(fits, key=lambda k: (load[k], -room[k]))
            pieces = [(k, members)]
        else:
            pieces, rest = [], members
            for k in sorted(range(workers), key=lambda k: -room[k]):
                if rest and room[k]:
                    pieces.append((k, rest[:room[k]]))
                    rest = rest[room[k]:]
        for k, piece in pieces:
            time = sum(seconds.get(ids[i], 0.0) for i in piece)
            parts[k].append((time, piece))
            load[k] += time
            room[k] -= len(piece)
    return [i for part in parts
            for _, piece in sorted(part, key=lambda tp: -tp[0]) for i in piece]


def read_seconds() -> dict[str, float]:
    """The figures of `durations.json` (none if it is missing)."""
    try:
        return json.loads(DURATIONS.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def main(argv: list[str]) -> int:
    """Write `durations.json` from a pytest log with `--durations=0`."""
    total: dict[str, float] = {}
    for line in Path(argv[0]).read_text(encoding="utf-8").splitlines():
        found = re.match(r"\s*([\d.]+)s (?:call|setup|teardown)\s+(\S.*)$", line)
        if found:
            total[found.group(2)] = total.get(found.group(2), 0.0) + float(found.group(1))
    kept = {k: round(v, 1) for k, v in sorted(total.items()) if v >= LONG}
    DURATIONS.write_text(json.dumps(kept, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(kept)} tests of {LONG:g} s or more written to {DURATIONS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
