"""Generating puzzles: `generate(kind, count, seed)` gives entries ready for a bank file.

Deterministic for a seed and prefix-stable: puzzle i comes from its own random source
`Random("kind:seed:i")`, so the first k puzzles of a longer run are the same puzzles with the
same ids (`kind-seed-NNN`). Tiers cycle easy, medium, hard unless one is asked for; each type's
generator module documents the heuristic that sets a candidate's tier. Every entry is read
back and solved before it is returned, so a generated file always passes `check`.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from typing import Any

from tutor.question import KINDS

from .generators import follow, friend, kitty, level, pattern, score, throw, trick, trump_order
from .generators.common import Candidate
from .loader import read_entry
from .tomlwrite import document

GENERATORS: dict[str, Callable[[random.Random], Candidate | None]] = {
    "throw": throw.generate, "kitty": kitty.generate, "trick": trick.generate,
    "follow": follow.generate, "pattern": pattern.generate, "level": level.generate,
    "score": score.generate, "friend": friend.generate, "trump_order": trump_order.generate,
}
MAX_TRIES = 400


class GenerateError(RuntimeError):
    """The generator could not make the puzzles asked for."""


def _key(c: Candidate) -> str:
    return json.dumps([c.question, c.fields], sort_keys=True)


def generate(kind: str, count: int, seed: int, tier: int | None = None) -> list[dict[str, Any]]:
    """`count` new puzzle entries of one type; tiers cycle 1, 2, 3 unless `tier` is given."""
    if kind not in GENERATORS:
        raise GenerateError(f"unknown puzzle type {kind!r}; types: {', '.join(GENERATORS)}")
    make = GENERATORS[kind]
    seen: set[str] = set()
    out = []
    for i in range(count):
        rng = random.Random(f"{kind}:{seed}:{i}")
        target = tier or (i % 3) + 1
        chosen: Candidate | None = None
        fallback: Candidate | None = None
        for _ in range(MAX_TRIES):
            cand = make(rng)
            if cand is None or _key(cand) in seen:
                continue
            if cand.difficulty == target:
                chosen = cand
                break
            fallback = fallback or cand
        chosen = chosen or fallback
        if chosen is None:
            raise GenerateError(f"no {kind} puzzle found for index {i} (seed {seed})")
        seen.add(_key(chosen))
        entry = {"id": f"{kind}-{seed}-{i + 1:03d}", "type": kind, "themes": chosen.themes,
                 "difficulty": chosen.difficulty, "question": chosen.question, **chosen.fields}
        read_entry(entry, f"<generated {kind} seed {seed}>", i).solve()  # must load and solve
        out.append(entry)
    return out


def bank_text(kind: str, count: int, seed: int, tier: int | None = None) -> str:
    """A whole bank file for one type, with a header saying how to regenerate it."""
    entries = generate(kind, count, seed, tier)
    doc = (sys.modules[type(KINDS[kind]).__module__].__doc__ or "").strip().splitlines()
    tier_opt = f" --tier {tier}" if tier else ""
    header = [*doc, "",
              "Made by: python -m tutor puzzles generate "
              f"--type {kind} --count {count} --seed {seed}{tier_opt} --out <this file>",
              "Edit freely: ids are stable and never reused. No entry states its answer: the",
              "rules core computes it. File format: puzzles/README.md."]
    meta: dict[str, Any] = {"type": kind, "seed": seed, "count": count}
    if tier:
        meta["tier"] = tier
    return document(header, meta, entries)
